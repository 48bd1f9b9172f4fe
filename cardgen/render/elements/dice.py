"""``kind: dice`` — a roll of two six-sided dice (``stats.roll: 3-5``), drawn with vector pips.

The first die is filled with the element's ``color`` (the card type's, by default) and the
second is white, so "first die, then second die" reads at a glance, in greyscale too.
"""

from __future__ import annotations

from cardgen.model.deck import CardSpec, CardTypeSpec, DeckSpec
from cardgen.model.layout import ElementSpec
from cardgen.model.stat_values import StatValueError, parse_roll
from cardgen.render.canvas import Canvas
from cardgen.render.element_kit import ElementRenderer, StatProblem, element_kind
from cardgen.render.elements.common import missing, problem, stat_key

_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.73), (0.73, 0.27)],
    3: [(0.27, 0.73), (0.5, 0.5), (0.73, 0.27)],
    4: [(0.27, 0.27), (0.27, 0.73), (0.73, 0.27), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.27, 0.73), (0.5, 0.5), (0.73, 0.27), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.27, 0.5), (0.27, 0.75), (0.73, 0.25), (0.73, 0.5), (0.73, 0.75)],
}


def draw_die(c: Canvas, x: float, y: float, s: float, value: int, *, face: str, ink: str, edge: str) -> None:
    """A die of side ``s`` at (x, y) showing ``value``: ``face`` colour, ``ink`` pips, ``edge`` outline."""
    c.set_fill(face)
    c.set_stroke(edge, max(0.4, s * 0.06))
    c.rect(x, y, s, s, radius=s * 0.2, fill=True, stroke=True)
    c.set_fill(ink)
    r = s * (0.1 if value != 1 else 0.13)
    for px, py in _PIPS[value]:
        c.circle(x + px * s, y + py * s, r, fill=True)


def check_dice(deck: DeckSpec, element: ElementSpec, card: CardSpec) -> list[StatProblem]:
    key = stat_key(element, "roll")
    if key not in card.stats:
        return [missing(card, key, "dice")]
    try:
        parse_roll(card.stats[key])
    except StatValueError as error:
        return [problem(card, key, error)]
    return []


@element_kind("dice", check=check_dice)
def draw_dice(r: ElementRenderer, c: Canvas, e: ElementSpec, card: CardSpec | None, kind: CardTypeSpec | None) -> None:
    """Two dice side by side, centred in the box, as large as the box allows."""
    if card is None:
        return
    first, second = parse_roll(card.stats[stat_key(e, "roll")])
    box = r.box(e)
    gap = min(box.w, box.h) * 0.28
    s = min(box.h, (box.w - gap) / 2)
    x = box.x + (box.w - 2 * s - gap) / 2
    y = box.y + (box.h - s) / 2
    dark = r.color(e.stroke or "type-dark", kind)
    draw_die(c, x, y, s, first, face=r.color(e.color, kind), ink=r.color("type-text", kind), edge=dark)  # light types: dark pips
    draw_die(c, x + s + gap, y, s, second, face="#ffffff", ink=dark, edge=dark)

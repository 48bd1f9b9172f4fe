"""``kind: push-arrow`` — a push (``stats.push: B2``) as a small diagram on a grid of tiles.

The attacker is a solid dot on the bottom tile, the target a ring on the tile in front of it;
an arrow shows where the target goes (B: straight on, away from the attacker; L and R: to the
attacker's left and right), as many tiles as the push says, and the tile it lands on is dashed.
F (swap) shows two arrows: attacker and target trade tiles. A push of 0 draws nothing.
"""

from __future__ import annotations

import math

from cardgen.model.deck import CardSpec, CardTypeSpec, DeckSpec
from cardgen.model.layout import ElementSpec
from cardgen.model.stat_values import Push, StatValueError, parse_push
from cardgen.render.canvas import Canvas
from cardgen.render.colors import mix
from cardgen.render.element_kit import ElementRenderer, StatProblem, element_kind
from cardgen.render.elements.common import missing, problem, stat_key


def _cells(push: Push, *, compact: bool) -> tuple[int, int, tuple[int, int], list[tuple[int, int]]]:
    """Grid columns, rows, the attacker's tile and the target's path (column, row) from its tile on.

    ``compact`` shows the direction only (one tile of travel, on a 3 × 3 grid), for small sizes.
    """
    if compact:
        step = {"B": (1, 2), "L": (0, 1), "R": (2, 1), "F": (1, 0)}[push.direction or "B"]
        return 3, 3, (1, 0), [(1, 1), step]
    n = push.distance
    side = n if push.direction in ("L", "R") else 1
    rows = n + 2 if push.direction == "B" else 2
    if push.direction == "B":
        path = [(side, 1 + i) for i in range(n + 1)]
    elif push.direction == "L":
        path = [(side - i, 1) for i in range(n + 1)]
    elif push.direction == "R":
        path = [(side + i, 1) for i in range(n + 1)]
    else:  # F: swap
        path = [(side, 1), (side, 0)]
    return 2 * side + 1, rows, (side, 0), path


def _arrow(c: Canvas, x1: float, y1: float, x2: float, y2: float, width: float, color: str) -> None:
    angle = math.atan2(y2 - y1, x2 - x1)
    length = math.hypot(x2 - x1, y2 - y1)
    head = min(width * 3.2, length * 0.6)
    ca, sa = math.cos(angle), math.sin(angle)

    def pt(u: float, v: float) -> tuple[float, float]:
        return (x1 + u * ca - v * sa, y1 + u * sa + v * ca)

    shaft = length - head
    c.set_fill(color)
    c.polygon([pt(0, -width / 2), pt(shaft, -width / 2), pt(shaft, -head * 0.55), pt(length, 0),
               pt(shaft, head * 0.55), pt(shaft, width / 2), pt(0, width / 2)], fill=True)


OUTLINE_OPACITY = 0.55
"""The grid tiles' outline: the ink at this opacity."""

SMALLEST_TILE = 6.0
"""Below this tile size (points) the diagram shows the direction only, on a 3 × 3 grid."""


def draw_push(c: Canvas, push: Push, x: float, y: float, w: float, h: float, *, ink: str, light: str,
              compact: bool | None = None, opaque: bool = False) -> None:
    """The push diagram, centred in the box (x, y, w, h); tiles are as large as the box allows.

    ``compact`` None chooses: the full push when its tiles are at least ``SMALLEST_TILE``.
    ``opaque`` (a file without transparency, PDF/X-1a) draws the translucent tile outlines as their
    blend over the tile colour (the hairline's outer half lies on the colour around the grid,
    about as light).
    """
    if push.direction is None:
        return
    if compact is None:
        cols, rows, _, _ = _cells(push, compact=False)
        compact = min(w / cols, h / rows) < SMALLEST_TILE
    cols, rows, attacker, path = _cells(push, compact=compact)
    u = min(w / cols, h / rows)
    ox = x + (w - cols * u) / 2
    oy = y + (h - rows * u) / 2

    def centre(cell: tuple[int, int]) -> tuple[float, float]:
        return ox + (cell[0] + 0.5) * u, oy + (cell[1] + 0.5) * u

    line = max(0.35, u * 0.06)
    c.set_fill(light)
    outline, alpha = (mix(light, ink, OUTLINE_OPACITY), 1.0) if opaque else (ink, OUTLINE_OPACITY)
    c.set_stroke(outline, line * 0.7, alpha=alpha)
    for col in range(cols):
        for row in range(rows):
            c.rect(ox + col * u + u * 0.04, oy + row * u + u * 0.04, u * 0.92, u * 0.92, radius=u * 0.12,
                   fill=True, stroke=True)
    ax, ay = centre(attacker)
    tx, ty = centre(path[0])
    if push.direction == "F":
        _arrow(c, tx - u * 0.42, ty + u * 0.3, ax - u * 0.42, ay - u * 0.3, u * 0.13, ink)
        _arrow(c, ax + u * 0.42, ay - u * 0.3, tx + u * 0.42, ty + u * 0.3, u * 0.13, ink)
    else:
        last = path[-1]
        c.set_stroke(ink, line, dash=(u * 0.12, u * 0.08))
        c.rect(ox + last[0] * u + u * 0.1, oy + last[1] * u + u * 0.1, u * 0.8, u * 0.8, radius=u * 0.1,
               fill=False, stroke=True)
        ex, ey = centre(last)
        steps = max(abs(last[0] - path[0][0]), abs(last[1] - path[0][1]), 1)
        sx, sy = tx + (ex - tx) * 0.3 / steps, ty + (ey - ty) * 0.3 / steps
        _arrow(c, sx, sy, ex, ey, u * 0.16, ink)
    c.set_fill(ink)
    c.circle(ax, ay, u * 0.26, fill=True)
    c.set_fill("#ffffff")
    c.set_stroke(ink, max(0.5, u * 0.1))
    c.circle(tx, ty, u * 0.24, fill=True, stroke=True)


def check_push(deck: DeckSpec, element: ElementSpec, card: CardSpec) -> list[StatProblem]:
    key = stat_key(element, "push")
    if key not in card.stats:
        return [missing(card, key, "push-arrow")]
    try:
        parse_push(card.stats[key])
    except StatValueError as error:
        return [problem(card, key, error)]
    return []


@element_kind("push-arrow", check=check_push)
def draw_push_arrow(r: ElementRenderer, c: Canvas, e: ElementSpec, card: CardSpec | None, kind: CardTypeSpec | None) -> None:
    if card is None:
        return
    box = r.box(e)
    push = parse_push(card.stats[stat_key(e, "push")])
    draw_push(c, push, box.x, box.y, box.w, box.h, ink=r.color(e.color, kind), light=r.color(e.stroke or "type-light", kind),
              opaque=r.opaque)

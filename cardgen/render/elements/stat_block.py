"""``kind: stat-block`` — a grid of stat tiles: the stat's name (``labels.<key>``) over its value.

``fields`` lists the stats in reading order, each optionally with a format: ``move`` (a whole
number, or ``*`` for "see the abilities", drawn as a star) or ``push:push`` (a push such as
``B2``: its direction letter and distance, with a small arrow diagram). ``columns`` tiles per
row (default 3). ``size`` is the size of the values; the names are set smaller, in capitals.
Push letters print through the labels ``push-b``, ``push-l``, ``push-r``, ``push-f`` when the
deck defines them, so they can be translated.
"""

from __future__ import annotations

import math

from reportlab.pdfbase.pdfmetrics import stringWidth

from cardgen.layout.units import parse_length
from cardgen.model.deck import CardSpec, CardTypeSpec, DeckSpec
from cardgen.model.layout import ElementSpec
from cardgen.model.stat_values import StatValueError, parse_number, parse_push
from cardgen.render import fonts
from cardgen.render.canvas import Canvas
from cardgen.render.element_kit import Box, ElementRenderer, StatProblem, element_kind
from cardgen.render.elements.common import missing, problem
from cardgen.render.elements.push_arrow import draw_push

LABEL_FONT = fonts.BODY_BOLD
VALUE_FONT = fonts.BLACK


def entries(element: ElementSpec) -> list[tuple[str, str]]:
    """(stat key, format) for each tile of the block."""
    out = []
    for entry in element.fields or []:
        key, _, form = entry.partition(":")
        out.append((key, form or "number"))
    return out


def check_stat_block(deck: DeckSpec, element: ElementSpec, card: CardSpec) -> list[StatProblem]:
    problems = []
    for key, form in entries(element):
        if key not in card.stats:
            problems.append(missing(card, key, "stat block"))
            continue
        try:
            if form == "push":
                parse_push(card.stats[key])
            else:
                parse_number(card.stats[key], what=key)
        except StatValueError as error:
            problems.append(problem(card, key, error))
        if key not in deck.labels:
            problems.append(StatProblem(card.id, ("stats", key), f"the stat block names '{key}', but labels has no '{key}'",
                                        f"add the printed name under labels: ({key}: …)"))
    return problems


def _star(c: Canvas, cx: float, cy: float, r: float, color: str) -> None:
    """A bold six-armed asterisk: the '*' value ('see the abilities')."""
    c.set_stroke(color, r * 0.42, cap="round")
    for i in range(3):
        a = math.radians(90 + 60 * i)
        c.line(cx - r * math.cos(a), cy - r * math.sin(a), cx + r * math.cos(a), cy + r * math.sin(a))


def _fit(text: str, font: str, size: float, width: float, smallest: float) -> float:
    while size > smallest and stringWidth(text, font, size) > width:
        size -= 0.25
    return size


@element_kind("stat-block", check=check_stat_block)
def draw_stat_block(r: ElementRenderer, c: Canvas, e: ElementSpec, card: CardSpec | None, kind: CardTypeSpec | None) -> None:
    if card is None:
        return
    items = entries(e)
    if not items:
        return
    fonts.register_fonts()
    fonts.ensure_font(VALUE_FONT)
    box = r.box(e)
    columns = min(e.columns or 3, len(items))
    rows = math.ceil(len(items) / columns)
    gap = min(box.w, box.h) * 0.035
    tile_w = (box.w - gap * (columns - 1)) / columns
    tile_h = (box.h - gap * (rows - 1)) / rows
    value_size = parse_length(e.size)
    labels = [r.label(key).upper() for key, _ in items]
    label_size = min(max(5.2, value_size * 0.4), tile_h * 0.24)
    # clear of the tile's rounded border by a few points, and never under the 6.5 pt card minimum
    label_size = min(_fit(text, LABEL_FONT, label_size, tile_w * 0.86, 6.5) for text in labels)
    for index, ((key, form), label) in enumerate(zip(items, labels)):
        col, row = index % columns, index // columns
        tile = Box(box.x + col * (tile_w + gap), box.y + box.h - (row + 1) * tile_h - row * gap, tile_w, tile_h)
        _tile(r, c, e, kind, tile, label, label_size, value_size, card.stats[key], form)


def _tile(r: ElementRenderer, c: Canvas, e: ElementSpec, kind: CardTypeSpec | None, tile: Box, label: str,
          label_size: float, value_size: float, value: str | int, form: str) -> None:
    ink = r.color(e.color, kind)
    c.set_fill(r.color("type-light", kind))
    c.set_stroke(r.color(e.stroke or "type-mid", kind), 0.6)
    c.rect(tile.x, tile.y, tile.w, tile.h, radius=min(tile.w, tile.h) * 0.14, fill=True, stroke=True)
    c.set_fill(r.color("type-dark", kind))
    c.text(tile.x + tile.w / 2, tile.y + tile.h - label_size * 1.25, label, font=LABEL_FONT, size=label_size, align="center")
    room = tile.h - label_size * 1.6  # the value's area, under the label
    size = min(value_size, room * 0.82)
    base = tile.y + (room - size * 0.72) / 2
    c.set_fill(ink)
    if form == "push":
        push = parse_push(value)
        if push.direction is None:
            c.text(tile.x + tile.w / 2, base, "–", font=VALUE_FONT, size=size, align="center")
            return
        letter = r.label(f"push-{push.direction.lower()}") or push.direction
        text = f"{letter}{push.distance}"
        width = stringWidth(text, VALUE_FONT, size)
        glyph = min(room * 0.96, tile.w * 0.46)
        start = tile.x + (tile.w - width - glyph - size * 0.12) / 2
        c.text(start, base, text, font=VALUE_FONT, size=size)
        gx = start + width + size * 0.12
        draw_push(c, push, gx, tile.y + (room - glyph) / 2 + room * 0.02, glyph, glyph, ink=ink,
                  light="#ffffff", opaque=r.opaque)
        return
    if parse_number(value, what="") is None:
        _star(c, tile.x + tile.w / 2, base + size * 0.36, size * 0.38, ink)
        return
    c.text(tile.x + tile.w / 2, base, str(value), font=VALUE_FONT, size=size, align="center")

"""``kind: roll-table`` — every card of the deck that has a roll (``stats.roll``), as one table.

For players who roll two dice instead of drawing a card: the cards are grouped by the first
die, each group headed by that die and the name of its cards' type, then listed by the second
die. Groups run down ``columns`` columns (default 2). Text shrinks from ``size`` to
``min_size`` so that the longest name fits on one line. ``fields`` (first-die values, e.g.
``["1", "2", "3"]``) keeps only those groups, so a long table can run over two cards.
"""

from __future__ import annotations

import math
from collections import defaultdict

from reportlab.pdfbase.pdfmetrics import stringWidth

from cardgen.layout.units import parse_length
from cardgen.model.deck import CardSpec, CardTypeSpec, DeckSpec
from cardgen.model.layout import ElementSpec
from cardgen.model.stat_values import StatValueError, parse_roll
from cardgen.render import fonts
from cardgen.render.canvas import Canvas
from cardgen.render.element_kit import ElementRenderer, StatProblem, element_kind
from cardgen.render.elements.common import stat_key
from cardgen.render.elements.dice import draw_die

HEAD_FONT = fonts.BODY_BOLD
ITEM_FONT = fonts.BODY


def rolled_cards(deck: DeckSpec, key: str) -> dict[int, list[tuple[int, CardSpec]]]:
    """First die → [(second die, card)] sorted, for every card whose ``stats.<key>`` is a valid roll."""
    groups: dict[int, list[tuple[int, CardSpec]]] = defaultdict(list)
    for card in deck.cards:
        if key not in card.stats:
            continue
        try:
            first, second = parse_roll(card.stats[key])
        except StatValueError:
            continue
        groups[first].append((second, card))
    return {first: sorted(items, key=lambda item: item[0]) for first, items in sorted(groups.items())}


def check_roll_table(deck: DeckSpec, element: ElementSpec, card: CardSpec) -> list[StatProblem]:
    """Every roll shown in the table is a valid roll, and no two cards share one."""
    key = stat_key(element, "roll")
    problems = []
    seen: dict[tuple[int, int], str] = {}
    for other in deck.cards:
        if key not in other.stats:
            continue
        try:
            roll = parse_roll(other.stats[key])
        except StatValueError as error:
            problems.append(StatProblem(other.id, ("stats", key), error.message, error.hint))
            continue
        if roll in seen:
            problems.append(StatProblem(other.id, ("stats", key), f"the roll {roll[0]}-{roll[1]} already picks '{seen[roll]}'",
                                        "each roll of the table picks one card"))
        seen.setdefault(roll, other.id)
    if not seen:
        problems.append(StatProblem(card.id, (), f"the roll table shows cards with stats.{key}, and there are none",
                                    f"give the cards to roll for a {key}: first-second, e.g. 3-5"))
    return problems


@element_kind("roll-table", check=check_roll_table)
def draw_roll_table(r: ElementRenderer, c: Canvas, e: ElementSpec, card: CardSpec | None, kind: CardTypeSpec | None) -> None:
    groups = rolled_cards(r.deck, stat_key(e, "roll"))
    if e.fields:
        groups = {first: items for first, items in groups.items() if str(first) in e.fields}
    if not groups:
        return
    fonts.register_fonts()
    box = r.safe_box(r.box(e))
    columns = min(e.columns or 2, len(groups))
    per_column = math.ceil(len(groups) / columns)
    col_gap = box.w * 0.025
    col_w = (box.w - col_gap * (columns - 1)) / columns
    names = {cd.id: r.translate(f"card:{cd.id}.name", cd.name) for items in groups.values() for _, cd in items}
    heads = {first: _group_label(r, items) for first, items in groups.items()}
    rows_per_column = max(sum(1.35 + len(groups[f]) for f in list(groups)[i * per_column:(i + 1) * per_column])
                          for i in range(columns))
    gaps = per_column - 1
    size = parse_length(e.size)
    smallest = parse_length(e.min_size) if e.min_size else size
    while size > smallest:
        die = size * 1.05
        fits_height = rows_per_column * size * 1.32 + gaps * size * 0.6 <= box.h
        fits_width = all(stringWidth(n, ITEM_FONT, size) <= col_w - die * 1.15 - size * 0.3 for n in names.values()) and all(
            stringWidth(h, HEAD_FONT, size * 1.05) <= col_w - die * 1.3 - size * 0.35 for h in heads.values())
        if fits_height and fits_width:
            break
        size = max(smallest, size - 0.25)
    row = size * 1.32
    die = size * 1.05
    ink = r.color(e.color, kind)
    for index, (first, items) in enumerate(groups.items()):
        column, place = index // per_column, index % per_column
        x = box.x + column * (col_w + col_gap)
        before = list(groups)[column * per_column:column * per_column + place]
        y = box.y + box.h - sum((1.35 + len(groups[f])) * row + size * 0.6 for f in before)
        group_kind = r.deck.types[items[0][1].type]
        head_die = die * 1.3
        y -= 1.35 * row
        draw_die(c, x, y + (1.35 * row - head_die) / 2, head_die, first, face=group_kind.color, ink=group_kind.text_color,
                 edge=r.color("type-dark", group_kind))
        c.set_fill(r.color("type-dark", group_kind))
        c.text(x + head_die + size * 0.35, y + (1.35 * row - size * 0.72) / 2, heads[first], font=HEAD_FONT,
               size=size * 1.05)
        for second, item in items:
            y -= row
            draw_die(c, x + (head_die - die) / 2, y + (row - die) / 2, die, second, face="#ffffff", ink=ink,
                     edge=r.color("type-dark", group_kind))
            c.set_fill(ink)
            # items hang from their own (smaller) die, centred under the group's
            c.text(x + (head_die + die) / 2 + size * 0.3, y + (row - size * 0.72) / 2, names[item.id], font=ITEM_FONT,
                   size=size)


def _group_label(r: ElementRenderer, items: list[tuple[int, CardSpec]]) -> str:
    """The name of the group: its cards' type, when they all share one."""
    types = {cd.type for _, cd in items}
    if len(types) != 1:
        return ""
    key = types.pop()
    return r.translate(f"type:{key}.label", r.deck.types[key].label)

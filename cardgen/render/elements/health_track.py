"""``kind: health-track`` — one tick box per point of a stat (``field: stats.health``).

Players tick a box for each point of damage, in pencil. Boxes come in groups of five so they
can be counted at a glance; ``columns`` boxes per row (default: all in one row if they fit at a
legible size, else as few rows as needed). Boxes are drawn left to right, top row first.
"""

from __future__ import annotations

import math

from cardgen.model.deck import CardSpec, CardTypeSpec, DeckSpec
from cardgen.model.layout import ElementSpec
from cardgen.model.stat_values import StatValueError, parse_count
from cardgen.render.canvas import Canvas
from cardgen.render.element_kit import ElementRenderer, StatProblem, element_kind
from cardgen.render.elements.common import missing, problem, stat_key

MAX_BOXES = 40
SMALLEST_BOX = 6.5  # points: still easy to tick with a pencil
LARGEST_BOX = 13.0


def check_health_track(deck: DeckSpec, element: ElementSpec, card: CardSpec) -> list[StatProblem]:
    key = stat_key(element, "health")
    if key not in card.stats:
        return [missing(card, key, "health track")]
    try:
        parse_count(card.stats[key], low=1, high=MAX_BOXES, what=key.capitalize())
    except StatValueError as error:
        return [problem(card, key, error)]
    return []


def track_geometry(n: int, w: float, h: float, columns: int | None) -> tuple[int, int, float, float]:
    """(columns, rows, box side, gap) for ``n`` boxes in a ``w`` × ``h`` area."""
    def side(cols: int) -> tuple[float, float]:
        rows = math.ceil(n / cols)
        groups = math.ceil(cols / 5) - 1
        # gap between boxes = 20% of a box; an extra gap between groups of five
        s = min((w) / (cols + 0.2 * (cols - 1) + 0.5 * groups), h / (rows + 0.25 * (rows - 1)))
        return s, s * 0.2

    if columns:
        cols = min(columns, n)
    else:
        cols = n
        while cols > 1 and side(cols)[0] < SMALLEST_BOX:
            cols = math.ceil(cols / 2)
    s, gap = side(cols)
    return cols, math.ceil(n / cols), min(s, LARGEST_BOX), gap


@element_kind("health-track", check=check_health_track)
def draw_health_track(r: ElementRenderer, c: Canvas, e: ElementSpec, card: CardSpec | None, kind: CardTypeSpec | None) -> None:
    if card is None:
        return
    n = int(card.stats[stat_key(e, "health")])
    box = r.box(e)
    cols, rows, s, gap = track_geometry(n, box.w, box.h, e.columns)
    group_gap = s * 0.5
    row_width = cols * s + (cols - 1) * gap + (math.ceil(cols / 5) - 1) * group_gap
    x0 = box.x + (box.w - row_width) / 2
    top = box.y + (box.h + rows * s + (rows - 1) * gap * 1.25) / 2
    c.set_fill(r.color(e.stroke or "#ffffff", kind))
    c.set_stroke(r.color(e.color, kind), max(0.6, s * 0.08))
    for i in range(n):
        col, row = i % cols, i // cols
        x = x0 + col * (s + gap) + (col // 5) * group_gap
        y = top - (row + 1) * s - row * gap * 1.25
        c.rect(x, y, s, s, radius=s * 0.18, fill=True, stroke=True)

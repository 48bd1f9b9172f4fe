"""Printer's marks: crop marks outside the card area, cut lines, fold line, registration."""

from __future__ import annotations

from cardgen.layout.imposition import MARK_GAP, MARK_LENGTH, Sheet
from cardgen.layout.units import MM
from cardgen.render.canvas import Canvas

MARK_COLOUR = "#000000"
MARK_WIDTH = 0.3


def draw_crop_marks(c: Canvas, sheet: Sheet) -> int:
    """Short marks on every trim line, in the margin beyond the grid's bleed. Returns how many."""
    xs, ys = sheet.trim_lines()
    x0, y0, x1, y1 = sheet.extent()
    width, height = sheet.paper.width_pt, sheet.paper.height_pt
    edge = 0.8 * MM  # stay off the very edge of the paper
    c.set_stroke(MARK_COLOUR, MARK_WIDTH)
    count = 0
    for x in xs:
        top_start, top_end = y1 + MARK_GAP, min(y1 + MARK_GAP + MARK_LENGTH, height - edge)
        bottom_start, bottom_end = y0 - MARK_GAP, max(y0 - MARK_GAP - MARK_LENGTH, edge)
        if top_end > top_start:
            c.line(x, top_start, x, top_end)
            count += 1
        if bottom_end < bottom_start:
            c.line(x, bottom_start, x, bottom_end)
            count += 1
    for y in ys:
        right_start, right_end = x1 + MARK_GAP, min(x1 + MARK_GAP + MARK_LENGTH, width - edge)
        left_start, left_end = x0 - MARK_GAP, max(x0 - MARK_GAP - MARK_LENGTH, edge)
        if right_end > right_start:
            c.line(right_start, y, right_end, y)
            count += 1
        if left_end < left_start:
            c.line(left_start, y, left_end, y)
            count += 1
    return count


def draw_cut_lines(c: Canvas, sheet: Sheet) -> None:
    """Thin dashed lines along every trim line across the whole grid (for scissors and craft knives)."""
    xs, ys = sheet.trim_lines()
    x0, y0, x1, y1 = sheet.extent()
    c.set_stroke("#808080", 0.25, dash=(2, 2))
    for x in xs:
        c.line(x, y0, x, y1)
    for y in ys:
        c.line(x0, y, x1, y)
    c.set_stroke(MARK_COLOUR, MARK_WIDTH)


def draw_fold_line(c: Canvas, sheet: Sheet, label: str) -> None:
    if sheet.fold_x is None:
        return
    c.set_stroke("#606060", 0.5, dash=(4, 3))
    c.line(sheet.fold_x, 2 * MM, sheet.fold_x, sheet.paper.height_pt - 2 * MM)
    c.set_stroke(MARK_COLOUR, MARK_WIDTH)
    from cardgen.render.fonts import BODY

    c.set_fill("#606060")
    top = sheet.extent()[3]
    room = sheet.paper.height_pt - top
    if room >= 6:
        c.text(sheet.fold_x, top + min(room / 2, 9) - 2, label, font=BODY, size=6, align="center")

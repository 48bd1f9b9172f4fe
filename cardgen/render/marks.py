"""Printer's marks and sheet furniture: crop marks, cut lines, the fold line, the sheet label.

Every mark is drawn through the Canvas protocol as one ``line`` call, so a test (or preflight)
reads the marks back from a :class:`~cardgen.render.recording_canvas.RecordingCanvas`.
Crop marks start ``mark_offset(bleed)`` outside the trim (never inside a bleed), are
``MARK_LENGTH`` long and end inside the printable area; the label line (title, page, "print at
100 %", a 10 mm scale bar) runs in a strip of the margin that no mark or bleed touches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth

from cardgen.layout.imposition import MARK_LENGTH, Sheet, Slot, mark_offset
from cardgen.layout.units import MM
from cardgen.render.canvas import Canvas
from cardgen.render.fonts import BODY, register_fonts

MARK_COLOUR = "#000000"
MARK_WIDTH = 0.3
LABEL_SIZE = 7.0
LABEL_MIN_SIZE = 6.5
LABEL_COLOUR = "#595959"
SCALE_BAR = 10 * MM

Segment = tuple[float, float, float, float]


def crop_mark_segments(sheet: Sheet, slots: Sequence[Slot] | None = None, *,
                       inside_printable: bool = False) -> list[Segment]:
    """(x1, y1, x2, y2) of every crop mark for ``slots`` (default: the whole sheet).

    One mark above and one below the cards on every vertical trim line, one left and one
    right of them on every horizontal trim line; marks only where a card is placed, so an
    empty row gets none. ``inside_printable``: cut back at the printer margin (the backs'
    marks, which a back offset may carry towards the paper edge).
    """
    used = tuple(sheet.slots if slots is None else slots)
    if not used:
        return []
    xs, ys = sheet.trim_lines(used)
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    off = mark_offset(sheet.bleed)
    out: list[Segment] = []
    for x in xs:
        out.append((x, y1 + off, x, y1 + off + MARK_LENGTH))
        out.append((x, y0 - off, x, y0 - off - MARK_LENGTH))
    for y in ys:
        out.append((x1 + off, y, x1 + off + MARK_LENGTH, y))
        out.append((x0 - off, y, x0 - off - MARK_LENGTH, y))
    return _inside_printable(out, sheet) if inside_printable else out


def _inside_printable(segments: list[Segment], sheet: Sheet) -> list[Segment]:
    """The marks cut back at the printer margin: a grid that fits leaves them whole, but backs moved
    by ``--back-offset`` carry their marks along, and those would run into the margin."""
    margin = sheet.printer_margin
    lo_x, hi_x = margin, sheet.paper.width_pt - margin
    lo_y, hi_y = margin, sheet.paper.height_pt - margin
    out: list[Segment] = []
    for x1, y1, x2, y2 in segments:
        if min(x1, x2) >= lo_x and max(x1, x2) <= hi_x and min(y1, y2) >= lo_y and max(y1, y2) <= hi_y:
            out.append((x1, y1, x2, y2))
            continue
        clamped = (min(max(x1, lo_x), hi_x), min(max(y1, lo_y), hi_y), min(max(x2, lo_x), hi_x), min(max(y2, lo_y), hi_y))
        if abs(clamped[2] - clamped[0]) + abs(clamped[3] - clamped[1]) >= 1 * MM:  # a stub under 1 mm is dropped
            out.append(clamped)
    return out


def draw_crop_marks(c: Canvas, sheet: Sheet, slots: Sequence[Slot] | None = None, *,
                    inside_printable: bool = False) -> int:
    """Crop marks for the cards placed in ``slots`` (default: every slot). Returns how many."""
    c.set_stroke(MARK_COLOUR, MARK_WIDTH)
    segments = crop_mark_segments(sheet, slots, inside_printable=inside_printable)
    for segment in segments:
        c.line(*segment)
    return len(segments)


def draw_cut_lines(c: Canvas, sheet: Sheet, slots: Sequence[Slot] | None = None) -> None:
    """Thin dashed lines along every trim line across the placed cards (for scissors and craft knives)."""
    used = tuple(sheet.slots if slots is None else slots)
    if not used:
        return
    xs, ys = sheet.trim_lines(used)
    c.set_stroke("#808080", 0.25, dash=(2, 2))
    for x in xs:
        c.line(x, min(ys), x, max(ys))
    for y in ys:
        c.line(min(xs), y, max(xs), y)
    c.set_stroke(MARK_COLOUR, MARK_WIDTH)


def draw_fold_line(c: Canvas, sheet: Sheet, label: str) -> None:
    """Gutterfold: a dashed fold line in the top and bottom margins only, and its label beside it.

    Nothing crosses the cards or their bleed; the line is broken around the label, which sits
    centred on the fold between the crop marks of the two halves.
    """
    if sheet.fold_x is None:
        return
    register_fonts()
    _, y0, _, y1 = sheet.trim_extent()
    off = mark_offset(sheet.bleed)
    top_edge, bottom_edge = sheet.paper.height_pt - sheet.printer_margin, sheet.printer_margin
    x = sheet.fold_x
    gutter = min(abs(s.x + s.width - x) for s in sheet.slots)
    size = LABEL_SIZE
    while size > LABEL_MIN_SIZE and stringWidth(label, BODY, size) > 2 * gutter - 1 * MM:
        size -= 0.25
    # between the crop marks of the two halves, or (narrow gutter) turned to run along the fold
    across = stringWidth(label, BODY, size) <= 2 * gutter - 1 * MM
    c.set_stroke("#606060", 0.5, dash=(4, 3))
    c.line(x, y0 - off, x, bottom_edge)
    # top (the sheet label runs along the bottom): line, label, line
    middle = (y1 + off + top_edge) / 2
    half = (size * 0.6 if across else stringWidth(label, BODY, size) / 2) + 0.8 * MM
    if top_edge - (y1 + off) >= 2 * half:
        c.line(x, y1 + off, x, middle - half)
        c.line(x, middle + half, x, top_edge)
        c.set_fill(LABEL_COLOUR)
        if across:
            c.text(x, middle - size * 0.35, label, font=BODY, size=size, align="center")
        else:
            c.save()
            c.translate(x + size * 0.35, middle)
            c.rotate(90)
            c.text(0, 0, label, font=BODY, size=size, align="center")
            c.restore()
    else:
        c.line(x, y1 + off, x, top_edge)
    c.set_stroke(MARK_COLOUR, MARK_WIDTH)


@dataclass(frozen=True)
class Band:
    """A strip of margin that no mark, card or bleed touches: text runs along it.

    ``(x, y)`` is its start, ``length`` runs along +x (or up +y when ``turned``: the text is
    turned a quarter to read bottom-to-top) and ``depth`` across.
    """

    x: float
    y: float
    length: float
    depth: float
    turned: bool = False


def label_bands(sheet: Sheet, edge: str = "bottom") -> list[list[Band]]:
    """Where a line of sheet furniture can go on the ``edge`` ("bottom" or "top") of ``sheet``.

    Each option is one band, or two (the line's start in the first, its end in the last). In
    order of preference: the whole strip beyond the crop marks; a strip under the first and
    the last column (between their marks, clear of the bleed); the side margin, read upwards.
    """
    x0, y0, x1, y1 = sheet.trim_extent()
    width, height = sheet.paper.width_pt, sheet.paper.height_pt
    pm, off = sheet.printer_margin, mark_offset(sheet.bleed)
    ascent, descent = getAscentDescent(BODY, LABEL_SIZE)
    need = ascent - descent + 0.5
    options: list[list[Band]] = []
    clear = (y0 - off - MARK_LENGTH - pm) if edge == "bottom" else (height - pm - (y1 + off + MARK_LENGTH))
    if clear >= need:
        y = pm if edge == "bottom" else y1 + off + MARK_LENGTH
        options.append([Band(x0, y, x1 - x0, clear)])  # under the grid, aligned with its outer trims
    depth = (y0 - sheet.bleed - 0.5 * MM - pm) if edge == "bottom" else (height - pm - (y1 + sheet.bleed + 0.5 * MM))
    if depth >= need:
        row_y = y0 if edge == "bottom" else y1
        row = sorted((s for s in sheet.slots if abs((s.y if edge == "bottom" else s.y + s.height) - row_y) < 0.05),
                     key=lambda s: s.x)
        y = pm if edge == "bottom" else y1 + sheet.bleed + 0.5 * MM
        columns = [row[0], row[-1]] if len(row) > 1 else [row[0]]
        options.append([Band(s.x + 1 * MM, y, s.width - 2 * MM, depth) for s in columns])
    side = (x0 - off - MARK_LENGTH - pm) if edge == "bottom" else (width - pm - (x1 + off + MARK_LENGTH))
    if side >= need:
        x = pm if edge == "bottom" else x1 + off + MARK_LENGTH
        options.append([Band(x, pm, height - 2 * pm, side, turned=True)])
    return options


def draw_label_line(c: Canvas, options: Sequence[Sequence[Band]], left: str, right: str = "", *,
                    scale_bar: bool = False) -> bool:
    """``left`` at the start of the first band, ``right`` (and a 10 mm bar) at the end of the last.

    Takes the first option of :func:`label_bands` where the line fits at ``LABEL_SIZE`` or,
    shrinking, at no less than ``LABEL_MIN_SIZE``; if none does, the last option with ``left``
    cut short by an ellipsis. False when there is no band at all. Nothing goes below the minimum size.
    """
    if not options:
        return False
    register_fonts()
    bar = SCALE_BAR + 2 * MM if scale_bar else 0.0
    gap = 3 * MM

    def fits(bands: Sequence[Band], text: str, at: float) -> bool:
        lw, rw = stringWidth(text, BODY, at), stringWidth(right, BODY, at) + bar
        if len(bands) == 1:
            return lw + (gap if right or bar else 0) + rw <= bands[0].length
        return lw <= bands[0].length and rw <= bands[-1].length

    chosen, size = None, LABEL_SIZE
    for bands in options:
        size = LABEL_SIZE
        while not fits(bands, left, size) and size > LABEL_MIN_SIZE:
            size = max(LABEL_MIN_SIZE, size - 0.25)
        if fits(bands, left, size):
            chosen = bands
            break
    if chosen is None:
        chosen = options[-1]
        while not fits(chosen, left, size) and len(left) > 1:
            left = left[:-2].rstrip() + "…"
    c.set_fill(LABEL_COLOUR)
    first, last = chosen[0], chosen[-1]
    draw_in_band(c, first, size, lambda: c.text(0, 0, left, font=BODY, size=size))

    def right_part() -> None:
        end = last.length - 0.5  # the bar's end tick is a stroke: keep its half-width inside the band
        if scale_bar:
            c.set_stroke(LABEL_COLOUR, 0.5)
            start = end - SCALE_BAR
            mid = size * 0.3
            c.line(start, mid, end, mid)
            c.line(start, mid - 1 * MM, start, mid + 1 * MM)
            c.line(end, mid - 1 * MM, end, mid + 1 * MM)
            end = start - 2 * MM
        if right:
            c.text(end, 0, right, font=BODY, size=size, align="right")

    draw_in_band(c, last, size, right_part)
    c.set_stroke(MARK_COLOUR, MARK_WIDTH)
    return True


def draw_in_band(c: Canvas, band: Band, size: float, draw) -> None:  # type: ignore[no-untyped-def]
    """Run ``draw`` with the origin on the band's baseline (text vertically centred in it)."""
    c.save()
    ascent, descent = getAscentDescent(BODY, size)
    baseline = (band.depth - (ascent - descent)) / 2 - descent
    if band.turned:
        c.translate(band.x + band.depth - baseline, band.y)
        c.rotate(90)
    else:
        c.translate(band.x, band.y + baseline)
    draw()
    c.restore()

"""A duplex calibration sheet: rulers on the front, matching pointers on the back.

Front: a horizontal and a vertical offset ruler (millimetre ticks, -5…+5 mm) at the page centre,
two 100 mm scale rulers through the centre, and an L-shaped ruler in each corner whose numbers
are the distance from the paper edge. Back: a long pointer mirrored to where each offset ruler's
zero lies, and the corner rulers again. After printing double-sided, the pointer seen through the
paper shows the offset to pass as ``--back-offset`` (the backs' drift seen from the front: + is right
of 0 on the X ruler and above 0 on the Y ruler; the sheets move every back the opposite way).
The page is turned the way the card sheets are (landscape for poker and bridge cards), because a
printer turns a landscape page onto the paper and its drift turns with it. The scale rulers show whether the printer
scaled the page, the corner rulers whether it shifted or skewed it. Everything stays 10 mm
from the paper edge, inside what any printer prints.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from cardgen.layout.imposition import Flip, Slot, mirror
from cardgen.layout.sizes import Size
from cardgen.layout.units import MM
from cardgen.output import atomic_path
from cardgen.render.fonts import BODY, BODY_BOLD

Orientation = Literal["landscape", "portrait"]


def write_calibration(target: Path, paper: Size, *, flip: Flip = "long", orientation: Orientation = "landscape") -> None:
    """The two-page calibration PDF on ``paper`` turned to ``orientation``, backs mirrored for ``flip``."""
    from cardgen.render.sheets import new_canvas

    short, long = sorted((paper.width_pt, paper.height_pt))
    paper = Size(long, short) if orientation == "landscape" else Size(short, long)
    w, h = paper.width_pt, paper.height_pt
    with atomic_path(Path(target)) as tmp:
        c = new_canvas(tmp, pagesize=(w, h), title="Duplex calibration", author="cardgen", subject="calibration")
        cx, cy = w / 2, h / 2
        # front: rulers
        c.setFont(BODY_BOLD, 14)
        c.drawCentredString(cx, h - 25 * MM, "Duplex calibration — front")
        c.setFont(BODY, 9)
        lines = [
            (f"Print this sheet double-sided ({flip}-edge flip), at 100 % scale (no 'fit to page'), {orientation}"
             " like your card sheets."),
            "Hold it against a window, this side towards you. Where the back's pointer crosses each ruler is the offset:",
            "X on the horizontal ruler (+ when the pointer lies right of 0), Y on the vertical one (+ above 0).",
            "Build with cardgen sheets DECK --back-offset X,Y (e.g. --back-offset 0.5mm,-1mm): the backs move back by it.",
            "Each corner's circle is 10 mm from both paper edges; corner rulers count mm from the edge.",
        ]
        for i, line in enumerate(lines):
            c.drawCentredString(cx, h - 35 * MM - i * 12, line)
        _rulers(c, cx, cy)
        _scale_rulers(c, cx, cy)
        _corners(c, w, h)
        c.showPage()
        # back: pointers mirrored onto the rulers' zero lines
        zero_x = Slot(cx, cy - 8 * MM, 0.0, 12 * MM, (0, 0, 0, 0))
        zero_y = Slot(cx + 37 * MM, cy, 12 * MM, 0.0, (0, 0, 0, 0))
        bx = mirror(zero_x, paper, flip=flip)
        by = mirror(zero_y, paper, flip=flip)
        c.setLineWidth(0.6)
        c.line(bx.x, bx.y, bx.x, bx.y + bx.height)
        c.line(by.x, by.y, by.x + by.width, by.y)
        c.setFont(BODY_BOLD, 14)
        c.drawCentredString(cx, h - 25 * MM, "Duplex calibration — back")
        _corners(c, w, h)
        c.showPage()
        c.save()


NUMBER_SIZE = 8.0


def _rulers(c, cx: float, cy: float) -> None:  # type: ignore[no-untyped-def]
    """Two offset rulers, ±5 mm in 0.5 mm steps: X below the page centre, Y to its right."""
    c.setLineWidth(0.25)
    c.line(cx - 5 * MM, cy, cx + 5 * MM, cy)
    c.line(cx + 40 * MM, cy - 5 * MM, cx + 40 * MM, cy + 5 * MM)
    c.setFont(BODY, NUMBER_SIZE)
    for step in range(-10, 11):
        length = (5 if step % 10 == 0 else 3 if step % 2 == 0 else 1.5) * MM
        x = cx + step * 0.5 * MM
        c.line(x, cy, x, cy - length)
        y = cy + step * 0.5 * MM
        c.line(cx + 40 * MM, y, cx + 40 * MM + length, y)
        if step % 10 == 0:  # -5, 0 and +5 mm: numbers 8 pt tall fit 5 mm apart
            label = f"{step * 0.5:+g}" if step else "0"
            c.drawCentredString(x, cy - 5 * MM - 9, label)
            c.drawString(cx + 40 * MM + 6 * MM, y - 2.8, label)
    c.setFont(BODY_BOLD, 9)
    c.drawCentredString(cx, cy - 5 * MM - 22, "X offset (mm)")
    c.drawString(cx + 40 * MM + 14 * MM, cy - 3, "Y offset (mm)")


def _ticks(c, x: float, y: float, length_mm: int, *, vertical: bool, first: int = 0, sign: int = 1,  # type: ignore[no-untyped-def]
           side: int = -1) -> None:
    """A millimetre ruler from (x, y): a tick every mm, longer every 5 and 10, numbered every 10.

    ``first`` is the number at the start; ``sign`` the direction along the axis; ``side`` which
    side of the line the ticks hang (-1 below/left, +1 above/right).
    """
    c.setLineWidth(0.25)
    if vertical:
        c.line(x, y, x, y + sign * length_mm * MM)
    else:
        c.line(x, y, x + sign * length_mm * MM, y)
    c.setFont(BODY, NUMBER_SIZE)
    for mm in range(length_mm + 1):
        tick = (4 if mm % 10 == 0 else 2.5 if mm % 5 == 0 else 1.5) * MM * side
        along = sign * mm * MM
        if vertical:
            c.line(x, y + along, x + tick, y + along)
        else:
            c.line(x + along, y, x + along, y + tick)
        if mm % 10 == 0 and (mm or first == 0):
            label = str(first + mm)
            if vertical:
                if side < 0:
                    c.drawRightString(x + tick - 1.5, y + along - 2.8, label)
                else:
                    c.drawString(x + tick + 1.5, y + along - 2.8, label)
            else:
                c.drawCentredString(x + along, y + tick + (-NUMBER_SIZE - 1 if side < 0 else 2), label)


def _scale_rulers(c, cx: float, cy: float) -> None:  # type: ignore[no-untyped-def]
    """A 100 mm horizontal ruler above the offset rulers and a 100 mm vertical one left of them."""
    _ticks(c, cx - 50 * MM, cy + 45 * MM, 100, vertical=False)
    _ticks(c, cx - 60 * MM, cy - 70 * MM, 100, vertical=True, side=1)
    c.setFont(BODY_BOLD, 9)
    c.drawCentredString(cx, cy + 45 * MM + 8, "Scale: measure 100 mm between 0 and 100 (else the printer scaled the page)")


CORNER_INSET = 10 * MM
CORNER_ARM = 40


def _corners(c, w: float, h: float) -> None:  # type: ignore[no-untyped-def]
    """An L-shaped ruler in each corner, 10 mm from both edges, numbered in mm from the paper edge.

    Print at 100 % with no shift and every corner's origin sits 10 mm from both edges; unequal
    corners show a shifted or skewed page, arms of the wrong length a scaled one.
    """
    for x, y, sx, sy in ((CORNER_INSET, CORNER_INSET, 1, 1), (w - CORNER_INSET, CORNER_INSET, -1, 1),
                         (CORNER_INSET, h - CORNER_INSET, 1, -1), (w - CORNER_INSET, h - CORNER_INSET, -1, -1)):
        _ticks(c, x, y, CORNER_ARM, vertical=False, first=10, sign=sx, side=sy)
        _ticks(c, x, y, CORNER_ARM, vertical=True, first=10, sign=sy, side=sx)
        c.setLineWidth(0.5)
        c.circle(x, y, 1.2 * MM)

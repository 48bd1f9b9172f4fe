"""A duplex calibration sheet: rulers on the front, matching pointers on the back.

Front: a horizontal and a vertical ruler (millimetre ticks, -5…+5 mm) centred on the page, and
crosshairs in each corner. Back: a single long pointer mirrored to where each ruler's zero
lies. After printing double-sided, the pointer seen through the paper shows the offset to pass
as ``--back-offset``.
"""

from __future__ import annotations

from pathlib import Path

from cardgen.layout.imposition import Flip, Slot, mirror
from cardgen.layout.sizes import Size
from cardgen.layout.units import MM
from cardgen.output import atomic_path
from cardgen.render.fonts import BODY, BODY_BOLD


def write_calibration(target: Path, paper: Size, *, flip: Flip = "long") -> None:
    from cardgen.render.sheets import new_canvas

    w, h = paper.width_pt, paper.height_pt
    with atomic_path(Path(target)) as tmp:
        c = new_canvas(tmp, pagesize=(w, h), title="Duplex calibration", author="cardgen", subject="calibration")
        cx, cy = w / 2, h / 2
        # front: rulers
        c.setFont(BODY_BOLD, 14)
        c.drawCentredString(cx, h - 25 * MM, "Duplex calibration — front")
        c.setFont(BODY, 9)
        lines = [
            f"Print this sheet double-sided ({flip}-edge flip), at 100 % scale (no 'fit to page').",
            "Hold it against a window. Where the back's pointer crosses each ruler is the offset:",
            "read X on the horizontal ruler and Y on the vertical one, then build with",
            "cardgen sheets DECK --back-offset X,Y   (for example --back-offset 0.5mm,-1mm)",
        ]
        for i, line in enumerate(lines):
            c.drawCentredString(cx, h - 35 * MM - i * 12, line)
        _rulers(c, cx, cy)
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


def _rulers(c, cx: float, cy: float) -> None:  # type: ignore[no-untyped-def]
    """Two rulers, ±5 mm in 0.5 mm steps: X below the page centre, Y to its right."""
    c.setLineWidth(0.25)
    c.line(cx - 5 * MM, cy, cx + 5 * MM, cy)
    c.line(cx + 40 * MM, cy - 5 * MM, cx + 40 * MM, cy + 5 * MM)
    for step in range(-10, 11):
        length = (5 if step % 10 == 0 else 3 if step % 2 == 0 else 1.5) * MM
        x = cx + step * 0.5 * MM
        c.line(x, cy, x, cy - length)
        y = cy + step * 0.5 * MM
        c.line(cx + 40 * MM, y, cx + 40 * MM + length, y)
        if step % 4 == 0:
            label = f"{step * 0.5:+g}" if step else "0"
            c.setFont(BODY, 5)
            c.drawCentredString(x, cy - 5 * MM - 6, label)
            c.drawString(cx + 40 * MM + 5.5 * MM, y - 1.8, label)
    c.setFont(BODY_BOLD, 8)
    c.drawCentredString(cx, cy - 5 * MM - 18, "X offset (mm)")
    c.drawString(cx + 40 * MM + 10 * MM, cy - 2.5, "Y offset (mm)")


def _corners(c, w: float, h: float) -> None:  # type: ignore[no-untyped-def]
    c.setLineWidth(0.3)
    for x, y in ((15 * MM, 15 * MM), (w - 15 * MM, 15 * MM), (15 * MM, h - 15 * MM), (w - 15 * MM, h - 15 * MM)):
        c.line(x - 4 * MM, y, x + 4 * MM, y)
        c.line(x, y - 4 * MM, x, y + 4 * MM)
        c.circle(x, y, 2 * MM)

"""Proofing guides (``--guides``): trim, bleed and safe-zone lines over every card, with a legend.

Each line has its own colour and dash so the three read apart in greyscale too: the trim line
(where the cut falls) solid magenta, the bleed edge (how far the art runs) dashed cyan, the safe
zone (keep text inside) dotted green. The bleed line follows the bleed each card really gets on
the sheet. The legend sits in the top margin, clear of the crop marks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cardgen.layout.imposition import Sheet, Slot
from cardgen.layout.units import MM
from cardgen.render.canvas import Canvas
from cardgen.render.fonts import BODY


@dataclass(frozen=True)
class GuideStyle:
    """How one guide line is drawn (``--guides``), and its label in the legend."""

    label: str
    colour: str
    width: float
    dash: tuple[float, ...] | None
    cap: str = "butt"


TRIM = GuideStyle("trim: cut here", "#d4006f", 0.45, None)
BLEED = GuideStyle("bleed: art runs to here", "#0091c7", 0.45, (3.0, 2.0))
SAFE = GuideStyle("safe zone: text stays inside", "#1f8f3a", 0.6, (0.01, 1.6), cap="round")
GUIDES = (BLEED, SAFE, TRIM)
"""In drawing order: the trim line goes on top."""

LEGEND_LABELS = {"guides:trim": TRIM.label, "guides:bleed": BLEED.label, "guides:safe": SAFE.label}
"""The legend's words (context → English), in its order; a deck's catalog may translate them."""


def _stroke(c: Canvas, style: GuideStyle) -> None:
    c.set_stroke(style.colour, style.width, dash=style.dash, cap=style.cap)


def draw_slot_guides(c: Canvas, slot: Slot, *, bleed: float, safe: float) -> None:
    """The three guide rectangles of one card placed at ``slot``."""
    x0, y0, x1, y1 = slot.trim
    cx0, cy0, cx1, cy1 = slot.clip
    boxes = {
        BLEED: (max(x0 - bleed, cx0), max(y0 - bleed, cy0), min(x1 + bleed, cx1), min(y1 + bleed, cy1)),
        SAFE: (x0 + safe, y0 + safe, x1 - safe, y1 - safe),
        TRIM: (x0, y0, x1, y1),
    }
    for style in GUIDES:
        bx0, by0, bx1, by1 = boxes[style]
        if bx1 - bx0 <= 0 or by1 - by0 <= 0:
            continue
        _stroke(c, style)
        c.rect(bx0, by0, bx1 - bx0, by1 - by0, fill=False, stroke=True)


def draw_guides(c: Canvas, sheet: Sheet, *, safe: float, legend: bool = True) -> None:
    """Guides over every slot of ``sheet``, and the legend in its bottom margin when there is room."""
    for slot in sheet.slots:
        draw_slot_guides(c, slot, bleed=sheet.bleed, safe=safe)
    if legend:
        draw_legend(c, sheet)
    c.set_stroke("#000000", 0.3)


SAMPLE = 4 * MM
GAP = 1.2 * MM


def draw_legend(c: Canvas, sheet: Sheet, translate: Callable[[str, str], str] | None = None) -> bool:
    """A one-line key to the guides in the top margin, clear of the crop marks and every bleed.

    It runs in the first of :func:`~cardgen.render.marks.label_bands` (the strip beyond the
    marks, else over the first column, else up the right margin) at the sheet-label size.
    False when no margin has room. ``translate`` gives its words in the sheets' language.
    """
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from cardgen.render.fonts import register_fonts
    from cardgen.render.marks import LABEL_MIN_SIZE, LABEL_SIZE, draw_in_band, label_bands

    register_fonts()
    labels = [translate(context, text) if translate else text for context, text in LEGEND_LABELS.items()]
    spacing = 2.5 * MM

    def total(size: float) -> float:
        return sum(SAMPLE + GAP + stringWidth(label, BODY, size) for label in labels) + 2 * spacing

    for bands in label_bands(sheet, "top"):
        band = bands[0]
        size = LABEL_SIZE
        while total(size) > band.length and size > LABEL_MIN_SIZE:
            size = max(LABEL_MIN_SIZE, size - 0.25)
        if total(size) <= band.length:
            break
    else:
        return False

    def draw_items() -> None:
        x = 0.0
        for style, label in zip((TRIM, BLEED, SAFE), labels):
            _stroke(c, style)
            c.line(x, size * 0.33, x + SAMPLE, size * 0.33)
            c.set_fill("#404040")
            c.text(x + SAMPLE + GAP, 0, label, font=BODY, size=size)
            x += SAMPLE + GAP + stringWidth(label, BODY, size) + spacing

    draw_in_band(c, band, size, draw_items)
    return True

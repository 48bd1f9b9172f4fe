"""How full a PDF page looks: where its ink ends within the page's text frame (footer excluded)."""

from __future__ import annotations

from pathlib import Path

from PIL import ImageOps

from cardgen.rulebook.styles import Geometry

INK = 24
"""A pixel this much darker than white (0–255) is ink: pale grey text counts, paper noise does not."""


def page_fills(path: Path, geo: Geometry) -> list[float]:
    """For each page, how far down its text frame the lowest ink reaches (0 top, 1 bottom of the frame)."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        fills = []
        for index in range(len(pdf)):
            page = pdf[index].render(scale=1).to_pil().convert("L")  # one pixel per point
            top = round(geo.margin_top)
            bottom = round(page.height - geo.margin_bottom)  # the footer sits in the bottom margin
            frame = ImageOps.invert(page.crop((0, top, page.width, bottom))).point(lambda v: 255 if v >= INK else 0)
            box = frame.getbbox()
            fills.append(box[3] / (bottom - top) if box else 0.0)
        return fills
    finally:
        pdf.close()

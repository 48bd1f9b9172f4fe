"""Transparency inside Form XObjects survives into the PDF (reportlab leaves it out of the resources)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
from reportlab.pdfgen.canvas import Canvas

from cardgen.render.pdf_forms import end_form


def _half_red_square_in_a_form(path: Path) -> None:
    c = Canvas(str(path), pagesize=(100, 100), invariant=1)
    c.beginForm("half_red", 0, 0, 100, 100)
    c.setFillColorRGB(1, 0, 0)
    c.setFillAlpha(0.5)
    c.rect(0, 0, 100, 100, stroke=0, fill=1)
    end_form(c, "half_red")
    c.doForm("half_red")
    c.showPage()
    c.save()


def test_a_half_transparent_fill_in_a_form_is_drawn_half_transparent(tmp_path: Path) -> None:
    path = tmp_path / "form.pdf"
    _half_red_square_in_a_form(path)
    image = pdfium.PdfDocument(str(path))[0].render(scale=0.5).to_pil().convert("RGB")
    red, green, blue = image.getpixel((25, 25))
    assert red == 255 and 120 <= green <= 136 and 120 <= blue <= 136  # red at 50 % over white paper

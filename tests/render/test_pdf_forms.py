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


def test_a_gradient_in_a_form_keeps_its_colours(tmp_path: Path) -> None:
    # round-5 review: reportlab leaves a form's shadings out of its resources too, so an SVG with a gradient
    # printed as a black box on every card
    path = tmp_path / "gradient.pdf"
    c = Canvas(str(path), pagesize=(100, 100), invariant=1)
    c.beginForm("gradient", 0, 0, 100, 100)
    c.saveState()
    p = c.beginPath()
    p.rect(0, 0, 100, 100)
    c.clipPath(p, stroke=0)
    c.linearGradient(0, 50, 100, 50, ((1, 0, 0), (0, 0, 1)), extend=True)
    c.restoreState()
    end_form(c, "gradient")
    c.doForm("gradient")
    c.showPage()
    c.save()
    image = pdfium.PdfDocument(str(path))[0].render(scale=1).to_pil().convert("RGB")
    left, right = image.getpixel((3, 50)), image.getpixel((96, 50))
    assert left[0] > 200 and left[2] < 60, left  # red end
    assert right[2] > 200 and right[0] < 60, right  # blue end


def test_svg_art_with_a_gradient_prints_its_colours(runner, gradient_art_copy: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from cardgen.cli import main

    target = tmp_path / "cards.pdf"
    result = runner.invoke(main, ["sheets", str(gradient_art_copy), "--layout", "single", "--cards", "two",
                                  "--no-preflight", "-o", str(target)])
    assert result.exit_code == 0, result.output
    image = pdfium.PdfDocument(str(target))[0].render(scale=3).to_pil().convert("RGB")
    data = image.tobytes()
    pixels = [tuple(data[i:i + 3]) for i in range(0, len(data), 3)]
    reddish = sum(1 for r, g, b in pixels if r > 180 and g < 70 and b < 110)
    bluish = sum(1 for r, g, b in pixels if b > 180 and r < 110 and g < 70)
    black = sum(1 for r, g, b in pixels if r < 25 and g < 25 and b < 25)
    assert reddish > 500 and bluish > 500, (reddish, bluish)
    assert black < 0.02 * len(pixels)

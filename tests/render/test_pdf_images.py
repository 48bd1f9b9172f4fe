"""Image files in a PDF are named after their bytes: the PDF does not depend on how their path is spelled."""

from __future__ import annotations

import shutil
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from cardgen.render.pdf_images import draw_image_file, image_name


@pytest.fixture
def half_clear_png(tmp_path: Path) -> Path:
    """A 40 × 20 px PNG: its left half opaque blue, its right half fully transparent."""
    picture = Image.new("RGBA", (40, 20), (0, 0, 0, 0))
    picture.paste((20, 60, 200, 255), (0, 0, 20, 20))
    path = tmp_path / "art" / "half.png"
    path.parent.mkdir()
    picture.save(path)
    return path


def _page_with(target: Path, draw) -> bytes:  # type: ignore[no-untyped-def]
    """A 100 × 50 pt page painted red, with ``draw(canvas)`` over it; the PDF's bytes."""
    c = Canvas(str(target), pagesize=(100, 50), invariant=1)
    c.setFillColorRGB(1, 0, 0)
    c.rect(0, 0, 100, 50, stroke=0, fill=1)
    draw(c)
    c.showPage()
    c.save()
    return target.read_bytes()


def test_the_same_file_spelt_three_ways_gives_the_same_pdf(half_clear_png: Path, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Relative to the working folder, absolute, or a copy elsewhere: byte for byte one PDF."""
    elsewhere = tmp_path / "elsewhere" / "half.png"
    elsewhere.parent.mkdir()
    shutil.copy(half_clear_png, elsewhere)
    monkeypatch.chdir(tmp_path)
    spellings = ["art/half.png", "./art/../art/half.png", str(half_clear_png), str(elsewhere)]
    pdfs = [_page_with(tmp_path / f"{n}.pdf", lambda c, p=p: draw_image_file(c, p, 10, 10, 80, 40))  # type: ignore[misc]
            for n, p in enumerate(spellings)]
    assert all(pdf == pdfs[0] for pdf in pdfs[1:])
    assert f"/FormXob.{image_name(half_clear_png)} Do".encode() in _content(tmp_path / "0.pdf")


def _content(path: Path) -> bytes:
    with pikepdf.open(path) as pdf:
        return pdf.pages[0].Contents.read_bytes()


def test_files_with_the_same_bytes_are_embedded_once_and_other_bytes_apart(half_clear_png: Path,
                                                                             tmp_path: Path) -> None:
    twin = tmp_path / "twin.png"
    shutil.copy(half_clear_png, twin)
    other = tmp_path / "other.png"
    Image.new("RGB", (4, 4), (0, 200, 0)).save(other)

    def draw(c: Canvas) -> None:
        for n, path in enumerate([half_clear_png, twin, half_clear_png, other]):
            draw_image_file(c, path, 5 + 20 * n, 5, 15, 15)

    _page_with(tmp_path / "many.pdf", draw)
    with pikepdf.open(tmp_path / "many.pdf") as pdf:
        images = [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"]
        resources = pdf.pages[0].Resources.XObject
        assert len(images) == 3  # the picture, its soft mask, the green square
        assert sorted(str(k) for k in resources) == sorted(
            {f"/FormXob.{image_name(half_clear_png)}", f"/FormXob.{image_name(other)}"})


def test_it_draws_what_drawImage_draws_with_the_transparency_kept(half_clear_png: Path, tmp_path: Path) -> None:
    """Same pixels as reportlab's own ``drawImage(mask="auto")``: blue on the left, the red page through the right."""
    ours = tmp_path / "ours.pdf"
    theirs = tmp_path / "theirs.pdf"
    _page_with(ours, lambda c: draw_image_file(c, half_clear_png, 10, 10, 80, 40))
    _page_with(theirs, lambda c: c.drawImage(str(half_clear_png), 10, 10, 80, 40, mask="auto"))
    a = pdfium.PdfDocument(str(ours))[0].render(scale=2).to_pil().convert("RGB")
    b = pdfium.PdfDocument(str(theirs))[0].render(scale=2).to_pil().convert("RGB")
    assert a.tobytes() == b.tobytes()
    assert a.getpixel((50, 50)) == (20, 60, 200)  # the opaque half
    assert a.getpixel((150, 50)) == (255, 0, 0)  # the clear half shows the page

"""Rasterising a CMYK PDF ink by ink: each plate carries exactly its ink, vectors and images alike."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from cardgen.color.plates import CmykRaster
from cardgen.errors import CardgenError


def _pdf(tmp_path: Path, content: bytes, image: Image.Image | None = None) -> Path:
    pdf = pikepdf.new()
    page = pdf.add_blank_page(page_size=(100, 100))
    if image is not None:
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", quality=100, subsampling=0)
        xobject = pdf.make_stream(buffer.getvalue(), Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image,
                                  Width=image.width, Height=image.height, ColorSpace=pikepdf.Name.DeviceCMYK,
                                  BitsPerComponent=8, Filter=pikepdf.Name.DCTDecode,
                                  Decode=pikepdf.Array([1, 0] * 4))  # Pillow's Adobe CMYK JPEG, as pdfx.py writes
        page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Im0=xobject))
    page.obj.Contents = pdf.make_stream(content)
    path = tmp_path / "cmyk.pdf"
    pdf.save(path)
    return path


def test_vector_colours_land_on_their_plates(tmp_path: Path) -> None:
    path = _pdf(tmp_path, b"0.2 0.4 0.6 0.1 k 0 0 50 100 re f 0.5 g 50 0 50 50 re f "
                          b"/DeviceCMYK cs 0 1 0 0 sc 50 50 50 50 re f")
    with CmykRaster(path) as raster:
        image = raster.render_page(0, 72)
    assert image.mode == "CMYK" and image.size == (100, 100)
    assert image.getpixel((25, 50)) == pytest.approx((51, 102, 153, 26), abs=1)
    assert image.getpixel((75, 75)) == pytest.approx((0, 0, 0, 128), abs=1)  # DeviceGray is black ink
    assert image.getpixel((75, 25)) == (0, 255, 0, 0)  # painting knocks the other inks out


def test_a_cmyk_image_keeps_its_inks(tmp_path: Path) -> None:
    source = Image.new("CMYK", (10, 10), (30, 160, 220, 90))
    path = _pdf(tmp_path, b"q 100 0 0 100 0 0 cm /Im0 Do Q", source)
    with CmykRaster(path) as raster:
        pixel = raster.render_page(0, 72).getpixel((50, 50))
    assert pixel == pytest.approx((30, 160, 220, 90), abs=3)


def test_an_rgb_colour_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CardgenError, match="RGB colour"):
        CmykRaster(_pdf(tmp_path, b"1 0 0 rg 0 0 10 10 re f"))

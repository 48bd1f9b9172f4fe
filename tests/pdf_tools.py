"""Reading back what a PDF really contains: placements of forms, fonts, boxes, text."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

import pypdf

_PLACEMENT = re.compile(
    r"n ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re W\*? n\s+"
    r"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) cm\s+/FormXob\.(\S+) Do")


@dataclass(frozen=True)
class Placement:
    form: str
    x: float
    y: float
    clip: tuple[float, float, float, float]
    turn: int = 0
    """Degrees the form is turned (counter-clockwise), 0 when placed upright."""


def placements(page: pypdf.PageObject) -> list[Placement]:
    """Every card form placed on a page, with its translation and clip rectangle."""
    data = page.get_contents().get_data().decode("latin-1")
    out = []
    for m in _PLACEMENT.finditer(data):
        cx, cy, cw, ch, a, b, _c, _d, x, y, form = m.groups()
        turn = round(math.degrees(math.atan2(float(b), float(a))))  # 1 0 0 1 x y: upright
        out.append(Placement(form, float(x), float(y), (float(cx), float(cy), float(cx) + float(cw), float(cy) + float(ch)),
                             turn))
    return out


def all_fonts(reader: pypdf.PdfReader) -> dict[str, pypdf.generic.DictionaryObject]:
    """Every font dictionary reachable from pages and their (nested) XObjects."""
    fonts: dict[str, pypdf.generic.DictionaryObject] = {}

    def walk(resources: object, depth: int = 0) -> None:
        if resources is None or depth > 8:
            return
        resources = resources.get_object()
        for _, font in (resources.get("/Font") or {}).items():
            font = font.get_object()
            fonts[str(font.get("/BaseFont"))] = font
        for _, xobject in (resources.get("/XObject") or {}).items():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form":
                walk(xobject.get("/Resources"), depth + 1)

    for page in reader.pages:
        walk(page.get("/Resources"))
    return fonts


def font_is_embedded(font: pypdf.generic.DictionaryObject) -> bool:
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(key in descriptor for key in ("/FontFile2", "/FontFile", "/FontFile3"))


def pdf_text(path: Path) -> str:
    """All text of a PDF as pdfium extracts it (including text inside Form XObjects)."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        return "\n".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    finally:
        pdf.close()


def render_page(path: Path, index: int, *, scale: float = 1.0):  # type: ignore[no-untyped-def]
    """A page as a PIL image (1 pixel per point at scale 1)."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        return pdf[index].render(scale=scale).to_pil().convert("RGB")
    finally:
        pdf.close()

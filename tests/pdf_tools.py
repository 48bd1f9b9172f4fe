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


# -- the drawing itself: lines and placements read from the content streams -------------------------

Matrix = tuple[float, float, float, float, float, float]
_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _times(m: Matrix, n: Matrix) -> Matrix:
    """``m`` then ``n`` (PDF order: a point p maps to p·m·n)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


@dataclass(frozen=True)
class Segment:
    """A stroked straight line on the page, in page coordinates (points)."""

    x1: float
    y1: float
    x2: float
    y2: float
    width: float
    dashed: bool
    gray: float | None
    """The stroke's grey level when it is a grey (0 = black), else None."""

    @property
    def vertical(self) -> bool:
        return abs(self.x1 - self.x2) < 0.01

    @property
    def horizontal(self) -> bool:
        return abs(self.y1 - self.y2) < 0.01


@dataclass(frozen=True)
class FormPlacement:
    """A Form XObject (a card face or back) drawn on the page: its name and where its origin lands."""

    name: str
    x: float
    y: float
    matrix: Matrix


@dataclass
class PageDrawing:
    segments: list[Segment]
    forms: list[FormPlacement]
    rects: list[tuple[float, float, float, float, bool]]
    """Rectangles as (x0, y0, x1, y1, dashed) in page coordinates, stroked or filled, outside forms."""


def page_drawing(path: Path, index: int) -> PageDrawing:
    """The lines, rectangles and form placements a page draws directly (not inside its forms).

    Reads the content stream operator by operator and follows the graphics state (q/Q/cm, line
    width, dash, stroke colour), so the result does not depend on how the PDF writer spells things.
    """
    import pikepdf

    with pikepdf.open(path) as pdf:
        page = pdf.pages[index]
        ops = pikepdf.parse_content_stream(page)
    segments: list[Segment] = []
    forms: list[FormPlacement] = []
    rects: list[tuple[float, float, float, float, bool]] = []
    state = {"ctm": _IDENTITY, "width": 1.0, "dashed": False, "gray": 0.0}
    stack: list[dict[str, object]] = []
    path_lines: list[tuple[float, float, float, float]] = []
    path_rects: list[tuple[float, float, float, float]] = []
    current: tuple[float, float] | None = None
    for operands, operator in ops:
        op = str(operator)
        nums = [float(v) for v in operands if isinstance(v, (int, float)) or hasattr(v, "as_int") or
                type(v).__name__ == "Decimal"] if op in ("cm", "m", "l", "re", "w", "G", "RG", "K") else []
        ctm = state["ctm"]
        if op == "q":
            stack.append(dict(state))
        elif op == "Q":
            state = stack.pop() if stack else state
        elif op == "cm":
            state["ctm"] = _times(tuple(nums), ctm)  # type: ignore[arg-type]
        elif op == "w":
            state["width"] = nums[0]
        elif op == "d":
            state["dashed"] = len(operands[0]) > 0
        elif op == "G":
            state["gray"] = nums[0]
        elif op == "RG":
            state["gray"] = nums[0] if nums[0] == nums[1] == nums[2] else None
        elif op == "K":
            state["gray"] = 1 - nums[3] if nums[0] == nums[1] == nums[2] == 0 else None
        elif op == "m":
            current = _apply(ctm, nums[0], nums[1])  # type: ignore[arg-type]
        elif op == "l" and current is not None:
            end = _apply(ctm, nums[0], nums[1])  # type: ignore[arg-type]
            path_lines.append((*current, *end))
            current = end
        elif op == "re":
            x, y, w, h = nums
            corners = [_apply(ctm, x, y), _apply(ctm, x + w, y + h)]  # type: ignore[arg-type]
            path_rects.append((min(p[0] for p in corners), min(p[1] for p in corners),
                               max(p[0] for p in corners), max(p[1] for p in corners)))
        elif op in ("S", "s", "B", "b", "B*", "b*", "f", "F", "f*", "n", "W", "W*"):
            if op in ("S", "s", "B", "b", "B*", "b*"):
                scale = (abs(ctm[0]) + abs(ctm[3])) / 2  # type: ignore[index]
                segments += [Segment(*line, width=float(state["width"]) * scale,  # type: ignore[arg-type]
                                     dashed=bool(state["dashed"]), gray=state["gray"])  # type: ignore[arg-type]
                             for line in path_lines]
            if op not in ("n", "W", "W*"):
                rects += [(*r, bool(state["dashed"])) for r in path_rects]
            if op not in ("W", "W*"):
                path_lines, path_rects, current = [], [], None
        elif op == "Do":
            m = ctm  # type: ignore[assignment]
            forms.append(FormPlacement(str(operands[0]).lstrip("/"), m[4], m[5], m))  # type: ignore[index,arg-type]
    return PageDrawing(segments, forms, rects)


def text_colours(path: Path, index: int) -> list[tuple[str, str]]:
    """(text, fill colour ``#rrggbb``) of every text object on a page, as pdfium reads them."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    page = pdfium.PdfDocument(str(path))[index]
    textpage = page.get_textpage()
    out = []
    for obj in page.get_objects(max_depth=4):
        if obj.type != raw.FPDF_PAGEOBJ_TEXT:
            continue
        size = raw.FPDFTextObj_GetText(obj, textpage, None, 0)
        buffer = (ctypes.c_ushort * max(size, 1))()
        raw.FPDFTextObj_GetText(obj, textpage, buffer, size)
        text = bytes(buffer).decode("utf-16-le", errors="replace").split("\x00")[0]
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        raw.FPDFPageObj_GetFillColor(obj, r, g, b, a)
        out.append((text, f"#{r.value:02x}{g.value:02x}{b.value:02x}"))
    return out

"""SVG art (svglib → reportlab Drawing), stored once per PDF as a Form XObject."""

from __future__ import annotations

import re
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.pdfgen.canvas import Canvas as RLCanvas

from cardgen.errors import DeckError
from cardgen.render.pdf_forms import end_form

_EXTERNAL = re.compile(rb"(xlink:)?href\s*=\s*[\"'](?!#)", re.IGNORECASE)
_ENTITY = re.compile(rb"<!ENTITY", re.IGNORECASE)


def load_svg(path: str):  # type: ignore[no-untyped-def]
    """Parse an SVG that refers to nothing outside itself (no external files, no entities)."""
    from svglib.svglib import svg2rlg

    raw = Path(path).read_bytes()
    if _EXTERNAL.search(raw) or _ENTITY.search(raw):
        raise DeckError("SVG art may not refer to other files or declare entities", path=path,
                        hint="embed images in the SVG or export it as PNG")
    drawing = svg2rlg(path)
    if drawing is None:
        raise DeckError("cannot read this SVG file", path=path)
    return drawing


def svg_form(canvas: RLCanvas, key: str, svg_path: str, made: set[str]) -> tuple[str, float, float]:
    """The Form XObject name for ``svg_path`` (created on first use) and its natural size."""
    name = "svg_" + re.sub(r"[^A-Za-z0-9]", "_", key)
    sizes = getattr(canvas, "_cardgen_svg_sizes", {})
    if name not in made:
        drawing = load_svg(svg_path)
        canvas.beginForm(name, 0, 0, drawing.width, drawing.height)
        renderPDF.draw(drawing, canvas, 0, 0)
        end_form(canvas, name)
        made.add(name)
        sizes[name] = (drawing.width, drawing.height)
        canvas._cardgen_svg_sizes = sizes  # type: ignore[attr-defined]
    width, height = sizes[name]
    return name, width, height

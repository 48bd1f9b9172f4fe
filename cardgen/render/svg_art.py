"""SVG art (svglib → reportlab Drawing), stored once per PDF as a Form XObject.

An SVG from a downloaded deck is untrusted. :func:`load_svg` reads it through the deck's
containment rule, accepts UTF-8 only, parses it with defusedxml (no DTD, no entities, no
external references) and then lxml (no network), checks the tree — an ``<svg>`` root, bounded
element count, nesting, ``<use>`` expansion and path data, only ``#id`` references and
``data:image`` URIs, no ``@import`` or outside ``url()``, sane sizes — and only then hands the
tree to svglib. Embedded ``data:image`` PNGs and JPEGs are decoded in full first, under the same
pixel limit as art files (for all of one SVG's images together), so a bomb fails with one line
naming the SVG and the line of its ``<image>``.
"""

from __future__ import annotations

import io
import math
import re
from hashlib import md5
from pathlib import Path
from typing import Any

from reportlab.graphics import renderPDF
from reportlab.pdfgen.canvas import Canvas as RLCanvas

from cardgen.errors import DeckError
from cardgen.render.pdf_forms import end_form
from cardgen.loading.containment import ContainmentError, read_contained

MAX_SVG_BYTES = 5_000_000
MAX_ELEMENTS = 20_000
"""Elements after ``<use>`` expansion: a detailed icon has a few hundred."""
MAX_DEPTH = 40
MAX_PATH_DATA = 1_000_000
"""Characters of path data (``d``, ``points``) in the whole file."""
MAX_SIZE_PT = 14_400.0
"""Largest width or height (200 inches): art is scaled to its box, so this only refuses nonsense."""

MAX_COORDINATE = 1e7
"""Largest coordinate in path data and geometry attributes: more cannot be written into a PDF."""
_GEOMETRY = {"x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "width", "height", "transform",
             "stroke-width", "font-size", "offset", "dx", "dy", "fx", "fy", "viewBox"}
_COORDINATE = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_XLINK = "{http://www.w3.org/1999/xlink}href"
_DATA_IMAGE = re.compile(r"^data:image/(png|jpe?g);base64,", re.IGNORECASE)
_URL = re.compile(r"url\((?!\s*['\"]?\s*#)", re.IGNORECASE)
"""A ``url()`` that does not point inside the file (``#id``, quoted or not, spaces allowed)."""
_ENCODING = re.compile(rb"^<\?xml[^>]*encoding\s*=\s*[\"']([A-Za-z0-9._-]+)[\"']")
_NUMBER = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf|infinity))\s*([a-z%]*)\s*$",
                     re.IGNORECASE)
_UNIT_PT = {"": 0.75, "px": 0.75, "pt": 1.0, "pc": 12.0, "mm": 72 / 25.4, "cm": 72 / 2.54, "in": 72.0,
            "em": 12.0, "ex": 6.0, "%": 0.0}


def _error(path: str, message: str, *, line: int | None = None, col: int | None = None,
           hint: str | None = None) -> DeckError:
    return DeckError(message, path=path, line=line, col=col, hint=hint or "export it again as plain SVG, or as PNG")


def svg_text(raw: bytes, path: str) -> bytes:
    """The file as UTF-8 bytes without a BOM, or an error for any other encoding."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff", b"\xff\xfe\x00\x00")) or raw[:2] in (b"<\x00", b"\x00<"):
        raise _error(path, "SVG saved as UTF-16 or UTF-32", hint="save it as UTF-8")
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    declared = _ENCODING.match(raw)
    if declared and declared.group(1).lower().replace(b"_", b"-") not in (b"utf-8", b"utf8", b"us-ascii", b"ascii"):
        raise _error(path, f"SVG declares encoding '{declared.group(1).decode()}'", line=1, hint="save it as UTF-8")
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        raise _error(path, f"not UTF-8 text (byte 0x{raw[exc.start]:02x})", line=before.count(b"\n") + 1,
                     col=exc.start - before.rfind(b"\n"), hint="save it as UTF-8") from None
    return raw


def parse_svg(raw: bytes, path: str) -> Any:
    """The checked lxml root of an SVG file's bytes (see the module docstring)."""
    import defusedxml.ElementTree as defused
    from defusedxml import DefusedXmlException
    from lxml import etree

    if len(raw) > MAX_SVG_BYTES:
        raise _error(path, f"SVG larger than {MAX_SVG_BYTES // 1_000_000} MB", hint="simplify it or export it as PNG")
    raw = svg_text(raw, path)
    try:
        defused.fromstring(raw, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException:
        raise _error(path, "SVG declares a DTD or entities, which are not allowed") from None
    except defused.ParseError as exc:
        line, col = getattr(exc, "position", (None, None))
        raise _error(path, f"not well-formed XML ({str(exc).split(':')[0]})", line=line,
                     col=col + 1 if col is not None else None) from None
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, remove_comments=True,
                             remove_pis=True, huge_tree=False)
    try:
        root = etree.fromstring(raw, parser)
    except etree.XMLSyntaxError as exc:
        raise _error(path, f"not well-formed XML ({exc.msg})", line=exc.lineno) from None
    if etree.QName(root).localname != "svg":
        raise _error(path, f"the root element is <{etree.QName(root).localname}>, not <svg>", line=root.sourceline)
    _check_size(root, path)
    _check_tree(root, path)
    return root


def _check_tree(root: Any, path: str) -> None:
    from lxml import etree

    ids: dict[str, Any] = {}
    path_data = 0
    count = 0
    embedded_pixels = 0
    for element in root.iter():
        count += 1
        if count > MAX_ELEMENTS:
            raise _error(path, f"SVG has more than {MAX_ELEMENTS:,} elements", line=element.sourceline,
                         hint="simplify it or export it as PNG")
        if not isinstance(element.tag, str):
            continue
        name = etree.QName(element).localname
        if element.get("id"):
            ids.setdefault(element.get("id"), element)
        for attribute, value in element.attrib.items():
            local = etree.QName(attribute).localname
            if local == "href":
                data = _DATA_IMAGE.match(value) if name == "image" else None
                if not (value.startswith("#") or data):
                    raise _error(path, f"<{name}> refers to '{value[:60]}'; SVG art may refer only to its own "
                                       "parts (#id) and embedded PNG/JPEG images", line=element.sourceline,
                                 hint="embed the image in the SVG or export it as PNG")
                if data:
                    embedded_pixels += _check_embedded_image(value[data.end():], path, element.sourceline,
                                                             embedded_pixels)
            elif local in ("d", "points"):
                path_data += len(value)
                if path_data <= MAX_PATH_DATA:
                    _check_numbers(value, path, element.sourceline, local)
            elif local in _GEOMETRY:
                _check_numbers(value, path, element.sourceline, local)
            elif _URL.search(value):
                raise _error(path, f"'{local}' uses url() outside the file", line=element.sourceline)
        if name == "style" and element.text and ("@import" in element.text.lower() or _URL.search(element.text)):
            raise _error(path, "<style> imports or links other files", line=element.sourceline,
                         hint="put the styles in the SVG itself")
    if path_data > MAX_PATH_DATA:
        raise _error(path, f"SVG has more than {MAX_PATH_DATA:,} characters of path data",
                     hint="simplify it or export it as PNG")
    _check_expansion(root, ids, path)
    _check_drawable(root, ids, path)


_PAINT_REF = re.compile(r"(?:^|;)\s*(fill|stroke|mask)\s*:\s*url\(\s*['\"]?#([^'\")\s]+)")


def _check_drawable(root: Any, ids: dict[str, Any], path: str) -> None:
    """Refuse what svglib would silently leave out: a ``<pattern>`` fill (nothing printed) and a
    ``<mask>`` (ignored, so what it hides prints). Definitions that nothing uses are fine."""
    from lxml import etree

    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        uses = [(key, value[len("url(#"):].rstrip(")").strip("'\" ")) for key, value in element.attrib.items()
                if key in ("fill", "stroke", "mask") and value.replace(" ", "").startswith("url(#")]
        uses += _PAINT_REF.findall(element.get("style", ""))
        for key, target in uses:
            kind = ids.get(target)
            kind_name = etree.QName(kind).localname if kind is not None and isinstance(kind.tag, str) else ""
            name = etree.QName(element).localname
            if key in ("fill", "stroke") and kind_name == "pattern":
                raise _error(path, f"<{name}> is filled with the <pattern> '#{target}', which cardgen cannot draw "
                                   "(it would print nothing)", line=element.sourceline,
                             hint="turn the pattern into shapes (Inkscape: Object > Pattern > Pattern to Objects), "
                                  "or export the art as PNG")
            if key == "mask" and kind_name == "mask":
                raise _error(path, f"<{name}> uses the <mask> '#{target}', which cardgen cannot draw (what it "
                                   "hides would print)", line=element.sourceline,
                             hint="cut the shapes instead of masking them, or export the art as PNG")


_FILTER_REF = re.compile(r"(?:^|;)\s*filter\s*:\s*url\(\s*['\"]?#([^'\")\s]+)")


def filtered_elements(path: str) -> list[tuple[int | None, str, str]]:
    """The elements of an SVG art file drawn through a ``<filter>`` (a blur, a drop shadow…), which svglib
    leaves out, so the element prints without its effect: (line, element name, filter id) each.

    Not refused at load like a pattern or a mask: Inkscape puts filters in many files whose art still
    reads without them; the preflight notes them instead.
    """
    from lxml import etree

    root = parse_svg(_read_svg(path), path)
    ids: dict[str, Any] = {}
    for element in root.iter():
        if isinstance(element.tag, str) and element.get("id"):
            ids.setdefault(element.get("id"), element)
    found: list[tuple[int | None, str, str]] = []
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        value = element.get("filter", "").replace(" ", "")
        targets = [value[len("url(#"):].rstrip(")").strip("'\"")] if value.startswith("url(#") else []
        targets += _FILTER_REF.findall(element.get("style", ""))
        for target in targets:
            kind = ids.get(target)
            if kind is not None and isinstance(kind.tag, str) and etree.QName(kind).localname == "filter":
                found.append((element.sourceline, etree.QName(element).localname, target))
    return found


def _check_embedded_image(encoded: str, path: str, line: int | None, before: int) -> int:
    """Decode one ``data:image`` fully (as svglib will) under what is left of the pixel limit; its pixels."""
    import base64
    import binascii

    from cardgen.render.image_decode import MAX_PIXELS, decode_checked

    try:
        raw = base64.b64decode(encoded)
    except (binascii.Error, ValueError):
        raise _error(path, "embedded image is not valid base64", line=line) from None
    what = f"embedded image on line {line}" if line else "embedded image"
    width, height = decode_checked(raw, path, what=what, line=line)
    if before + width * height > MAX_PIXELS:
        raise _error(path, f"embedded images have more than {MAX_PIXELS // 1_000_000} MP together ({what})", line=line,
                     hint="embed smaller images, or export the art as PNG")
    return width * height


def _check_numbers(value: str, path: str, line: int | None, name: str) -> None:
    """Every number in a coordinate attribute is finite and within :data:`MAX_COORDINATE`."""
    for match in _COORDINATE.finditer(value):
        number = float(match.group())
        if not abs(number) <= MAX_COORDINATE:  # also catches nan
            raise _error(path, f"'{name}' holds the number {match.group()[:20]}, beyond ±{MAX_COORDINATE:.0e}", line=line)
    if "nan" in value.lower() or "inf" in value.lower():
        raise _error(path, f"'{name}' holds a number that is not finite", line=line)


def _check_expansion(root: Any, ids: dict[str, Any], path: str) -> None:
    """Bound the tree as drawn, with every ``<use>`` replaced by what it shows (depth and count)."""
    from lxml import etree

    keep_alive = list(root.iter())  # lxml makes element proxies on demand: hold them so id() stays unique
    sizes: dict[int, int] = {}
    active: set[int] = set()

    def expanded(element: Any, depth: int) -> int:
        if depth > MAX_DEPTH:
            raise _error(path, f"SVG nests deeper than {MAX_DEPTH} levels", line=element.sourceline)
        key = id(element)
        if key in sizes:
            return sizes[key]
        if key in active:
            raise _error(path, "SVG <use> elements refer to each other in a circle", line=element.sourceline)
        active.add(key)
        total = 1
        if isinstance(element.tag, str) and etree.QName(element).localname == "use":
            target = ids.get((element.get(_XLINK) or element.get("href") or "").lstrip("#"))
            if target is not None:
                total += expanded(target, depth + 1)
        for child in element:
            total += expanded(child, depth + 1)
            if total > MAX_ELEMENTS:
                raise _error(path, f"SVG draws more than {MAX_ELEMENTS:,} elements once <use> is expanded",
                             line=element.sourceline, hint="simplify it or export it as PNG")
        active.discard(key)
        sizes[key] = total
        return total

    expanded(root, 0)
    del keep_alive


def _length(value: str | None, path: str, name: str, line: int | None) -> float | None:
    """A root ``width``/``height`` in points (None when absent or relative), refused when absurd."""
    if value is None:
        return None
    match = _NUMBER.match(value)
    if not match or match.group(2).lower() not in _UNIT_PT:
        raise _error(path, f"<svg {name}=\"{value[:30]}\"> is not a length", line=line)
    number = float(match.group(1))
    points = number * _UNIT_PT[match.group(2).lower()]
    if match.group(2) == "%":
        if not math.isfinite(number) or number <= 0:
            raise _error(path, f"<svg {name}=\"{value[:30]}\"> must be a positive size", line=line)
        return None
    if not math.isfinite(points) or points <= 0 or points > MAX_SIZE_PT:
        raise _error(path, f"<svg {name}=\"{value[:30]}\"> must be a positive size up to 200 inches", line=line)
    return points


def _check_size(root: Any, path: str) -> None:
    line = root.sourceline
    _length(root.get("width"), path, "width", line)
    _length(root.get("height"), path, "height", line)
    view_box = root.get("viewBox")
    if view_box is not None:
        try:
            numbers = [float(part) for part in re.split(r"[\s,]+", view_box.strip())]
        except ValueError:
            numbers = []
        if (len(numbers) != 4 or not all(math.isfinite(n) and abs(n) <= 1e7 for n in numbers)
                or numbers[2] <= 0 or numbers[3] <= 0):
            raise _error(path, f"<svg viewBox=\"{view_box[:40]}\"> must be four numbers with a positive width "
                               "and height", line=line)


def load_svg(path: str):  # type: ignore[no-untyped-def]
    """Read, check and convert an SVG file to a reportlab Drawing (DeckError for anything unsafe)."""
    return svg_drawing(_read_svg(path), path)


def _read_svg(path: str) -> bytes:
    try:
        return read_contained(Path(path), "art")
    except ContainmentError as exc:
        raise DeckError(str(exc), path=path) from None


class BundledFontMap:
    """svglib's font lookup answered with the bundled fonts only, for an SVG's ``<text>``.

    svglib's own map asks the system (``fc-match``) and falls back to the PDF base fonts: the art's
    text then came out in whatever font the machine had (DejaVu Sans here), or in an unembedded
    Helvetica or Times. Here a serif family is set in Vollkorn and anything else in Lato, with the
    weight and style asked for; the result is the same on every machine and always embedded.
    """

    SERIF = ("serif", "times", "georgia", "garamond", "vollkorn", "roman", "palatino", "cambria", "book antiqua")

    def find_font(self, font_name: str, weight: str = "normal", style: str = "normal") -> tuple[str, bool]:
        from cardgen.render.fonts import (
            BODY,
            BODY_BOLD,
            BODY_BOLD_ITALIC,
            BODY_ITALIC,
            DISPLAY,
            DISPLAY_REGULAR,
            register_fonts,
        )

        register_fonts()
        family = font_name.lower()
        weight = str(weight).strip().lower()
        bold = weight in ("bold", "bolder") or (weight.isdigit() and int(weight) >= 600)
        italic = str(style).strip().lower() in ("italic", "oblique")
        if any(word in family for word in self.SERIF) and "sans" not in family:
            return (DISPLAY if bold else DISPLAY_REGULAR), False
        if bold:
            return (BODY_BOLD_ITALIC if italic else BODY_BOLD), False
        return (BODY_ITALIC if italic else BODY), False


def svg_drawing(raw: bytes, path: str):  # type: ignore[no-untyped-def]
    """Check and convert an SVG file's bytes (read from ``path``) to a reportlab Drawing."""
    from svglib.svglib import SvgRenderer

    root = parse_svg(raw, path)
    # svglib resolves nothing outside this empty-of-references folder; the checks above already refused any
    renderer = SvgRenderer(path, external_reference_root=str(Path(path).parent), font_map=BundledFontMap())
    try:
        drawing = renderer.render(root)
    except (DeckError, MemoryError, RecursionError):
        raise
    except Exception as exc:  # noqa: BLE001 — svglib raises many kinds on odd but well-formed input
        raise _error(path, f"cannot draw this SVG ({exc.__class__.__name__})") from None
    try:  # a trial draw, as svg_form draws it: whatever reportlab cannot write fails now, when the deck is checked
        _draw_form(RLCanvas(io.BytesIO()), "trial", drawing)
    except (DeckError, MemoryError, RecursionError):
        raise
    except Exception as exc:  # noqa: BLE001 — reportlab raises many kinds for numbers it cannot write
        raise _error(path, f"cannot draw this SVG ({exc.__class__.__name__})") from None
    width, height = float(drawing.width), float(drawing.height)
    if not (math.isfinite(width) and math.isfinite(height) and 0 < width <= MAX_SIZE_PT and 0 < height <= MAX_SIZE_PT):
        raise _error(path, f"SVG size {width:g}×{height:g} pt is not a usable picture size",
                     hint="give the <svg> a positive width, height or viewBox")
    return drawing


def _draw_form(canvas: RLCanvas, name: str, drawing: Any) -> None:
    """``drawing`` as the Form XObject ``name``.

    An embedded ``data:`` image is drawn inline; a form's stream must be text, so inline image
    data is ASCII85-encoded here even when the document turned that off (``useA85 = 0``).
    """
    from reportlab import rl_config

    a85 = rl_config.useA85
    rl_config.useA85 = 1
    try:
        canvas.beginForm(name, 0, 0, drawing.width, drawing.height)
        renderPDF.draw(drawing, canvas, 0, 0)
        end_form(canvas, name)  # (with the form's transparency states: see pdf_forms.py)
    finally:
        rl_config.useA85 = a85


def svg_form(canvas: RLCanvas, svg_path: str, made: set[str]) -> tuple[str, float, float]:
    """The Form XObject name for ``svg_path`` (created on first use) and its natural size.

    The name is made from the file's bytes (the drawing depends on nothing else): two files
    never share a form because their names look alike (``a-b.svg``, ``a_b.svg``), and the PDF
    does not depend on how the path was spelled.
    """
    forms: dict[str, tuple[str, float, float]] = canvas.__dict__.setdefault("_cardgen_svg_forms", {})
    known = forms.get(svg_path)
    if known is None:
        raw = _read_svg(svg_path)
        name = "svg_" + md5(raw, usedforsecurity=False).hexdigest()
        if name not in made:
            drawing = svg_drawing(raw, svg_path)
            _draw_form(canvas, name, drawing)
            made.add(name)
            canvas.__dict__.setdefault("_cardgen_svg_sizes", {})[name] = (drawing.width, drawing.height)
        known = forms[svg_path] = (name, *canvas.__dict__["_cardgen_svg_sizes"][name])
    return known

"""A Canvas that measures instead of drawing: where every piece of ink lands, and its text.

It follows the drawing through the Canvas protocol (save/restore, translate/scale/rotate, clip
rectangles), so the marks it records are in page (or card) coordinates, clipped as the PDF
clips them. Text is measured with the same metrics the PDF uses: one-line ``text`` with the
font's advance widths, ``text_box`` with reportlab's own paragraph fitting (or, for plain text,
:mod:`cardgen.render.plain_text`'s copy of it, which breaks lines to the same widths), so "does
it fit" is answered by the typesetter, not guessed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth

from cardgen.render.canvas import Align, Point, TextFit, VAlign
from cardgen.render.fonts import ensure_font, register_fonts

BBox = tuple[float, float, float, float]
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True)
class Ink:
    """One drawing operation's footprint: kind ("fill", "stroke", "text", "image"), box, who drew it."""

    kind: str
    bbox: BBox
    layout: str | None
    element: str | None
    text: str = ""
    font: str = ""
    size: float = 0.0
    colour: str = "#000000"
    box: BBox | None = None
    """For wrapped text: the box it was given."""
    fits: bool = True
    """For wrapped text: whether it fits its box at the size used (the layout's minimum at worst)."""


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    """``n`` applied first, then ``m`` (PDF's CTM order for ``m`` the current matrix)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a2 * a + b2 * c, a2 * b + b2 * d, c2 * a + d2 * c, c2 * b + d2 * d, e2 * a + f2 * c + e, e2 * b + f2 * d + f)


def _apply(m: Matrix, x: float, y: float) -> Point:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def intersect(a: BBox, b: BBox) -> BBox | None:
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[2], b[2]), min(a[3], b[3])
    return (x0, y0, x1, y1) if x1 > x0 and y1 > y0 else None


class MeasuringCanvas:
    """Implements :class:`~cardgen.render.canvas.Canvas`: records the :class:`Ink` each call leaves, draws nothing."""

    def __init__(self, *, text_only: frozenset[tuple[str, str]] = frozenset(), language: str = "en") -> None:
        """``text_only``: (layout, element) pairs whose shapes and images are not wanted, only their text.

        ``language``: the typography pass of a text box drawn without a language of its own.
        """
        self.language = language
        register_fonts()
        self.text_only = text_only
        self._shapes_wanted = True
        self.ink: list[Ink] = []
        self._matrix: Matrix = IDENTITY
        self._clip: BBox | None = None
        self._stack: list[tuple[Matrix, BBox | None, str, str, float]] = []
        self._fill = "#000000"
        self._stroke = "#000000"
        self._width = 1.0
        self._cap = "butt"
        self.layout: str | None = None
        self.element: str | None = None

    # -- who is drawing ---------------------------------------------------------------------
    def begin_element(self, layout: str, element: str) -> None:
        """Called by the card renderer before each layout element: the ink that follows is theirs."""
        self.layout, self.element = layout, element
        self._shapes_wanted = (layout, element) not in self.text_only

    def owner(self, layout: str | None, element: str | None) -> None:
        """Name the drawer of what follows directly (sheet furniture: ``("sheet", "crop-marks")``)."""
        self.layout, self.element = layout, element
        self._shapes_wanted = True

    # -- state ------------------------------------------------------------------------------
    def save(self) -> None:
        self._stack.append((self._matrix, self._clip, self._fill, self._stroke, self._width))

    def restore(self) -> None:
        if self._stack:
            self._matrix, self._clip, self._fill, self._stroke, self._width = self._stack.pop()

    def translate(self, x: float, y: float) -> None:
        self._matrix = _multiply(self._matrix, (1.0, 0.0, 0.0, 1.0, x, y))

    def scale(self, sx: float, sy: float) -> None:
        self._matrix = _multiply(self._matrix, (sx, 0.0, 0.0, sy, 0.0, 0.0))

    def rotate(self, degrees: float) -> None:
        r = math.radians(degrees)
        cos, sin = math.cos(r), math.sin(r)
        self._matrix = _multiply(self._matrix, (cos, sin, -sin, cos, 0.0, 0.0))

    def set_fill(self, color: str, alpha: float = 1.0) -> None:
        self._fill = color

    def set_stroke(self, color: str, width: float, *, dash: Sequence[float] | None = None, alpha: float = 1.0,
                   cap: str = "butt") -> None:
        self._stroke, self._width, self._cap = color, width, cap

    def clip_rect(self, x: float, y: float, w: float, h: float) -> None:
        box = self._bbox([(x, y), (x + w, y + h), (x, y + h), (x + w, y)])
        self._clip = box if self._clip is None else (intersect(self._clip, box) or (box[0], box[1], box[0], box[1]))

    # -- geometry ---------------------------------------------------------------------------
    def _bbox(self, points: Sequence[Point], pad: float = 0.0) -> BBox:
        a, b, c, d, e, f = self._matrix
        if b == 0.0 and c == 0.0:  # no rotation (nearly every card): each axis maps on its own
            xs = [a * x + e for x, _ in points]
            ys = [d * y + f for _, y in points]
        else:
            mapped = [_apply(self._matrix, x, y) for x, y in points]
            xs, ys = [p[0] for p in mapped], [p[1] for p in mapped]
        pad *= math.sqrt(abs(a * d - b * c))
        return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)

    def _add(self, kind: str, points: Sequence[Point], *, pad: float = 0.0, colour: str = "", **extra: Any) -> None:
        if kind != "text" and not self._shapes_wanted:
            return
        box: BBox | None = self._bbox(points, pad)
        if self._clip is not None and box is not None:
            box = intersect(box, self._clip)
        if box is None:
            return
        self.ink.append(Ink(kind, box, self.layout, self.element, colour=colour or self._fill, **extra))

    def _shape(self, points: Sequence[Point], fill: bool, stroke: bool) -> None:
        if fill:
            self._add("fill", points)
        if stroke:
            self._add("stroke", points, pad=self._width / 2, colour=self._stroke)

    # -- drawing ----------------------------------------------------------------------------
    def rect(self, x: float, y: float, w: float, h: float, *, radius: float = 0, fill: bool = True, stroke: bool = False) -> None:
        self._shape([(x, y), (x + w, y + h), (x, y + h), (x + w, y)], fill, stroke)

    def polygon(self, points: Sequence[Point], *, fill: bool = True, stroke: bool = False, close: bool = True) -> None:
        self._shape(list(points), fill, stroke)

    def bezier_path(self, start: Point, segments: Sequence[Any], *, fill: bool = True, stroke: bool = False,
                    close: bool = True) -> None:
        points = [start]
        for segment in segments:
            points.extend(segment if len(segment) == 3 and isinstance(segment[0], tuple) else [segment])
        self._shape(points, fill, stroke)

    def circle(self, x: float, y: float, r: float, *, fill: bool = True, stroke: bool = False) -> None:
        self._shape([(x - r, y - r), (x + r, y + r), (x - r, y + r), (x + r, y - r)], fill, stroke)

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        half = self._width / 2
        if self._cap == "butt" and (x1 == x2 or y1 == y2):  # a butt end stops at the end point
            dx, dy = (half, 0.0) if x1 == x2 else (0.0, half)
            self._add("stroke", [(x1 - dx, y1 - dy), (x2 + dx, y2 + dy)], colour=self._stroke)
        else:
            self._add("stroke", [(x1, y1), (x2, y2)], pad=half, colour=self._stroke)

    def image(self, path: str, x: float, y: float, w: float, h: float) -> None:
        self._add("image", [(x, y), (x + w, y + h)])

    def drawing(self, key: str, svg_path: str, x: float, y: float, w: float, h: float) -> None:
        self._add("image", [(x, y), (x + w, y + h)])

    def group(self, key: str, bbox: tuple[float, float, float, float], draw: Callable[[Any], None]) -> None:
        """Measured by running the group's drawing here (a PDF stores it once; its ink is the same)."""
        draw(self)

    def text(self, x: float, y: float, text: str, *, font: str, size: float, align: Align = "left") -> None:
        if not text:
            return
        name = ensure_font(font)
        width = stringWidth(text, name, size)
        start = x - (width / 2 if align == "center" else width if align == "right" else 0.0)
        ascent, descent = getAscentDescent(name, size)
        self._add("text", [(start, y + descent), (start + width, y + ascent)], text=text, font=name, size=size)

    def text_box(self, text: str, x: float, y: float, w: float, h: float, *, font: str, size: float,
                 min_size: float | None = None, leading: float = 1.2, align: Align = "left",
                 valign: VAlign = "top", color: str = "#000000", language: str | None = None) -> float:
        if not text:
            return size
        from cardgen.i18n.typography import apply_typography
        from cardgen.render.plain_text import set_plain_text

        # set as the PDF sets it: after the language's typography pass (no-break spaces, curly quotes);
        # plain text without Paragraph (its very breaks and widths), anything else with it
        set_text = apply_typography(text, self.language if language is None else language)
        plain = set_plain_text(set_text, w, h, font=ensure_font(font), size=size, min_size=min_size, leading=leading,
                               align=align)
        if plain is not None:
            fit = plain.fit
        else:
            from cardgen.render.reportlab_canvas import fit_paragraph, paragraph_fit

            paragraph, used, height = fit_paragraph(set_text, w, h, font=font, size=size, min_size=min_size,
                                                    leading=leading, align=align, color=color)
            fit = paragraph_fit(paragraph, used, height)
        return self.text_box_set(text, x, y, w, h, font=font, size=size, min_size=min_size, leading=leading,
                                 align=align, valign=valign, color=color, language=language, fit=fit)

    def text_box_set(self, text: str, x: float, y: float, w: float, h: float, *, font: str, size: float,
                     min_size: float | None = None, leading: float = 1.2, align: Align = "left",
                     valign: VAlign = "top", color: str = "#000000", language: str | None = None,
                     fit: TextFit | None) -> float:
        """The ink of a text box another canvas has just set as ``fit`` (see :class:`TeeCanvas`)."""
        if not text or fit is None:
            return size
        used, height = fit.size, fit.height
        too_wide = any(extra < -1.0 for extra in fit.spare)  # a point of slack: kerning, not design
        fits = height <= h + 0.01 and not too_wide
        widest = max((w - extra for extra in fit.spare), default=w)
        start = x if align == "left" else x + (w - widest) / 2 if align == "center" else x + w - widest
        top = y + h if valign == "top" else y + (h + height) / 2 if valign == "middle" else y + height
        box = self._bbox(((x, y), (x + w, y + h)))
        # from the first line's top to the bottom of the last line's leading (the leading above the
        # first line is air)
        first_air = used * (leading - 1.0)
        self._add("text", ((start, top - height), (start + widest, top - first_air)), text=text,
                  font=ensure_font(font), size=used, colour=color, box=box, fits=fits)
        return used

"""A Canvas that writes SVG markup, for drawings shown in a web page (the walkthrough's HTML player).

Coordinates follow the Canvas protocol (points, origin bottom left, y up); the drawing is flipped
once into SVG's y-down space. A ``group`` whose key has a picture in ``pictures`` (a data URI,
e.g. a card face rasterised once) becomes ``<use>`` of a ``<symbol>`` defined once per document;
any other group is drawn inline. ``mark_card`` tags the next saved group with ``data-card`` so a
script can follow one physical card from drawing to drawing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardgen.render.canvas import Align, Point, VAlign
from cardgen.xml_escape import escape, quoteattr

FONT_FAMILIES = {"Lato": ("Lato", 400, "normal"), "Lato-Bold": ("Lato", 700, "normal"),
                 "Lato-Italic": ("Lato", 400, "italic"), "Lato-BoldItalic": ("Lato", 700, "italic")}
"""reportlab font name → (CSS family, weight, style)."""


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") or "0"


class SvgCanvas:
    """Implements :class:`~cardgen.render.canvas.Canvas`; :meth:`svg` returns the markup."""

    def __init__(self, width: float, height: float, *, pictures: dict[str, str] | None = None,
                 symbols: dict[str, str] | None = None) -> None:
        self.width, self.height = width, height
        self.pictures = pictures or {}
        self.symbols = symbols if symbols is not None else {}
        """Shared between canvases of one document: key → ``<symbol>`` markup (written once)."""
        self.parts: list[str] = []
        self._open: list[int] = [0]
        self._fill, self._fill_alpha = "#000000", 1.0
        self._stroke, self._stroke_width, self._dash, self._stroke_alpha, self._cap = "#000000", 1.0, "", 1.0, "butt"
        self._card: str | None = None
        self._clips = 0

    # -- state ------------------------------------------------------------------------------
    def mark_card(self, card: str) -> None:
        self._card = card

    def save(self) -> None:
        attr = f' data-card={quoteattr(self._card)}' if self._card else ""
        self._card = None
        self.parts.append(f"<g{attr}>")
        self._open.append(1)

    def restore(self) -> None:
        self.parts.append("</g>" * self._open.pop())

    def _transform(self, value: str) -> None:
        self.parts.append(f'<g transform="{value}">')
        self._open[-1] += 1

    def translate(self, x: float, y: float) -> None:
        self._transform(f"translate({_n(x)} {_n(y)})")

    def rotate(self, degrees: float) -> None:
        self._transform(f"rotate({_n(degrees)})")

    def scale(self, sx: float, sy: float) -> None:
        self._transform(f"scale({_n(sx)} {_n(sy)})")

    def set_fill(self, color: str, alpha: float = 1.0) -> None:
        self._fill, self._fill_alpha = color, alpha

    def set_stroke(self, color: str, width: float, *, dash: Sequence[float] | None = None, alpha: float = 1.0,
                   cap: str = "butt") -> None:
        self._stroke, self._stroke_width, self._stroke_alpha, self._cap = color, width, alpha, cap
        self._dash = " ".join(_n(d) for d in dash) if dash else ""

    def _paint(self, fill: bool, stroke: bool) -> str:
        out = f' fill="{self._fill}"' if fill else ' fill="none"'
        if fill and self._fill_alpha != 1.0:
            out += f' fill-opacity="{_n(self._fill_alpha)}"'
        if stroke:
            out += f' stroke="{self._stroke}" stroke-width="{_n(self._stroke_width)}"'
            if self._dash:
                out += f' stroke-dasharray="{self._dash}"'
            if self._cap != "butt":
                out += f' stroke-linecap="{self._cap}"'
            if self._stroke_alpha != 1.0:
                out += f' stroke-opacity="{_n(self._stroke_alpha)}"'
        return out

    # -- shapes -----------------------------------------------------------------------------
    def rect(self, x: float, y: float, w: float, h: float, *, radius: float = 0, fill: bool = True,
             stroke: bool = False) -> None:
        r = f' rx="{_n(radius)}"' if radius else ""
        self.parts.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{r}{self._paint(fill, stroke)}/>')

    def polygon(self, points: Sequence[Point], *, fill: bool = True, stroke: bool = False, close: bool = True) -> None:
        tag = "polygon" if close else "polyline"
        pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
        self.parts.append(f'<{tag} points="{pts}"{self._paint(fill, stroke)}/>')

    def bezier_path(self, start: Point, segments: Sequence[tuple[Point, Point, Point] | Point], *, fill: bool = True,
                    stroke: bool = False, close: bool = True) -> None:
        d = [f"M{_n(start[0])} {_n(start[1])}"]
        for segment in segments:
            if isinstance(segment[0], tuple):
                (a, b), (c, e), (f, g) = segment  # type: ignore[misc]
                d.append(f"C{_n(a)} {_n(b)} {_n(c)} {_n(e)} {_n(f)} {_n(g)}")
            else:
                d.append(f"L{_n(segment[0])} {_n(segment[1])}")  # type: ignore[arg-type]
        if close:
            d.append("Z")
        self.parts.append(f'<path d="{" ".join(d)}"{self._paint(fill, stroke)}/>')

    def circle(self, x: float, y: float, r: float, *, fill: bool = True, stroke: bool = False) -> None:
        self.parts.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}"{self._paint(fill, stroke)}/>')

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self.parts.append(f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"{self._paint(False, True)}/>')

    def clip_rect(self, x: float, y: float, w: float, h: float) -> None:
        self._clips += 1
        ident = f"clip{id(self) % 10_000}-{self._clips}"
        self.parts.append(f'<clipPath id="{ident}"><rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"/>'
                          f'</clipPath><g clip-path="url(#{ident})">')
        self._open[-1] += 1

    # -- text -------------------------------------------------------------------------------
    def text(self, x: float, y: float, text: str, *, font: str, size: float, align: Align = "left") -> None:
        family, weight, style = FONT_FAMILIES.get(font, ("Lato", 400, "normal"))
        anchor = {"left": "start", "center": "middle", "right": "end"}[align]
        italic = ' font-style="italic"' if style == "italic" else ""
        self.parts.append(f'<text transform="translate({_n(x)} {_n(y)}) scale(1 -1)" font-family="{family}, sans-serif" '
                          f'font-weight="{weight}"{italic} font-size="{_n(size)}" text-anchor="{anchor}" '
                          f'fill="{self._fill}">{escape(text)}</text>')

    def text_box(self, text: str, x: float, y: float, w: float, h: float, *, font: str, size: float,
                 min_size: float | None = None, leading: float = 1.2, align: Align = "left",
                 valign: VAlign = "top", color: str = "#000000", language: str | None = None) -> float:
        """One line, bold ``**…**`` markers dropped (the player shows long text as HTML beside the drawing)."""
        self.set_fill(color)
        self.text(x, y + h / 2 - size / 3, text.replace("**", ""), font=font, size=size, align=align)
        return size

    # -- pictures ---------------------------------------------------------------------------
    def image(self, path: str, x: float, y: float, w: float, h: float) -> None:
        return None  # frames draw no images of their own; card faces come as pictures

    def drawing(self, key: str, svg_path: str, x: float, y: float, w: float, h: float) -> None:
        return None

    def group(self, key: str, bbox: tuple[float, float, float, float], draw: Callable[[SvgCanvas], None]) -> None:
        picture = self.pictures.get(key)
        x, y, w, h = bbox
        if picture is None:
            draw(self)
            return
        if key not in self.symbols:
            # the picture is upright in y-down space: flip it back inside the y-up drawing
            self.symbols[key] = (f'<symbol id="sym-{key}" viewBox="{_n(x)} {_n(y)} {_n(w)} {_n(h)}">'
                                 f'<image href="{picture}" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" '
                                 f'transform="translate(0 {_n(2 * y + h)}) scale(1 -1)" preserveAspectRatio="none"/>'
                                 "</symbol>")
        self.parts.append(f'<use href="#sym-{key}" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"/>')

    def svg(self, *, attrs: str = "", crop_bottom: float = 0.0) -> str:
        """The drawing as one ``<svg>`` element (symbols not included: see :attr:`symbols`), without
        its lowest ``crop_bottom`` points."""
        body = "".join(self.parts)
        return (f'<svg viewBox="0 0 {_n(self.width)} {_n(self.height - crop_bottom)}" {attrs}>'
                f'<g transform="translate(0 {_n(self.height)}) scale(1 -1)">{body}</g></svg>')

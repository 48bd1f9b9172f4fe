"""The Canvas protocol on a reportlab.graphics Group: card icons and symbols inside diagrams.

Diagrams are ``reportlab.graphics`` Drawings (vector, inspectable in tests); this adapter lets
them reuse the card icons that are drawn through :class:`~cardgen.render.canvas.Canvas`.
Clipping, images and text boxes are not needed there and are not supported.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from reportlab.graphics.shapes import Circle, Group, Line, Path, Polygon, PolyLine, Rect, String
from reportlab.lib.colors import HexColor

from cardgen.render.canvas import Align, Point, VAlign
from cardgen.render.fonts import ensure_font

_CAPS = {"butt": 0, "round": 1, "square": 2}


@dataclass(frozen=True)
class _State:
    fill: str = "#000000"
    fill_alpha: float = 1.0
    stroke: str = "#000000"
    stroke_width: float = 1.0
    stroke_alpha: float = 1.0
    dash: tuple[float, ...] | None = None
    cap: int = 0


class ShapesCanvas:
    """Implements :class:`~cardgen.render.canvas.Canvas` by adding shapes to a Group."""

    def __init__(self, group: Group) -> None:
        self.node = group
        self.state = _State()
        self._stack: list[tuple[Group, _State]] = []

    # -- state ------------------------------------------------------------------------------
    def save(self) -> None:
        self._stack.append((self.node, self.state))

    def restore(self) -> None:
        self.node, self.state = self._stack.pop()

    def _child(self, transform: tuple[float, float, float, float, float, float]) -> None:
        child = Group()
        child.transform = transform
        self.node.add(child)
        self.node = child

    def translate(self, x: float, y: float) -> None:
        self._child((1, 0, 0, 1, x, y))

    def rotate(self, degrees: float) -> None:
        import math

        a = math.radians(degrees)
        self._child((math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0, 0))

    def scale(self, sx: float, sy: float) -> None:
        self._child((sx, 0, 0, sy, 0, 0))

    def set_fill(self, color: str, alpha: float = 1.0) -> None:
        self.state = replace(self.state, fill=color, fill_alpha=alpha)

    def set_stroke(self, color: str, width: float, *, dash: Sequence[float] | None = None, alpha: float = 1.0,
                   cap: str = "butt") -> None:
        self.state = replace(self.state, stroke=color, stroke_width=width, stroke_alpha=alpha,
                             dash=tuple(dash) if dash else None, cap=_CAPS[cap])

    # -- shapes -----------------------------------------------------------------------------
    def _paint(self, shape: Any, *, fill: bool, stroke: bool) -> Any:
        s = self.state
        if not isinstance(shape, (Line, PolyLine)):
            shape.fillColor = HexColor(s.fill) if fill else None
        shape.strokeColor = HexColor(s.stroke) if stroke else None
        if fill and s.fill_alpha != 1.0:
            shape.fillOpacity = s.fill_alpha
        if stroke:
            shape.strokeWidth = s.stroke_width
            shape.strokeLineCap = s.cap
            if s.dash:
                shape.strokeDashArray = list(s.dash)
            if s.stroke_alpha != 1.0:
                shape.strokeOpacity = s.stroke_alpha
        self.node.add(shape)
        return shape

    def rect(self, x: float, y: float, w: float, h: float, *, radius: float = 0, fill: bool = True, stroke: bool = False) -> None:
        self._paint(Rect(x, y, w, h, rx=radius, ry=radius), fill=fill, stroke=stroke)

    def polygon(self, points: Sequence[Point], *, fill: bool = True, stroke: bool = False, close: bool = True) -> None:
        flat = [v for point in points for v in point]
        if close:
            self._paint(Polygon(flat), fill=fill, stroke=stroke)
        else:
            self._paint(PolyLine(flat), fill=False, stroke=True)

    def bezier_path(self, start: Point, segments: Sequence[Any], *, fill: bool = True, stroke: bool = False,
                    close: bool = True) -> None:
        path = Path()
        path.moveTo(*start)
        for segment in segments:
            if len(segment) == 3 and isinstance(segment[0], tuple):
                (x1, y1), (x2, y2), (x3, y3) = segment
                path.curveTo(x1, y1, x2, y2, x3, y3)
            else:
                path.lineTo(*segment)
        if close:
            path.closePath()
        self._paint(path, fill=fill, stroke=stroke)

    def circle(self, x: float, y: float, r: float, *, fill: bool = True, stroke: bool = False) -> None:
        self._paint(Circle(x, y, r), fill=fill, stroke=stroke)

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self._paint(Line(x1, y1, x2, y2), fill=False, stroke=True)

    def clip_rect(self, x: float, y: float, w: float, h: float) -> None:
        """Diagrams draw nothing that needs clipping; ignored."""

    def text(self, x: float, y: float, text: str, *, font: str, size: float, align: Align = "left") -> None:
        anchor = {"left": "start", "center": "middle", "right": "end"}[align]
        self.node.add(String(x, y, text, fontName=ensure_font(font), fontSize=size, fillColor=HexColor(self.state.fill),
                              textAnchor=anchor))

    def text_box(self, text: str, x: float, y: float, w: float, h: float, *, font: str, size: float,
                 min_size: float | None = None, leading: float = 1.2, align: Align = "left",
                 valign: VAlign = "top", color: str = "#000000", language: str | None = None) -> float:
        raise NotImplementedError("text boxes are not drawn in diagrams")

    def image(self, path: str, x: float, y: float, w: float, h: float) -> None:
        raise NotImplementedError("diagrams are vector only")

    def drawing(self, key: str, svg_path: str, x: float, y: float, w: float, h: float) -> None:
        raise NotImplementedError("diagrams are vector only")

    def group(self, key: str, bbox: tuple[float, float, float, float], draw: Callable[[Any], None]) -> None:
        draw(self)

"""One drawing, two canvases: the PDF canvas draws it while a measuring canvas watches.

The card sheets draw every distinct face once; the preflight needs each face's ink (where
every element lands, how each text box was set). Drawing the face a second time into a
measuring canvas costs as much as the first drawing. A :class:`TeeCanvas` sends every call to
both: the watcher follows the same transforms and clips, and takes each text box as the PDF
canvas set it (:class:`~cardgen.render.canvas.TextFit`) instead of setting it again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from cardgen.render.canvas import Align, Canvas, Point, TextFit, VAlign
from cardgen.render.reportlab_canvas import ReportlabCanvas


class Watcher(Canvas, Protocol):
    """A canvas that measures: it hears whose drawing follows and takes text boxes as set."""

    def begin_element(self, layout: str, element: str) -> None: ...

    def text_box_set(self, text: str, x: float, y: float, w: float, h: float, *, font: str, size: float,
                     min_size: float | None = None, leading: float = 1.2, align: Align = "left",
                     valign: VAlign = "top", color: str = "#000000", language: str | None = None,
                     fit: TextFit | None) -> float: ...


class TeeCanvas:
    """Implements :class:`~cardgen.render.canvas.Canvas`: ``drawn`` draws, ``watcher`` measures."""

    def __init__(self, drawn: ReportlabCanvas, watcher: Watcher) -> None:
        self.drawn = drawn
        self.watcher = watcher

    def begin_element(self, layout: str, element: str) -> None:
        self.watcher.begin_element(layout, element)

    def save(self) -> None:
        self.drawn.save()
        self.watcher.save()

    def restore(self) -> None:
        self.drawn.restore()
        self.watcher.restore()

    def translate(self, x: float, y: float) -> None:
        self.drawn.translate(x, y)
        self.watcher.translate(x, y)

    def rotate(self, degrees: float) -> None:
        self.drawn.rotate(degrees)
        self.watcher.rotate(degrees)

    def scale(self, sx: float, sy: float) -> None:
        self.drawn.scale(sx, sy)
        self.watcher.scale(sx, sy)

    def set_fill(self, color: str, alpha: float = 1.0) -> None:
        self.drawn.set_fill(color, alpha)
        self.watcher.set_fill(color, alpha)

    def set_stroke(self, color: str, width: float, *, dash: Sequence[float] | None = None, alpha: float = 1.0,
                   cap: str = "butt") -> None:
        self.drawn.set_stroke(color, width, dash=dash, alpha=alpha, cap=cap)
        self.watcher.set_stroke(color, width, dash=dash, alpha=alpha, cap=cap)

    def rect(self, x: float, y: float, w: float, h: float, *, radius: float = 0, fill: bool = True,
             stroke: bool = False) -> None:
        self.drawn.rect(x, y, w, h, radius=radius, fill=fill, stroke=stroke)
        self.watcher.rect(x, y, w, h, radius=radius, fill=fill, stroke=stroke)

    def polygon(self, points: Sequence[Point], *, fill: bool = True, stroke: bool = False, close: bool = True) -> None:
        self.drawn.polygon(points, fill=fill, stroke=stroke, close=close)
        self.watcher.polygon(points, fill=fill, stroke=stroke, close=close)

    def bezier_path(self, start: Point, segments: Sequence[Any], *, fill: bool = True, stroke: bool = False,
                    close: bool = True) -> None:
        self.drawn.bezier_path(start, segments, fill=fill, stroke=stroke, close=close)
        self.watcher.bezier_path(start, segments, fill=fill, stroke=stroke, close=close)

    def circle(self, x: float, y: float, r: float, *, fill: bool = True, stroke: bool = False) -> None:
        self.drawn.circle(x, y, r, fill=fill, stroke=stroke)
        self.watcher.circle(x, y, r, fill=fill, stroke=stroke)

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self.drawn.line(x1, y1, x2, y2)
        self.watcher.line(x1, y1, x2, y2)

    def clip_rect(self, x: float, y: float, w: float, h: float) -> None:
        self.drawn.clip_rect(x, y, w, h)
        self.watcher.clip_rect(x, y, w, h)

    def text(self, x: float, y: float, text: str, *, font: str, size: float, align: Align = "left") -> None:
        self.drawn.text(x, y, text, font=font, size=size, align=align)
        self.watcher.text(x, y, text, font=font, size=size, align=align)

    def text_box(self, text: str, x: float, y: float, w: float, h: float, *, font: str, size: float,
                 min_size: float | None = None, leading: float = 1.2, align: Align = "left",
                 valign: VAlign = "top", color: str = "#000000", language: str | None = None) -> float:
        used = self.drawn.text_box(text, x, y, w, h, font=font, size=size, min_size=min_size, leading=leading,
                                   align=align, valign=valign, color=color, language=language)
        self.watcher.text_box_set(text, x, y, w, h, font=font, size=size, min_size=min_size, leading=leading,
                                  align=align, valign=valign, color=color, language=language,
                                  fit=self.drawn.last_fit)
        return used

    def image(self, path: str, x: float, y: float, w: float, h: float) -> None:
        self.drawn.image(path, x, y, w, h)
        self.watcher.image(path, x, y, w, h)

    def drawing(self, key: str, svg_path: str, x: float, y: float, w: float, h: float) -> None:
        self.drawn.drawing(key, svg_path, x, y, w, h)
        self.watcher.drawing(key, svg_path, x, y, w, h)

    def group(self, key: str, bbox: tuple[float, float, float, float], draw: Callable[[Canvas], None]) -> None:
        """The PDF stores the group once (a form); the watcher measures its drawing at every use."""
        self.drawn.group(key, bbox, draw)
        self.watcher.group(key, bbox, draw)

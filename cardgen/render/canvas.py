"""The small drawing protocol every card face, back and diagram is drawn through.

Coordinates are PDF points with the origin at the bottom-left and y pointing up. The same
drawing code renders to a reportlab canvas (sheets, single-card PDFs, PNGs through pdfium) or
to a :class:`~cardgen.render.recording_canvas.RecordingCanvas` whose call log tests compare.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

Point = tuple[float, float]
Align = Literal["left", "center", "right"]
VAlign = Literal["top", "middle", "bottom"]


@dataclass(frozen=True)
class TextFit:
    """How a text box was set: the room left on each line, the size used and the text's height.

    A canvas that draws text boxes (:class:`~cardgen.render.reportlab_canvas.ReportlabCanvas`)
    keeps the last one, so a measuring canvas watching the same drawing can place its ink
    without setting the text a second time.
    """

    spare: tuple[float, ...]
    """Per line, the width left over (negative: the line is wider than the box)."""
    size: float
    height: float


class Canvas(Protocol):
    def save(self) -> None: ...
    def restore(self) -> None: ...
    def translate(self, x: float, y: float) -> None: ...
    def rotate(self, degrees: float) -> None: ...
    def scale(self, sx: float, sy: float) -> None: ...
    def set_fill(self, color: str, alpha: float = 1.0) -> None: ...
    def set_stroke(self, color: str, width: float, *, dash: Sequence[float] | None = None, alpha: float = 1.0,
                   cap: str = "butt") -> None: ...
    def rect(self, x: float, y: float, w: float, h: float, *, radius: float = 0, fill: bool = True, stroke: bool = False) -> None: ...
    def polygon(self, points: Sequence[Point], *, fill: bool = True, stroke: bool = False, close: bool = True) -> None: ...
    def bezier_path(self, start: Point, segments: Sequence[tuple[Point, Point, Point] | Point], *, fill: bool = True,
                    stroke: bool = False, close: bool = True) -> None: ...
    def circle(self, x: float, y: float, r: float, *, fill: bool = True, stroke: bool = False) -> None: ...
    def line(self, x1: float, y1: float, x2: float, y2: float) -> None: ...
    def clip_rect(self, x: float, y: float, w: float, h: float) -> None: ...
    def text(self, x: float, y: float, text: str, *, font: str, size: float, align: Align = "left") -> None: ...
    def text_box(self, text: str, x: float, y: float, w: float, h: float, *, font: str, size: float,
                 min_size: float | None = None, leading: float = 1.2, align: Align = "left",
                 valign: VAlign = "top", color: str = "#000000", language: str | None = None) -> float:
        """Wrap ``text`` in the box, shrinking from ``size`` to ``min_size``; returns the size used.

        ``language`` picks the typography pass (no-break spaces, quotes); None: the canvas's own language.
        """
        ...
    def image(self, path: str, x: float, y: float, w: float, h: float) -> None: ...
    def drawing(self, key: str, svg_path: str, x: float, y: float, w: float, h: float) -> None: ...
    def group(self, key: str, bbox: tuple[float, float, float, float], draw: Callable[["Canvas"], None]) -> None:
        """Draw ``draw`` at the origin; a backend may store it once under ``key`` and reuse it."""
        ...

"""A Canvas that records every call as one line of text, for golden-file tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardgen.render.canvas import Align, Point, VAlign


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, (list, tuple)):
        return "(" + ",".join(_fmt(v) for v in value) + ")"
    return repr(value) if isinstance(value, str) else str(value)


class RecordingCanvas:
    """Implements :class:`~cardgen.render.canvas.Canvas` by appending to ``calls``."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.records: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def _log(self, name: str, *args: Any, **kwargs: Any) -> None:
        self.records.append((name, args, kwargs))
        parts = [_fmt(a) for a in args] + [f"{k}={_fmt(v)}" for k, v in kwargs.items()]
        self.calls.append(f"{name}({', '.join(parts)})")

    def text_log(self) -> str:
        return "\n".join(self.calls) + "\n"

    def texts(self) -> list[str]:
        """Every piece of text drawn, in order."""
        out = []
        for call in self.calls:
            if call.startswith(("text(", "text_box(")):
                out.append(call)
        return out

    def save(self) -> None: self._log("save")
    def restore(self) -> None: self._log("restore")
    def translate(self, x: float, y: float) -> None: self._log("translate", float(x), float(y))
    def rotate(self, degrees: float) -> None: self._log("rotate", float(degrees))
    def scale(self, sx: float, sy: float) -> None: self._log("scale", float(sx), float(sy))
    def set_fill(self, color: str, alpha: float = 1.0) -> None: self._log("set_fill", color, alpha=float(alpha))

    def set_stroke(self, color: str, width: float, *, dash: Sequence[float] | None = None, alpha: float = 1.0,
                   cap: str = "butt") -> None:
        self._log("set_stroke", color, float(width), dash=tuple(dash) if dash else None, cap=cap)

    def rect(self, x: float, y: float, w: float, h: float, *, radius: float = 0, fill: bool = True, stroke: bool = False) -> None:
        self._log("rect", float(x), float(y), float(w), float(h), radius=float(radius), fill=fill, stroke=stroke)

    def polygon(self, points: Sequence[Point], *, fill: bool = True, stroke: bool = False, close: bool = True) -> None:
        self._log("polygon", [(float(a), float(b)) for a, b in points], fill=fill, stroke=stroke)

    def bezier_path(self, start: Point, segments: Sequence[Any], *, fill: bool = True, stroke: bool = False,
                    close: bool = True) -> None:
        self._log("bezier_path", start, len(segments), fill=fill, stroke=stroke)

    def circle(self, x: float, y: float, r: float, *, fill: bool = True, stroke: bool = False) -> None:
        self._log("circle", float(x), float(y), float(r), fill=fill, stroke=stroke)

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self._log("line", float(x1), float(y1), float(x2), float(y2))

    def clip_rect(self, x: float, y: float, w: float, h: float) -> None:
        self._log("clip_rect", float(x), float(y), float(w), float(h))

    def text(self, x: float, y: float, text: str, *, font: str, size: float, align: Align = "left") -> None:
        self._log("text", float(x), float(y), text, font=font, size=float(size), align=align)

    def text_box(self, text: str, x: float, y: float, w: float, h: float, *, font: str, size: float,
                 min_size: float | None = None, leading: float = 1.2, align: Align = "left",
                 valign: VAlign = "top", color: str = "#000000", language: str | None = None) -> float:
        self._log("text_box", text, float(x), float(y), float(w), float(h), font=font, size=float(size), align=align)
        return float(size)

    def image(self, path: str, x: float, y: float, w: float, h: float) -> None:
        self._log("image", path, float(x), float(y), float(w), float(h))

    def group(self, key: str, bbox: tuple[float, float, float, float], draw: Any) -> None:
        """Logged by key only: the group's own drawing is tested where it is defined."""
        self._log("group", key)

    def drawing(self, key: str, svg_path: str, x: float, y: float, w: float, h: float) -> None:
        self._log("drawing", key, float(x), float(y), float(w), float(h))

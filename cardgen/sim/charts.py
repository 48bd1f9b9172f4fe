"""Small vector charts for statistics reports (reportlab.graphics Drawings, bundled fonts).

Every chart labels both axes with their unit, keeps its legend in a row of its own under the
axis caption, and places its strings so that none overlaps another: :func:`text_boxes` measures
them, and the tests check every chart a report draws.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from reportlab.graphics.shapes import Drawing, Group, Line, Rect, String
from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardgen.render.fonts import BODY, BODY_BOLD, register_fonts

INK = HexColor("#1f2328")
MUTED = HexColor("#5b6470")
GRID = HexColor("#e5e1d8")
BAR = HexColor("#1f5fbf")
ACCENT = HexColor("#c4561d")
TICK_SIZE = 8.0
TITLE_SIZE = 8.5


def nice_step(span: float, ticks: int = 5) -> float:
    """A round tick step (1, 2, 2.5, 5 × 10^n) giving about ``ticks`` ticks over ``span``."""
    if span <= 0:
        return 1.0
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * power:
            return m * power
    return 10 * power


def text_boxes(drawing: Drawing) -> list[tuple[float, float, float, float, str]]:
    """(x0, y0, x1, y1, text) of every string in ``drawing``, in the drawing's coordinates."""
    boxes = []
    for item in _strings(drawing.contents):
        width = stringWidth(item.text, item.fontName, item.fontSize)
        x0 = {"start": item.x, "middle": item.x - width / 2, "end": item.x - width}.get(item.textAnchor, item.x)
        boxes.append((x0, item.y - 0.22 * item.fontSize, x0 + width, item.y + 0.75 * item.fontSize, item.text))
    return boxes


def _strings(items: Sequence[object]) -> list[String]:
    found: list[String] = []
    for item in items:
        if isinstance(item, String):
            found.append(item)
        elif isinstance(item, Group):
            found += _strings(item.contents)
    return found


def overlapping_strings(drawing: Drawing) -> list[tuple[str, str]]:
    """Pairs of strings whose boxes overlap, and strings that stick out of the drawing."""
    boxes = text_boxes(drawing)
    found = []
    for i, a in enumerate(boxes):
        if a[0] < -0.5 or a[2] > drawing.width + 0.5 or a[1] < -0.5 or a[3] > drawing.height + 0.5:
            found.append((a[4], "(outside the chart)"))
        for b in boxes[i + 1:]:
            if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                found.append((a[4], b[4]))
    return found


def signed_number(value: float) -> str:
    """A tick label with a true minus sign, and no sign on zero: −2.5, 0, +2.5."""
    value = round(value, 9)
    if value == 0:
        return "0"
    return f"{value:+g}".replace("-", "−")


def _text(d: Drawing, x: float, y: float, text: str, *, size: float = TICK_SIZE, color: Color = INK,
          anchor: str = "start", bold: bool = False) -> None:
    d.add(String(x, y, text, fontName=BODY_BOLD if bold else BODY, fontSize=size, fillColor=color,
                 textAnchor=anchor))


def _legend(d: Drawing, entries: Sequence[tuple[str, Color, bool]], y: float, left: float) -> None:
    """A row of (label, colour, dashed line?) entries from ``left`` at height ``y``."""
    x = left
    for label, color, dashed in entries:
        if dashed:
            d.add(Line(x, y + 2.5, x + 14, y + 2.5, strokeColor=color, strokeWidth=1.4, strokeDashArray=[3, 1.5]))
        else:
            d.add(Rect(x, y, 10, 6, fillColor=color, strokeColor=None))
        _text(d, x + 18, y, label)
        x += 30 + stringWidth(label, BODY, TICK_SIZE)


def _y_axis(d: Drawing, left: float, right: float, y0: float, y_of: object, low: float, high: float, step: float,
            fmt: str) -> None:
    tick = math.ceil(low / step - 1e-9) * step
    while tick <= high + 1e-9:
        y = y_of(tick)  # type: ignore[operator]
        d.add(Line(left, y, right, y, strokeColor=GRID, strokeWidth=0.5))
        _text(d, left - 4, y - 2.6, fmt.format(tick + 0.0), color=MUTED, anchor="end")
        tick += step


def bar_chart(values: Sequence[float], labels: Sequence[str], *, width: float, height: float, y_title: str,
              x_title: str, errors: Sequence[tuple[float, float]] | None = None, marks: Sequence[float] | None = None,
              mark_label: str | None = None, colors: Sequence[Color] | None = None, percent: bool = False,
              y_max: float | None = None, legend: Sequence[tuple[str, Color]] = ()) -> Drawing:
    """Vertical bars, optional error whiskers (low, high) and tick marks per bar (e.g. a fair share).

    ``y_title`` and ``x_title`` name the axes with their units; the legend (marks, colours) sits
    in a row under the x-axis title.
    """
    register_fonts()
    d = Drawing(width, height)
    has_legend = bool(marks and mark_label) or bool(legend)
    left, right = 46.0, 8.0
    bottom = 34.0 + (14.0 if has_legend else 0.0)
    top = 16.0
    plot_w, plot_h = width - left - right, height - bottom - top
    highest = max([*values, *(e[1] for e in errors or ()), *(marks or ()), 1e-9])
    top_value = y_max if y_max is not None else highest * 1.1
    step = nice_step(top_value)
    top_value = math.ceil(top_value / step - 1e-9) * step

    def y(v: float) -> float:
        return bottom + plot_h * v / top_value

    _y_axis(d, left, left + plot_w, bottom, y, 0.0, top_value, step,
            "{:.0%}" if percent and step >= 0.01 else "{:.1%}" if percent else "{:g}")
    n = max(1, len(values))
    slot = plot_w / n
    bar_w = min(38.0, slot * 0.62)
    for i, v in enumerate(values):
        cx = left + slot * (i + 0.5)
        color = colors[i % len(colors)] if colors else BAR
        d.add(Rect(cx - bar_w / 2, bottom, bar_w, max(0.0, y(v) - bottom), fillColor=color, strokeColor=None))
        if errors:
            lo, hi = errors[i]
            d.add(Line(cx, y(lo), cx, y(hi), strokeColor=INK, strokeWidth=0.8))
            for end in (lo, hi):
                d.add(Line(cx - 3, y(end), cx + 3, y(end), strokeColor=INK, strokeWidth=0.8))
        if marks:
            d.add(Line(cx - bar_w / 2 - 2, y(marks[i]), cx + bar_w / 2 + 2, y(marks[i]), strokeColor=ACCENT,
                       strokeWidth=1.4, strokeDashArray=[3, 1.5]))
        _text(d, cx, bottom - 11, labels[i] if i < len(labels) else "", anchor="middle")
    d.add(Line(left, bottom, left + plot_w, bottom, strokeColor=INK, strokeWidth=0.8))
    _text(d, left + plot_w / 2, bottom - 24, x_title, size=TITLE_SIZE, color=MUTED, anchor="middle")
    _text(d, 2, height - 9, y_title, size=TITLE_SIZE, color=MUTED)
    entries = [(mark_label, ACCENT, True)] if marks and mark_label else []
    entries += [(label, color, False) for label, color in legend]
    if entries:
        _legend(d, entries, 3, left)
    return d


def histogram_chart(bins: Sequence[dict[str, float]], *, width: float, height: float, x_title: str,
                    y_title: str = "games", marker: float | None = None, marker_label: str = "") -> Drawing:
    """A histogram from ``[{'from', 'to', 'games'}]`` with an optional vertical marker (e.g. 90 s).

    The marker's label sits in the legend row under the x-axis title.
    """
    register_fonts()
    d = Drawing(width, height)
    left, right, top = 46.0, 10.0, 16.0
    bottom = 34.0 + (14.0 if marker is not None else 0.0)
    plot_w, plot_h = width - left - right, height - bottom - top
    if not bins:
        return d
    lo = min([b["from"] for b in bins] + ([marker - 1] if marker is not None else []))
    hi = max([b["to"] for b in bins] + ([marker + 1] if marker is not None else []))
    peak = max(b["games"] for b in bins) or 1
    step = max(1.0, nice_step(peak * 1.1))
    top_value = math.ceil(peak * 1.1 / step) * step

    def x(v: float) -> float:
        return left + plot_w * (v - lo) / (hi - lo)

    def y(v: float) -> float:
        return bottom + plot_h * v / top_value

    _y_axis(d, left, left + plot_w, bottom, y, 0.0, top_value, step, "{:,.0f}")
    for b in bins:
        d.add(Rect(x(b["from"]) + 0.25, bottom, max(0.4, x(b["to"]) - x(b["from"]) - 0.5), y(b["games"]) - bottom,
                   fillColor=BAR, strokeColor=None))
    xstep = nice_step(hi - lo, 8)
    t = math.ceil(lo / xstep) * xstep
    while t <= hi + 1e-9:
        d.add(Line(x(t), bottom, x(t), bottom - 3, strokeColor=INK, strokeWidth=0.6))
        _text(d, x(t), bottom - 11, f"{t:g}", anchor="middle")
        t += xstep
    d.add(Line(left, bottom, left + plot_w, bottom, strokeColor=INK, strokeWidth=0.8))
    if marker is not None:
        d.add(Line(x(marker), bottom, x(marker), bottom + plot_h, strokeColor=ACCENT, strokeWidth=1.2,
                   strokeDashArray=[4, 2]))
        _legend(d, [(marker_label, ACCENT, True)], 3, left)
    _text(d, left + plot_w / 2, bottom - 24, x_title, size=TITLE_SIZE, color=MUTED, anchor="middle")
    _text(d, 2, height - 9, y_title, size=TITLE_SIZE, color=MUTED)
    return d


def interval_chart(labels: Sequence[str], values: Sequence[float], intervals: Sequence[tuple[float, float]], *,
                   width: float, x_title: str, row_height: float = 15.0, color: Color = BAR) -> Drawing:
    """Horizontal bars from zero (positive or negative) with 95% whiskers, one row per label.

    ``x_title`` names the quantity and its unit; a zero line shows "no change".
    """
    register_fonts()
    left = 14.0 + max([stringWidth(label, BODY, TICK_SIZE) for label in labels] + [10.0])
    right, top, bottom = 14.0, 8.0, 34.0
    height = top + bottom + row_height * max(1, len(labels))
    d = Drawing(width, height)
    plot_w = width - left - right
    low = min([0.0, *(i[0] for i in intervals), *values])
    high = max([0.0, *(i[1] for i in intervals), *values])
    if high - low < 1e-9:
        high, low = high + 1, low - 1
    step = nice_step(high - low, 6)
    low = math.floor(low / step - 1e-9) * step
    high = math.ceil(high / step + 1e-9) * step

    def x(v: float) -> float:
        return left + plot_w * (v - low) / (high - low)

    tick = low
    while tick <= high + 1e-9:
        d.add(Line(x(tick), bottom, x(tick), height - top, strokeColor=GRID, strokeWidth=0.5))
        _text(d, x(tick), bottom - 11, signed_number(tick), color=MUTED, anchor="middle")
        tick += step
    for i, (label, value, (lo, hi)) in enumerate(zip(labels, values, intervals)):
        cy = height - top - row_height * (i + 0.5)
        bar_h = row_height * 0.55
        x0, x1 = sorted((x(0), x(value)))
        d.add(Rect(x0, cy - bar_h / 2, max(0.5, x1 - x0), bar_h, fillColor=color, strokeColor=None))
        d.add(Line(x(lo), cy, x(hi), cy, strokeColor=INK, strokeWidth=0.8))
        for end in (lo, hi):
            d.add(Line(x(end), cy - 3, x(end), cy + 3, strokeColor=INK, strokeWidth=0.8))
        _text(d, left - 6, cy - 2.6, label, anchor="end")
    d.add(Line(x(0), bottom, x(0), height - top, strokeColor=INK, strokeWidth=0.9))
    d.add(Line(left, bottom, left + plot_w, bottom, strokeColor=INK, strokeWidth=0.8))
    _text(d, left + plot_w / 2, bottom - 24, x_title, size=TITLE_SIZE, color=MUTED, anchor="middle")
    return d

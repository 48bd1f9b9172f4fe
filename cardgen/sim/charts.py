"""Small vector charts for the statistics report (reportlab.graphics Drawings, bundled fonts)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.lib.colors import Color, HexColor

from cardgen.render.fonts import BODY, BODY_BOLD, register_fonts

INK = HexColor("#1f2328")
MUTED = HexColor("#6b7280")
GRID = HexColor("#e5e7eb")
BAR = HexColor("#1f5fbf")
ACCENT = HexColor("#c4561d")


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


def bar_chart(values: Sequence[float], labels: Sequence[str], *, width: float, height: float,
              errors: Sequence[tuple[float, float]] | None = None, marks: Sequence[float] | None = None,
              mark_label: str | None = None, colors: Sequence[Color] | None = None, percent: bool = False,
              y_max: float | None = None, x_title: str | None = None, y_title: str | None = None,
              reference: tuple[float, str] | None = None) -> Drawing:
    """Vertical bars, optional error whiskers (low, high), optional tick marks per bar (e.g. a fair
    share) and an optional horizontal reference line (value, label)."""
    register_fonts()
    d = Drawing(width, height)
    left, bottom, right = 42.0, 30.0 if x_title else 20.0, 8.0
    top = 22.0 if (y_title or (marks and mark_label)) else 10.0
    plot_w, plot_h = width - left - right, height - bottom - top
    highest = max([*values, *(e[1] for e in errors or ()), *(marks or ()), reference[0] if reference else 0, 1e-9])
    top_value = y_max if y_max is not None else highest * 1.12
    step = nice_step(top_value)
    top_value = math.ceil(top_value / step - 1e-9) * step

    def y(v: float) -> float:
        return bottom + plot_h * v / top_value

    tick = 0.0
    while tick <= top_value + 1e-9:
        d.add(Line(left, y(tick), left + plot_w, y(tick), strokeColor=GRID, strokeWidth=0.5))
        text = f"{tick * 100:.0f}%" if percent else (f"{tick:g}" if step >= 1 else f"{tick:.2f}")
        d.add(String(left - 4, y(tick) - 3, text, fontName=BODY, fontSize=7, fillColor=MUTED, textAnchor="end"))
        tick += step
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
        label = labels[i] if i < len(labels) else ""
        d.add(String(cx, bottom - 10, label, fontName=BODY, fontSize=7, fillColor=INK, textAnchor="middle"))
    if reference:
        value, text = reference
        d.add(Line(left, y(value), left + plot_w, y(value), strokeColor=ACCENT, strokeWidth=1.2,
                   strokeDashArray=[4, 2]))
        d.add(String(left + plot_w - 2, y(value) + 3, text, fontName=BODY_BOLD, fontSize=7, fillColor=ACCENT,
                     textAnchor="end"))
    d.add(Line(left, bottom, left + plot_w, bottom, strokeColor=INK, strokeWidth=0.8))
    if x_title:
        d.add(String(left + plot_w / 2, 4, x_title, fontName=BODY, fontSize=7.5, fillColor=MUTED, textAnchor="middle"))
    if y_title:
        d.add(String(left, height - 9, y_title, fontName=BODY, fontSize=7.5, fillColor=MUTED))
    if marks and mark_label:
        x0 = left + plot_w - 8 - 4.0 * len(mark_label)
        d.add(Line(x0 - 18, height - 6, x0 - 4, height - 6, strokeColor=ACCENT, strokeWidth=1.4,
                   strokeDashArray=[3, 1.5]))
        d.add(String(x0, height - 9, mark_label, fontName=BODY, fontSize=7, fillColor=INK))
    return d


def histogram_chart(bins: Sequence[dict[str, float]], *, width: float, height: float, marker: float | None = None,
                    marker_label: str = "", x_title: str = "") -> Drawing:
    """A histogram from ``[{'from', 'to', 'games'}]`` with an optional vertical marker (e.g. 90 s)."""
    register_fonts()
    d = Drawing(width, height)
    left, bottom, top, right = 42.0, 30.0, 12.0, 10.0
    plot_w, plot_h = width - left - right, height - bottom - top
    if not bins:
        return d
    lo = min([b["from"] for b in bins] + ([marker] if marker is not None else []))
    hi = max([b["to"] for b in bins] + ([marker + 1] if marker is not None else []))
    peak = max(b["games"] for b in bins) or 1
    step = nice_step(peak * 1.1)
    top_value = math.ceil(peak * 1.1 / step) * step

    def x(v: float) -> float:
        return left + plot_w * (v - lo) / (hi - lo)

    def y(v: float) -> float:
        return bottom + plot_h * v / top_value

    tick = 0.0
    while tick <= top_value + 1e-9:
        d.add(Line(left, y(tick), left + plot_w, y(tick), strokeColor=GRID, strokeWidth=0.5))
        d.add(String(left - 4, y(tick) - 3, f"{tick:g}", fontName=BODY, fontSize=7, fillColor=MUTED, textAnchor="end"))
        tick += step
    for b in bins:
        d.add(Rect(x(b["from"]) + 0.5, bottom, max(0.5, x(b["to"]) - x(b["from"]) - 1), y(b["games"]) - bottom,
                   fillColor=BAR, strokeColor=None))
    xstep = nice_step(hi - lo, 8)
    t = math.ceil(lo / xstep) * xstep
    while t <= hi + 1e-9:
        d.add(Line(x(t), bottom, x(t), bottom - 3, strokeColor=INK, strokeWidth=0.6))
        d.add(String(x(t), bottom - 11, f"{t:g}", fontName=BODY, fontSize=7, fillColor=INK, textAnchor="middle"))
        t += xstep
    d.add(Line(left, bottom, left + plot_w, bottom, strokeColor=INK, strokeWidth=0.8))
    if marker is not None:
        d.add(Line(x(marker), bottom, x(marker), bottom + plot_h, strokeColor=ACCENT, strokeWidth=1.2,
                   strokeDashArray=[4, 2]))
        d.add(String(x(marker) - 3, bottom + plot_h - 8, marker_label, fontName=BODY_BOLD, fontSize=7,
                     fillColor=ACCENT, textAnchor="end"))
    if x_title:
        d.add(String(left + plot_w / 2, 4, x_title, fontName=BODY, fontSize=7.5, fillColor=MUTED, textAnchor="middle"))
    return d

"""Built-in vector icons and type symbols, drawn through the Canvas protocol.

Each icon draws inside the square ``(x, y, x+s, y+s)``. They are plain shapes, distinct in
outline as well as colour, so a deck printed in greyscale still tells card types apart.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from cardgen.render.canvas import Canvas

IconFn = Callable[[Canvas, float, float, float, str, str], None]


def _card(c: Canvas, x: float, y: float, w: float, h: float, color: str, paper: str, *, lw: float) -> None:
    c.set_fill(paper)
    c.set_stroke(color, lw)
    c.rect(x, y, w, h, radius=min(w, h) * 0.12, fill=True, stroke=True)


def _arrow(c: Canvas, x1: float, y1: float, x2: float, y2: float, width: float, head: float, color: str) -> None:
    """A filled arrow from (x1, y1) to (x2, y2)."""
    angle = math.atan2(y2 - y1, x2 - x1)
    length = math.hypot(x2 - x1, y2 - y1)
    ca, sa = math.cos(angle), math.sin(angle)

    def pt(u: float, v: float) -> tuple[float, float]:
        return (x1 + u * ca - v * sa, y1 + u * sa + v * ca)

    shaft = length - head
    c.set_fill(color)
    c.polygon([pt(0, -width / 2), pt(shaft, -width / 2), pt(shaft, -head * 0.6), pt(length, 0),
               pt(shaft, head * 0.6), pt(shaft, width / 2), pt(0, width / 2)], fill=True)


def icon_hit(c: Canvas, x: float, y: float, s: float, color: str, paper: str) -> None:
    lw = s * 0.045
    w, h = s * 0.42, s * 0.56
    for i in range(2):
        _card(c, x + s * 0.16 + i * s * 0.08, y + s * 0.04 + i * s * 0.06, w, h, color, paper, lw=lw)
    _arrow(c, x + s * 0.78, y + s * 0.98, x + s * 0.52, y + s * 0.70, s * 0.09, s * 0.2, color)
    # the "+1"
    c.set_fill(color)
    c.rect(x + s * 0.70, y + s * 0.30, s * 0.26, s * 0.07, fill=True)
    c.rect(x + s * 0.795, y + s * 0.205, s * 0.07, s * 0.26, fill=True)


def icon_split(c: Canvas, x: float, y: float, s: float, color: str, paper: str) -> None:
    lw = s * 0.045
    w, h = s * 0.3, s * 0.4
    _card(c, x + s * 0.35, y + s * 0.02, w, h, color, paper, lw=lw)
    _arrow(c, x + s * 0.46, y + s * 0.46, x + s * 0.2, y + s * 0.72, s * 0.08, s * 0.16, color)
    _arrow(c, x + s * 0.54, y + s * 0.46, x + s * 0.8, y + s * 0.72, s * 0.08, s * 0.16, color)
    for cx in (0.02, 0.68):
        c.set_fill(paper)
        c.set_stroke(color, lw, dash=(s * 0.05, s * 0.035))
        c.rect(x + s * cx, y + s * 0.74, s * 0.3, s * 0.24, radius=s * 0.03, fill=True, stroke=True)
    c.set_stroke(color, lw)


def icon_skip(c: Canvas, x: float, y: float, s: float, color: str, paper: str) -> None:
    lw = s * 0.045
    _card(c, x + s * 0.3, y + s * 0.05, s * 0.4, s * 0.52, color, paper, lw=lw)
    # an arch that jumps over the card, ending in an arrow head
    c.set_stroke(color, s * 0.075)
    c.bezier_path((x + s * 0.06, y + s * 0.35), [((x + s * 0.12, y + s * 1.0), (x + s * 0.78, y + s * 1.02), (x + s * 0.86, y + s * 0.5))],
                  fill=False, stroke=True, close=False)
    c.set_fill(color)
    c.polygon([(x + s * 0.74, y + s * 0.56), (x + s * 0.98, y + s * 0.56), (x + s * 0.86, y + s * 0.34)], fill=True)


def icon_push(c: Canvas, x: float, y: float, s: float, color: str, paper: str) -> None:
    lw = s * 0.045
    _card(c, x + s * 0.04, y + s * 0.3, s * 0.46, s * 0.34, color, paper, lw=lw)
    _arrow(c, x + s * 0.36, y + s * 0.47, x + s * 0.98, y + s * 0.47, s * 0.14, s * 0.28, color)


def icon_grab(c: Canvas, x: float, y: float, s: float, color: str, paper: str) -> None:
    lw = s * 0.045
    _card(c, x + s * 0.5, y + s * 0.55, s * 0.46, s * 0.34, color, paper, lw=lw)
    # a hook reaching round the card and pulling it towards you (down-left)
    c.set_stroke(color, s * 0.08)
    c.bezier_path((x + s * 0.18, y + s * 0.2), [((x + s * 0.16, y + s * 0.95), (x + s * 0.5, y + s * 1.0), (x + s * 0.6, y + s * 0.95))],
                  fill=False, stroke=True, close=False)
    _arrow(c, x + s * 0.62, y + s * 0.42, x + s * 0.22, y + s * 0.04, s * 0.1, s * 0.2, color)


def icon_stop(c: Canvas, x: float, y: float, s: float, color: str, paper: str) -> None:
    cx, cy, r = x + s / 2, y + s / 2, s * 0.48
    points = [(cx + r * math.cos(math.radians(22.5 + 45 * i)), cy + r * math.sin(math.radians(22.5 + 45 * i))) for i in range(8)]
    c.set_fill(color)
    c.polygon(points, fill=True)
    c.set_fill(paper)
    c.rect(cx - r * 0.62, cy - r * 0.16, r * 1.24, r * 0.32, fill=True)


def icon_extra(c: Canvas, x: float, y: float, s: float, color: str, paper: str) -> None:
    lw = s * 0.045
    _card(c, x + s * 0.04, y + s * 0.18, s * 0.56, s * 0.4, color, paper, lw=lw)
    _card(c, x + s * 0.2, y + s * 0.06, s * 0.56, s * 0.4, color, paper, lw=lw)
    c.set_fill(color)
    c.rect(x + s * 0.6, y + s * 0.74, s * 0.38, s * 0.1, fill=True)
    c.rect(x + s * 0.74, y + s * 0.6, s * 0.1, s * 0.38, fill=True)


def icon_ground(c: Canvas, x: float, y: float, s: float, color: str, paper: str) -> None:
    c.set_fill(color)
    c.rect(x, y + s * 0.2, s, s * 0.1, fill=True)
    c.set_stroke(color, s * 0.04)
    for i in range(6):
        gx = x + s * (0.04 + i * 0.17)
        c.line(gx, y + s * 0.2, gx - s * 0.12, y + s * 0.02)
    _arrow(c, x + s * 0.5, y + s * 0.98, x + s * 0.5, y + s * 0.36, s * 0.14, s * 0.26, color)


def icon_sword(c: Canvas, x: float, y: float, s: float, color: str, paper: str) -> None:
    c.set_fill(color)
    c.polygon([(x + s * 0.45, y + s * 0.3), (x + s * 0.55, y + s * 0.3), (x + s * 0.55, y + s * 0.88), (x + s * 0.5, y + s * 0.98),
               (x + s * 0.45, y + s * 0.88)], fill=True)
    c.rect(x + s * 0.28, y + s * 0.24, s * 0.44, s * 0.07, fill=True)
    c.rect(x + s * 0.46, y + s * 0.04, s * 0.08, s * 0.2, fill=True)


def icon_chest(c: Canvas, x: float, y: float, s: float, color: str, paper: str) -> None:
    c.set_fill(color)
    c.rect(x + s * 0.08, y + s * 0.12, s * 0.84, s * 0.46, radius=s * 0.04, fill=True)
    c.bezier_path((x + s * 0.08, y + s * 0.62), [((x + s * 0.1, y + s * 0.92), (x + s * 0.9, y + s * 0.92), (x + s * 0.92, y + s * 0.62))],
                  fill=True)
    c.set_fill(paper)
    c.rect(x + s * 0.44, y + s * 0.38, s * 0.12, s * 0.16, fill=True)


def icon_scroll(c: Canvas, x: float, y: float, s: float, color: str, paper: str) -> None:
    _card(c, x + s * 0.16, y + s * 0.06, s * 0.68, s * 0.88, color, paper, lw=s * 0.05)
    c.set_stroke(color, s * 0.04)
    for i in range(5):
        c.line(x + s * 0.28, y + s * (0.24 + i * 0.13), x + s * 0.72, y + s * (0.24 + i * 0.13))


ICONS: dict[str, IconFn] = {
    "hit": icon_hit,
    "split": icon_split,
    "skip": icon_skip,
    "push": icon_push,
    "grab": icon_grab,
    "stop": icon_stop,
    "extra": icon_extra,
    "ground": icon_ground,
    "sword": icon_sword,
    "chest": icon_chest,
    "scroll": icon_scroll,
}


# -- type symbols (small, in the corners and the type band) ---------------------------------

def _regular(cx: float, cy: float, r: float, n: int, start: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(start + 360 * i / n)), cy + r * math.sin(math.radians(start + 360 * i / n))) for i in range(n)]


def draw_symbol(c: Canvas, name: str, x: float, y: float, s: float, color: str) -> None:
    """A type symbol filled with ``color`` inside the square (x, y, s)."""
    cx, cy, r = x + s / 2, y + s / 2, s / 2
    c.set_fill(color)
    if name == "chevron":
        c.polygon([(x + s * 0.1, y + s * 0.05), (x + s * 0.55, y + s * 0.05), (x + s * 0.95, cy), (x + s * 0.55, y + s * 0.95),
                   (x + s * 0.1, y + s * 0.95), (x + s * 0.5, cy)], fill=True)
    elif name == "diamond":
        c.polygon([(cx, y), (x + s, cy), (cx, y + s), (x, cy)], fill=True)
    elif name == "plus":
        c.rect(x, cy - s * 0.17, s, s * 0.34, fill=True)
        c.rect(cx - s * 0.17, y, s * 0.34, s, fill=True)
    elif name == "bar":
        c.rect(x, y + s * 0.3, s, s * 0.4, fill=True)
    elif name == "circle":
        c.circle(cx, cy, r * 0.95, fill=True)
    elif name == "square":
        c.rect(x + s * 0.08, y + s * 0.08, s * 0.84, s * 0.84, fill=True)
    elif name == "triangle":
        c.polygon([(x, y + s * 0.08), (x + s, y + s * 0.08), (cx, y + s * 0.95)], fill=True)
    elif name == "star":
        points = []
        for i in range(10):
            rr = r if i % 2 == 0 else r * 0.45
            a = math.radians(90 + 36 * i)
            points.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        c.polygon(points, fill=True)
    elif name == "shield":
        c.bezier_path((x + s * 0.08, y + s * 0.95), [(x + s * 0.92, y + s * 0.95), ((x + s * 0.92, y + s * 0.4), (x + s * 0.7, y + s * 0.15), (cx, y)),
                      ((x + s * 0.3, y + s * 0.15), (x + s * 0.08, y + s * 0.4), (x + s * 0.08, y + s * 0.95))], fill=True)
    elif name == "hexagon":
        c.polygon(_regular(cx, cy, r, 6, 0), fill=True)
    else:  # pragma: no cover - validated by the model
        raise ValueError(name)


# -- momentum markers (Falling Off): an arrow from a ring, in each of eight directions -----------

MOMENTUM_ANGLES = {"n": 90, "ne": 45, "e": 0, "se": -45, "s": -90, "sw": -135, "w": 180, "nw": 135}


def _momentum_icon(angle: float) -> IconFn:
    def icon(c: Canvas, x: float, y: float, s: float, color: str, paper: str) -> None:
        """A small ring where the piece stands and a bold arrow whose wide head reaches the edge."""
        cx, cy = x + s / 2, y + s / 2
        a = math.radians(angle)
        ca, sa = math.cos(a), math.sin(a)
        diagonal = angle % 90 != 0
        tip, neck = (s * 0.57, s * 0.33) if diagonal else (s * 0.49, s * 0.27)
        c.set_stroke(color, s * 0.04)
        c.circle(cx, cy, s * 0.13, fill=False, stroke=True)
        _arrow(c, cx + s * 0.17 * ca, cy + s * 0.17 * sa, cx + tip * ca, cy + tip * sa, s * 0.12, tip - neck, color)

    return icon


for _name, _angle in MOMENTUM_ANGLES.items():
    ICONS[f"momentum-{_name}"] = _momentum_icon(_angle)

"""The three ability markers, as vector icons in the style of ``cardgen.render.icons``.

- ``action`` — a solid disc with a lightning bolt: using this ability is the unit's action;
- ``no-los`` — a square badge with an eye struck through: needs no line of sight;
- ``tip`` — a diamond outline with an exclamation mark: advice on playing the unit, not a rule.

Each has its own outline (disc, square, diamond), so they differ in greyscale as well.
"""

from __future__ import annotations

from cardgen.render.canvas import Canvas
from cardgen.render.icons import IconFn


def icon_action(c: Canvas, x: float, y: float, s: float, color: str, paper: str) -> None:
    c.set_fill(color)
    c.circle(x + s / 2, y + s / 2, s * 0.5, fill=True)
    c.set_fill(paper)
    c.polygon([(x + s * 0.56, y + s * 0.9), (x + s * 0.27, y + s * 0.46), (x + s * 0.47, y + s * 0.46),
               (x + s * 0.4, y + s * 0.1), (x + s * 0.74, y + s * 0.58), (x + s * 0.53, y + s * 0.58)], fill=True)


def icon_no_los(c: Canvas, x: float, y: float, s: float, color: str, paper: str) -> None:
    c.set_fill(color)
    c.rect(x, y, s, s, radius=s * 0.2, fill=True)
    cx, cy = x + s / 2, y + s / 2
    # the eye: two arcs meeting at the corners, with a pupil
    c.set_fill(paper)
    c.bezier_path((x + s * 0.1, cy), [((x + s * 0.3, y + s * 0.8), (x + s * 0.7, y + s * 0.8), (x + s * 0.9, cy)),
                                      ((x + s * 0.7, y + s * 0.2), (x + s * 0.3, y + s * 0.2), (x + s * 0.1, cy))], fill=True)
    c.set_fill(color)
    c.circle(cx, cy, s * 0.13, fill=True)
    # struck through: a paper-coloured band under a coloured stroke
    c.set_stroke(paper, s * 0.2, cap="round")
    c.line(x + s * 0.2, y + s * 0.18, x + s * 0.8, y + s * 0.82)
    c.set_stroke(color, s * 0.09, cap="round")
    c.line(x + s * 0.2, y + s * 0.18, x + s * 0.8, y + s * 0.82)


def icon_tip(c: Canvas, x: float, y: float, s: float, color: str, paper: str) -> None:
    cx, cy = x + s / 2, y + s / 2
    c.set_fill(paper)
    c.set_stroke(color, s * 0.1)
    c.polygon([(cx, y + s * 0.03), (x + s * 0.97, cy), (cx, y + s * 0.97), (x + s * 0.03, cy)], fill=True, stroke=True)
    c.set_fill(color)
    c.rect(cx - s * 0.055, cy - s * 0.08, s * 0.11, s * 0.34, radius=s * 0.05, fill=True)
    c.circle(cx, cy - s * 0.2, s * 0.065, fill=True)


ABILITY_ICONS: dict[str, IconFn] = {
    "action": icon_action,
    "no-los": icon_no_los,
    "tip": icon_tip,
}

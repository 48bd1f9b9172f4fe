"""Chess piece silhouettes, drawn through the Canvas protocol (no font needed).

Each glyph fills the square ``(x, y, x+size, y+size)``. White pieces are white with a dark
outline, Black pieces dark with light details, so both read on light and dark squares and in
greyscale. Shapes are simple on purpose: they must stay clear at 5 mm.
"""

from __future__ import annotations

from collections.abc import Callable

from cardgen.games.falling_off.board import Color, Kind
from cardgen.render.canvas import Canvas, Point

INK = "#1b1b1b"
PAPER = "#ffffff"

Shape = Callable[[Canvas, "Style"], None]


class Style:
    """Colours of one side: ``body`` fill, ``line`` outline, ``detail`` inner lines."""

    def __init__(self, color: Color, alpha: float = 1.0) -> None:
        white = color is Color.WHITE
        self.alpha = alpha
        self.body = PAPER if white else INK
        self.line = INK
        self.detail = INK if white else "#f2f2f2"


def _base(c: Canvas, s: Style) -> None:
    c.bezier_path((0.18, 0.07), [(0.82, 0.07), (0.82, 0.12), ((0.82, 0.18), (0.76, 0.19), (0.72, 0.19)),
                                 (0.28, 0.19), ((0.24, 0.19), (0.18, 0.18), (0.18, 0.12))], fill=True, stroke=True)


def _pawn(c: Canvas, s: Style) -> None:
    c.polygon([(0.31, 0.19), (0.69, 0.19), (0.6, 0.46), (0.4, 0.46)], fill=True, stroke=True)
    _base(c, s)
    c.rect(0.33, 0.45, 0.34, 0.07, radius=0.03, fill=True, stroke=True)
    c.circle(0.5, 0.64, 0.135, fill=True, stroke=True)


def _rook(c: Canvas, s: Style) -> None:
    c.polygon([(0.3, 0.19), (0.7, 0.19), (0.68, 0.64), (0.32, 0.64)], fill=True, stroke=True)
    _base(c, s)
    c.polygon([(0.24, 0.62), (0.76, 0.62), (0.76, 0.86), (0.66, 0.86), (0.66, 0.77), (0.56, 0.77), (0.56, 0.86),
               (0.44, 0.86), (0.44, 0.77), (0.34, 0.77), (0.34, 0.86), (0.24, 0.86)], fill=True, stroke=True)
    c.set_stroke(s.detail, 0.035, alpha=s.alpha)
    c.line(0.33, 0.29, 0.67, 0.29)


def _bishop(c: Canvas, s: Style) -> None:
    c.bezier_path((0.33, 0.2), [((0.14, 0.44), (0.36, 0.7), (0.5, 0.8)), ((0.64, 0.7), (0.86, 0.44), (0.67, 0.2))],
                  fill=True, stroke=True)
    _base(c, s)
    c.circle(0.5, 0.85, 0.06, fill=True, stroke=True)
    c.set_stroke(s.detail, 0.045, cap="round", alpha=s.alpha)
    c.line(0.5, 0.43, 0.62, 0.58)
    c.line(0.36, 0.28, 0.64, 0.28)


def _queen(c: Canvas, s: Style) -> None:
    points: list[Point] = [(0.28, 0.19), (0.72, 0.19), (0.86, 0.7), (0.67, 0.48), (0.6, 0.8), (0.5, 0.52),
                           (0.4, 0.8), (0.33, 0.48), (0.14, 0.7)]
    c.polygon(points, fill=True, stroke=True)
    _base(c, s)
    for x, y in ((0.14, 0.74), (0.4, 0.84), (0.6, 0.84), (0.86, 0.74)):
        c.circle(x, y, 0.05, fill=True, stroke=True)
    c.set_stroke(s.detail, 0.035, alpha=s.alpha)
    c.line(0.3, 0.29, 0.7, 0.29)


def _king(c: Canvas, s: Style) -> None:
    c.bezier_path((0.3, 0.19), [(0.7, 0.19), ((0.76, 0.4), (0.86, 0.56), (0.74, 0.64)), (0.26, 0.64),
                                ((0.14, 0.56), (0.24, 0.4), (0.3, 0.19))], fill=True, stroke=True)
    _base(c, s)
    c.rect(0.455, 0.63, 0.09, 0.3, fill=True, stroke=True)
    c.rect(0.37, 0.75, 0.26, 0.085, fill=True, stroke=True)
    c.set_stroke(s.detail, 0.035, alpha=s.alpha)
    c.line(0.3, 0.29, 0.7, 0.29)


def _knight(c: Canvas, s: Style) -> None:
    c.polygon([(0.27, 0.19), (0.76, 0.19), (0.78, 0.42), (0.73, 0.62), (0.64, 0.78), (0.55, 0.9), (0.5, 0.79),
               (0.38, 0.75), (0.17, 0.57), (0.16, 0.49), (0.22, 0.44), (0.33, 0.48), (0.45, 0.52), (0.34, 0.35)],
              fill=True, stroke=True)
    _base(c, s)
    c.set_fill(s.detail, s.alpha)
    c.circle(0.43, 0.66, 0.035, fill=True)
    c.set_stroke(s.detail, 0.03, cap="round", alpha=s.alpha)
    c.line(0.62, 0.72, 0.7, 0.52)


SHAPES: dict[Kind, Shape] = {
    Kind.PAWN: _pawn, Kind.ROOK: _rook, Kind.BISHOP: _bishop, Kind.QUEEN: _queen, Kind.KING: _king,
    Kind.KNIGHT: _knight,
}


def draw_piece(c: Canvas, kind: Kind, color: Color, x: float, y: float, size: float, *, alpha: float = 1.0,
               angle: float = 0.0) -> None:
    """A piece filling the square (x, y, size), optionally faded and turned about its centre."""
    style = Style(color, alpha)
    c.save()
    c.translate(x + size / 2, y + size / 2)
    if angle:
        c.rotate(angle)
    c.translate(-size / 2, -size / 2)
    c.scale(size, size)
    c.set_fill(style.body, alpha)
    c.set_stroke(style.line, 0.045, alpha=alpha)
    SHAPES[kind](c, style)
    c.restore()

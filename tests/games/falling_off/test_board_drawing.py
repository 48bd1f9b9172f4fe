"""Board diagrams: a pure function of a position and its marks, legible in greyscale."""

from __future__ import annotations

import pytest

from collections.abc import Iterator

from reportlab.graphics.shapes import Group, Polygon, Shape, String
from reportlab.lib.colors import HexColor

from cardgen.games.falling_off import Game, Position, read_line
from cardgen.games.falling_off.board import Direction
from cardgen.games.falling_off.board_drawing import (DARK, LIGHT, MARGIN, MOMENTUM, PUSH, Legend, Marks, S, board_drawing,
                                               boards_row, fallen_point, marks_for, slots)
from cardgen.games.falling_off.glyphs import INK, PAPER
from tests.games.falling_off.helpers import RULES, sq

Transform = tuple[float, float, float, float, float, float]


def _compose(a: Transform, b: Transform) -> Transform:
    return (a[0] * b[0] + a[2] * b[1], a[1] * b[0] + a[3] * b[1], a[0] * b[2] + a[2] * b[3],
            a[1] * b[2] + a[3] * b[3], a[0] * b[4] + a[2] * b[5] + a[4], a[1] * b[4] + a[3] * b[5] + a[5])


def shapes(node: Group, transform: Transform = (1, 0, 0, 1, 0, 0)) -> Iterator[tuple[Shape, Transform]]:
    """Every leaf shape with the transform that places it in the drawing."""
    for child in node.contents:
        if isinstance(child, Group):
            yield from shapes(child, _compose(transform, tuple(child.transform)))  # type: ignore[arg-type]
        else:
            yield child, transform


def apply(t: Transform, x: float, y: float) -> tuple[float, float]:
    return t[0] * x + t[2] * y + t[4], t[1] * x + t[3] * y + t[5]


def dump(drawing: Group) -> list[str]:
    out = []
    for shape, t in shapes(drawing):
        attrs = {k: v for k, v in shape.getProperties().items() if k in ("points", "x", "y", "width", "height", "text",
                                                                          "fillColor", "strokeColor", "cx", "cy", "r")}
        out.append(f"{type(shape).__name__} {sorted(attrs.items(), key=str)} {[round(v, 3) for v in t]}")
    return out


POSITION = Position.from_placement("Ke1 Nb6:sw Pd5 Nd5 ke8 pd5 pe7:e qc7")


def test_the_same_position_and_marks_draw_the_same_picture() -> None:
    marks = Marks(last_move=(sq("d8"), sq("c7")))
    assert dump(board_drawing(POSITION, marks, width=200)) == dump(board_drawing(POSITION, marks, width=200))
    assert dump(board_drawing(POSITION, marks, width=200)) != dump(board_drawing(POSITION, Marks(), width=200))


def test_the_drawing_has_the_width_asked_for_and_coordinates() -> None:
    drawing = board_drawing(POSITION, width=240)
    assert abs(drawing.width - 240) < 1e-6
    texts = {shape.text for shape, _ in shapes(drawing) if isinstance(shape, String)}
    assert set("abcdefgh12345678") <= texts


def test_pieces_sharing_a_square_get_their_own_smaller_places() -> None:
    for count in range(1, 10):
        places = slots(count)
        assert len(places) == count
        for dx, dy, size in places:
            assert 0 <= dx and 0 <= dy and dx + size <= 1.001 and dy + size <= 1.001
            assert size <= 0.9 and (count == 1 or size <= 0.62)
        centres = {(round(dx + size / 2, 3), round(dy + size / 2, 3)) for dx, dy, size in places}
        assert len(centres) == count


def test_a_careening_piece_carries_a_red_arrow_pointing_its_way() -> None:
    drawing = board_drawing(Position.from_placement("Ke1 ke8 pd7:e"), width=8 * S + 2 * MARGIN)  # scale 1
    tips = [apply(t, *shape.points[:2]) for shape, t in shapes(drawing)
            if isinstance(shape, Polygon) and shape.fillColor == HexColor(MOMENTUM)]
    assert len(tips) == 1
    centre_x, centre_y = MARGIN + 3.5 * S, MARGIN + 6.5 * S
    tip_x, tip_y = tips[0]
    assert tip_x > centre_x + 0.5 * S and abs(tip_y - centre_y) < 0.2 * S  # out of the square, to the east


def test_pushes_are_drawn_as_blue_arrows_from_the_turn() -> None:
    game = Game.replay(read_line("1.Nc3 e5 2.Nd5 d5 3.Nxc7 (Pc7→d7)", RULES).moves, rules=RULES)
    marks = marks_for(game.turns[-1])
    assert marks.last_move == (sq("d5"), sq("c7"))
    assert [(a.origin, a.landing) for a in marks.pushes] == [(sq("c7"), sq("d7"))]
    drawing = board_drawing(game.position, marks, width=8 * S + 2 * MARGIN)
    assert sum(1 for shape, _ in shapes(drawing) if isinstance(shape, Polygon) and shape.fillColor == HexColor(PUSH)) == 1


def test_a_fallen_piece_is_drawn_outside_the_edge_it_fell_over() -> None:
    x, y = fallen_point(sq("a5"), Direction.SW)
    assert x < MARGIN and MARGIN < y < MARGIN + 8 * S  # left of the board, beside rank 4–5
    x, y = fallen_point(sq("h8"), Direction.NE)
    assert x > MARGIN + 8 * S and y > MARGIN + 8 * S
    game = Game.replay(read_line("1.Nc3 e5 2.Nd5 d5 3.Nc7 (c7→d7) Qc7 (c7→b6) 4.e4 Nf6 5.Nf3", RULES).moves, rules=RULES)
    marks = marks_for(game.turns[-1])
    assert [(p.kind.value, s) for p, s in marks.fallen] == [("N", sq("a5"))]


def test_legend_adds_its_labels_below_the_board() -> None:
    legend = Legend("last move", "pushed", "careening", "fell off")
    plain = board_drawing(POSITION, width=200)
    with_legend = board_drawing(POSITION, width=200, legend=legend)
    assert with_legend.height > plain.height
    texts = {shape.text for shape, _ in shapes(with_legend) if isinstance(shape, String)}
    assert {"last move", "pushed", "careening", "fell off"} <= texts
    row = boards_row([(POSITION, Marks(), "left"), (POSITION, Marks(), "right")], width=400, legend=legend)
    assert abs(row.width - 400) < 1e-6
    assert {"left", "right"} <= {shape.text for shape, _ in shapes(row) if isinstance(shape, String)}


def _luminance(color: str) -> float:
    c = HexColor(color)
    return 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue


def test_colours_stay_apart_in_greyscale() -> None:
    squares = (_luminance(LIGHT), _luminance(DARK))
    assert abs(squares[0] - squares[1]) > 0.15
    for piece in (_luminance(PAPER), _luminance(INK)):  # a white and a black piece on either square
        assert min(abs(piece - s) for s in squares) > 0.1
    assert all(abs(_luminance(MOMENTUM) - s) > 0.2 for s in squares)
    assert all(abs(_luminance(PUSH) - s) > 0.2 for s in squares)



def _overlap(a, b) -> bool:  # type: ignore[no-untyped-def]
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("grow", [1.0, 1.42])
def test_a_fallen_piece_lies_clear_of_the_coordinates(grow: float) -> None:
    """Whichever edge square it fell from, and whichever way, it never covers a rank or file label,
    also with the larger labels of the booklet's narrow pages (1.42: two boards on a half-Letter page)."""
    from cardgen.games.falling_off.board_drawing import COORD_SIZE, coordinate_boxes, fallen_box

    labels = coordinate_boxes(COORD_SIZE * grow)
    for square in range(64):
        for direction in Direction:
            x, y = fallen_point(square, direction)
            if MARGIN <= x <= MARGIN + 8 * S and MARGIN <= y <= MARGIN + 8 * S:
                continue  # not off the board that way
            box = fallen_box(square, direction)
            assert not any(_overlap(box, label) for label in labels), (square, direction)


def test_push_and_momentum_arrows_stop_short_of_the_pieces() -> None:
    """An arrow leaves its piece's glyph and ends at the next glyph's edge: it is never drawn over a piece."""
    from cardgen.games.falling_off.board_drawing import GLYPH_REACH, Arrow, _centre, arrow_ends

    for origin, heading in ((sq("c7"), Direction.E), (sq("c7"), Direction.SW), (sq("e4"), Direction.N)):
        landing = origin + heading.df + 8 * heading.dr
        x1, y1, x2, y2 = arrow_ends(Arrow(origin, landing, heading), start_gap=GLYPH_REACH * 0.8, end_gap=GLYPH_REACH)
        (ox, oy), (lx, ly) = _centre(origin), _centre(landing)
        assert ((x1 - ox) ** 2 + (y1 - oy) ** 2) ** 0.5 >= GLYPH_REACH * 0.8 - 1e-6
        assert ((x2 - lx) ** 2 + (y2 - ly) ** 2) ** 0.5 >= GLYPH_REACH - 1e-6
        assert ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 > 0.2 * S  # and still long enough to read

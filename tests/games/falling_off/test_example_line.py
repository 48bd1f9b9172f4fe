"""Betza's example line (source numbering corrected) produces the positions the source describes."""

from __future__ import annotations

import pytest

from cardgen.games.falling_off import (Color, Kind, NotationError, Position, legal_moves, parse_moves, play,
                                       read_line, resolve)
from cardgen.games.falling_off.events import PieceStepped
from cardgen.games.falling_off.moves import piece_moves
from tests.games.falling_off.helpers import RULES, sq, stack

SOURCE_LINE = "1.Nc3 e5 2.Nd5 d5 3.Nc7 (c7→d7) Qc7 (c7→b6; d7→e7)"
"""The line as the source writes it, with the issue's arrows: no x, no piece letters."""


@pytest.fixture(scope="module")
def line() -> list[Position]:
    return read_line(SOURCE_LINE, RULES).positions


def test_the_first_moves_are_ordinary_chess(line: list[Position]) -> None:
    assert stack(line[1], "c3") == ["N"] and stack(line[2], "e5") == ["p"]
    assert all(not p.careening() for p in line[:5])


def test_2_d5_shares_the_square_with_the_knight_and_pushes_nothing(line: list[Position]) -> None:
    after = line[4]
    assert stack(after, "d5") == ["N", "p"]
    assert after.count() == 32 and not after.fallen


def test_3_nc7_pushes_the_c7_pawn_to_d7_careening_east(line: list[Position]) -> None:
    after = line[5]
    assert stack(after, "c7") == ["N"]
    assert stack(after, "d7") == ["p:e"]
    assert after.careening(Color.WHITE) == []
    # the knight now reaches the rook and the king, both on the edge: either could be pushed off
    targets = {m.target for m in piece_moves(after, sq("c7"), after.at(sq("c7"))[0], RULES)}
    assert {sq("a8"), sq("e8")} <= targets


def test_3_qc7_pushes_the_knight_to_b6_and_the_pawn_steps_to_e7(line: list[Position]) -> None:
    after = line[6]
    assert stack(after, "c7") == ["q"]
    assert stack(after, "b6") == ["N:sw"]
    assert stack(after, "e7") == ["p:e"] and stack(after, "d7") == []
    assert after.turn is Color.WHITE and after.fullmove == 4


def test_nothing_white_has_can_reach_b6_on_move_4(line: list[Position]) -> None:
    assert not [m for m in legal_moves(line[6], RULES) if m.target == sq("b6")]


def test_the_careening_knight_cannot_play_nxa8(line: list[Position]) -> None:
    with pytest.raises(NotationError, match="no white knight can move to a8"):
        resolve(line[6], parse_moves("Nxa8 (Ra8→off)")[0], RULES)
    with pytest.raises(NotationError, match="no white knight"):
        resolve(line[6], parse_moves("Nbxa8 (a8→off)")[0], RULES)


def test_the_knight_reaches_a5_after_whites_4th_move_and_falls_after_the_5th() -> None:
    game = read_line(SOURCE_LINE + " 4. e4 Nf6 5. Nf3", RULES)
    after_4 = game.positions[7]
    assert stack(after_4, "a5") == ["N:sw"]
    after_5 = game.positions[9]
    assert [(p.color, p.kind) for p in after_5.fallen] == [(Color.WHITE, Kind.KNIGHT)]
    assert not [s for s, p in after_5.pieces(Color.WHITE) if p.kind is Kind.KNIGHT and s != sq("f3")]


def test_4_a4_and_5_a5_save_the_knight() -> None:
    game = read_line(SOURCE_LINE + " 4. a4 Nf6 5. a5", RULES)
    after_5 = game.positions[9]
    assert stack(after_5, "a5") == ["N", "P"]
    assert not after_5.fallen


def test_the_pawn_careens_e7_f7_g7_h7_and_falls_off_after_blacks_7th() -> None:
    game = read_line(SOURCE_LINE + " 4. a3 a6 5. b3 a5 6. c3 b6 7. d3 b5", RULES)
    squares_after_black = {n: [s for s, p in game.positions[2 * n].careening(Color.BLACK)] for n in (3, 4, 5, 6)}
    assert squares_after_black == {3: [sq("e7")], 4: [sq("f7")], 5: [sq("g7")], 6: [sq("h7")]}
    after_7 = game.positions[14]
    assert [(p.color, p.kind) for p in after_7.fallen] == [(Color.WHITE, Kind.KNIGHT), (Color.BLACK, Kind.PAWN)]


def test_a_black_piece_landing_on_the_pawn_stops_it() -> None:
    game = read_line(SOURCE_LINE + " 4. a3 a6 5. b3 Kf7 6. c3 a5 7. d3 a4", RULES)
    assert stack(game.positions[14], "f7") == ["k", "p", "p"]
    assert [p.kind for p in game.positions[14].fallen] == [Kind.KNIGHT]


@pytest.mark.parametrize("push, saved_by", [("c7→b8", None), ("c7→c8", None), ("c7→d8", "Qd8")])
def test_other_pushes_of_the_knight_on_move_3(push: str, saved_by: str | None) -> None:
    """b8 or c8 lose the knight after White's next move; d8 does not, because Qd1–d8 is never blocked."""
    game = read_line(f"1.Nc3 e5 2.Nd5 d5 3.Nc7 (c7→d7) Qc7 ({push})", RULES)
    position = game.positions[-1]
    landing = sq(push[-2:])
    rescuers = [m for m in legal_moves(position, RULES) if m.target == landing]
    if saved_by is None:
        assert rescuers == []
        after, events = play(position, legal_moves(position, RULES)[0], RULES)
        assert [e for e in events if isinstance(e, PieceStepped) and e.fell]
    else:
        after, _ = play(position, resolve(position, parse_moves(saved_by)[0], RULES), RULES)
        assert stack(after, push[-2:]) == ["Q", "N"]

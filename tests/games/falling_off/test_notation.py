"""The move notation: reading, writing, round trips and one-line errors with the column."""

from __future__ import annotations

import pytest

from cardgen.games.falling_off import (FRENCH, NotationError, Position, format_line, format_move, parse_moves,
                                       read_line, resolve)
from cardgen.games.falling_off.board import Kind
from tests.games.falling_off.helpers import RULES, position, sq

LINE = "1. Nc3 e5 2. Nd5 d5 3. Nxc7 (Pc7→d7) Qxc7 (Nc7→b6) [Pd7→e7] 4. e4 [Nb6→a5] Nf6 [Pe7→f7] 5. Nf3 [Na5→off]"


def test_the_source_line_is_written_back_in_full() -> None:
    game = read_line("1.Nc3 e5 2.Nd5 d5 3.Nc7 (c7→d7) Qc7 (c7→b6; d7→e7) 4.e4 Nf6 5.Nf3", RULES)
    assert format_line(Position.initial(), game.moves, RULES) == LINE


def test_round_trip_parse_format_parse() -> None:
    game = read_line(LINE, RULES)
    again = read_line(format_line(Position.initial(), game.moves, RULES), RULES)
    assert again.moves == game.moves and again.positions == game.positions


def test_french_letters_and_word_for_off() -> None:
    game = read_line(LINE, RULES)
    text = format_line(Position.initial(), game.moves, RULES, style=FRENCH)
    assert text.startswith("1. Cc3 e5 2. Cd5 d5 3. Cxc7 (Pc7→d7) Dxc7 (Cc7→b6) [Pd7→e7]")
    assert text.endswith("5. Cf3 [Ca5→hors]")
    assert read_line(text, RULES, style=FRENCH).moves == game.moves


def test_without_momentum_the_steps_are_left_out() -> None:
    game = read_line(LINE, RULES)
    assert format_line(Position.initial(), game.moves, RULES, momentum=False).endswith("Qxc7 (Nc7→b6) 4. e4 Nf6 5. Nf3")


def test_betzas_own_style_with_steps_after_a_semicolon_is_read() -> None:
    game = read_line("1.Nc3 e5 2.Nd5 d5 3.Nc7 (c7→d7) Qc7 (c7→b6; d7→e7) 4.e4 (; Nb6→a5)", RULES)
    assert format_line(Position.initial(), game.moves, RULES) == LINE.split(" Nf6")[0]


def test_ascii_arrows_move_numbers_and_results_are_read() -> None:
    """ASCII arrows, bare or dotted move numbers and a result read as the same moves as the book's notation."""
    game = read_line("1 Nc3 e5 2 Nd5 d5 3 Nc7(c7-d7) 3... Qc7 (Nc7->b6;Pd7–e7) 1-0", RULES)
    book = read_line(LINE.split(" 4.")[0], RULES)
    assert game.moves == book.moves
    assert game.positions[-1] == book.positions[-1]
    assert format_line(Position.initial(), game.moves, RULES) == LINE.split(" 4.")[0]


def test_castling_pass_and_promotion_are_written_as_in_chess() -> None:
    start = position("Ke1 Rh1 Pb7 ke8", castling="K")
    (token,) = parse_moves("O-O")
    assert format_move(start, resolve(start, token, RULES), RULES) == "O-O"
    (token,) = parse_moves("b8=N")
    assert format_move(start, resolve(start, token, RULES), RULES) == "b8=N"
    all_careening = position("Kd4:e ke8")
    (token,) = parse_moves("--")
    assert format_move(all_careening, resolve(all_careening, token, RULES), RULES) == "-- [Kd4→e4]"


def test_two_pieces_that_can_reach_a_square_are_told_apart_as_in_chess() -> None:
    start = position("Ke1 Nb1 Nf1 ke8")
    text = format_move(start, resolve(start, parse_moves("Nbd2")[0], RULES), RULES)
    assert text == "Nbd2"
    with pytest.raises(NotationError, match="ambiguous: the white knights on b1 and f1"):
        resolve(start, parse_moves("Nd2")[0], RULES)


def test_a_crowd_push_names_each_piece() -> None:
    start = position("Ke1 Qd1 ke8 nd5 pd5")
    move = resolve(start, parse_moves("Qxd5 (Pd5→e5, Nd5→d6)")[0], RULES)
    assert format_move(start, move, RULES) == "Qxd5 (Nd5→d6, Pd5→e5)"
    with pytest.raises(NotationError, match="holds several enemy pieces"):
        resolve(start, parse_moves("Qxd5 (d5→d6, Pd5→e5)")[0], RULES)
    with pytest.raises(NotationError, match="d5 is not on the edge"):
        resolve(start, parse_moves("Qxd5 (Nd5→d6, Pd5→off)")[0], RULES)


def test_a_piece_on_the_edge_pushed_off_is_written_off() -> None:
    start = position("Ke1 Nb6 ke8 ra8")
    move = resolve(start, parse_moves("Nxa8 (a8→off)")[0], RULES)
    assert format_move(start, move, RULES) == "Nxa8 (Ra8→off)"
    assert format_move(start, move, RULES, style=FRENCH) == "Cxa8 (Ta8→hors)"


@pytest.mark.parametrize("text, message, col", [
    ("Nz9", "expected a square after 'N', found 'z9'", 2),
    ("1. e4 e5 2. Qh", "expected a square after 'Q', found 'h'", 14),
    ("Nxc7 (Pc7→d9)", "expected a square or 'off', found 'd9)'", 11),
    ("Nxc7 (Pc7 d7)", "expected an arrow after c7", 10),
    ("Nxc7 (Pc7→d7", "missing ')'", 13),
    ("Nxc7 (Pc7→d7 Pc7→d6)", "expected ',' or ')'", 14),
    ("Nxc7 (Pc7→d7; Pd7→e7) [Pd7→e7]", "the momentum steps are written twice", 23),
    ("Nxc7 [Pc7→d7", "missing ']'", 13),
    ("Pe4", "pawn moves are written without a letter", 1),
    ("e4!", "unexpected '!' after a move", 3),
    ("e8=K", "expected the piece a pawn becomes", 4),
    ("(Pc7→d7)", "expected a move, found '(Pc7→d7)'", 1),
])
def test_syntax_errors_say_where_and_what_was_expected(text: str, message: str, col: int) -> None:
    with pytest.raises(NotationError) as info:
        parse_moves(text)
    assert message in info.value.message
    assert info.value.col == col
    assert "\n" not in info.value.format()


@pytest.mark.parametrize("text, message", [
    ("Nxc7 (Pc7→e7)", "c7→e7 is not a one-square push"),
    ("Nxc7", "say where the black pawn on c7 is pushed"),
    ("Nxc7 (Bc7→d7)", "pushes no black bishop on c7"),
    ("Nxc7 (Pc7→d7; Pd7→e7)", "no careening piece takes the step d7→e7"),
    ("Nxc7 (Pc7→d7) [Pd7→e7]", "no careening piece takes the step d7→e7"),
    ("Nxc7 (Pc7→c8=Q)", "expected ',' or ')'"),
    ("--", "you may pass only when every one of your pieces careens"),
    ("O-O", "castling is not possible here"),
])
def test_meaning_errors_name_the_move(text: str, message: str) -> None:
    start = position("Ke1 Nd5 ke8 pc7")
    with pytest.raises(NotationError) as info:
        resolve(start, parse_moves(text)[0], RULES)
    assert message in info.value.message


def test_incomplete_momentum_is_refused() -> None:
    start = position("Ke1 Nb6:sw Bd4:ne Pa2 ke8")
    with pytest.raises(NotationError, match="incomplete"):
        resolve(start, parse_moves("a3 [Nb6→a5]")[0], RULES)
    move = resolve(start, parse_moves("a3 [Nb6→a5, Bd4→e5]")[0], RULES)
    assert move.kind is Kind.PAWN and move.target == sq("a3")


def test_a_move_number_is_kept_with_its_move_in_running_text() -> None:
    from cardgen.games.falling_off.notation import keep_move_numbers

    assert keep_move_numbers("la tour : 4. Cxa8 semble écrasant") == "la tour : 4.\u00a0Cxa8 semble écrasant"
    assert keep_move_numbers("1. e4 e5 2. Nf3, then 12... O-O") == "1.\u00a0e4 e5 2.\u00a0Nf3, then 12...\u00a0O-O"
    for prose in ("Rule 3. Each player moves.", "in 2. Then the", "version 1.2 is out"):
        assert keep_move_numbers(prose) == prose

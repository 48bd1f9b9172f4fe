"""One test (or a few) per rule of Falling Off, FO1–FO11 (see the rules sheet)."""

from __future__ import annotations

import pytest

from cardgen.games.falling_off import (Color, Game, IllegalMoveError, Kind, Move, NotationError, Position,
                                       legal_moves, parse_moves, play, resolve)
from cardgen.games.falling_off.events import (GameWon, PieceDisplaced, PiecePromoted, PieceStepped,
                                              TurnPassed)
from tests.games.falling_off.helpers import RULES, move, play_text, position, sq, stack


# -- FO1: no captures, no check; the game is won when the enemy king falls off ------------------

def test_fo1_there_is_no_check_a_king_may_stand_where_it_is_attacked() -> None:
    start = position("Ke1 ke8 ra2")
    assert move("K", "e1", "d1") in legal_moves(start, RULES)  # a2 rook "attacks" rank 1 and the d-file is free
    assert move("K", "e1", "e2").shape in legal_moves(start, RULES)
    after, _ = play(start, move("K", "e1", "e2"), RULES)
    assert after.winner is None


def test_fo1_pushing_the_enemy_king_off_the_edge_wins_at_once() -> None:
    after, events = play(position("Ke1 Ra8 ke8", turn="w"), move("R", "a8", "e8", "K e8 n"), RULES)
    assert after.winner is Color.WHITE
    assert isinstance(events[-1], GameWon)
    assert [p.kind for p in after.fallen] == [Kind.KING]
    assert legal_moves(after, RULES) == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        play(after, move("K", "e1", "e2"), RULES)


def test_fo1_a_king_falling_by_its_own_momentum_loses() -> None:
    start = position("Ke1 ke8:n Pa2", turn="b")
    after, events = play(start, Move.pass_turn(), RULES)
    assert after.winner is Color.WHITE
    assert isinstance(events[-1], GameWon)


# -- FO2: a capturing move pushes every enemy piece on the square, each its own way ------------

def test_fo2_every_enemy_piece_on_the_target_is_pushed_in_its_chosen_direction() -> None:
    start = position("Ke1 Qd1 ke8 nd5 pd5 bd5 Nd5")
    after, events = play(start, move("Q", "d1", "d5", "N d5 n", "P d5 e", "B d5 sw"), RULES)
    assert stack(after, "d5") == ["Q", "N"]  # the queen arrives; the friendly knight stays
    assert stack(after, "d6") == ["n:n"]
    assert stack(after, "e5") == ["p:e"]
    assert stack(after, "c4") == ["b:sw"]
    assert sorted(type(e).__name__ for e in events) == ["PieceDisplaced"] * 3 + ["PieceMoved"]


def test_fo2_the_mover_must_say_where_each_pushed_piece_goes() -> None:
    start = position("Ke1 Qd1 ke8 nd5 pd5")
    with pytest.raises(IllegalMoveError, match="black pawn on d5"):
        play(start, move("Q", "d1", "d5", "N d5 n"), RULES)
    with pytest.raises(IllegalMoveError, match="pushes no black bishop"):
        play(start, move("Q", "d1", "d5", "N d5 n", "P d5 e", "B d5 e"), RULES)


# -- FO3: pushed pieces careen; a piece on the edge can be pushed straight off ---------------

def test_fo3_a_pushed_piece_careens_in_the_direction_it_was_pushed() -> None:
    after, _ = play(position("Ke1 Nd5 ke8 pc7"), move("N", "d5", "c7", "P c7 e"), RULES)
    assert stack(after, "d7") == ["p:e"]
    assert after.careening(Color.BLACK)[0][1].heading.name == "E"  # type: ignore[union-attr]


def test_fo3_a_piece_on_the_edge_can_be_pushed_off_the_board() -> None:
    after, events = play(position("Ke1 Nb6 ke8 ra8"), move("N", "b6", "a8", "R a8 w"), RULES)
    assert stack(after, "a8") == ["N"]
    assert [p.kind for p in after.fallen] == [Kind.ROOK]
    pushed = [e for e in events if isinstance(e, PieceDisplaced)]
    assert pushed[0].fell and pushed[0].landing is None
    assert after.count() == 3


# -- FO4: careening pieces cannot move ------------------------------------------------------

def test_fo4_a_careening_piece_has_no_moves() -> None:
    start = position("Ke1 Nb6:sw ke8 ra8")
    assert [m for m in legal_moves(start, RULES) if m.origin == sq("b6")] == []
    with pytest.raises(IllegalMoveError, match="careening and cannot move"):
        play(start, move("N", "b6", "a8", "R a8 w"), RULES)


def test_fo4_the_notation_says_why_a_careening_piece_cannot_move() -> None:
    start = position("Ke1 Nb6:sw ke8 ra8")
    with pytest.raises(NotationError) as info:
        resolve(start, parse_moves("Nxa8 (Ra8→off)")[0], RULES)
    assert "no white knight can move to a8" in info.value.message
    assert "careening pieces cannot move (FO4)" in (info.value.hint or "")


# -- FO5: the owner stops a careening piece by moving a friendly piece onto its square --------

def test_fo5_a_friendly_piece_moving_onto_a_careening_piece_stops_it() -> None:
    start = position("Ke1 Pa4 Na5:sw ke8")
    after, events = play(start, move("P", "a4", "a5"), RULES)
    assert stack(after, "a5") == ["N", "P"]
    assert [type(e).__name__ for e in events] == ["PieceMoved", "PieceStopped"]
    assert not after.careening(Color.WHITE)


def test_fo5_an_enemy_piece_arriving_does_not_stop_it_but_pushes_it() -> None:
    start = position("Ke1 Na5:sw ke8 qd8", turn="b")
    after, events = play(start, move("Q", "d8", "a5", "N a5 n"), RULES)
    assert stack(after, "a6") == ["N:n"]


def test_fo5_passing_through_a_friendly_piece_by_momentum_does_not_stop_it() -> None:
    start = position("Ke1 ke8 pe7:e pf7 ph2", turn="b")
    after, _ = play(start, move("P", "h2", "h1", promotion="Q"), RULES)
    assert stack(after, "f7") == ["p", "p:e"]


# -- FO6: careening pieces step after each of their owner's turns, from the owner's next turn --

def test_fo6_a_pushed_piece_first_steps_after_its_owners_next_turn() -> None:
    start = position("Ke1 Nd5 Pa2 ke8 pc7 ph7")
    after_white, events = play(start, move("N", "d5", "c7", "P c7 e"), RULES)
    assert not [e for e in events if isinstance(e, PieceStepped)]  # White has nothing careening
    assert stack(after_white, "d7") == ["p:e"]
    after_black, events = play(after_white, move("P", "h7", "h6"), RULES)
    assert [(e.origin, e.landing) for e in events if isinstance(e, PieceStepped)] == [(sq("d7"), sq("e7"))]
    after_white2, events = play(after_black, move("P", "a2", "a3"), RULES)
    assert not [e for e in events if isinstance(e, PieceStepped)]  # White's turn: Black's pieces wait
    assert stack(after_white2, "e7") == ["p:e"]


def test_fo6_all_careening_pieces_of_the_mover_step_together() -> None:
    start = position("Ke1 Nb6:sw Bd4:ne Pa2 ke8")
    after, _ = play(start, move("P", "a2", "a3"), RULES)
    assert stack(after, "a5") == ["N:sw"] and stack(after, "e5") == ["B:ne"]


# -- FO7: any number of pieces on a square; nothing blocks a move -----------------------------

def test_fo7_sliders_pass_through_friend_and_foe() -> None:
    start = Position.initial()
    moves = legal_moves(start, RULES)
    assert Move(sq("d1"), sq("d8"), Kind.QUEEN) in moves  # through d2 and d7
    assert Move(sq("a1"), sq("a8"), Kind.ROOK) in moves
    assert Move(sq("b1"), sq("d2"), Kind.KNIGHT) in moves  # onto a friendly pawn
    assert len(moves) == 92


def test_fo7_pieces_share_squares_and_careening_pieces_pass_through_them() -> None:
    start = position("Ke1 Rd1 Pd3 Nc3:e Pa2 ke8 pd2 pe3 ph7")
    after, _ = play(start, move("R", "d1", "d3"), RULES)  # over the black pawn on d2, onto the own pawn
    assert stack(after, "d2") == ["p"]
    assert stack(after, "d3") == ["R", "N:e", "P"]  # the knight stepped in beside them
    after, _ = play(after, move("P", "h7", "h6"), RULES)
    after, _ = play(after, move("P", "a2", "a3"), RULES)
    assert stack(after, "e3") == ["N:e", "p"]  # and on, onto the enemy pawn, pushing nothing
    assert after.count() == start.count()


# -- FO8: a move that does not capture pushes nothing ---------------------------------------

def test_fo8_a_pawn_advancing_onto_enemy_pieces_pushes_nothing() -> None:
    start = position("Ke1 Nd5 ke8 pd7", turn="b")
    after, events = play_text(start, "d5")
    assert stack(after, "d5") == ["N", "p"]
    assert not [e for e in events if isinstance(e, PieceDisplaced)]
    with pytest.raises(NotationError, match="nothing to push"):
        resolve(start, parse_moves("dxd5")[0], RULES)


def test_fo8_castling_pushes_nothing() -> None:
    start = position("Ke1 Rh1 ke8 ng1 bf1", castling="K")
    after, events = play_text(start, "O-O")
    assert stack(after, "g1") == ["K", "n"] and stack(after, "f1") == ["R", "b"]
    assert not [e for e in events if isinstance(e, PieceDisplaced)]


# -- FO9: a careening pawn promotes, by its owner's choice, and keeps its momentum ----------

def test_fo9_a_careening_pawn_promotes_on_arrival_and_keeps_momentum() -> None:
    start = position("Ke1 Pg7:n Pa2 ke8")
    after, events = play(start, move("P", "a2", "a3", promotions=(("g8", "N"),)), RULES)
    assert stack(after, "g8") == ["N:n"]
    assert [e for e in events if isinstance(e, PiecePromoted)] == [PiecePromoted(Color.WHITE, sq("g8"), Kind.KNIGHT, True)]
    after2, _ = play(after, move("K", "e8", "d8"), RULES)
    after3, _ = play(after2, move("P", "a3", "a4"), RULES)
    assert [p.kind for p in after3.fallen] == [Kind.KNIGHT]  # it fell off the next turn


def test_fo9_a_queen_unless_the_owner_chooses_otherwise() -> None:
    after, _ = play_text(position("Ke1 Pg7:n Pa2 ke8"), "a3")
    assert stack(after, "g8") == ["Q:n"]
    after, _ = play_text(position("Ke1 Pg7:n Pa2 ke8"), "a3 [Pg7→g8=R]")
    assert stack(after, "g8") == ["R:n"]


def test_fo9_a_promotion_that_does_not_happen_is_refused() -> None:
    with pytest.raises(IllegalMoveError, match="no pawn of yours promotes on h8"):
        play(position("Ke1 Pg7:n Pa2 ke8"), move("P", "a2", "a3", promotions=(("h8", "R"),)), RULES)


# -- FO10: you pass only when every one of your pieces careens --------------------------------

def test_fo10_passing_is_refused_while_any_piece_can_move() -> None:
    with pytest.raises(IllegalMoveError, match="pass only when"):
        play(position("Ke1 Nb6:sw ke8"), Move.pass_turn(), RULES)


def test_fo10_a_player_whose_pieces_all_careen_passes_and_momentum_goes_on() -> None:
    start = position("Kd4:e Nb6:sw ke8")
    assert legal_moves(start, RULES) == []
    after, events = play(start, Move.pass_turn(), RULES)
    assert isinstance(events[0], TurnPassed)
    assert stack(after, "e4") == ["K:e"] and stack(after, "a5") == ["N:sw"]
    game = Game(RULES, start)
    game.push(Move.pass_turn())
    assert game.position == after


# -- FO11: careening pieces can be pushed again, further or in a new direction ----------------

def test_fo11_a_careening_piece_pushed_the_same_way_goes_one_square_further() -> None:
    start = position("Ke1 Qd1 ke8 pd7:e", turn="w")
    after, _ = play(start, move("Q", "d1", "d7", "P d7 e"), RULES)
    assert stack(after, "e7") == ["p:e"]
    after2, _ = play(after, move("K", "e8", "d8"), RULES)
    assert stack(after2, "f7") == ["p:e"]  # where it would have been a turn later


def test_fo11_a_careening_piece_can_be_given_a_new_direction() -> None:
    start = position("Ke1 Qd1 ke8 pd7:e")
    after, events = play(start, move("Q", "d1", "d7", "P d7 s"), RULES)
    assert stack(after, "d6") == ["p:s"]
    (pushed,) = [e for e in events if isinstance(e, PieceDisplaced)]
    assert pushed.piece.heading is not None and pushed.piece.heading.name == "E"  # as it was before

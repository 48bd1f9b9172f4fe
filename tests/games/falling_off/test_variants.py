"""The points the source leaves open: this edition's choices, and the options that change them."""

from __future__ import annotations

import pytest

from cardgen.errors import RulesError
from cardgen.games.falling_off import (FallingOffRules, IllegalMoveError, Move, NotationError, legal_moves, parse_moves,
                                       play, resolve)
from cardgen.games.falling_off.board import EnPassant, Kind
from cardgen.games.falling_off.events import PieceStopped
from cardgen.games.falling_off.variants import find_variant, rules_from_options
from tests.games.falling_off.helpers import RULES, move, play_text, position, sq, stack


# -- castling ---------------------------------------------------------------------------------

def test_castling_is_allowed_through_pieces_since_nothing_blocks() -> None:
    start = position("Ke1 Ra1 Rh1 Nb1 Bc1 Qd1 ke8 bf1", castling="KQ")
    after, _ = play_text(start, "O-O-O")
    assert stack(after, "c1") == ["K", "B"] and stack(after, "d1") == ["Q", "R"]
    assert after.castling == frozenset()


def test_castling_stops_friendly_careening_pieces_where_king_and_rook_land() -> None:
    start = position("Ke1 Rh1 Ng1:w ke8", castling="K")
    after, events = play_text(start, "O-O")
    assert stack(after, "g1") == ["K", "N"]
    assert [e for e in events if isinstance(e, PieceStopped)]


def test_castling_is_lost_once_the_king_has_been_pushed_even_if_it_comes_back() -> None:
    start = position("Ke1 Rh1 ke8 qe2", castling="K", turn="b")
    after, _ = play(start, move("Q", "e2", "e1", "K e1 n"), RULES)
    assert "K" not in after.castling
    start = position("Ke1 Rh1 ke8 qa1", castling="K", turn="b")
    after, _ = play(start, move("Q", "a1", "h1", "R h1 w"), RULES)
    assert "K" not in after.castling


def test_a_careening_rook_or_king_cannot_castle() -> None:
    start = position("Ke1 Rh1:n ke8", castling="K")
    with pytest.raises(NotationError, match="castling is not possible"):
        resolve(start, parse_moves("O-O")[0], RULES)


def test_castling_off() -> None:
    rules = FallingOffRules(castling=False)
    start = position("Ke1 Rh1 ke8", castling="K")
    assert not [m for m in legal_moves(start, rules) if m.is_castle]
    with pytest.raises(NotationError, match="castling is off"):
        resolve(start, parse_moves("O-O")[0], rules)


# -- en passant -------------------------------------------------------------------------------

def test_en_passant_pushes_the_pawn_that_made_the_double_step() -> None:
    start = position("Ke1 Pe5 ke8 pd7", turn="b")
    after_double, _ = play_text(start, "d5")
    assert after_double.en_passant == EnPassant(skipped=sq("d6"), pawn=sq("d5"))
    after, _ = play_text(after_double, "exd6 (Pd5→c4)")
    assert stack(after, "d6") == ["P"] and stack(after, "c4") == ["p:sw"] and stack(after, "d5") == []


def test_en_passant_is_only_possible_right_away() -> None:
    start = position("Ke1 Pe5 Ph2 ke8 pd7 ph7", turn="b")
    after, _ = play_text(start, "d5")
    after, _ = play_text(after, "h3")
    after, _ = play_text(after, "h6")
    assert not [m for m in legal_moves(after, RULES) if m.target == sq("d6")]


def test_en_passant_off() -> None:
    rules = FallingOffRules(en_passant=False)
    start = position("Ke1 Pe5 ke8 pd7", turn="b")
    after, _ = play(start, move("P", "d7", "d5"), rules)
    assert after.en_passant is None
    assert not [m for m in legal_moves(after, rules) if m.target == sq("d6")]


# -- pawn double steps ------------------------------------------------------------------------

def test_pawns_double_step_from_their_second_rank_over_anything() -> None:
    start = position("Ke1 Pe2 ke8 ne3")
    assert move("P", "e2", "e4") in legal_moves(start, RULES)
    assert move("P", "e2", "e4") not in legal_moves(start, FallingOffRules(double_step=False))


def test_a_pawn_pushed_back_to_its_first_rank_steps_one_square() -> None:
    start = position("Ke1 Pc1 ke8")
    assert [m.target for m in legal_moves(start, RULES) if m.kind is Kind.PAWN] == [sq("c2")]


# -- non-capturing moves (FO8) -----------------------------------------------------------------

def test_only_a_pawns_diagonal_move_pushes() -> None:
    start = position("Ke1 Pd4 ke8 nd5 ne5")
    after, _ = play_text(start, "d5")
    assert stack(after, "d5") == ["P", "n"]
    after, _ = play_text(start, "dxe5 (Ne5→f6)")
    assert stack(after, "f6") == ["n:ne"]


# -- momentum onto friendly pieces (the open question) -----------------------------------------

MEETING = "Ke1 Nd4:e Bf4:w Pa2 Ph4:w ke8"
"""The knight and the bishop both step onto e4 (the h-pawn careens onto g4, where nothing is)."""


def test_momentum_meeting_pass_by_default_nothing_stops() -> None:
    after, events = play(position(MEETING), move("P", "a2", "a3"), RULES)
    assert stack(after, "e4") == ["B:w", "N:e"]
    assert not [e for e in events if isinstance(e, PieceStopped)]


def test_momentum_meeting_stop_careening_stops_pieces_that_arrive_together() -> None:
    rules = rules_from_options({"momentum_meeting": "stop-careening"})
    after, events = play(position(MEETING), move("P", "a2", "a3"), rules)
    assert stack(after, "e4") == ["B", "N"]
    assert stack(after, "g4") == ["P:w"]
    assert {e.reason for e in events if isinstance(e, PieceStopped)} == {"meeting"}


def test_momentum_meeting_stop_all_also_catches_on_standing_pieces() -> None:
    start = position("Ke1 Nd4:e Pe4 Pa2 Ph4:w ke8")
    after, _ = play(start, move("P", "a2", "a3"), rules_from_options({"momentum_meeting": "stop-all"}))
    assert stack(after, "e4") == ["N", "P"] and stack(after, "g4") == ["P:w"]
    after, _ = play(start, move("P", "a2", "a3"), rules_from_options({"momentum_meeting": "stop-careening"}))
    assert stack(after, "e4") == ["N:e", "P"]


# -- finding and building rules ---------------------------------------------------------------

def test_variants_are_found_by_name_and_alias() -> None:
    assert find_variant("default") == FallingOffRules()
    assert find_variant("catching").momentum_meeting == "stop-all"
    with pytest.raises(RulesError, match="unknown variant 'catchin'") as info:
        find_variant("catchin")
    assert info.value.hint == "did you mean 'catching'?"


def test_options_are_checked() -> None:
    assert rules_from_options({"castling": "off", "en_passant": False}) == FallingOffRules(castling=False, en_passant=False)
    with pytest.raises(RulesError, match="unknown option 'castle'"):
        rules_from_options({"castle": "off"})
    with pytest.raises(RulesError, match="'maybe' is not on or off"):
        rules_from_options({"castling": "maybe"})
    with pytest.raises(RulesError, match="'stop' is not a value of momentum_meeting"):
        rules_from_options({"momentum_meeting": "stop"})


def test_a_pawn_reaching_the_last_rank_by_its_move_must_promote() -> None:
    start = position("Ke1 Pb7 ke8")
    with pytest.raises(IllegalMoveError, match="must promote"):
        play(start, Move(sq("b7"), sq("b8"), Kind.PAWN), RULES)

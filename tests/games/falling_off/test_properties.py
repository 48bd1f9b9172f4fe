"""Properties of random legal games: nothing is lost or duplicated except by falling off,
positions stay consistent, and the same moves always replay to the same positions."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.games.falling_off import (Color, FallingOffRules, Game, Kind, Move, PiecePromoted, Position, format_line,
                                       legal_moves, play, random_choices, read_line)
from cardgen.games.falling_off.board import PROMOTIONS, canonical, rank_of
from cardgen.games.falling_off.moves import CASTLES
from cardgen.games.falling_off.variants import VARIANTS

PLIES = 60


def random_game(seed: int, rules: FallingOffRules, plies: int = PLIES) -> Game:
    """A game of random legal moves; pushes go in random directions, promotions to random pieces."""
    rng = random.Random(seed)
    game = Game(rules)
    for _ in range(plies):
        if game.winner is not None:
            break
        shapes = game.legal_moves()
        if not shapes:
            game.push(Move.pass_turn())
            continue
        move = random_choices(game.position, rng.choice(shapes), rules, rng)
        _, events = play(game.position, move, rules)
        promoted = [e.square for e in events if isinstance(e, PiecePromoted) and e.careening]
        if promoted:  # careening pawns promote to a piece of the player's choice (FO9)
            move = move.with_choices(move.displacements, tuple((s, rng.choice(PROMOTIONS)) for s in promoted))
        game.push(move)
    return game


def check_consistent(position: Position) -> None:
    pieces = [p for _, p in position.pieces()]
    assert len(pieces) + len(position.fallen) == 32
    for color in Color:
        mine = [p for p in pieces + list(position.fallen) if p.color is color]
        assert len(mine) == 16
        kinds = Counter(p.kind for p in mine)
        assert kinds[Kind.KING] == 1
        # promotion only turns pawns into queens, rooks, bishops or knights
        assert kinds[Kind.PAWN] + kinds[Kind.QUEEN] + kinds[Kind.ROOK] + kinds[Kind.BISHOP] + kinds[Kind.KNIGHT] == 15
    fallen_kings = [p.color for p in position.fallen if p.kind is Kind.KING]
    assert position.winner == (fallen_kings[0].other if fallen_kings else None)
    assert len(fallen_kings) <= 1
    for stack in position.stacks:
        assert stack == canonical(stack)
    mover = position.turn.other  # the side that just played promoted every pawn on its last rank
    if position.winner is None:
        assert not [s for s, p in position.pieces(mover) if p.kind is Kind.PAWN and rank_of(s) == mover.last_rank]
    for right in position.castling:
        color = Color.WHITE if right.isupper() else Color.BLACK
        king_from, _, rook_from, _ = CASTLES[right]
        assert any(p.kind is Kind.KING and p.color is color for p in position.at(king_from))
        assert any(p.kind is Kind.ROOK and p.color is color for p in position.at(rook_from))


RULE_SETS = st.sampled_from(sorted(VARIANTS.values(), key=lambda r: r.name))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), rules=RULE_SETS)
def test_random_games_keep_every_piece_until_it_falls_off(seed: int, rules: FallingOffRules) -> None:
    game = random_game(seed, rules)
    check_consistent(game.start)
    for turn in game.turns:
        check_consistent(turn.after)
        fell = len(turn.after.fallen) - len(turn.before.fallen)
        assert fell == sum(1 for e in turn.events if getattr(e, "fell", False))
        assert turn.after.fallen[:len(turn.before.fallen)] == turn.before.fallen


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=RULE_SETS)
def test_the_same_moves_replay_to_the_same_positions(seed: int, rules: FallingOffRules) -> None:
    game = random_game(seed, rules)
    again = Game.replay(game.moves, rules=rules)
    assert [t.after for t in again.turns] == [t.after for t in game.turns]
    assert [t.events for t in again.turns] == [t.events for t in game.turns]
    text = format_line(game.start, game.moves, rules)
    read = read_line(text, rules)
    assert read.moves == game.moves
    assert read.positions[-1] == game.position


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_pop_takes_back_and_copies_are_independent(seed: int) -> None:
    game = random_game(seed, FallingOffRules(), plies=20)
    copy = game.copy()
    before = game.position
    if game.winner is None:
        shapes = game.legal_moves()
        move = random_choices(before, shapes[0], game.rules, random.Random(seed)) if shapes else Move.pass_turn()
        copy.push(move)
        assert game.position == before
        assert copy.pop() == move
        assert copy.position == before
    assert legal_moves(before, game.rules) == game.legal_moves()


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=RULE_SETS)
def test_long_random_games_stay_consistent(seed: int, rules: FallingOffRules) -> None:
    game = random_game(seed, rules, plies=300)
    for turn in game.turns:
        check_consistent(turn.after)


def test_two_pawns_promoting_on_one_square_to_different_pieces_are_written_each_as_it_promoted() -> None:
    """Found by the property above: Pd2→d1=R and Pd2→d1=N in one turn were both written =R."""
    rules = next(r for r in RULE_SETS.elements if r.name == "falling-off")  # type: ignore[attr-defined]
    game = random_game(50561750, rules)
    text = format_line(game.start, game.moves, rules)
    assert "[Pd2→d1=R, Pd2→d1=N]" in text or "[Pd2→d1=N, Pd2→d1=R]" in text
    read = read_line(text, rules)
    assert read.moves == game.moves and read.positions[-1] == game.position

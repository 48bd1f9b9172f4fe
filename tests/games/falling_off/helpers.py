"""Small builders for Falling Off engine tests."""

from __future__ import annotations

from cardgen.games.falling_off import (Color, Direction, Displacement, FallingOffRules, Kind, Move, Position,
                                       play, resolve, parse_moves)
from cardgen.games.falling_off.board import parse_square
from cardgen.games.falling_off.events import Event

RULES = FallingOffRules()


def sq(name: str) -> int:
    square = parse_square(name)
    assert square is not None, name
    return square


def position(placement: str, *, turn: str = "w", castling: str = "") -> Position:
    return Position.from_placement(placement, turn=Color(turn), castling=tuple(castling))


def move(kind: str, origin: str, target: str, *pushes: str, promotion: str | None = None,
         promotions: tuple[tuple[str, str], ...] = ()) -> Move:
    """``move("N", "d5", "c7", "P c7 e")``: each push is 'kind square direction'."""
    displacements = []
    for push in pushes:
        k, s, d = push.split()
        displacements.append(Displacement(sq(s), Kind(k), Direction[d.upper()]))
    return Move(sq(origin), sq(target), Kind(kind), Kind(promotion) if promotion else None).with_choices(
        tuple(displacements), tuple((sq(s), Kind(k)) for s, k in promotions))


def play_text(start: Position, text: str, rules: FallingOffRules = RULES) -> tuple[Position, tuple[Event, ...]]:
    """Play one move written in notation; return the position after it and its events."""
    (token,) = parse_moves(text)
    return play(start, resolve(start, token, rules), rules)


def stack(p: Position, square: str) -> list[str]:
    """The pieces on a square as placement letters, ':dir' for careening ones."""
    return [piece.letter + (":" + piece.heading.name.lower() if piece.heading else "") for piece in p.at(sq(square))]

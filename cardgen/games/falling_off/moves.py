"""Moves and their generation: standard chess movement on a board where nothing blocks.

A :class:`Move` names the piece that moves and where, plus the choices its player makes:
the direction each pushed enemy piece goes (FO2), a promotion, and the promotion of any of the
player's pawns that end the turn on their last rank (FO9). :func:`legal_moves` lists the
*shapes* of the legal moves — the choices left empty — and :func:`displaced_by` says which
enemy pieces a shape pushes, so a player (or a bot) can fill in the directions.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace

from cardgen.games.falling_off.board import (PROMOTIONS, RAYS, Color, Direction, Kind, Piece, Position, Square,
                                             file_of, off_heading, rank_of, square_at, step)
from cardgen.games.falling_off.variants import FallingOffRules

KNIGHT_JUMPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
KNIGHT_TARGETS = tuple(tuple(t for df, dr in KNIGHT_JUMPS if (t := square_at(s % 8 + df, s // 8 + dr)) is not None)
                       for s in range(64))
KING_TARGETS = tuple(tuple(ray[0] for ray in RAYS[s].values() if ray) for s in range(64))
ORTHOGONAL = (Direction.N, Direction.E, Direction.S, Direction.W)
DIAGONAL = (Direction.NE, Direction.SE, Direction.SW, Direction.NW)
SLIDES = {Kind.ROOK: ORTHOGONAL, Kind.BISHOP: DIAGONAL, Kind.QUEEN: ORTHOGONAL + DIAGONAL}
CASTLES = {  # right → (king from, king to, rook from, rook to)
    "K": (4, 6, 7, 5), "Q": (4, 2, 0, 3),
    "k": (60, 62, 63, 61), "q": (60, 58, 56, 59),
}


@dataclass(frozen=True)
class Displacement:
    """One enemy piece of ``kind`` on ``origin`` pushed one square towards ``heading``."""

    origin: Square
    kind: Kind
    heading: Direction

    @property
    def landing(self) -> Square | None:
        """Where it lands; None when the push sends it off the board."""
        return step(self.origin, self.heading)


@dataclass(frozen=True)
class Move:
    """A move, or a pass (``kind`` None). ``promotions`` holds (square, kind) for the mover's
    pawns other than the moving one that promote at the end of the turn; unlisted ones become
    queens."""

    origin: Square = -1
    target: Square = -1
    kind: Kind | None = None
    promotion: Kind | None = None
    displacements: tuple[Displacement, ...] = ()
    promotions: tuple[tuple[Square, Kind], ...] = ()

    @classmethod
    def pass_turn(cls) -> "Move":
        return cls()

    @property
    def is_pass(self) -> bool:
        return self.kind is None

    @property
    def is_castle(self) -> bool:
        return self.kind is Kind.KING and abs(file_of(self.target) - file_of(self.origin)) == 2

    @property
    def shape(self) -> "Move":
        """The move without the player's choices of directions and end-of-turn promotions."""
        return replace(self, displacements=(), promotions=())

    def with_choices(self, displacements: tuple[Displacement, ...] = (),
                     promotions: tuple[tuple[Square, Kind], ...] = ()) -> "Move":
        chosen = [(square, kind) for square, kind in promotions if kind is not Kind.QUEEN]  # a queen is the default
        # a piece pushed off the board is gone whichever way it went: one canonical heading
        pushes = [d if d.landing is not None else replace(d, heading=off_heading(d.origin)) for d in displacements]
        return replace(self, displacements=tuple(sorted(pushes, key=_displacement_key)),
                       promotions=tuple(sorted(chosen, key=lambda p: (p[0], p[1].value))))


def _displacement_key(d: Displacement) -> tuple[int, str, str]:
    return (d.origin, d.kind.value, d.heading.name)


def castle_rook(move: Move) -> tuple[Square, Square]:
    """The rook's (from, to) of a castling move."""
    for king_from, king_to, rook_from, rook_to in CASTLES.values():
        if (move.origin, move.target) == (king_from, king_to):
            return rook_from, rook_to
    raise ValueError("not a castling move")


def _stationary(position: Position, square: Square, color: Color, kind: Kind) -> bool:
    return any(p.color is color and p.kind is kind and not p.careening for p in position.at(square))


def piece_moves(position: Position, square: Square, piece: Piece, rules: FallingOffRules) -> list[Move]:
    """Every legal move of one standing (non-careening) piece of the side to move."""
    color, kind = piece.color, piece.kind
    targets: list[Square] = []
    if kind is Kind.KNIGHT:
        targets = list(KNIGHT_TARGETS[square])
    elif kind is Kind.KING:
        targets = list(KING_TARGETS[square])
    elif kind in SLIDES:
        # FO7: nothing blocks a move; a slider reaches every square of its lines
        rays = RAYS[square]
        for direction in SLIDES[kind]:
            targets.extend(rays[direction])
    if kind is not Kind.PAWN:
        moves = [Move(square, t, kind) for t in targets]
        if kind is Kind.KING and rules.castling:
            moves += _castling_moves(position, square, color)
        return moves
    return _pawn_moves(position, square, color, rules)


def _pawn_moves(position: Position, square: Square, color: Color, rules: FallingOffRules) -> list[Move]:
    forward = Direction.N if color is Color.WHITE else Direction.S
    targets: list[Square] = []
    one = step(square, forward)
    if one is not None:
        targets.append(one)  # FO7/FO8: always possible, whoever stands there, and pushes nobody
        if rules.double_step and rank_of(square) == color.home_rank + color.forward:
            two = step(square, forward, 2)
            if two is not None:
                targets.append(two)
    for side in (-1, 1):
        diagonal = square_at(file_of(square) + side, rank_of(square) + color.forward)
        if diagonal is None:
            continue
        ep = position.en_passant
        if position.enemies_at(diagonal, color) or (rules.en_passant and ep is not None and ep.skipped == diagonal):
            targets.append(diagonal)
    moves: list[Move] = []
    for target in targets:
        if rank_of(target) == color.last_rank:
            moves += [Move(square, target, Kind.PAWN, promotion=k) for k in PROMOTIONS]
        else:
            moves.append(Move(square, target, Kind.PAWN))
    return moves


def _castling_moves(position: Position, square: Square, color: Color) -> list[Move]:
    moves = []
    for right in (("K", "Q") if color is Color.WHITE else ("k", "q")):
        king_from, king_to, rook_from, _ = CASTLES[right]
        if right in position.castling and square == king_from and _stationary(position, rook_from, color, Kind.ROOK):
            moves.append(Move(king_from, king_to, Kind.KING))
    return moves


def legal_moves(position: Position, rules: FallingOffRules) -> list[Move]:
    """The shapes of every legal move of the side to move, in a stable order.

    Careening pieces cannot move (FO4). Empty when every piece of the side careens: then the
    player passes (FO10). Nothing is legal once the game is won.
    """
    if position.winner is not None:
        return []
    color = position.turn
    seen: set[tuple[Square, Kind]] = set()
    moves: list[Move] = []
    for square, piece in position.pieces(color):
        if piece.careening or (square, piece.kind) in seen:
            continue
        seen.add((square, piece.kind))  # two equal pieces on one square make the same moves
        moves += piece_moves(position, square, piece, rules)
    return moves


def has_legal_move(position: Position, rules: FallingOffRules) -> bool:
    """Whether the side to move has any legal move (else it must pass, FO10)."""
    if position.winner is not None:
        return False
    return any(not piece.careening and piece_moves(position, square, piece, rules)
               for square, piece in position.pieces(position.turn))


def is_legal_shape(position: Position, move: Move, rules: FallingOffRules) -> bool:
    """Whether ``move.shape`` is one of the legal moves (checking only the piece that moves)."""
    if position.winner is not None or move.is_pass or not 0 <= move.origin < 64:
        return False
    piece = next((p for p in position.at(move.origin) if p.color is position.turn and p.kind is move.kind
                  and not p.careening), None)
    return piece is not None and move.shape in piece_moves(position, move.origin, piece, rules)


def is_capture_shape(position: Position, move: Move) -> bool:
    """Whether the move uses a capturing power, so that it pushes (FO2, FO8).

    Castling and a pawn's straight advance never push; every other move pushes the enemy
    pieces on its target square.
    """
    if move.is_pass or move.is_castle:
        return False
    if move.kind is Kind.PAWN:
        return file_of(move.origin) != file_of(move.target)
    return True


def displaced_by(position: Position, move: Move, rules: FallingOffRules) -> list[tuple[Square, Piece]]:
    """The enemy pieces the move pushes: every one on its target square when it captures,
    and the pawn that just made a double step when it takes en passant."""
    if not is_capture_shape(position, move):
        return []
    color = position.turn
    out = [(move.target, p) for p in position.enemies_at(move.target, color)]
    ep = position.en_passant
    if move.kind is Kind.PAWN and rules.en_passant and ep is not None and ep.skipped == move.target:
        pawn = next((p for p in position.at(ep.pawn) if p.color is not color and p.kind is Kind.PAWN), None)
        if pawn is not None:
            out.append((ep.pawn, pawn))
    return out


def displacement_needs(position: Position, move: Move, rules: FallingOffRules) -> Counter[tuple[Square, Kind]]:
    """How many pieces of each kind on each square the move must give a direction to."""
    return Counter((square, piece.kind) for square, piece in displaced_by(position, move, rules))


def random_choices(position: Position, shape: Move, rules: FallingOffRules, rng: random.Random) -> Move:
    """``shape`` with a random direction for every piece it pushes (for bots and tests)."""
    directions = list(Direction)
    pushes = tuple(Displacement(square, piece.kind, rng.choice(directions))
                   for square, piece in displaced_by(position, shape, rules))
    return shape.with_choices(pushes)

"""What happens in a turn, as typed events in the order they happen.

Captions and diagrams are drawn from these, never from diffs of positions. Pieces are given
as they were *before* the event (so a pushed careening piece still shows its old heading).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardgen.games.falling_off.board import Color, Direction, Kind, Piece, Square


@dataclass(frozen=True)
class PieceMoved:
    """The player's move (a castling move is two of these: the king's, then the rook's)."""

    piece: Piece
    origin: Square
    target: Square
    promotion: Kind | None = None
    castling: bool = False


@dataclass(frozen=True)
class PieceStopped:
    """A careening piece stops: a friendly piece moved onto its square (FO5), or — with the
    ``momentum_meeting`` option — momentum brought it onto a friendly piece."""

    piece: Piece
    square: Square
    reason: Literal["move", "meeting"] = "move"


@dataclass(frozen=True)
class PieceDisplaced:
    """An enemy piece pushed one square by the move (FO2, FO11); ``landing`` None: it fell off."""

    piece: Piece
    origin: Square
    heading: Direction
    landing: Square | None

    @property
    def fell(self) -> bool:
        return self.landing is None


@dataclass(frozen=True)
class PieceStepped:
    """A careening piece's momentum step after its owner's turn (FO6); None: it fell off."""

    piece: Piece
    origin: Square
    landing: Square | None

    @property
    def fell(self) -> bool:
        return self.landing is None


@dataclass(frozen=True)
class PiecePromoted:
    """A pawn on its last rank at the end of its owner's turn becomes ``kind`` (FO9)."""

    color: Color
    square: Square
    kind: Kind
    careening: bool


@dataclass(frozen=True)
class TurnPassed:
    """The player had no legal move — every piece careens — and passed (FO10)."""

    color: Color


@dataclass(frozen=True)
class GameWon:
    """A king fell off the board (FO1): its opponent wins."""

    winner: Color


Event = PieceMoved | PieceStopped | PieceDisplaced | PieceStepped | PiecePromoted | TurnPassed | GameWon

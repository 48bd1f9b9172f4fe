"""Squares, directions, pieces and positions of Falling Off (plain data, no drawing).

A square is an ``int`` from 0 (a1) to 63 (h8): ``file + 8 * rank``. Any number of pieces may
stand on one square (FO7), so a :class:`Position` holds a *stack* of pieces per square, kept in
a canonical order so that equal positions compare equal. A piece with a ``heading`` is
careening (FO3): it steps one square that way after each of its owner's turns.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from enum import Enum

from cardgen.errors import RulesError

Square = int
FILES = "abcdefgh"
RANKS = "12345678"


class Color(Enum):
    WHITE = "w"
    BLACK = "b"

    @property
    def other(self) -> "Color":
        return Color.BLACK if self is Color.WHITE else Color.WHITE

    @property
    def forward(self) -> int:
        """+1 for White (towards rank 8), -1 for Black."""
        return 1 if self is Color.WHITE else -1

    @property
    def home_rank(self) -> int:
        return 0 if self is Color.WHITE else 7

    @property
    def last_rank(self) -> int:
        """The rank where this side's pawns promote."""
        return 7 if self is Color.WHITE else 0


class Kind(Enum):
    KING = "K"
    QUEEN = "Q"
    ROOK = "R"
    BISHOP = "B"
    KNIGHT = "N"
    PAWN = "P"


KIND_ORDER = {kind: index for index, kind in enumerate(Kind)}
PROMOTIONS = (Kind.QUEEN, Kind.ROOK, Kind.BISHOP, Kind.KNIGHT)


class Direction(Enum):
    """The eight directions a piece can be pushed, named as on a map with White at the bottom."""

    N = (0, 1)
    NE = (1, 1)
    E = (1, 0)
    SE = (1, -1)
    S = (0, -1)
    SW = (-1, -1)
    W = (-1, 0)
    NW = (-1, 1)

    @property
    def df(self) -> int:
        return self.value[0]

    @property
    def dr(self) -> int:
        return self.value[1]

    @classmethod
    def between(cls, origin: Square, target: Square) -> "Direction | None":
        """The direction of a one-square step from ``origin`` to ``target`` (None if not adjacent)."""
        df, dr = file_of(target) - file_of(origin), rank_of(target) - rank_of(origin)
        for direction in cls:
            if direction.value == (df, dr):
                return direction
        return None

    @classmethod
    def parse(cls, text: str) -> "Direction":
        try:
            return cls[text.upper()]
        except KeyError:
            raise RulesError(f"unknown direction '{text}'", hint="directions: " + ", ".join(d.name.lower() for d in cls)) from None


DIRECTION_ORDER = {direction: index for index, direction in enumerate(Direction)}


def file_of(square: Square) -> int:
    return square % 8


def rank_of(square: Square) -> int:
    return square // 8


def square_at(file: int, rank: int) -> Square | None:
    """The square at (file, rank), or None when that is off the board."""
    if 0 <= file < 8 and 0 <= rank < 8:
        return rank * 8 + file
    return None


def step(square: Square, direction: Direction, distance: int = 1) -> Square | None:
    """The square ``distance`` steps from ``square`` in ``direction`` (None: off the board)."""
    ray = RAYS[square][direction]
    return ray[distance - 1] if distance <= len(ray) else None


def off_heading(square: Square) -> Direction | None:
    """The direction a piece on ``square`` is said to fall off in when pushed over the edge:
    straight across the nearest edge (N, E, S or W first). None when ``square`` is not on the edge."""
    for direction in (Direction.N, Direction.E, Direction.S, Direction.W):
        if not RAYS[square][direction]:
            return direction
    return None


def _ray(square: Square, direction: Direction) -> tuple[Square, ...]:
    df, dr = direction.value
    out = []
    file, rank = file_of(square) + df, rank_of(square) + dr
    while 0 <= file < 8 and 0 <= rank < 8:
        out.append(rank * 8 + file)
        file, rank = file + df, rank + dr
    return tuple(out)


RAYS: tuple[dict[Direction, tuple[Square, ...]], ...] = tuple(
    {direction: _ray(square, direction) for direction in Direction} for square in range(64))
"""For each square and direction, the squares from the next one to the edge."""


def square_name(square: Square) -> str:
    return FILES[file_of(square)] + RANKS[rank_of(square)]


def parse_square(text: str) -> Square | None:
    """``'e4'`` → 28; None if ``text`` is not a square name."""
    if len(text) == 2 and text[0] in FILES and text[1] in RANKS:
        return RANKS.index(text[1]) * 8 + FILES.index(text[0])
    return None


def on_edge(square: Square) -> bool:
    return file_of(square) in (0, 7) or rank_of(square) in (0, 7)


@dataclass(frozen=True)
class Piece:
    """A piece. ``heading`` is the direction it careens in; None when it stands still."""

    color: Color
    kind: Kind
    heading: Direction | None = None

    @property
    def careening(self) -> bool:
        return self.heading is not None

    @property
    def letter(self) -> str:
        """K Q R B N P for White, k q r b n p for Black."""
        return self.kind.value if self.color is Color.WHITE else self.kind.value.lower()

    def stopped(self) -> "Piece":
        return replace(self, heading=None)

    def pushed(self, heading: Direction) -> "Piece":
        return replace(self, heading=heading)

    def sort_key(self) -> tuple[int, int, int]:
        return (0 if self.color is Color.WHITE else 1, KIND_ORDER[self.kind],
                -1 if self.heading is None else DIRECTION_ORDER[self.heading])

    def token(self, square: Square) -> str:
        """This piece on ``square`` in placement notation: ``Nb6``, ``nb6:sw``."""
        text = self.letter + square_name(square)
        return text + (":" + self.heading.name.lower() if self.heading else "")


Stack = tuple[Piece, ...]


def canonical(pieces: Iterable[Piece]) -> Stack:
    return tuple(sorted(pieces, key=Piece.sort_key))


CASTLING_RIGHTS = ("K", "Q", "k", "q")
START = ("R N B Q K B N R".split(), ["P"] * 8)


@dataclass(frozen=True)
class EnPassant:
    """After a double step: the square the pawn skipped and the square it stands on."""

    skipped: Square
    pawn: Square


@dataclass(frozen=True)
class Position:
    """A snapshot: every square's stack, whose turn it is, castling rights, the en passant
    chance, the move number, the pieces that fell off (in the order they fell) and the winner."""

    stacks: tuple[Stack, ...]
    turn: Color = Color.WHITE
    castling: frozenset[str] = frozenset(CASTLING_RIGHTS)
    en_passant: EnPassant | None = None
    fullmove: int = 1
    fallen: tuple[Piece, ...] = ()
    winner: Color | None = None
    _index: dict[tuple[Color, Kind], tuple[Square, ...]] = field(default_factory=dict, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if len(self.stacks) != 64:
            raise ValueError("a position has 64 squares")

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def initial(cls) -> "Position":
        """The usual starting position of chess."""
        stacks: list[list[Piece]] = [[] for _ in range(64)]
        back, pawns = START
        for color in Color:
            for file in range(8):
                stacks[square_at(file, color.home_rank)].append(Piece(color, Kind(back[file])))  # type: ignore[index]
                stacks[square_at(file, color.home_rank + color.forward)].append(Piece(color, Kind(pawns[file])))  # type: ignore[index]
        return cls(tuple(canonical(s) for s in stacks))

    @classmethod
    def from_placement(cls, text: str, *, turn: Color = Color.WHITE, castling: Iterable[str] = (),
                       en_passant: EnPassant | None = None, fullmove: int = 1) -> "Position":
        """A position from tokens such as ``"Ke1 Nb6:sw ke8 pd7:e"`` (lowercase is Black).

        Each side needs exactly one king. ``:dir`` makes the piece careen that way.
        """
        stacks: list[list[Piece]] = [[] for _ in range(64)]
        for token in text.split():
            piece, square = parse_piece_token(token)
            stacks[square].append(piece)
        position = cls(tuple(canonical(s) for s in stacks), turn=turn, castling=frozenset(castling),
                       en_passant=en_passant, fullmove=fullmove)
        for color in Color:
            kings = sum(1 for _, p in position.pieces(color) if p.kind is Kind.KING)
            if kings != 1:
                raise RulesError(f"{color.name.lower()} must have exactly one king, not {kings}", field="placement")
        return position

    # -- reading --------------------------------------------------------------------------
    def at(self, square: Square) -> Stack:
        return self.stacks[square]

    def pieces(self, color: Color | None = None) -> Iterator[tuple[Square, Piece]]:
        """Every (square, piece) on the board, square by square, optionally of one side."""
        for square, stack in enumerate(self.stacks):
            for piece in stack:
                if color is None or piece.color is color:
                    yield square, piece

    def careening(self, color: Color | None = None) -> list[tuple[Square, Piece]]:
        return [(s, p) for s, p in self.pieces(color) if p.careening]

    def squares_of(self, color: Color, kind: Kind) -> tuple[Square, ...]:
        key = (color, kind)
        if key not in self._index:
            self._index[key] = tuple(s for s, p in self.pieces(color) if p.kind is kind)
        return self._index[key]

    def king(self, color: Color) -> Square | None:
        squares = self.squares_of(color, Kind.KING)
        return squares[0] if squares else None

    def enemies_at(self, square: Square, color: Color) -> Stack:
        """The pieces on ``square`` that are not ``color``'s."""
        return tuple(p for p in self.stacks[square] if p.color is not color)

    def placement(self) -> str:
        """The inverse of :meth:`from_placement` (square by square, a1 first)."""
        return " ".join(piece.token(square) for square, piece in self.pieces())

    def count(self) -> int:
        return sum(len(stack) for stack in self.stacks)

    def __str__(self) -> str:
        rows = []
        for rank in range(7, -1, -1):
            cells = []
            for file in range(8):
                stack = self.stacks[rank * 8 + file]
                cells.append(("".join(p.letter + ("*" if p.careening else "") for p in stack) or ".").ljust(4))
            rows.append(f"{rank + 1} " + " ".join(cells))
        rows.append("  " + " ".join(f.ljust(4) for f in FILES))
        return "\n".join(rows)


def parse_piece_token(token: str) -> tuple[Piece, Square]:
    """``'Nb6:sw'`` → (white knight careening south-west, b6)."""
    body, _, heading = token.partition(":")
    if len(body) != 3 or body[0].upper() not in "KQRBNP" or parse_square(body[1:]) is None:
        raise RulesError(f"bad piece token '{token}'", field="placement",
                         hint="write a piece letter (uppercase White, lowercase Black) and a square, e.g. Ke1 or pd7:e")
    color = Color.WHITE if body[0].isupper() else Color.BLACK
    piece = Piece(color, Kind(body[0].upper()), Direction.parse(heading) if heading else None)
    return piece, parse_square(body[1:])  # type: ignore[return-value]

"""Playing a move: pushes, stops, momentum, falling off, promotion, winning.

:func:`play` is pure: a position and a move in, the next position and the turn's events out.
:class:`Game` wraps it like a chess board with ``push()``/``pop()`` and a move stack.

One turn, in order:

1. the piece moves (castling moves the rook too) and stops every friendly careening piece
   on the square it lands on (FO5);
2. each enemy piece it pushes goes one square the way its player chose, and careens that way
   (FO2, FO3, FO11); pushed off the edge, it falls; if it is the king, the mover has won (FO1);
3. the mover's careening pieces, all together, step one square on (FO6) — those that leave the
   board fall off; if the mover's own king falls, the opponent has won;
4. the mover's pawns standing on their last rank promote, careening or not (FO9).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from cardgen.errors import RulesError
from cardgen.games.falling_off.board import (CASTLING_RIGHTS, Color, EnPassant, Kind, Piece, Position, Square,
                                             canonical, rank_of, square_name, step)
from cardgen.games.falling_off.events import (Event, GameWon, PieceDisplaced, PieceMoved, PiecePromoted,
                                              PieceStepped, PieceStopped, TurnPassed)
from cardgen.games.falling_off.moves import (CASTLES, Move, castle_rook, displacement_needs, has_legal_move,
                                             is_legal_shape, legal_moves)
from cardgen.games.falling_off.variants import FallingOffRules

NAMES = {Kind.KING: "king", Kind.QUEEN: "queen", Kind.ROOK: "rook", Kind.BISHOP: "bishop", Kind.KNIGHT: "knight",
         Kind.PAWN: "pawn"}


class IllegalMoveError(RulesError):
    """The move is not legal in the position (the message says why)."""


@dataclass
class _Board:
    """A mutable working copy of the stacks for one turn."""

    stacks: list[list[Piece]]

    @classmethod
    def of(cls, position: Position) -> "_Board":
        return cls([list(stack) for stack in position.stacks])

    def take(self, square: Square, color: Color, kind: Kind, *, careening: bool | None = None) -> Piece:
        """Remove one piece of that colour and kind from ``square`` (a standing one first)."""
        candidates = [p for p in self.stacks[square] if p.color is color and p.kind is kind
                      and (careening is None or p.careening == careening)]
        candidates.sort(key=lambda p: p.careening)
        piece = candidates[0]
        self.stacks[square].remove(piece)
        return piece

    def frozen(self) -> tuple[tuple[Piece, ...], ...]:
        return tuple(canonical(stack) for stack in self.stacks)


def _describe(color: Color, kind: Kind) -> str:
    return f"{color.name.lower()} {NAMES[kind]}"


def _check_shape(position: Position, move: Move, rules: FallingOffRules) -> None:
    if move.is_pass:
        if has_legal_move(position, rules):
            raise IllegalMoveError("you may pass only when every one of your pieces careens (FO10)")
        return
    if is_legal_shape(position, move, rules):
        return
    color = position.turn
    what = _describe(color, move.kind)  # type: ignore[arg-type]
    here = position.at(move.origin) if 0 <= move.origin < 64 else ()
    mine = [p for p in here if p.color is color and p.kind is move.kind]
    if not mine:
        raise IllegalMoveError(f"there is no {what} on {square_name(move.origin)}")
    if all(p.careening for p in mine):
        raise IllegalMoveError(f"the {what} on {square_name(move.origin)} is careening and cannot move (FO4)")
    if move.kind is Kind.PAWN and rank_of(move.target) == color.last_rank and move.promotion is None:
        raise IllegalMoveError("a pawn reaching the last rank must promote", hint="add =Q, =R, =B or =N")
    raise IllegalMoveError(f"a {what} cannot move from {square_name(move.origin)} to {square_name(move.target)}")


def _check_displacements(position: Position, move: Move, rules: FallingOffRules) -> None:
    needed = displacement_needs(position, move, rules)
    given = Counter((d.origin, d.kind) for d in move.displacements)
    for (square, kind), count in sorted(needed.items(), key=lambda item: (item[0][0], item[0][1].value)):
        if given[(square, kind)] < count:
            raise IllegalMoveError(f"say where the {_describe(position.turn.other, kind)} on {square_name(square)} "
                                   f"is pushed (FO2)", hint="every enemy piece on the square is pushed one step")
    for (square, kind), count in sorted(given.items(), key=lambda item: (item[0][0], item[0][1].value)):
        if needed[(square, kind)] < count:
            raise IllegalMoveError(f"this move pushes no {_describe(position.turn.other, kind)} on {square_name(square)}",
                                   hint="only a capturing move pushes, and only the enemy pieces on its target square (FO8)")


def play(position: Position, move: Move, rules: FallingOffRules) -> tuple[Position, tuple[Event, ...]]:
    """The position after ``move`` and what happened, in order. Raises IllegalMoveError."""
    if position.winner is not None:
        raise IllegalMoveError(f"the game is over: {position.winner.name.lower()} has won")
    _check_shape(position, move, rules)
    _check_displacements(position, move, rules)
    me, them = position.turn, position.turn.other
    board = _Board.of(position)
    events: list[Event] = []
    fallen = list(position.fallen)
    winner: Color | None = None

    if move.is_pass:
        events.append(TurnPassed(me))
    else:
        assert move.kind is not None
        arrivals = [(move.origin, move.target, move.kind, move.promotion)]
        if move.is_castle:
            rook_from, rook_to = castle_rook(move)
            arrivals.append((rook_from, rook_to, Kind.ROOK, None))
        for origin, target, kind, promotion in arrivals:
            piece = board.take(origin, me, kind, careening=False)
            board.stacks[target].append(Piece(me, promotion or kind))
            events.append(PieceMoved(piece, origin, target, promotion, castling=move.is_castle))
        for _, target, _, _ in arrivals:  # FO5: a friendly piece arriving stops careening pieces
            for index, piece in enumerate(board.stacks[target]):
                if piece.color is me and piece.careening:
                    board.stacks[target][index] = piece.stopped()
                    events.append(PieceStopped(piece, target))
        for push in move.displacements:  # FO2, FO3, FO11
            piece = board.take(push.origin, them, push.kind)
            landing = push.landing
            events.append(PieceDisplaced(piece, push.origin, push.heading, landing))
            if landing is None:
                fallen.append(piece.pushed(push.heading))
                if piece.kind is Kind.KING:
                    winner = me
            else:
                board.stacks[landing].append(piece.pushed(push.heading))
        if winner is not None:
            events.append(GameWon(winner))

    if winner is None:
        winner = _momentum(board, me, rules, events, fallen)
    if winner is None:
        _promote(board, me, move, events)

    rights = _castling_rights(position.castling, events)
    ep = None
    if (rules.en_passant and not move.is_pass and move.kind is Kind.PAWN
            and abs(rank_of(move.target) - rank_of(move.origin)) == 2):
        ep = EnPassant(skipped=(move.origin + move.target) // 2, pawn=move.target)
    after = Position(board.frozen(), turn=them, castling=rights, en_passant=ep,
                     fullmove=position.fullmove + (1 if me is Color.BLACK else 0), fallen=tuple(fallen), winner=winner)
    return after, tuple(events)


def _momentum(board: _Board, me: Color, rules: FallingOffRules, events: list[Event], fallen: list[Piece]) -> Color | None:
    """Every careening piece of the mover steps one square, all at once (FO6)."""
    moving: list[tuple[Square, Piece]] = []
    for square, stack in enumerate(board.stacks):
        for piece in [p for p in stack if p.color is me and p.careening]:
            stack.remove(piece)
            moving.append((square, piece))
    arrived: set[Square] = set()
    winner = None
    for square, piece in moving:
        assert piece.heading is not None
        landing = step(square, piece.heading)
        events.append(PieceStepped(piece, square, landing))
        if landing is None:
            fallen.append(piece)
            if piece.kind is Kind.KING:
                winner = me.other
        else:
            board.stacks[landing].append(piece)
            arrived.add(landing)
    if winner is not None:
        events.append(GameWon(winner))
        return winner
    if rules.momentum_meeting != "pass":
        for square in sorted(arrived):
            stack = board.stacks[square]
            careening = [p for p in stack if p.color is me and p.careening]
            friends = [p for p in stack if p.color is me]
            meets = len(careening) >= 2 if rules.momentum_meeting == "stop-careening" else len(friends) >= 2
            if meets:
                for index, piece in enumerate(stack):
                    if piece.color is me and piece.careening:
                        stack[index] = piece.stopped()
                        events.append(PieceStopped(piece, square, reason="meeting"))
    return None


def _promote(board: _Board, me: Color, move: Move, events: list[Event]) -> None:
    """The mover's pawns on their last rank become the pieces the move names (queens by default)."""
    wanted = Counter(move.promotions)
    promoted = Counter[tuple[Square, Kind]]()
    last = me.last_rank
    for square in range(last * 8, last * 8 + 8):
        stack = board.stacks[square]
        for index, piece in enumerate(list(stack)):
            if piece.color is not me or piece.kind is not Kind.PAWN:
                continue
            kind = next((k for (s, k), n in sorted(wanted.items(), key=lambda i: i[0][1].value)
                         if s == square and n > promoted[(s, k)]), Kind.QUEEN)
            promoted[(square, kind)] += 1
            stack[index] = replace(piece, kind=kind)
            events.append(PiecePromoted(me, square, kind, piece.careening))
    extra = wanted - promoted
    if extra:
        (square, kind), _ = next(iter(sorted(extra.items(), key=lambda i: (i[0][0], i[0][1].value))))
        raise IllegalMoveError(f"no pawn of yours promotes on {square_name(square)} this turn")


def _castling_rights(rights: frozenset[str], events: list[Event]) -> frozenset[str]:
    """A right is lost once its king or rook has left its square, by a move, a push or a step."""
    left: set[tuple[Color, Kind, Square]] = set()
    for event in events:
        if isinstance(event, (PieceMoved, PieceDisplaced, PieceStepped)):
            left.add((event.piece.color, event.piece.kind, event.origin))
    kept = set(rights)
    for right in CASTLING_RIGHTS:
        color = Color.WHITE if right.isupper() else Color.BLACK
        king_from, _, rook_from, _ = CASTLES[right]
        if (color, Kind.KING, king_from) in left or (color, Kind.ROOK, rook_from) in left:
            kept.discard(right)
    return frozenset(kept)


@dataclass(frozen=True)
class Turn:
    """One played turn: the move, the positions around it and what happened."""

    move: Move
    before: Position
    after: Position
    events: tuple[Event, ...]


@dataclass
class Game:
    """A game in progress: ``push()`` plays a move, ``pop()`` takes it back."""

    rules: FallingOffRules = field(default_factory=FallingOffRules)
    start: Position = field(default_factory=Position.initial)
    turns: list[Turn] = field(default_factory=list)

    @property
    def position(self) -> Position:
        return self.turns[-1].after if self.turns else self.start

    @property
    def moves(self) -> list[Move]:
        return [turn.move for turn in self.turns]

    @property
    def winner(self) -> Color | None:
        return self.position.winner

    def legal_moves(self) -> list[Move]:
        return legal_moves(self.position, self.rules)

    def push(self, move: Move) -> Turn:
        after, events = play(self.position, move, self.rules)
        turn = Turn(move, self.position, after, events)
        self.turns.append(turn)
        return turn

    def pop(self) -> Move:
        return self.turns.pop().move

    def copy(self) -> "Game":
        return Game(self.rules, self.start, list(self.turns))

    @classmethod
    def replay(cls, moves: list[Move], *, rules: FallingOffRules | None = None, start: Position | None = None) -> "Game":
        game = cls(rules or FallingOffRules(), start or Position.initial())
        for move in moves:
            game.push(move)
        return game

"""A move notation for Falling Off: chess algebraic notation plus where pushed pieces go.

::

    1. Nc3 e5 2. Nd5 d5 3. Nxc7 (Pc7→d7) Qxc7 (Nc7→b6) [Pd7→e7] 4. e4 [Nb6→a5]

- A move is written as in chess (``Nc3``, ``exd5``, ``e8=Q``, ``O-O``); ``x`` marks a move
  that pushes (where chess would capture). ``--`` is a pass.
- In round brackets after it: each enemy piece the move pushes, as *piece, square, arrow,
  landing square* (``Pc7→d7``), or ``off`` when it is pushed off the board. The piece letter
  may be left out when the square holds one kind of enemy piece (``c7→d7``).
- In square brackets: the steps the mover's careening pieces then take (``Pd7→e7``,
  ``Na5→off``), with ``=Q`` where a careening pawn promotes. Optional on input; when given they
  are checked against the rules. Betza's own style, ``(c7-b6;d7-e7)`` — the steps after a
  semicolon inside the round brackets — is read too.
- ``→``, ``->``, ``-`` and ``–`` are all read as the arrow. Move numbers (``3.``, ``3...``) and
  the results ``1-0`` / ``0-1`` may appear anywhere between moves.

A :class:`NotationStyle` holds the piece letters and the word for "off", so the same moves can
be shown in French (``Cxc7 (Pc7→d7)``, ``Ca5→hors``). :func:`parse_moves` reads the syntax; a
:class:`MoveToken` is turned into a :class:`Move` against a position by :func:`resolve`;
:func:`format_move` writes one. Errors carry the 1-based column in the text.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from cardgen.errors import RulesError
from cardgen.games.falling_off.board import (FILES, RANKS, Color, Direction, Kind, Position, Square, file_of,
                                             off_heading, parse_square, rank_of, square_name, step)
from cardgen.games.falling_off.events import PiecePromoted, PieceStepped
from cardgen.games.falling_off.moves import Displacement, Move, displaced_by, legal_moves
from cardgen.games.falling_off.rules import NAMES, IllegalMoveError, play
from cardgen.games.falling_off.variants import FallingOffRules


@dataclass(frozen=True)
class NotationStyle:
    """Piece letters (K Q R B N P order) and the word for "off the board"."""

    letters: str = "KQRBNP"
    off: str = "off"
    arrow: str = "→"

    def letter(self, kind: Kind) -> str:
        return self.letters["KQRBNP".index(kind.value)]

    def kind(self, letter: str) -> Kind | None:
        index = self.letters.find(letter)
        return Kind("KQRBNP"[index]) if index >= 0 and letter else None


ENGLISH = NotationStyle()
FRENCH = NotationStyle(letters="RDTFCP", off="hors")
ASCII = NotationStyle(arrow="->")
STYLES = {"en": ENGLISH, "fr": FRENCH}


class NotationError(RulesError):
    """Bad move text: ``col`` is the 1-based column in the text where the problem starts."""


@dataclass(frozen=True)
class PushToken:
    """``Pc7→d7`` in a move's brackets: a piece (None: unnamed), its square, its landing (None: off)."""

    kind: Kind | None
    origin: Square
    landing: Square | None
    promotion: Kind | None = None
    col: int = 0


@dataclass(frozen=True)
class MoveToken:
    """One move as written, before it is checked against a position."""

    text: str
    col: int
    kind: Kind | None = None  # None: a pass
    target: Square | None = None
    from_file: int | None = None
    from_rank: int | None = None
    capture: bool = False
    promotion: Kind | None = None
    castle: str | None = None  # "O-O" or "O-O-O"
    pushes: tuple[PushToken, ...] = ()
    steps: tuple[PushToken, ...] | None = None  # None: not written

    @property
    def is_pass(self) -> bool:
        return self.kind is None and self.castle is None


_ARROWS = ("→", "->", "–", "-")
_NUMBER = re.compile(r"\d+(\.\.\.|…|\.)?")
_NUMBERED_MOVE = re.compile(r"(?<![\w.,])(\d{1,3}(?:\.\.\.|…|\.))[ \t]+(?=(?:[A-Z]?[a-h]?[1-8]?x?[a-h][1-8]|[O0]-[O0])(?![\w]))")
"""A move number and the move after it in running text (``4. Nxa8``, ``12... e5``, ``3. O-O``)."""


def keep_move_numbers(text: str) -> str:
    """``text`` with a no-break space after each move number, so that ``4.`` never ends a line
    apart from its move. Piece letters of any language (``Cxa8``, ``Dd1``) are recognised."""
    return _NUMBERED_MOVE.sub(lambda m: m.group(1) + "\u00a0", text)
_RESULT = re.compile(r"(1-0|0-1)(?![\w-])")
_CASTLE = re.compile(r"([O0]-[O0](-[O0])?)(?![\w-])")


class _Reader:
    def __init__(self, text: str, style: NotationStyle) -> None:
        self.text = text
        self.style = style
        self.pos = 0

    def error(self, message: str, *, at: int | None = None, hint: str | None = None) -> NotationError:
        return NotationError(message, col=(self.pos if at is None else at) + 1, hint=hint)

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def found(self) -> str:
        rest = self.text[self.pos:self.pos + 8].split()
        return f"'{rest[0]}'" if rest else "the end of the text"

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def square(self, what: str) -> Square:
        square = parse_square(self.text[self.pos:self.pos + 2])
        if square is None:
            raise self.error(f"expected {what}, found {self.found()}", hint="a square is a file a–h and a rank 1–8, e.g. e4")
        self.pos += 2
        return square

    def piece_letter(self) -> Kind | None:
        kind = self.style.kind(self.peek())
        if kind is not None and self.peek().isupper():
            self.pos += 1
            return kind
        return None

    def arrow(self) -> bool:
        for arrow in _ARROWS:
            if self.text.startswith(arrow, self.pos):
                self.pos += len(arrow)
                return True
        return False

    def promotion(self) -> Kind | None:
        if self.peek() != "=":
            return None
        self.pos += 1
        at = self.pos
        kind = self.piece_letter()
        if kind not in (Kind.QUEEN, Kind.ROOK, Kind.BISHOP, Kind.KNIGHT):
            self.pos = at
            raise self.error(f"expected the piece a pawn becomes after '=', found {self.found()}",
                             hint="promote to " + ", ".join(self.style.letter(k) for k in (Kind.QUEEN, Kind.ROOK, Kind.BISHOP, Kind.KNIGHT)))
        return kind

    # -- moves --------------------------------------------------------------------------
    def moves(self) -> list[MoveToken]:
        out: list[MoveToken] = []
        while True:
            self.skip_space()
            if self.pos >= len(self.text):
                return out
            if (m := _RESULT.match(self.text, self.pos)) is not None:
                self.pos = m.end()
                continue
            if (m := _NUMBER.match(self.text, self.pos)) is not None and (m.group(1) or self._space_after(m.end())):
                self.pos = m.end()
                continue
            out.append(self.move())

    def _space_after(self, end: int) -> bool:
        return end >= len(self.text) or self.text[end].isspace()

    def move(self) -> MoveToken:
        start = self.pos
        if self.text.startswith("--", self.pos):
            self.pos += 2
            token = MoveToken("--", start)
        elif (m := _CASTLE.match(self.text, self.pos)) is not None:
            self.pos = m.end()
            token = MoveToken(m.group(0), start, kind=Kind.KING, castle="O-O-O" if m.group(2) else "O-O")
        else:
            token = self.san(start)
        self.end_of_word("a move")
        pushes, steps = self.brackets()
        return MoveToken(self.text[start:self.pos].strip(), start, token.kind, token.target, token.from_file,
                         token.from_rank, token.capture, token.promotion, token.castle, pushes, steps)

    def san(self, start: int) -> MoveToken:
        kind = self.piece_letter()
        if kind is Kind.PAWN:
            raise self.error("pawn moves are written without a letter", at=start, hint="write e4 or exd5")
        # the rest is [file][rank][x]square[=X]; read greedily, then split
        body = re.match(r"[a-h]?[1-8]?x?[a-h][1-8]", self.text[self.pos:])
        if body is None:
            if kind is None:
                raise self.error(f"expected a move, found {self.found()}",
                                 hint="write a move as in chess (Nc3, e4, exd5, O-O) or -- to pass")
            raise self.error(f"expected a square after '{self.style.letter(kind)}', found {self.found()}",
                             hint="a square is a file a–h and a rank 1–8, e.g. Nc3")
        text = body.group(0)
        self.pos += len(text)
        target = parse_square(text[-2:])
        lead = text[:-2]
        capture = lead.endswith("x")
        lead = lead.rstrip("x")
        from_file = FILES.index(lead[0]) if lead and lead[0] in FILES else None
        from_rank = RANKS.index(lead[-1]) if lead and lead[-1] in RANKS else None
        if kind is None and from_file is None and lead:
            raise self.error("a pawn move names the file it comes from", at=start, hint="write exd5, or e7e5 for a straight move")
        promotion = self.promotion()
        return MoveToken(text, start, kind or Kind.PAWN, target, from_file, from_rank, capture, promotion)

    def end_of_word(self, what: str) -> None:
        char = self.peek()
        if char and not char.isspace() and char not in "([":
            raise self.error(f"unexpected {self.found()} after {what}",
                             hint="separate moves with spaces; pushes go in brackets, e.g. Nxc7 (Pc7→d7)")

    def _group(self, opening: str) -> bool:
        """Step onto ``opening`` if it comes next (after spaces); otherwise stay where we are."""
        save = self.pos
        self.skip_space()
        if self.peek() == opening:
            self.pos += 1
            return True
        self.pos = save
        return False

    def brackets(self) -> tuple[tuple[PushToken, ...], tuple[PushToken, ...] | None]:
        """``(pushes)`` then ``[steps]``, both optional; ``(pushes; steps)`` is read too (Betza's style)."""
        pushes: list[PushToken] = []
        steps: list[PushToken] | None = None
        if self._group("("):
            pushes, steps = self._items(")", semicolon=True)
            self.end_of_word("the brackets")
        if self._group("["):
            if steps is not None:
                raise self.error("the momentum steps are written twice", at=self.pos - 1,
                                 hint="write them after ';' in the round brackets or in square brackets, not both")
            steps, _ = self._items("]", semicolon=False, momentum=True)
            self.end_of_word("the brackets")
        return tuple(pushes), (tuple(steps) if steps is not None else None)

    def _items(self, closing: str, *, semicolon: bool, momentum: bool = False) -> tuple[list[PushToken], list[PushToken] | None]:
        first: list[PushToken] = []
        second: list[PushToken] | None = None
        current = first
        expect_item = True
        while True:
            self.skip_space()
            char = self.peek()
            if char == closing:
                self.pos += 1
                return first, second
            if char == ";" and semicolon:
                if second is not None:
                    raise self.error("only one ';' is allowed in brackets", hint="pushes; then momentum steps")
                self.pos += 1
                second = current = []
                momentum = True
                expect_item = True
                continue
            if char == ",":
                if expect_item:
                    raise self.error("expected a push such as Pc7→d7 before ','")
                self.pos += 1
                expect_item = True
                continue
            if not char:
                raise self.error(f"missing '{closing}'", hint="close the brackets after the pushes")
            if not expect_item:
                raise self.error(f"expected ',' or '{closing}', found {self.found()}", hint="separate pushes with commas")
            current.append(self.push(momentum=momentum))
            expect_item = False

    def push(self, *, momentum: bool) -> PushToken:
        start = self.pos
        kind = self.piece_letter()
        origin = self.square("the square of a pushed piece" if not momentum else "the square of a careening piece")
        if momentum and self.peek() == "=":
            return PushToken(kind, origin, origin, self.promotion(), start + 1)
        if not self.arrow():
            raise self.error(f"expected an arrow after {square_name(origin)}, found {self.found()}",
                             hint=f"write {square_name(origin)}→ and where the piece goes, e.g. c7→d7 ('->' works too)")
        if self.text.startswith(self.style.off, self.pos):
            self.pos += len(self.style.off)
            landing = None
        else:
            landing = self.square(f"a square or '{self.style.off}'")
        promotion = self.promotion() if momentum else None
        return PushToken(kind, origin, landing, promotion, start + 1)


def parse_moves(text: str, *, style: NotationStyle = ENGLISH) -> list[MoveToken]:
    """The moves of ``text`` (move numbers and results skipped). Raises NotationError."""
    return _Reader(text, style).moves()


# -- resolving against a position ------------------------------------------------------------

def _fail(token: MoveToken, message: str, *, col: int | None = None, hint: str | None = None) -> NotationError:
    return NotationError(f"{token.text}: {message}", col=(col if col is not None else token.col + 1), hint=hint)


def _piece_name(color: Color, kind: Kind) -> str:
    return f"{color.name.lower()} {NAMES[kind]}"


def resolve(position: Position, token: MoveToken, rules: FallingOffRules) -> Move:
    """The legal move ``token`` stands for in ``position`` (its pushes and promotions filled in)."""
    shapes = legal_moves(position, rules)
    color = position.turn
    if token.is_pass:
        if shapes:
            raise _fail(token, "you may pass only when every one of your pieces careens (FO10)")
        return Move.pass_turn()
    shape = _find_shape(position, token, shapes, rules)
    needed = Counter((square, piece.kind) for square, piece in displaced_by(position, shape, rules))
    if token.capture and not needed:
        raise _fail(token, f"nothing to push on {square_name(shape.target)}",
                    hint="write x only when the move pushes enemy pieces; a pawn's straight advance never does (FO8)")
    pushes = _pushes(position, token, shape, needed)
    promotions = tuple((p.landing, p.promotion) for p in token.steps or () if p.promotion is not None
                       and p.landing is not None)
    move = shape.with_choices(pushes, promotions)  # type: ignore[arg-type]
    try:
        _, events = play(position, move, rules)
    except IllegalMoveError as exc:
        raise _fail(token, exc.message, hint=exc.hint) from None
    if token.steps is not None:
        _check_steps(token, events, color)
    return move


def _find_shape(position: Position, token: MoveToken, shapes: list[Move], rules: FallingOffRules) -> Move:
    color = position.turn
    if token.castle is not None:
        side = 6 if token.castle == "O-O" else 2
        found = [m for m in shapes if m.is_castle and file_of(m.target) == side]
        if not found:
            hint = "castling is off in these rules" if not rules.castling else \
                "the king and that rook must stand on their squares, never having left them"
            raise _fail(token, "castling is not possible here", hint=hint)
        return found[0]
    assert token.kind is not None and token.target is not None
    candidates = [m for m in shapes if m.kind is token.kind and m.target == token.target and not m.is_castle
                  and (token.from_file is None or file_of(m.origin) == token.from_file)
                  and (token.from_rank is None or rank_of(m.origin) == token.from_rank)]
    if token.kind is Kind.PAWN and (token.from_file is None or token.from_file == file_of(token.target)):
        candidates = [m for m in candidates if file_of(m.origin) == file_of(m.target)]  # a straight advance
    promoting = [m for m in candidates if m.promotion is not None]
    if promoting:
        if token.promotion is None:
            raise _fail(token, "a pawn reaching the last rank must promote", hint="add =Q, =R, =B or =N")
        candidates = [m for m in promoting if m.promotion is token.promotion]
    elif token.promotion is not None:
        raise _fail(token, "only a pawn reaching its last rank promotes")
    origins = sorted({m.origin for m in candidates})
    what = _piece_name(color, token.kind)
    if not origins:
        careening = [s for s, p in position.careening(color) if p.kind is token.kind]
        hint = None
        if careening:
            hint = (f"the {what} on {', '.join(square_name(s) for s in careening)} is careening: "
                    "careening pieces cannot move (FO4)")
        raise _fail(token, f"no {what} can move to {square_name(token.target)}", hint=hint)
    if len(origins) > 1:
        names = " and ".join(square_name(s) for s in origins)
        raise _fail(token, f"ambiguous: the {what}s on {names} can all move to {square_name(token.target)}",
                    hint="add the file or rank it comes from, as in chess (Nbd2)")
    return candidates[0]


def _pushes(position: Position, token: MoveToken, shape: Move, needed: Counter[tuple[Square, Kind]]) -> list[Displacement]:
    enemy = position.turn.other
    left = Counter(needed)
    out: list[Displacement] = []
    for push in token.pushes:
        kinds_here = sorted({k for (s, k), n in left.items() if s == push.origin and n > 0}, key=lambda k: k.value)
        if push.kind is None:
            if len(kinds_here) > 1:
                raise _fail(token, f"{square_name(push.origin)} holds several enemy pieces: name the one pushed",
                            col=push.col, hint=f"e.g. {kinds_here[0].value}{square_name(push.origin)}→…")
            kind = kinds_here[0] if kinds_here else None
        else:
            kind = push.kind if push.kind in kinds_here else None
        if kind is None:
            what = _piece_name(enemy, push.kind) if push.kind else "enemy piece"
            raise _fail(token, f"this move pushes no {what} on {square_name(push.origin)}", col=push.col,
                        hint="only a capturing move pushes, and only the enemy pieces on its target square (FO8)")
        left[(push.origin, kind)] -= 1
        out.append(Displacement(push.origin, kind, _heading(token, push)))
    missing = sorted(((s, k) for (s, k), n in left.items() if n > 0), key=lambda sk: (sk[0], sk[1].value))
    if missing:
        square, kind = missing[0]
        raise _fail(token, f"say where the {_piece_name(enemy, kind)} on {square_name(square)} is pushed",
                    hint=f"in brackets after the move, e.g. ({kind.value}{square_name(square)}→"
                         f"{square_name(step(square, Direction.N) or square)})")
    return out


def _heading(token: MoveToken, push: PushToken) -> Direction:
    if push.landing is None:
        heading = off_heading(push.origin)
        if heading is not None:
            return heading
        raise _fail(token, f"{square_name(push.origin)} is not on the edge: a piece pushed from it cannot fall off",
                    col=push.col, hint="a push moves a piece one square")
    heading = Direction.between(push.origin, push.landing)
    if heading is None:
        raise _fail(token, f"{square_name(push.origin)}→{square_name(push.landing)} is not a one-square push",
                    col=push.col, hint="a pushed piece goes to one of the eight squares around it (FO2)")
    return heading


def _check_steps(token: MoveToken, events: tuple[object, ...], color: Color) -> None:
    happened = Counter((e.piece.kind, e.origin, e.landing) for e in events if isinstance(e, PieceStepped))
    written = Counter[tuple[Kind | None, Square, Square | None]]()
    for step_token in token.steps or ():
        if step_token.landing == step_token.origin:  # a promotion in place (Pa8=Q)
            continue
        matches = [key for key in happened if key[1:] == (step_token.origin, step_token.landing)
                   and (step_token.kind is None or key[0] is step_token.kind)]
        if not matches or happened[matches[0]] <= written[(matches[0][0], step_token.origin, step_token.landing)]:
            real = ", ".join(f"{k.value}{square_name(o)}→{square_name(l) if l is not None else 'off'}"
                             for (k, o, l) in sorted(happened, key=lambda x: x[1])) or "none"
            raise _fail(token, "no careening piece takes the step "
                        f"{square_name(step_token.origin)}→"
                        f"{square_name(step_token.landing) if step_token.landing is not None else 'off'}",
                        col=step_token.col, hint=f"this turn's momentum steps: {real}")
        written[(matches[0][0], step_token.origin, step_token.landing)] += 1
    if sum(written.values()) != sum(happened.values()):
        missing = happened - Counter({k: n for k, n in written.items() if k[0] is not None})
        real = ", ".join(f"{k.value}{square_name(o)}→{square_name(l) if l is not None else 'off'}"
                         for (k, o, l) in sorted(missing or happened, key=lambda x: x[1]))
        raise _fail(token, "the momentum steps are incomplete", hint=f"also write {real}")


# -- formatting ------------------------------------------------------------------------------

def format_square_step(style: NotationStyle, kind: Kind, origin: Square, landing: Square | None) -> str:
    return f"{style.letter(kind)}{square_name(origin)}{style.arrow}{square_name(landing) if landing is not None else style.off}"


def format_move(position: Position, move: Move, rules: FallingOffRules, *, style: NotationStyle = ENGLISH,
                momentum: bool = True) -> str:
    """``move`` in ``position`` as text: ``Qxc7 (Nc7→b6; Pd7→e7)``; without the steps if not ``momentum``."""
    if move.is_pass:
        text = "--"
    elif move.is_castle:
        text = "O-O" if file_of(move.target) == 6 else "O-O-O"
    else:
        assert move.kind is not None
        capture = "x" if move.displacements else ""
        promotion = f"={style.letter(move.promotion)}" if move.promotion else ""
        if move.kind is Kind.PAWN:
            lead = FILES[file_of(move.origin)] if file_of(move.origin) != file_of(move.target) else ""
            if not lead and _disambiguation(position, move, rules):
                lead = square_name(move.origin)  # two pawns of one file can both advance there: e7e5
            text = f"{lead}{capture}{square_name(move.target)}{promotion}"
        else:
            text = f"{style.letter(move.kind)}{_disambiguation(position, move, rules)}{capture}{square_name(move.target)}"
    pushes = ", ".join(format_square_step(style, d.kind, d.origin, d.landing) for d in move.displacements)
    steps = ""
    if momentum:
        _, events = play(position, move, rules)
        # two careening pawns may promote on one square in one turn (to different pieces): each takes its own
        promoted: dict[tuple[Square, bool], list[Kind]] = {}
        for e in events:
            if isinstance(e, PiecePromoted):
                promoted.setdefault((e.square, e.careening), []).append(e.kind)
        items = []
        stepped_to: set[Square] = set()
        for event in events:
            if isinstance(event, PieceStepped):
                item = format_square_step(style, event.piece.kind, event.origin, event.landing)
                if event.piece.kind is Kind.PAWN and event.landing is not None and promoted.get((event.landing, True)):
                    item += f"={style.letter(promoted[(event.landing, True)].pop(0))}"
                    stepped_to.add(event.landing)
                items.append(item)
        for event in events:  # a pawn standing on its last rank that promotes without stepping
            if isinstance(event, PiecePromoted) and not (event.careening and event.square in stepped_to) \
                    and not (move.kind is Kind.PAWN and event.square == move.target and not event.careening):
                items.append(f"{style.letter(Kind.PAWN)}{square_name(event.square)}={style.letter(event.kind)}")
        steps = ", ".join(items)
    return text + (f" ({pushes})" if pushes else "") + (f" [{steps}]" if steps else "")


def _disambiguation(position: Position, move: Move, rules: FallingOffRules) -> str:
    straight = move.kind is Kind.PAWN
    rivals = {m.origin for m in legal_moves(position, rules)
              if m.kind is move.kind and m.target == move.target and m.origin != move.origin and not m.is_castle
              and (not straight or file_of(m.origin) == file_of(m.target))}
    if not rivals:
        return ""
    if all(file_of(r) != file_of(move.origin) for r in rivals):
        return FILES[file_of(move.origin)]
    if all(rank_of(r) != rank_of(move.origin) for r in rivals):
        return RANKS[rank_of(move.origin)]
    return square_name(move.origin)


def format_line(start: Position, moves: list[Move], rules: FallingOffRules, *, style: NotationStyle = ENGLISH,
                momentum: bool = True) -> str:
    """Moves with their numbers: ``1. Nc3 e5 2. Nd5 d5``."""
    parts: list[str] = []
    position = start
    for index, move in enumerate(moves):
        if position.turn is Color.WHITE:
            parts.append(f"{position.fullmove}.")
        elif index == 0:
            parts.append(f"{position.fullmove}...")
        parts.append(format_move(position, move, rules, style=style, momentum=momentum))
        position, _ = play(position, move, rules)
    return " ".join(parts)


@dataclass
class ReadGame:
    """Moves read from text and replayed: the moves and every position after them."""

    moves: list[Move] = field(default_factory=list)
    positions: list[Position] = field(default_factory=list)


def read_line(text: str, rules: FallingOffRules, *, start: Position | None = None,
              style: NotationStyle = ENGLISH) -> ReadGame:
    """Parse and replay ``text`` from ``start`` (the usual opening position by default)."""
    position = start or Position.initial()
    read = ReadGame(positions=[position])
    for token in parse_moves(text, style=style):
        move = resolve(position, token, rules)
        position, _ = play(position, move, rules)
        read.moves.append(move)
        read.positions.append(position)
    return read

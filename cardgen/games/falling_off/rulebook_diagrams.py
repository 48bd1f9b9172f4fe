"""Board diagrams for the Falling Off rules sheet, registered as ``diagram: falling-off-…``.

Every position is played by the engine from moves in notation, so the pictures cannot drift
from the rules. Text under each board is the move in the book's notation (piece letters and
the word for "off" come from the catalog).
"""

from __future__ import annotations

from reportlab.graphics.shapes import Drawing

from cardgen.games.falling_off.board import Position, parse_square
from cardgen.games.falling_off.diagram import Marks, boards_row, marks_for
from cardgen.games.falling_off.notation import read_line
from cardgen.games.falling_off.rules import Game, Turn
from cardgen.games.falling_off.texts import LEGEND, NOTATION, Words
from cardgen.games.falling_off.variants import FallingOffRules
from cardgen.games.falling_off.notation import format_move
from cardgen.model.deck import DeckSpec
from cardgen.render.card_renderer import Translate
from cardgen.rulebook.diagrams import register_diagram

RULES = FallingOffRules()
EXAMPLE = "1. Nc3 e5 2. Nd5 d5 3. Nxc7 (Pc7→d7) Qxc7 (Nc7→b6) 4. e4 Nf6 5. Nf3 Qf7"
CROWD = ("Ke1 Qd1 Pa2 Pb2 Pc2 Pf2 Pg2 Ph2 Rh1 "
         "ke8 pa7 pb7 pf7 pg7 ph7 ra8 nd4 bd4 pd4")
"""A Black crowd on d4 that the White queen pushes apart (one piece off the board is not possible
from d4; see the falling diagram for that)."""

LABELS = tuple(LEGEND.values()) + (NOTATION["letters"], NOTATION["off"], NOTATION["after"])


def _turns(text: str, start: Position | None = None) -> list[Turn]:
    read = read_line(text, RULES, start=start)
    return Game.replay(read.moves, rules=RULES, start=start).turns


def _caption(words: Words, turn: Turn) -> str:
    number = f"{turn.before.fullmove}." if turn.before.turn.value == "w" else f"{turn.before.fullmove}..."
    move = format_move(turn.before, turn.move, RULES, style=words.notation(), momentum=True)
    return words(NOTATION["after"], move=f"{number} {move}")


@register_diagram("falling-off-push", labels=LABELS)
def push_diagram(deck: DeckSpec, translate: Translate, *, width: float) -> Drawing:
    """3. Nxc7 pushes the pawn; 3... Qxc7 pushes the knight and the pawn takes its first step."""
    words = Words(translate)
    turns = _turns(EXAMPLE)
    boards = [(turn.after, marks_for(turn), _caption(words, turn)) for turn in turns[4:6]]
    return boards_row(boards, width=width, legend=words.legend())


@register_diagram("falling-off-fall", labels=LABELS)
def fall_diagram(deck: DeckSpec, translate: Translate, *, width: float) -> Drawing:
    """5. Nf3: the knight falls off; 5... Qf7: the queen stops the careening pawn."""
    words = Words(translate)
    turns = _turns(EXAMPLE)
    boards = [(turn.after, marks_for(turn), _caption(words, turn)) for turn in turns[8:10]]
    return boards_row(boards, width=width, legend=words.legend())


@register_diagram("falling-off-crowd", labels=LABELS)
def crowd_diagram(deck: DeckSpec, translate: Translate, *, width: float) -> Drawing:
    """A crowd on one square, and the one move that scatters it."""
    words = Words(translate)
    start = Position.from_placement(CROWD, turn=Position.initial().turn)
    turns = _turns("Qxd4 (Nd4→c5, Bd4→d3, Pd4→e4)", start)
    before = Marks(watch=(parse_square("d4"),))  # type: ignore[arg-type]
    boards = [(start, before, ""), (turns[0].after, marks_for(turns[0]), _caption(words, turns[0]))]
    return boards_row(boards, width=width, legend=None)

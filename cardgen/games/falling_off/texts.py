"""Strings the Falling Off walkthrough and diagrams draw, with contexts for the catalogs.

The prose of the walkthrough lives in the deck's ``walkthrough.yaml``; here are the short
pieces the code assembles around it: piece names, directions, the "what happened" lines under
each diagram, the legend and page furniture. Each is a :class:`Label`, so ``cardgen i18n
extract`` finds it with the line that defines it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardgen.games.falling_off.board import Color, Direction, Kind, Piece, Position, Square, square_name
from cardgen.games.falling_off.events import (Event, GameWon, PieceDisplaced, PieceMoved, PiecePromoted, PieceStepped,
                                              PieceStopped, TurnPassed)
from cardgen.games.falling_off.notation import ENGLISH, NotationStyle
from cardgen.rulebook.labels import Label, label_here

if TYPE_CHECKING:
    from cardgen.games.falling_off.board_drawing import Legend

Translate = Callable[[str, str], str]

PIECES: dict[tuple[Color, Kind], Label] = {
    (Color.WHITE, Kind.KING): label_here("caption:fo.piece.white-king", "White king", "A piece, in the lines under a diagram."),
    (Color.WHITE, Kind.QUEEN): label_here("caption:fo.piece.white-queen", "White queen"),
    (Color.WHITE, Kind.ROOK): label_here("caption:fo.piece.white-rook", "White rook"),
    (Color.WHITE, Kind.BISHOP): label_here("caption:fo.piece.white-bishop", "White bishop"),
    (Color.WHITE, Kind.KNIGHT): label_here("caption:fo.piece.white-knight", "White knight"),
    (Color.WHITE, Kind.PAWN): label_here("caption:fo.piece.white-pawn", "White pawn"),
    (Color.BLACK, Kind.KING): label_here("caption:fo.piece.black-king", "Black king"),
    (Color.BLACK, Kind.QUEEN): label_here("caption:fo.piece.black-queen", "Black queen"),
    (Color.BLACK, Kind.ROOK): label_here("caption:fo.piece.black-rook", "Black rook"),
    (Color.BLACK, Kind.BISHOP): label_here("caption:fo.piece.black-bishop", "Black bishop"),
    (Color.BLACK, Kind.KNIGHT): label_here("caption:fo.piece.black-knight", "Black knight"),
    (Color.BLACK, Kind.PAWN): label_here("caption:fo.piece.black-pawn", "Black pawn"),
}

HEADINGS: dict[Direction, Label] = {
    Direction.N: label_here("caption:fo.heading.n", "north (towards rank 8)",
                            "Where a careening piece is going. North is towards Black's side of the board."),
    Direction.NE: label_here("caption:fo.heading.ne", "north-east"),
    Direction.E: label_here("caption:fo.heading.e", "east (towards the h-file)"),
    Direction.SE: label_here("caption:fo.heading.se", "south-east"),
    Direction.S: label_here("caption:fo.heading.s", "south (towards rank 1)"),
    Direction.SW: label_here("caption:fo.heading.sw", "south-west"),
    Direction.W: label_here("caption:fo.heading.w", "west (towards the a-file)"),
    Direction.NW: label_here("caption:fo.heading.nw", "north-west"),
}

BECOMES: dict[Kind, Label] = {
    Kind.QUEEN: label_here("caption:fo.becomes.queen", "becomes a queen", "A pawn promotes."),
    Kind.ROOK: label_here("caption:fo.becomes.rook", "becomes a rook"),
    Kind.BISHOP: label_here("caption:fo.becomes.bishop", "becomes a bishop"),
    Kind.KNIGHT: label_here("caption:fo.becomes.knight", "becomes a knight"),
}

FACT_HEADS = {
    "move": label_here("caption:fo.fact.move", "Move", "Heading of a line under a diagram: the move played."),
    "push": label_here("caption:fo.fact.push", "Pushed", "Heading: the enemy pieces the move pushed."),
    "stop": label_here("caption:fo.fact.stop", "Stopped", "Heading: careening pieces that stopped."),
    "step": label_here("caption:fo.fact.step", "Momentum", "Heading: steps of the mover's careening pieces."),
    "promote": label_here("caption:fo.fact.promote", "Promoted", "Heading: pawns that promoted."),
    "careening": label_here("caption:fo.fact.careening", "Careening now", "Heading: every piece careening after the turn."),
    "result": label_here("caption:fo.fact.result", "Result", "Heading: the end of the game."),
}

FACTS = {
    "moved": label_here("caption:fo.fact.moved", "{piece} {origin} → {target}", "{piece} is a piece name, {origin} and {target} squares."),
    "moved_promoted": label_here("caption:fo.fact.moved_promoted", "{piece} {origin} → {target}, {becomes}",
                                 "{becomes} is e.g. 'becomes a queen'."),
    "castled": label_here("caption:fo.fact.castled", "castling: {king} {origin} → {target}, {rook} {rook_origin} → {rook_target}"),
    "pushed": label_here("caption:fo.fact.pushed", "{piece} {origin} → {target}, careening {heading}",
                         "{heading} is a direction, e.g. 'north-east'."),
    "pushed_off": label_here("caption:fo.fact.pushed_off", "{piece} {origin} → off the board: it is out of the game"),
    "stopped": label_here("caption:fo.fact.stopped", "{piece} on {square}, by a friendly piece moving onto it"),
    "met": label_here("caption:fo.fact.met", "{piece} on {square}, by meeting a friendly piece"),
    "stepped": label_here("caption:fo.fact.stepped", "{piece} {origin} → {target}"),
    "stepped_off": label_here("caption:fo.fact.stepped_off", "{piece} {origin} → off the board: it is out of the game"),
    "promoted": label_here("caption:fo.fact.promoted", "{piece} on {square} {becomes}"),
    "promoted_careening": label_here("caption:fo.fact.promoted_careening", "{piece} on {square} {becomes} and keeps careening"),
    "careening": label_here("caption:fo.fact.careening_item", "{piece} on {square}, heading {heading}"),
    "none": label_here("caption:fo.fact.none", "none"),
    "won_white": label_here("caption:fo.fact.won.white", "White wins: the Black king fell off the board."),
    "won_black": label_here("caption:fo.fact.won.black", "Black wins: the White king fell off the board."),
    "passed_white": label_here("caption:fo.fact.passed.white", "White has no legal move and passes."),
    "passed_black": label_here("caption:fo.fact.passed.black", "Black has no legal move and passes."),
}

LEGEND = {
    "move": label_here("diagram:fo.legend.move", "last move", "Diagram legend: the squares a move started and ended on."),
    "push": label_here("diagram:fo.legend.push", "pushed one square", "Diagram legend: the blue arrow of a push."),
    "momentum": label_here("diagram:fo.legend.momentum", "careening: where it goes next",
                           "Diagram legend: the red arrow on a careening piece."),
    "fell": label_here("diagram:fo.legend.fell", "fell off the board", "Diagram legend: a piece drawn outside the board."),
}

NOTATION = {
    "letters": label_here("diagram:fo.notation.letters", "KQRBNP",
                          "The piece letters of chess notation in your language, in this order: king, queen, rook, "
                          "bishop, knight, pawn. Six different capital letters (French: RDTFCP)."),
    "off": label_here("diagram:fo.notation.off", "off",
                      "In move notation, where a piece pushed or stepping off the board goes: Ra8→off. "
                      "One short lowercase word."),
    "after": label_here("diagram:fo.after", "after {move}", "Under a small board: the position after {move}, e.g. 3. Nxc7."),
}

PAGE = {
    "footer": label_here("caption:fo.page.footer", "{title} · walkthrough · {page}",
                         "Page footer. {title} is the game's title, {page} the page number."),
    "step": label_here("caption:fo.page.step", "Step {n}", "Small label beside each step heading; {n} is 1, 2, 3 …"),
    "white_to_play": label_here("caption:fo.page.white_to_play", "White to play", "Under a diagram."),
    "black_to_play": label_here("caption:fo.page.black_to_play", "Black to play"),
    "step_of": label_here("caption:fo.page.step_of", "Step {n} of {count}",
                          "Screen player and animation: which step this is. {n} and {count} are numbers."),
}

PLAYER = {
    "back": label_here("caption:fo.player.back", "Back", "Screen player: button to the previous step."),
    "next": label_here("caption:fo.player.next", "Next", "Screen player: button to the next step."),
    "play": label_here("caption:fo.player.play", "Play", "Screen player: button that plays the steps one after another."),
    "pause": label_here("caption:fo.player.pause", "Pause", "Screen player: the play button while playing."),
    "pace": label_here("caption:fo.player.pace", "Pace", "Screen player: menu of playing speeds."),
    "slow": label_here("caption:fo.player.slow", "slow", "Screen player: a playing speed."),
    "normal": label_here("caption:fo.player.normal", "normal", "Screen player: a playing speed."),
    "fast": label_here("caption:fo.player.fast", "fast", "Screen player: a playing speed."),
}

ALL_LABELS: tuple[Label, ...] = (tuple(PIECES.values()) + tuple(HEADINGS.values()) + tuple(BECOMES.values())
                                 + tuple(FACT_HEADS.values()) + tuple(FACTS.values()) + tuple(LEGEND.values())
                                 + tuple(NOTATION.values()) + tuple(PAGE.values()) + tuple(PLAYER.values()))


class Words:
    """The labels above, in one language, with their placeholders filled in."""

    def __init__(self, translate: Translate) -> None:
        self.translate = translate

    def __call__(self, label: Label, **values: object) -> str:
        text = self.translate(label.context, label.text)
        try:
            return text.format(**values) if values else text
        except (KeyError, IndexError, ValueError):
            return label.text.format(**values)

    def piece(self, piece: Piece) -> str:
        return self(PIECES[(piece.color, piece.kind)])

    def heading(self, direction: Direction) -> str:
        return self(HEADINGS[direction])

    def notation(self) -> NotationStyle:
        """The notation in this language: its piece letters and its word for "off" (English if unusable)."""
        letters, off = self(NOTATION["letters"]).strip(), self(NOTATION["off"]).strip()
        usable = (len(letters) == 6 and len(set(letters)) == 6 and letters.isupper() and letters.isalpha()
                  and off.isalpha() and off.islower() and off not in ("x",))
        return NotationStyle(letters=letters, off=off) if usable else ENGLISH

    def legend(self) -> "Legend":
        from cardgen.games.falling_off.board_drawing import Legend

        return Legend(self(LEGEND["move"]), self(LEGEND["push"]), self(LEGEND["momentum"]), self(LEGEND["fell"]))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def fact_lines(words: Words, events: tuple[Event, ...], after: Position) -> list[tuple[str, list[str]]]:
    """What happened in a step, as (heading, lines) in the walkthrough's language, in turn order."""
    groups: dict[str, list[str]] = {}

    def add(group: str, text: str) -> None:
        groups.setdefault(group, []).append(_cap(text))

    moved = [e for e in events if isinstance(e, PieceMoved)]
    if len(moved) == 2 and moved[0].castling:
        king, rook = moved
        add("move", words(FACTS["castled"], king=words.piece(king.piece), origin=square_name(king.origin),
                          target=square_name(king.target), rook=words.piece(rook.piece),
                          rook_origin=square_name(rook.origin), rook_target=square_name(rook.target)))
    for event in events:
        if isinstance(event, PieceMoved) and not event.castling:
            values = dict(piece=words.piece(event.piece), origin=square_name(event.origin), target=square_name(event.target))
            if event.promotion is not None:
                add("move", words(FACTS["moved_promoted"], becomes=words(BECOMES[event.promotion]), **values))
            else:
                add("move", words(FACTS["moved"], **values))
        elif isinstance(event, TurnPassed):
            add("move", words(FACTS["passed_white" if event.color is Color.WHITE else "passed_black"]))
        elif isinstance(event, PieceDisplaced):
            piece, origin = words.piece(event.piece), square_name(event.origin)
            if event.landing is None:
                add("push", words(FACTS["pushed_off"], piece=piece, origin=origin))
            else:
                add("push", words(FACTS["pushed"], piece=piece, origin=origin, target=square_name(event.landing),
                                  heading=words.heading(event.heading)))
        elif isinstance(event, PieceStopped):
            add("stop", words(FACTS["stopped" if event.reason == "move" else "met"], piece=words.piece(event.piece),
                              square=square_name(event.square)))
        elif isinstance(event, PieceStepped):
            piece, origin = words.piece(event.piece), square_name(event.origin)
            if event.landing is None:
                add("step", words(FACTS["stepped_off"], piece=piece, origin=origin))
            else:
                add("step", words(FACTS["stepped"], piece=piece, origin=origin, target=square_name(event.landing)))
        elif isinstance(event, PiecePromoted):
            pawn = Piece(event.color, Kind.PAWN)
            add("promote", words(FACTS["promoted_careening" if event.careening else "promoted"], piece=words.piece(pawn),
                                 square=square_name(event.square), becomes=words(BECOMES[event.kind])))
        elif isinstance(event, GameWon):
            add("result", words(FACTS["won_white" if event.winner is Color.WHITE else "won_black"]))
    careening = [words(FACTS["careening"], piece=words.piece(p), square=square_name(s), heading=words.heading(p.heading))
                 for s, p in after.careening() if p.heading is not None]
    groups["careening"] = [_cap(t) for t in careening] or [words(FACTS["none"])]
    order = ("move", "push", "stop", "step", "promote", "result", "careening")
    return [(words(FACT_HEADS[name]), groups[name]) for name in order if name in groups]


def careening_squares(position: Position) -> list[Square]:
    return [s for s, _ in position.careening()]

"""Falling Off, Ralph Betza's chess variant (chessvariants.com, 2001): the rules engine.

Captures push enemy pieces one square instead of removing them; pushed pieces careen on until
their owner stops them or they fall off the edge; the game is won when the enemy king falls
off. Plain Python: nothing here draws (the drawing side is registered by ``plugin``).

>>> from cardgen.games.falling_off import Game, FallingOffRules, read_line
>>> game = read_line("1. Nc3 e5 2. Nd5 d5 3. Nxc7 (Pc7→d7)", FallingOffRules())
>>> game.positions[-1].careening()[0][1].heading.name
'E'
"""

from cardgen.games.falling_off.board import Color, Direction, EnPassant, Kind, Piece, Position, Square
from cardgen.games.falling_off.events import (Event, GameWon, PieceDisplaced, PieceMoved, PiecePromoted,
                                              PieceStepped, PieceStopped, TurnPassed)
from cardgen.games.falling_off.moves import Displacement, Move, displaced_by, legal_moves, random_choices
from cardgen.games.falling_off.notation import (ENGLISH, FRENCH, NotationError, NotationStyle, format_line,
                                                format_move, parse_moves, read_line, resolve)
from cardgen.games.falling_off.rules import Game, IllegalMoveError, Turn, play
from cardgen.games.falling_off.variants import FallingOffRules, find_variant, rules_from_options

GAME = "falling-off"
"""The deck's ``game:`` value."""

__all__ = [
    "Color", "Direction", "EnPassant", "Kind", "Piece", "Position", "Square",
    "Event", "GameWon", "PieceDisplaced", "PieceMoved", "PiecePromoted", "PieceStepped", "PieceStopped", "TurnPassed",
    "Displacement", "Move", "displaced_by", "legal_moves", "random_choices",
    "ENGLISH", "FRENCH", "NotationError", "NotationStyle", "format_line", "format_move", "parse_moves", "read_line",
    "resolve", "Game", "IllegalMoveError", "Turn", "play", "FallingOffRules", "find_variant", "rules_from_options",
    "GAME",
]

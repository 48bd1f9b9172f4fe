"""The FALLING rules engine: a real-time game on a millisecond clock, in slow motion.

Public API (what the walkthrough and ``cardgen simulate`` use)::

    from cardgen.games import falling
    from cardgen.loading import load_deck

    deck = load_deck("decks/falling")
    kinds = falling.stage_kinds(deck, 1)                 # ['ground', 'hit', 'split', 'skip']
    record = falling.play_game(deck, seed=7, players=4, agents=["heuristic"], kinds=kinds,
                               variant="official", options={"lockout": "off"})
    record.winner, record.order, record.duration_ms, record.final   # final: TableSnapshot
    for event, table in falling.replay(record.events):    # (Event, TableSnapshot) pairs
        event.t_ms, event.kind, event["card"], table.seats[0].stacks, table.deck, table.discard

    falling.write_log(path, record.events); falling.read_log(path)   # JSON Lines (docs/event-log.md)

- :func:`play_game` / :func:`new_game`: a game from a ``DeckSpec`` or a recipe ``{kind: count}``
  and a seed; ``kinds`` restricts the deck to some card kinds (teaching stages); unknown kinds or
  a deck of another game raise :class:`~cardgen.errors.RulesError`.
- :func:`game_from_table`: a game from a hand-made table; :meth:`Game.attempt` scripts plays.
- :func:`replay`: the table after each event, rebuilt from the log alone; :func:`final_table`.
- :func:`find_moments`: which events show which rule at work (``R26`` …), to pick teaching frames.
- :func:`find_variant`, :func:`resolve_options`, :class:`Options`: variants and house-rule options.
- :data:`AGENTS`, :func:`make_agent`: ``random``, ``heuristic``, ``novice``.

Physical cards are ``<kind>-<n>`` (``hit-1`` … ``hit-8``, ``ground-1`` … ``ground-5``); seats are
numbers, 0 being the player on the dealer's left. The engine never imports reportlab.

Importing the package loads none of the engine (a deck's checks import the game's plugin and its
diagrams, which need none of it; the engine's modules cost about 0.03 s of CPU to import): each name
above is imported from its module when first asked for (``from cardgen.games.falling import play_game``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# ``replay`` names a module of this package and the function it holds: bound now, as importing the
# module later would make the package's ``replay`` the module (it costs about 4 ms)
from cardgen.games.falling.replay import replay

if TYPE_CHECKING:
    from cardgen.games.falling.agents import (
        AGENTS,
        HeuristicAgent,
        NoviceAgent,
        RandomAgent,
        Reaction,
        SeatView,
        make_agent,
    )
    from cardgen.games.falling.cards import KINDS, kind_of
    from cardgen.games.falling.clock import Game, Tally
    from cardgen.games.falling.events import FIELDS, Event
    from cardgen.games.falling.log import dumps_log, parse_log, read_log, write_log
    from cardgen.games.falling.moments import RULE_TITLES, Moment, find_moments
    from cardgen.games.falling.play import (
        GameRecord,
        deck_recipe,
        game_from_table,
        new_game,
        play_game,
    )
    from cardgen.games.falling.replay import ReplayError, final_table
    from cardgen.games.falling.rules import PickUp, Play, apply
    from cardgen.games.falling.state import (
        SeatSnapshot,
        StackSnapshot,
        TableSnapshot,
        conservation_problems,
        state_problems,
    )
    from cardgen.games.falling.teaching import stage_kinds
    from cardgen.games.falling.variants import (
        VARIANTS,
        Options,
        find_variant,
        resolve_options,
    )

_API: dict[str, str] = {
    **dict.fromkeys(("AGENTS", "HeuristicAgent", "NoviceAgent", "RandomAgent", "Reaction", "SeatView", "make_agent"),
                    "agents"),
    **dict.fromkeys(("KINDS", "kind_of"), "cards"),
    **dict.fromkeys(("Game", "Tally"), "clock"),
    **dict.fromkeys(("FIELDS", "Event"), "events"),
    **dict.fromkeys(("dumps_log", "parse_log", "read_log", "write_log"), "log"),
    **dict.fromkeys(("RULE_TITLES", "Moment", "find_moments"), "moments"),
    **dict.fromkeys(("GameRecord", "deck_recipe", "game_from_table", "new_game", "play_game"), "play"),
    **dict.fromkeys(("ReplayError", "final_table"), "replay"),
    **dict.fromkeys(("PickUp", "Play", "apply"), "rules"),
    **dict.fromkeys(("SeatSnapshot", "StackSnapshot", "TableSnapshot", "conservation_problems", "state_problems"),
                    "state"),
    **dict.fromkeys(("stage_kinds",), "teaching"),
    **dict.fromkeys(("VARIANTS", "Options", "find_variant", "resolve_options"), "variants"),
}
"""Each public name → the module of this package it comes from, imported when the name is first asked for."""

__all__ = [
    "AGENTS",
    "FIELDS",
    "KINDS",
    "RULE_TITLES",
    "VARIANTS",
    "Event",
    "Game",
    "GameRecord",
    "HeuristicAgent",
    "Moment",
    "NoviceAgent",
    "Options",
    "PickUp",
    "Play",
    "RandomAgent",
    "Reaction",
    "ReplayError",
    "SeatSnapshot",
    "SeatView",
    "StackSnapshot",
    "TableSnapshot",
    "Tally",
    "apply",
    "conservation_problems",
    "deck_recipe",
    "dumps_log",
    "final_table",
    "find_moments",
    "find_variant",
    "game_from_table",
    "kind_of",
    "make_agent",
    "new_game",
    "parse_log",
    "play_game",
    "read_log",
    "replay",
    "resolve_options",
    "stage_kinds",
    "state_problems",
    "write_log",
]


def __getattr__(name: str) -> Any:
    module = _API.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_API))

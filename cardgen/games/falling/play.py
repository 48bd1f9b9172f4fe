"""Setting up and playing whole games: from a deck (or a recipe) and a seed, or from a hand-made table."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardgen.errors import RulesError
from cardgen.games.falling.agents import make_agent, seat_agents
from cardgen.games.falling.cards import (check_recipe, kind_of, paired_deck, recipe_from_deck, restrict,
                                        shuffled_deck)
from cardgen.games.falling.clock import Agent, Game, Tally
from cardgen.games.falling.events import Event
from cardgen.games.falling.replay import load_table
from cardgen.games.falling.state import State, TableSnapshot
from cardgen.games.falling.variants import Options, Variant, find_variant

MIN_PLAYERS, MAX_PLAYERS = 2, 26
"""The engine plays 2 to 26 players (the rules recommend 4–8, R4)."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A finished game: its log (None in the log-free mode), the final table and the counts."""

    seed: int
    variant: str
    options: Options
    agents: tuple[str, ...]
    events: list[Event] | None
    final: TableSnapshot
    tally: Tally

    @property
    def winner(self) -> int | None:
        return self.final.winner

    @property
    def order(self) -> tuple[int, ...]:
        return self.final.order

    @property
    def duration_ms(self) -> int:
        return self.final.clock_ms


def deck_recipe(deck: Any, *, kinds: Sequence[str] | None = None) -> dict[str, int]:
    """Counts per kind from a DeckSpec or a ``{kind: count}`` mapping, optionally restricted to ``kinds``."""
    if isinstance(deck, Mapping):
        counts = {str(k): v for k, v in deck.items()}
        check_recipe(counts)
        return restrict(counts, kinds)
    return recipe_from_deck(deck, kinds=kinds)


def _variant(variant: str | type[Variant]) -> type[Variant]:
    return find_variant(variant) if isinstance(variant, str) else variant


def check_players(players: int) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RulesError(f"cannot play FALLING with {players!r} players", field="players",
                         hint=f"choose {MIN_PLAYERS} to {MAX_PLAYERS} (the rules recommend 4 to 8)")


def new_game(deck: Any, *, seed: int, players: int, agents: Sequence[str | Agent | None] = ("heuristic",),
             variant: str | type[Variant] = "official", options: Options | Mapping[str, Any] | None = None,
             kinds: Sequence[str] | None = None, log: bool = True,
             paired_with: Mapping[str, int] | None = None) -> Game:
    """A game ready to run: the deck shuffled with ``random.Random(seed)``, Grounds at the bottom.

    ``deck`` is a :class:`~cardgen.model.deck.DeckSpec` or a recipe ``{kind: count}``; ``kinds``
    restricts it to some card kinds (a teaching stage). ``agents`` are names (``heuristic``,
    ``random``, ``novice``) or agent objects, repeated round the table. ``options`` is a full
    :class:`Options` or overrides of the variant's. ``log=False`` skips the event log (faster).
    ``paired_with``: a recipe whose game on the same seed this one is compared with; the deck is
    then that recipe's shuffled order with the differing cards changed in place
    (:func:`~cardgen.games.falling.cards.paired_deck`, common random numbers).
    """
    check_players(players)
    chosen = _variant(variant)
    opts = options if isinstance(options, Options) else chosen.options.with_overrides(options or {})
    counts = deck_recipe(deck, kinds=kinds)
    rng = random.Random(seed)
    order = shuffled_deck(counts, rng) if paired_with is None else paired_deck(deck_recipe(paired_with), counts, rng)
    brains, names = _agents(agents, players)
    state = State(players, order, {c: kind_of(c) for c in order})
    game = Game(state, options=opts, agents=brains, rng=rng, log=log)
    game.start(Event(0, "GameStarted", (seed, chosen.name, opts.as_dict(), _players(names), tuple(order), None)))
    return game


def _agents(agents: Sequence[str | Agent | None], players: int) -> tuple[list[Agent | None], list[str]]:
    if not agents:
        raise RulesError("no agents given", field="agents", hint="e.g. heuristic,random")
    if all(isinstance(a, str) for a in agents):
        names = seat_agents([str(a) for a in agents], players)
        return [make_agent(n) for n in names], names  # type: ignore[misc]
    brains = [agents[seat % len(agents)] for seat in range(players)]
    names = ["none" if a is None else a if isinstance(a, str) else getattr(a, "name", type(a).__name__) for a in brains]
    return [make_agent(a) if isinstance(a, str) else a for a in brains], names  # type: ignore[misc]


def _players(names: Sequence[str]) -> tuple[dict[str, Any], ...]:
    return tuple({"seat": seat, "agent": name} for seat, name in enumerate(names))


def record_of(game: Game, *, seed: int, variant: str, agents: Sequence[str]) -> GameRecord:
    return GameRecord(seed=seed, variant=variant, options=game.options, agents=tuple(agents),
                      events=game.events, final=game.state.snapshot(), tally=game.tally)


def play_game(deck: Any, *, seed: int, players: int, agents: Sequence[str | Agent | None] = ("heuristic",),
              variant: str | type[Variant] = "official", options: Options | Mapping[str, Any] | None = None,
              kinds: Sequence[str] | None = None, log: bool = True) -> GameRecord:
    """Play one whole game (see :func:`new_game` for the arguments) and return its record."""
    game = new_game(deck, seed=seed, players=players, agents=agents, variant=variant, options=options,
                    kinds=kinds, log=log)
    game.run()
    names = [str(p["agent"]) for p in game.events[0]["players"]] if game.events else \
        [getattr(a, "name", "none") for a in game.agents]
    return record_of(game, seed=seed, variant=_variant(variant).name, agents=names)


def game_from_table(table: Mapping[str, Any], *, deck: Sequence[str], options: Options | None = None,
                    agents: Sequence[Agent | None] | None = None, seed: int = 0, first_seat: int = 0,
                    start_ms: int = 0, log: bool = True, variant: str = "official") -> Game:
    """A game from a hand-made table, for scenarios and scripted teaching moments.

    ``table`` is ``{'seats': [{'stacks': [[card, …], …], 'held', 'rider', 'extras', 'out',
    'ground'}, …], 'discard': [...]}``; ``deck`` is top first. Cards are physical ids.
    ``agents`` default to none (players act only through :meth:`Game.attempt`).
    """
    players = len(table["seats"])
    check_players(players)
    chosen = find_variant(variant)
    opts = options or chosen.options
    cards = list(deck) + [c for s in table["seats"] for c in _table_cards(s)] + list(table.get("discard", ()))
    if len(set(cards)) != len(cards):
        dupes = sorted({c for c in cards if cards.count(c) > 1})
        raise RulesError(f"card{'s' if len(dupes) > 1 else ''} {', '.join(dupes)} used twice", field="table")
    state = State(players, list(deck), {c: kind_of(c) for c in cards})
    state.cards = cards
    state.grounds_total = sum(1 for c in cards if kind_of(c) == "ground")
    load_table(state, table)
    state.clock_ms = start_ms
    brains = list(agents) if agents is not None else [None] * players
    names = [getattr(a, "name", "none") for a in brains]
    game = Game(state, options=opts, agents=brains, rng=random.Random(seed), log=log, first_seat=first_seat,
                start_ms=start_ms)
    frozen_table = {"seats": tuple(dict(s) for s in table["seats"]), "discard": tuple(table.get("discard", ()))}
    game.start(Event(start_ms, "GameStarted", (seed, chosen.name, opts.as_dict(), _players(names), tuple(deck),
                                               frozen_table)))
    return game


def _table_cards(seat: Mapping[str, Any]) -> list[str]:
    found = [c for stack in seat.get("stacks", ()) for c in stack]
    found += [c for c in (seat.get("held"), seat.get("rider")) if c]
    return found + list(seat.get("extras", ()))

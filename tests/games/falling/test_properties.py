"""Properties of whole games over seeds, 2–10 players, every variant and random house-rule options.

Every card is in exactly one place at every step (of the engine and of the replayed log); the
game ends; the winner is the last player standing; the same seed gives the same log; replaying
the log reproduces the final table; the log-free fast mode plays the very same game.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.games.falling import (
    VARIANTS,
    Game,
    conservation_problems,
    dumps_log,
    final_table,
    parse_log,
    play_game,
    replay,
    state_problems,
)
from cardgen.games.falling.play import new_game, record_of
from cardgen.games.falling.variants import CHOICES

RECIPE = {"hit": 8, "split": 5, "skip": 9, "push": 6, "grab": 6, "stop": 9, "extra": 6, "ground": 5}
AGENT_MIXES = [("heuristic",), ("random",), ("novice",), ("heuristic", "random"), ("random", "novice", "heuristic")]

option_sets = st.fixed_dictionaries({}, optional={
    "max_extras": st.sampled_from(["1", "2", "unlimited"]),
    "stop_mode": st.sampled_from(CHOICES["stop_mode"]),
    "conflict": st.sampled_from(CHOICES["conflict"]),
    "push_scope": st.sampled_from(CHOICES["push_scope"]),
    "lockout": st.sampled_from(CHOICES["lockout"]),
    "ground_window_ms": st.sampled_from(["0", "400", "800", "1500"]),
    "deal_interval_ms": st.sampled_from(["300", "1000", "1750"]),
    "hit_interval_ms": st.sampled_from(["50", "300", "1000"]),
})

games = st.fixed_dictionaries({
    "seed": st.integers(0, 2**32 - 1),
    "players": st.integers(2, 10),
    "variant": st.sampled_from([v.name for v in VARIANTS]),
    "agents": st.sampled_from(AGENT_MIXES),
    "options": option_sets,
    "recipe": st.sampled_from([RECIPE, {**RECIPE, "ground": 2, "stop": 14}, {"hit": 3, "skip": 3, "ground": 1},
                               {**RECIPE, "extra": 15, "split": 9}]),
})


def _check_game(spec: dict) -> None:  # type: ignore[type-arg]
    steps = []

    def every_step(game: Game) -> None:
        problems = state_problems(game.state)
        assert not problems, (game.now, problems)
        steps.append(game.now)

    game = new_game(spec["recipe"], seed=spec["seed"], players=spec["players"], agents=spec["agents"],
                    variant=spec["variant"], options=spec["options"])
    game.run(after_step=every_step)
    record = record_of(game, seed=spec["seed"], variant=spec["variant"], agents=spec["agents"])
    assert steps == sorted(steps), "time never runs backwards"
    # the game ends, and the winner is the last one standing
    final = record.final
    assert game.finished and final.winner is not None
    assert not final.seats[final.winner].out
    assert all(s.out for s in final.seats if s.seat != final.winner)
    assert sorted(final.order) == sorted(set(range(spec["players"])) - {final.winner})
    events = record.events
    assert events is not None and events[-1].kind == "GameEnded" and events[-1]["winner"] == final.winner
    # the replayed log: every card in one place after every event, and the same final table
    for event, table in replay(events):
        assert not conservation_problems(table, table_cards(events, table)), event
    assert final_table(events) == final
    # same seed, same log; the JSON round trip; the fast mode plays the same game
    again = play_game(spec["recipe"], seed=spec["seed"], players=spec["players"], agents=spec["agents"],
                      variant=spec["variant"], options=spec["options"])
    assert dumps_log(again.events or []) == dumps_log(events)
    assert parse_log(dumps_log(events).splitlines()) == events
    fast = play_game(spec["recipe"], seed=spec["seed"], players=spec["players"], agents=spec["agents"],
                     variant=spec["variant"], options=spec["options"], log=False)
    assert fast.events is None and fast.final == final and fast.tally == record.tally


def table_cards(events, table):  # type: ignore[no-untyped-def]
    """The cards of the game at this point: the deck's, and imagined Grounds dealt so far."""
    deck = list(events[0]["deck"])
    seen = {c for c, _ in table.locations()}
    return deck + sorted(c for c in seen if c not in set(deck))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_games_keep_every_invariant(spec) -> None:  # type: ignore[no-untyped-def]
    _check_game(spec)


@pytest.mark.fuzz
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_games_keep_every_invariant_fuzz(spec) -> None:  # type: ignore[no-untyped-def]
    _check_game(spec)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 10), variant=st.sampled_from(["official", "memory"]))
def test_fast_games_end_with_one_winner(seed: int, players: int, variant: str) -> None:
    record = play_game(RECIPE, seed=seed, players=players, agents=("heuristic", "random"), variant=variant, log=False)
    assert record.winner is not None and len(record.order) == players - 1
    assert not conservation_problems(record.final, list(record.final.deck) + [
        c for c, where in record.final.locations() if where != "deck"])
    assert record.tally.cards_dealt >= players - 1

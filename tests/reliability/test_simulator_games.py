"""The simulator over every variant, house-rule option and player count: no invariant ever breaks.

Every game is checked after every step (each card in exactly one place, no negative counts, a
player holding an unanswered Ground does nothing but answer it …) and at its end (exactly one player left, everyone else knocked out in order). The default suite
plays 1,600 games; ``pytest -m fuzz`` plays 100,000.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import product

import pytest

from cardgen.games.falling import VARIANTS
from cardgen.games.falling.play import deck_recipe
from cardgen.loading import load_deck
from cardgen.games.falling.simulation import GameSummary, SimConfig, run_games
from tests.conftest import FALLING

OPTION_SETS: list[dict[str, str]] = [
    {},
    {"max_extras": "unlimited"},
    {"stop_mode": "counter_on_play"},
    {"conflict": "first_wins"},
    {"push_scope": "any"},
    {"lockout": "off"},
    {"ground_window_ms": "0", "deal_interval_ms": "300"},
    {"max_extras": "2", "push_scope": "any", "lockout": "off", "ground_window_ms": "1500"},
    {"hit_interval_ms": "40", "counter_window_ms": "1500", "stop_mode": "counter_on_play"},
]
AGENTS = ("heuristic", "random", "novice")
THIN_DECK = {"hit": 3, "skip": 2, "stop": 1, "ground": 1}


def configs(games_each: int) -> list[SimConfig]:
    """The shipped deck and a thin one, every variant, every option set, 2–10 players."""
    shipped = deck_recipe(load_deck(FALLING))
    return [SimConfig(recipe=recipe, games=games_each, players=(2, 10), agents=AGENTS, variant=variant.name,
                      options=options, seed=n, check_steps=True)
            for n, (recipe, variant, options) in enumerate(product([shipped, THIN_DECK], VARIANTS, OPTION_SETS))]


def play_everything(total: int, workers: int | None) -> tuple[int, Counter[int], list[str]]:
    every = configs(1)
    every = [replace(config, games=-(-total // len(every))) for config in every]  # total, split evenly
    played = 0
    players: Counter[int] = Counter()
    broken: list[str] = []
    for config in every:
        rows: list[GameSummary] = run_games(config, workers=workers)
        played += len(rows)
        players.update(r.players for r in rows)
        broken += [f"{config.variant} {dict(config.options)} game {r.index} (seed {r.seed}): {p}"
                   for r in rows for p in r.problems]
    return played, players, broken


def test_sixteen_hundred_games_keep_every_invariant() -> None:
    played, players, broken = play_everything(1_600, workers=1)
    assert played >= 1_600
    assert set(players) == set(range(2, 11))
    assert broken == []


@pytest.mark.fuzz
def test_a_hundred_thousand_games_keep_every_invariant() -> None:
    played, players, broken = play_everything(100_000, workers=None)
    assert played >= 100_000
    assert min(players.values()) >= 100_000 // 9 - 32
    assert broken == [], broken[:5]


def test_a_broken_invariant_is_reported_not_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check would catch a card in two places: the test above can fail."""
    import cardgen.games.falling.simulation as runner

    monkeypatch.setattr(runner, "state_problems", lambda state: ["hit-3 is in 2 places"] if state.clock_ms > 0 else [])
    config = configs(3)[0]
    rows = run_games(config, workers=1)
    assert all(r.problems and "hit-3 is in 2 places" in r.problems[0] for r in rows)
    assert all(r.problems[0].startswith("at ") for r in rows), "found at a step, not only at the end"


def test_a_player_acting_with_a_ground_coming_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules that let a player dealt a Ground go on playing (the R31 defect) are reported by the step check."""
    import cardgen.games.falling.rules as rules

    strict_play, strict_pick_up = rules._play, rules.pick_up

    def lax(call):  # type: ignore[no-untyped-def]
        def wrapped(st, player, *args):  # type: ignore[no-untyped-def]
            seat = st.answering
            st.answering = None
            try:
                return call(st, player, *args)
            finally:
                if seat is not None and any(k.cards[-1].startswith("ground") for k in st.seats[seat].stacks) \
                        and not st.seats[seat].out:
                    st.answering = seat
        return wrapped

    def lax_play(st, player, action, t, ev, opts, pending, recent):  # type: ignore[no-untyped-def]
        answering_it = action.card.startswith("stop") and action.on is None and action.counter is None
        return lax(strict_play)(st, player, action, t, ev, opts, pending if answering_it else None, recent)

    monkeypatch.setattr(rules, "_play", lax_play)
    monkeypatch.setattr(rules, "pick_up", lax(strict_pick_up))
    shipped = deck_recipe(load_deck(FALLING))
    rows = run_games(SimConfig(recipe=shipped, games=60, players=(6, 6), check_steps=True), workers=1)
    caught = [p for r in rows for p in r.problems]
    assert any("holding an unanswered Ground" in p for p in caught), caught[:3]

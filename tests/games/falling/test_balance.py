"""Statistics from game summaries: intervals, seats, card use, agents, violations."""

from __future__ import annotations

import dataclasses
import json

import pytest

from cardgen.games.falling.simulation import SimConfig, run_games
from cardgen.games.falling.balance import compare_recipes, distribution, game_stats, histogram, wilson

RECIPE = {"hit": 8, "split": 5, "skip": 9, "push": 6, "grab": 6, "stop": 9, "extra": 6, "ground": 5}


@pytest.fixture(scope="module")
def sample():  # type: ignore[no-untyped-def]
    config = SimConfig(recipe=RECIPE, games=120, players=(4, 6), agents=("heuristic", "random"), seed=3)
    return config, run_games(config, workers=1)


def test_wilson_interval_matches_known_values() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(3, 10)[0] == pytest.approx(0.1078, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_distribution_and_histogram() -> None:
    d = distribution([1, 2, 3, 4, 10])
    assert d["mean"] == 4 and d["median"] == 3 and d["min"] == 1 and d["max"] == 10
    bins = histogram([50.2, 51, 57, 64.9], width=5)
    assert [b["games"] for b in bins] == [2, 1, 1] and bins[0]["from"] == 50


def test_stats_hold_the_required_figures(sample) -> None:  # type: ignore[no-untyped-def]
    config, rows = sample
    stats = game_stats(rows, config)
    for key in ("games", "players", "variant", "wins_by_seat", "mean_game_seconds", "mean_cards_dealt",
                "invariant_violations"):
        assert key in stats
    assert stats["games"] == 120 and stats["players"] == [4, 6] and stats["variant"] == "official"
    assert sum(stats["wins_by_seat"]) == 120 and stats["games_by_seat"][:4] == [120] * 4
    assert stats["games_by_seat"][4:] == [80, 40]
    assert stats["invariant_violations"] == 0
    assert 60 < stats["mean_game_seconds"] < 120 and stats["mean_cards_dealt"] >= 54
    assert stats["rules_promise_seconds"] == 90
    for rate in stats["win_rate_by_seat"]:
        assert rate["ci95"][0] <= rate["rate"] <= rate["ci95"][1]
    assert set(stats["plays"]) == {"hit", "split", "skip", "push", "grab", "stop", "extra"}
    assert stats["plays"]["hit"]["per_game"] > 0
    assert stats["agents_compared"]["heuristic"]["seats"] + stats["agents_compared"]["random"]["seats"] == sum(
        r.players for r in rows)
    assert stats["agents_compared"]["heuristic"]["rate"] > stats["agents_compared"]["random"]["rate"]
    json.dumps(stats)  # JSON-ready


def test_broken_games_are_counted_as_violations(sample) -> None:  # type: ignore[no-untyped-def]
    config, rows = sample
    broken = [dataclasses.replace(rows[0], problems=("hit-3 is in 2 places",))] + rows[1:]
    stats = game_stats(broken, config)
    assert stats["invariant_violations"] == 1 and "hit-3 is in 2 places" in stats["violations"][0]


def test_recipes_compare_on_length_and_fairness(sample) -> None:  # type: ignore[no-untyped-def]
    config, rows = sample
    stats = game_stats(rows, config)
    table = compare_recipes({"deck": stats, "same again": stats})
    assert [r["name"] for r in table] == ["deck", "same again"]
    assert table[0]["mean_game_seconds"] == stats["mean_game_seconds"] and table[0]["seat_spread"] >= 0

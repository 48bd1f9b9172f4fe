"""The Monte Carlo runner: same games whatever the executor, workers or batch size."""

from __future__ import annotations

import dataclasses
from concurrent.futures import ThreadPoolExecutor

import pytest

from cardgen.errors import RulesError
from cardgen.games.falling.simulation import SimConfig, play_one, run_games

RECIPE = {"hit": 8, "split": 5, "skip": 9, "push": 6, "grab": 6, "stop": 9, "extra": 6, "ground": 5}


def test_any_executor_gives_the_same_games() -> None:
    config = SimConfig(recipe=RECIPE, games=30, players=(4, 6), agents=("heuristic", "random"), seed=5)
    here = run_games(config, workers=1, batch_size=4)
    with ThreadPoolExecutor(max_workers=3) as pool:
        threads = run_games(config, executor=pool, batch_size=7)
    processes = run_games(config, workers=2, batch_size=11)
    assert here == threads == processes
    assert [s.index for s in here] == list(range(30))


def test_player_counts_and_seating_rotate() -> None:
    config = SimConfig(recipe=RECIPE, games=6, players=(4, 6), agents=("heuristic", "random", "novice"), seed=1)
    rows = run_games(config, workers=1)
    assert [r.players for r in rows] == [4, 5, 6, 4, 5, 6]
    assert rows[0].agents[:3] == ("heuristic", "random", "novice")
    assert rows[1].agents[:3] == ("heuristic", "random", "novice")  # the first 5-player game
    assert rows[3].agents == ("random", "novice", "heuristic", "heuristic")  # the next 4-player game: one seat on
    assert all(r.winner not in r.order and len(r.order) == r.players - 1 and not r.problems for r in rows)


@pytest.mark.parametrize("players, agents", [
    ((4, 5), ("heuristic", "random")),            # 2 counts, 2 bots: seat 4 was always "random"
    ((4, 6), ("heuristic", "random", "novice")),  # 3 counts, 3 bots: seat 5 was always "random"
    ((2, 10), ("heuristic", "random", "novice")),
    ((4, 8), ("heuristic", "random", "novice")),  # docs/simulate.md's example (coprime: was right)
    ((6, 6), ("heuristic", "random")),
])
def test_every_bot_sits_in_every_seat_equally_often_within_each_player_count(players, agents) -> None:  # type: ignore[no-untyped-def]
    """docs/simulate.md "Many games" (review F1): every agent sits in every seat equally often, within
    each player count, whatever the numbers of counts and of agents: over ``n`` games of ``n`` players
    each seat holds each agent as often as the table does (the line-up turns round the table)."""
    from collections import Counter

    config = SimConfig(recipe=RECIPE, games=1, players=players, agents=agents)
    counts = players[1] - players[0] + 1
    rounds = 3
    seated: Counter[tuple[int, int, str]] = Counter()
    for index in range(counts * players[1] * rounds * len(agents)):
        names = config.game_agents(index)
        n = config.game_players(index)
        assert len(names) == n
        if index // counts >= n * rounds:  # whole turns of the table only
            continue
        for seat, name in enumerate(names):
            seated[(n, seat, name)] += 1
    for n in range(players[0], players[1] + 1):
        table = Counter(agents[s % len(agents)] for s in range(n))
        for seat in range(n):
            assert {a: seated[(n, seat, a)] for a in agents} == {a: table[a] * rounds for a in agents}, (n, seat)
    assert play_one(dataclasses.replace(config, games=4), 1).agents == tuple(config.game_agents(1))


def test_progress_is_reported_up_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    run_games(SimConfig(recipe=RECIPE, games=10, seed=2), workers=1, batch_size=3,
              progress=lambda d, t: seen.append((d, t)))
    assert seen == [(3, 10), (6, 10), (9, 10), (10, 10)]


def test_a_summary_reports_what_the_game_was() -> None:
    config = SimConfig(recipe=RECIPE, games=1, players=(6, 6), seed=9)
    row = play_one(config, 0)
    assert row.cards_dealt >= 54 - 5 + 5  # every card until the last Ground
    assert sum(sum(p) for p in row.plays) > 0 and row.decisions >= sum(sum(p) for p in row.plays)
    assert row.duration_ms > row.cards_dealt * 900


@pytest.mark.parametrize("changes,needle", [
    ({"players": (8, 4)}, "the player range 8..4 is empty"),
    ({"players": (1, 4)}, "with 1 players"),
    ({"games": 0}, "cannot simulate 0 games"),
    ({"variant": "nope"}, "unknown variant"),
    ({"agents": ("clever",)}, "unknown agent"),
    ({"options": {"lockout": "sometimes"}}, "lockout cannot be"),
])
def test_bad_configurations_are_rules_errors(changes, needle) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(RulesError, match=needle):
        SimConfig(**{"recipe": RECIPE, "games": 10, **changes})


def test_the_default_pace_gives_the_rules_minute_and_a_half() -> None:
    """R5: "each game takes about a minute and a half"; the default deal pace is calibrated to it."""
    from statistics import mean

    from cardgen.games.falling.play import deck_recipe
    from cardgen.loading import load_deck
    from tests.conftest import FALLING

    shipped = deck_recipe(load_deck(FALLING))
    rows = run_games(SimConfig(recipe=shipped, games=240, players=(4, 8), seed=3), workers=1)
    seconds = mean(r.duration_ms for r in rows) / 1000
    assert 84 <= seconds <= 96, seconds
    six = [r.duration_ms / 1000 for r in rows if r.players == 6]
    assert 82 <= mean(six) <= 98


def test_a_dask_cluster_plays_the_same_games_as_the_process_pool(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """1,000 games on a Dask LocalCluster (2 workers) give exactly the process pool's summaries."""
    distributed = pytest.importorskip("distributed", reason="pip install 'cardgen[dask]'")
    import json

    from click.testing import CliRunner

    from cardgen.cli import main
    from tests.conftest import FALLING

    config = SimConfig(recipe=RECIPE, games=1000, players=(4, 8), agents=("heuristic", "random"), seed=11)
    with distributed.LocalCluster(n_workers=2, processes=False, dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as client:
        on_dask = run_games(config, executor=client.get_executor(), batch_size=40)
        assert len(client.scheduler_info()["workers"]) == 2
        result = CliRunner().invoke(main, ["simulate", str(FALLING), "--games", "60", "--executor", "dask",
                                           "--scheduler", cluster.scheduler_address, "--json",
                                           str(tmp_path / "dask.json")])
    on_processes = run_games(config, workers=2)
    assert len(on_dask) == 1000 and on_dask == on_processes
    assert result.exit_code == 0, result.output
    assert "a Dask cluster" in result.output
    here = CliRunner().invoke(main, ["simulate", str(FALLING), "--games", "60", "-j", "1", "--json",
                                     str(tmp_path / "local.json")])
    assert here.exit_code == 0, here.output
    assert json.loads((tmp_path / "dask.json").read_text()) == json.loads((tmp_path / "local.json").read_text())


def test_the_scheduler_needs_the_dask_executor() -> None:
    from click.testing import CliRunner

    from cardgen.cli import main
    from tests.conftest import FALLING

    result = CliRunner().invoke(main, ["simulate", str(FALLING), "--games", "5", "--scheduler", "tcp://x:1"])
    assert result.exit_code == 2 and "only with --executor dask" in result.output

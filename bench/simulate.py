"""Benchmark: the FALLING simulator against rlcard's Uno (random agents), measured in the same run.

1. **Per core.** In one process, alternating rounds of about ``--round`` seconds each:
   FALLING six-player games without a log (heuristic agents, then random agents), FALLING with
   the event log, and, if ``rlcard`` is importable, rlcard's Uno with its random agents. A
   *decision* is a player's pick-up or play (FALLING) or one action chosen by an agent (Uno).
   Rates are per CPU second (``time.process_time``), which stays meaningful on a shared machine;
   wall-clock rates are printed too. The median round is kept.
2. **10,000 games.** ``cardgen.games.falling.simulation.run_games`` with six players on every core (a process
   pool), as ``cardgen simulate --games 10000`` runs them: wall time and the CPU time of the
   workers.
3. **Card impact.** ``cardgen simulate decks/falling --games 2400 --impact`` as a whole process
   (imports, start-up, statistics and all): the deck and seven one-card-fewer decks, 2,400 games
   each (19,200 games); CPU seconds of the process and its workers, and wall time.

rlcard is not a dependency of cardgen: ``pip install rlcard`` to get the baseline.

    python bench/simulate.py                 # 5 rounds of ~2 s, then 10,000 games
    python bench/simulate.py --rounds 3 --games 2000 --impact-games 600
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardgen.games.falling import play_game  # noqa: E402
from cardgen.games.falling.simulation import SimConfig, default_workers, run_games  # noqa: E402

RECIPE = {"hit": 8, "split": 5, "skip": 9, "push": 6, "grab": 6, "stop": 9, "extra": 6, "ground": 5}


class Rate:
    """Games and decisions over CPU and wall seconds, round by round."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.rounds: list[tuple[float, float, float, float]] = []  # games/cpu s, decisions/cpu s, games/s, dec/s

    def median(self, index: int) -> float:
        return statistics.median(r[index] for r in self.rounds)


def falling_round(seconds: float, *, agents: tuple[str, ...], log: bool, start: int) -> tuple[int, int, float, float]:
    games = decisions = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall0 < seconds:
        record = play_game(RECIPE, seed=start + games, players=6, agents=agents, log=log)
        decisions += record.tally.decisions
        games += 1
    return games, decisions, time.process_time() - cpu0, time.perf_counter() - wall0


def uno_factory() -> Callable[[float, int], tuple[int, int, float, float]] | None:
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None

    class Counting(RandomAgent):  # type: ignore[misc]
        count = 0

        def eval_step(self, state):  # type: ignore[no-untyped-def]
            Counting.count += 1
            return super().eval_step(state)

    env = rlcard.make("uno", config={"seed": 0})
    env.set_agents([Counting(num_actions=env.num_actions) for _ in range(env.num_players)])

    def uno_round(seconds: float, start: int) -> tuple[int, int, float, float]:
        Counting.count = 0
        games = 0
        cpu0, wall0 = time.process_time(), time.perf_counter()
        while time.perf_counter() - wall0 < seconds:
            env.run(is_training=False)
            games += 1
        return games, Counting.count, time.process_time() - cpu0, time.perf_counter() - wall0

    return uno_round


def per_core(rounds: int, seconds: float) -> list[Rate]:
    uno = uno_factory()
    rates = [Rate("FALLING, 6 heuristic players, no log"), Rate("FALLING, 6 random players, no log"),
             Rate("FALLING, 6 heuristic players, with event log")]
    if uno is not None:
        rates.append(Rate("rlcard Uno, 2 random agents (baseline)"))
    play_game(RECIPE, seed=0, players=6)  # warm up
    for r in range(rounds):
        runs = [
            falling_round(seconds, agents=("heuristic",), log=False, start=r * 100_000),
            falling_round(seconds, agents=("random",), log=False, start=r * 100_000),
            falling_round(seconds, agents=("heuristic",), log=True, start=r * 100_000),
        ]
        if uno is not None:
            runs.append(uno(seconds, r))
        for rate, (games, decisions, cpu, wall) in zip(rates, runs):
            rate.rounds.append((games / cpu, decisions / cpu, games / wall, decisions / wall))
    return rates


def many_games(games: int, workers: int) -> tuple[float, float, int]:
    config = SimConfig(recipe=RECIPE, games=games, players=(6, 6), seed=1)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    rows = run_games(config, workers=workers)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    violations = sum(1 for r in rows if r.problems)
    return wall, cpu, violations


def impact_run(games: int, workers: int) -> tuple[float, float]:
    """``cardgen simulate --impact`` in a child process: (wall seconds, CPU seconds with its workers)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "cardgen.cli", "simulate", str(ROOT / "decks" / "falling"), "--games",
                    str(games), "--impact", "--workers", str(workers)], check=True, stdout=subprocess.DEVNULL,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--round", dest="seconds", type=float, default=2.0, help="seconds per measurement round")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--impact-games", type=int, default=2_400, help="games per deck for the card-impact run")
    args = parser.parse_args()

    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, {args.rounds} rounds of ~{args.seconds:g} s\n")
    rates = per_core(args.rounds, args.seconds)
    print("| run | games per CPU s | decisions per CPU s | games/s (wall) | decisions/s (wall) |")
    print("|---|---:|---:|---:|---:|")
    for rate in rates:
        print(f"| {rate.name} | {rate.median(0):,.0f} | {rate.median(1):,.0f} | {rate.median(2):,.0f} | "
              f"{rate.median(3):,.0f} |")
    if len(rates) == 4:
        base = rates[3].median(1)
        print(f"\ndecisions per CPU second, FALLING ÷ rlcard Uno: heuristic {rates[0].median(1) / base:.2f}×, "
              f"random {rates[1].median(1) / base:.2f}×, with log {rates[2].median(1) / base:.2f}× (target ≥ 2×)")
    else:
        print("\nrlcard is not installed: no baseline (pip install rlcard)")
    wall, cpu, violations = many_games(args.games, args.workers)
    print(f"\n{args.games:,} six-player games on {args.workers} worker process(es): {wall:.1f} s wall, "
          f"{cpu:.1f} s CPU in the workers ({args.games / wall:,.0f} games/s; target: 10,000 in < 15 s on 2 cores); "
          f"invariant violations: {violations}")
    if cpu > 0 and wall > 0:
        print(f"parallelism reached: {cpu / wall:.2f} of {args.workers} cores "
              "(below the worker count when the machine's cores are busy with other work)")
    if args.impact_games:
        wall, cpu = impact_run(args.impact_games, args.workers)
        print(f"\ncardgen simulate --games {args.impact_games:,} --impact (8 decks, {8 * args.impact_games:,} games, "
              f"whole process): {cpu:.1f} s CPU (target < 60 s), {wall:.1f} s wall")


if __name__ == "__main__":
    main()

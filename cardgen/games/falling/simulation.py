"""Playing many games in parallel on any :class:`concurrent.futures.Executor`.

Games are cut into batches; each batch runs in a worker (a process by default) and returns
small picklable :class:`GameSummary` rows. Game ``i`` always gets the same seed, player count
and seating whatever the executor, the number of workers or the batch size, so the same run
gives the same statistics. A cluster executor (Dask's ``client.get_executor()``, Ray's
``RayExecutor``) plugs in the same way as a process pool.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from cardgen.errors import RulesError
from cardgen.games.falling.agents import seat_agents
from cardgen.games.falling.cards import KINDS
from cardgen.games.falling.clock import GameOverrun
from cardgen.games.falling.play import check_players, new_game
from cardgen.games.falling.state import AnswerWatch, state_problems
from cardgen.games.falling.variants import find_variant


@dataclass(frozen=True)
class SimConfig:
    """What to simulate: a deck recipe, a player-count range, agents, variant and options, a seed."""

    recipe: Mapping[str, int]
    games: int
    players: tuple[int, int] = (6, 6)
    agents: tuple[str, ...] = ("heuristic",)
    variant: str = "official"
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 0
    check_steps: bool = False
    """Check every invariant after every step of every game, not only at the end (about 1.8× slower),
    including "a player holding an unanswered Ground does nothing but answer it" (R31)."""
    paired_with: Mapping[str, int] | None = None
    """A recipe this one is compared with game by game: game ``i`` deals that recipe's shuffled
    order of game ``i`` with the differing cards changed in place (common random numbers), so one
    card fewer is the same deal without that card (``--impact``, ``--tune``)."""

    def __post_init__(self) -> None:
        low, high = self.players
        check_players(low)
        check_players(high)
        if low > high:
            raise RulesError(f"the player range {low}..{high} is empty", field="players",
                             hint=f"write the smaller number first: {high}..{low}")
        if not isinstance(self.games, int) or self.games < 1:
            raise RulesError(f"cannot simulate {self.games!r} games", field="games", hint="give at least 1")
        find_variant(self.variant).options.with_overrides(self.options)
        seat_agents(list(self.agents), 1)

    def game_players(self, index: int) -> int:
        """Player counts cycle through the range, so each count gets its share of games."""
        low, high = self.players
        return low + index % (high - low + 1)

    def game_agents(self, index: int) -> list[str]:
        """The agent in each seat of game ``index``.

        Games of one player count are every ``counts``-th game (:meth:`game_players`); the line-up
        turns one seat round the table from one of them to the next, so within every player count
        each seat takes each place of the line-up once in every ``players`` games of that count, and
        each agent sits in each seat equally often. Turning by the game index instead would lock the
        seating to the player count whenever the numbers of counts and of agents share a factor, and
        seat statistics would measure the bots.
        """
        low, high = self.players
        return seat_agents(list(self.agents), self.game_players(index), rotate=index // (high - low + 1))

    def game_seed(self, index: int) -> int:
        return random.Random(f"{self.seed}/{index}").getrandbits(63)


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One game, in a few numbers (picklable, small)."""

    index: int
    seed: int
    players: int
    agents: tuple[str, ...]
    winner: int
    order: tuple[int, ...]
    duration_ms: int
    cards_dealt: int
    decisions: int
    failed: int
    plays: tuple[tuple[int, ...], ...]
    """Per seat: successful plays per kind, in :data:`~cardgen.games.falling.cards.KINDS` order."""
    saves: tuple[int, ...]
    stops: tuple[int, ...]
    problems: tuple[str, ...] = ()
    """Broken invariants (cards lost or doubled, no single winner …): always empty unless a bug."""
    grounded_ms: tuple[int, ...] = ()
    """When each seat of :attr:`order` hit the Ground (the last one ends the game)."""


def play_one(config: SimConfig, index: int) -> GameSummary:
    """Game ``index`` of ``config``, without an event log."""
    players = config.game_players(index)
    names = config.game_agents(index)
    seed = config.game_seed(index)
    paired = dict(config.paired_with) if config.paired_with is not None else None
    game = new_game(dict(config.recipe), seed=seed, players=players, agents=names, variant=config.variant,
                    options=dict(config.options), log=False, paired_with=paired)
    problems: list[str] = []
    watch = AnswerWatch()

    def check_step(game_now: Any) -> None:
        if not problems:  # the first broken step says enough
            found = state_problems(game_now.state) + watch.problems(game_now.state)
            problems.extend(f"at {game_now.now} ms: {p}" for p in found)

    try:
        game.run(after_step=check_step if config.check_steps else None)
    except GameOverrun as exc:
        problems.append(str(exc))
    st = game.state
    if not problems:
        problems += state_problems(st)
    alive = [s.seat for s in st.seats if not s.out]
    if not game.finished or st.winner is None or alive != [st.winner] or len(st.order) != players - 1:
        problems.append("the game did not end with exactly one player left")
    tally = game.tally
    return GameSummary(
        index=index, seed=seed, players=players, agents=tuple(names), winner=st.winner if st.winner is not None else -1,
        order=tuple(st.order), duration_ms=st.clock_ms, cards_dealt=tally.cards_dealt, decisions=tally.decisions,
        failed=tally.failed, plays=tuple(tuple(p[k] for k in KINDS) for p in tally.plays), saves=tuple(tally.saves),
        stops=tuple(tally.destroyed), problems=tuple(problems), grounded_ms=tuple(tally.grounded_ms))


def play_batch(config: SimConfig, start: int, stop: int) -> list[GameSummary]:
    """Games ``start`` to ``stop - 1`` (runs inside a worker)."""
    return [play_one(config, i) for i in range(start, stop)]


def batches(games: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, games, size):
        yield start, min(games, start + size)


def default_workers() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def run_games(config: SimConfig, *, executor: Executor | None = None, workers: int | None = None,
              batch_size: int | None = None, progress: Callable[[int, int], None] | None = None) -> list[GameSummary]:
    """Play ``config.games`` games and return their summaries in game order.

    ``executor``: any Executor (default: a process pool with ``workers`` processes, every core;
    ``workers=1`` plays in this process). ``progress(done, total)`` is called as batches finish.
    """
    total = config.games
    workers = workers or default_workers()
    size = batch_size or max(1, min(500, -(-total // (workers * 6))))
    if executor is None and workers == 1:
        results: list[GameSummary] = []
        for start, stop in batches(total, size):
            results += play_batch(config, start, stop)
            if progress:
                progress(len(results), total)
        return results
    own = executor is None
    pool: Executor = executor if executor is not None else ProcessPoolExecutor(max_workers=workers)
    try:
        futures: list[Future[list[GameSummary]]] = [
            pool.submit(play_batch, config, a, b) for a, b in batches(total, size)]
        done = 0
        collected: list[GameSummary] = []
        # In submission order, not as_completed: cluster futures (Dask's, dask/distributed#548) need not
        # support it, and every batch is needed anyway.
        for future in futures:
            part = future.result()
            collected += part
            done += len(part)
            if progress:
                progress(done, total)
    finally:
        if own:
            pool.shutdown(cancel_futures=True)
    collected.sort(key=lambda s: s.index)
    return collected


def summaries_by_recipe(configs: Sequence[SimConfig], **kwargs: Any) -> list[list[GameSummary]]:
    """Run several configurations (deck recipes to compare) one after the other."""
    return [run_games(c, **kwargs) for c in configs]

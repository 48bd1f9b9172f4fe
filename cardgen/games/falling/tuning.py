"""Recipe search: the deck recipe closest to a target (a game length, or fair seats).

The deck's size and its Grounds stay fixed; a step moves one card from one playable type to
another, within bounds per type. Every candidate recipe is played on the same seeds, seating and
player counts, each game dealing the starting recipe's shuffled order with the moved cards
changed in place (common random numbers, :func:`~cardgen.games.falling.cards.paired_deck`, so
that differences between recipes are not drowned in game-to-game noise),
and the search climbs: each round tries a few seeded-random moves from the best recipe so far
and keeps the best if it improves the score, until the budget of recipes is spent or a round
brings nothing. The result names the games it needed and prints as ``deck.yaml`` lines.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cardgen.errors import RulesError
from cardgen.games.falling.balance import _r, seat_balance
from cardgen.games.falling.cards import PLAYABLE
from cardgen.games.falling.simulation import GameSummary, SimConfig

Runner = Callable[[SimConfig], list[GameSummary]]
_LENGTH = re.compile(r"^\s*length\s*=\s*(\d+(?:\.\d+)?)\s*s?\s*$")


@dataclass(frozen=True)
class Target:
    """What the search aims at: ``length`` (seconds) or ``seat-balance`` (no target value)."""

    goal: str
    seconds: float = 0.0

    def score(self, rows: Sequence[GameSummary]) -> float:
        """Lower is better: seconds away from the target length, or the chi-square of the seats."""
        if self.goal == "length":
            return abs(sum(r.duration_ms for r in rows) / 1000 / max(1, len(rows)) - self.seconds)
        return float(seat_balance(rows)["chi_square"])

    def describe(self) -> str:
        return f"a mean game of {self.seconds:g} s" if self.goal == "length" else "seats as fair as can be"


def parse_target(text: str) -> Target:
    """``length=90s`` or ``seat-balance``; a flag syntax error otherwise (RulesError with a hint)."""
    match = _LENGTH.match(text)
    if match:
        seconds = float(match.group(1))
        if not 10 <= seconds <= 3600:
            raise RulesError(f"a target length of {seconds:g} s is out of reach", field="--tune",
                             hint="give 10 to 3600 seconds, e.g. length=90s")
        return Target("length", seconds)
    if text.strip().lower() in ("seat-balance", "seat_balance", "seats"):
        return Target("seat-balance")
    raise RulesError(f"cannot tune for '{text}'", field="--tune", hint="use length=90s or seat-balance")


@dataclass
class Trial:
    recipe: dict[str, int]
    score: float
    mean_game_seconds: float
    seat_p_value: float | None


@dataclass
class TuneResult:
    target: Target
    start: Trial
    best: Trial
    games_per_recipe: int
    trials: list[Trial] = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.games_per_recipe * len(self.trials)

    def as_dict(self) -> dict[str, Any]:
        def trial(t: Trial) -> dict[str, Any]:
            return {"recipe": t.recipe, "score": _r(t.score, 4), "mean_game_seconds": t.mean_game_seconds,
                    "seat_balance_p_value": t.seat_p_value}

        return {"target": self.target.goal, "target_seconds": self.target.seconds or None,
                "games_per_recipe": self.games_per_recipe, "recipes_tried": len(self.trials), "games": self.games,
                "start": trial(self.start), "best": trial(self.best), "trials": [trial(t) for t in self.trials]}


def deck_yaml_lines(recipe: Mapping[str, int], before: Mapping[str, int]) -> list[str]:
    """The ``cards:`` entries to change in deck.yaml (id and count), changed counts marked."""
    lines = []
    for kind in PLAYABLE:
        if kind not in recipe:
            continue
        was = before.get(kind, 0)
        note = f"   # was {was}" if recipe[kind] != was else ""
        lines += [f"  - id: {kind}", f"    count: {recipe[kind]}{note}"]
    return lines


def _evaluate(config: SimConfig, recipe: dict[str, int], target: Target, run: Runner) -> Trial:
    rows = run(replace(config, recipe=recipe, paired_with=dict(config.recipe)))
    mean = sum(r.duration_ms for r in rows) / 1000 / max(1, len(rows))
    return Trial(recipe, target.score(rows), _r(mean, 2), seat_balance(rows)["p_value"])


def tune(config: SimConfig, target: Target, run: Runner, *, budget: int = 16, moves_per_round: int = 6,
         low: int = 1, high: int = 20, progress: Callable[[int, int], None] | None = None) -> TuneResult:
    """Search recipes of the same size as ``config.recipe`` for ``target``; at most ``budget`` recipes."""
    if budget < 1:
        raise RulesError("the search needs at least one recipe", field="--tune-budget")
    rng = random.Random(f"tune/{config.seed}")
    kinds = [k for k in PLAYABLE if k in config.recipe]
    start = _evaluate(config, dict(config.recipe), target, run)
    trials = [start]
    best = start
    seen = {tuple(sorted(start.recipe.items()))}
    while len(trials) < budget:
        moves = [(a, b) for a in kinds for b in kinds if a != b
                 and best.recipe[a] - 1 >= low and best.recipe[b] + 1 <= high]
        rng.shuffle(moves)
        improved = None
        tried = 0
        for a, b in moves:
            if len(trials) >= budget or tried >= moves_per_round:
                break
            recipe = dict(best.recipe)
            recipe[a] -= 1
            recipe[b] += 1
            key = tuple(sorted(recipe.items()))
            if key in seen:
                continue
            seen.add(key)
            trial = _evaluate(config, recipe, target, run)
            trials.append(trial)
            tried += 1
            if progress:
                progress(len(trials), budget)
            if trial.score < (improved or best).score:
                improved = trial
        if improved is None:
            break
        best = improved
    return TuneResult(target, start, best, config.games, trials)

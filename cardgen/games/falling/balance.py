"""Statistics of many games: win rates with 95% intervals, seat balance, game length, decisiveness,
card use, Stops, agents.

The statistics are pure Python: a chi-square test of "every seat wins its fair share" (the
survival function is the regularized upper incomplete gamma function, a few lines), Wilson
intervals for rates and normal intervals for means and paired differences.

Plain functions from :class:`~cardgen.games.falling.simulation.GameSummary` rows to a JSON-ready dict; the same
rows always give the same dict (and so byte-identical JSON).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from cardgen.games.falling.cards import KINDS, PLAYABLE
from cardgen.games.falling.simulation import GameSummary, SimConfig

RULES_PROMISE_SECONDS = 90
"""The published rules say a game takes about a minute and a half."""

_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); (0, 1) with no trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def chi_square_sf(x: float, df: int) -> float:
    """P(X ≥ x) for X chi-square with ``df`` degrees of freedom: Q(df/2, x/2) (Numerical Recipes §6.2)."""
    if df < 1:
        raise ValueError("df must be at least 1")
    if x <= 0:
        return 1.0
    a, z = df / 2, x / 2
    log_front = a * math.log(z) - z - math.lgamma(a)
    if z < a + 1:  # the series for P, then Q = 1 - P
        term = total = 1 / a
        n = a
        for _ in range(10_000):
            n += 1
            term *= z / n
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1 - total * math.exp(log_front))
    tiny = 1e-300  # Lentz's continued fraction for Q
    b = z + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


def mean_interval(values: Sequence[float], z: float = 1.959964) -> tuple[float, float, float]:
    """(mean, low, high): the mean and its normal 95% interval."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    m = sum(values) / n
    if n == 1:
        return m, m, m
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return m, m - half, m + half


def whole_percent(share: float) -> str:
    """A share as a whole percentage, except that a share strictly between 0 and 1 never reads
    "0%" or "100%" (0.996 → "99.6%", 0.9996 → ">99.9%")."""
    text = f"{100 * share:.0f}%"
    if 0 < share < 1 and text in ("0%", "100%"):
        text = f"{100 * share:.1f}%"
        if text == "100.0%":
            return ">99.9%"
        if text == "0.0%":
            return "<0.1%"
    return text


def _r(x: float, digits: int = 4) -> float:
    return round(x, digits)


def distribution(values: Sequence[float]) -> dict[str, float]:
    """Mean, standard deviation and quantiles."""
    if not values:
        return {"mean": 0.0, "sd": 0.0, "min": 0.0, "p10": 0.0, "median": 0.0, "p90": 0.0, "max": 0.0}
    ordered = sorted(values)
    n = len(ordered)
    mean = sum(ordered) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in ordered) / (n - 1)) if n > 1 else 0.0

    def q(p: float) -> float:
        return ordered[min(n - 1, int(p * n))]

    return {"mean": _r(mean), "sd": _r(sd), "min": _r(ordered[0]), "p10": _r(q(0.1)), "median": _r(q(0.5)),
            "p90": _r(q(0.9)), "max": _r(ordered[-1])}


def histogram(values: Sequence[float], *, width: float) -> list[dict[str, float]]:
    """Counts per bin of ``width`` (bins from the lowest to the highest value)."""
    if not values:
        return []
    low = math.floor(min(values) / width) * width
    bins = int(math.floor((max(values) - low) / width)) + 1
    counts = [0] * bins
    for v in values:
        counts[min(bins - 1, int((v - low) // width))] += 1
    return [{"from": _r(low + i * width, 2), "to": _r(low + (i + 1) * width, 2), "games": c}
            for i, c in enumerate(counts)]


def _seat_rates(rows: Sequence[GameSummary]) -> tuple[list[int], list[int], list[dict[str, Any]]]:
    seats = max((r.players for r in rows), default=0)
    wins, games = [0] * seats, [0] * seats
    for r in rows:
        for seat in range(r.players):
            games[seat] += 1
        if r.winner >= 0:
            wins[r.winner] += 1
    rates = []
    for seat in range(seats):
        lo, hi = wilson(wins[seat], games[seat])
        fair = sum(1 / r.players for r in rows if r.players > seat)
        rates.append({"seat": seat, "wins": wins[seat], "games": games[seat],
                      "rate": _r(wins[seat] / games[seat]) if games[seat] else 0.0, "ci95": [_r(lo), _r(hi)],
                      "fair": _r(fair / games[seat]) if games[seat] else 0.0})
    return wins, games, rates


def _first_seat_edge(rows: Sequence[GameSummary]) -> dict[str, Any] | None:
    """Seat 0's win rate minus its fair share, in proportion points, with the Wilson 95% interval
    of the rate shifted by the same fair share (exact for one player count)."""
    if not rows:
        return None
    wins = sum(1 for r in rows if r.winner == 0)
    fair = sum(1 / r.players for r in rows) / len(rows)
    lo, hi = wilson(wins, len(rows))
    return {"points": _r(wins / len(rows) - fair), "ci95": [_r(lo - fair), _r(hi - fair)]}


def _count_test(rows: Sequence[GameSummary], players: int) -> tuple[float, int]:
    """Pearson's statistic of "each of the ``players`` seats wins 1/players of these games", and its df."""
    wins = [0] * players
    for r in rows:
        if r.winner >= 0:
            wins[r.winner] += 1
    expected = len(rows) / players
    return sum((w - expected) ** 2 / expected for w in wins), players - 1


def seat_balance(rows: Sequence[GameSummary]) -> dict[str, Any]:
    """Are the seats fair? A chi-square test of "each seat wins its fair share" and seat 0's edge.

    The test is stratified by player count: Pearson's statistic is computed within each count
    (every seat of an ``n``-player game expects 1/n of the wins) and the statistics and their
    degrees of freedom (n - 1 each) are summed. Pooling the counts into one table instead is not
    chi-square distributed (seats take part in different numbers of games) and lets opposite
    seat effects at different counts cancel. ``by_players`` gives each count's own test and seat
    0's edge there; ``first_seat_advantage`` pools them (a games-weighted average of the counts').
    ``expected_wins``: per seat, the sum of 1/players over the games it took part in.
    """
    seats = max((r.players for r in rows), default=0)
    expected = [sum(1 / r.players for r in rows if r.players > seat) for seat in range(seats)]
    statistic, df = 0.0, 0
    by_players: dict[str, Any] = {}
    for count in sorted({r.players for r in rows}):
        subset = [r for r in rows if r.players == count]
        stat, k = _count_test(subset, count)
        statistic += stat
        df += k
        by_players[str(count)] = {"games": len(subset), "chi_square": _r(stat, 3), "df": k,
                                  "p_value": _r(chi_square_sf(stat, k), 6),
                                  "first_seat_advantage": _first_seat_edge(subset)}
    result: dict[str, Any] = {
        "chi_square": _r(statistic, 3), "df": df,
        "p_value": _r(chi_square_sf(statistic, df), 6) if df >= 1 else None,
        "stratified_by_players": True,
        "expected_wins": [_r(e, 2) for e in expected],
        "by_players": by_players,
    }
    first = _first_seat_edge(rows)
    if first is not None:
        result["first_seat_advantage"] = first
    return result


def decisiveness(rows: Sequence[GameSummary]) -> dict[str, Any]:
    """How long before the end the last two players were known (the final duel), and its share of the game.

    The game ends when the runner-up hits the Ground, so "time since the runner-up was grounded"
    is always zero here; the measure that says something is the duel: from the moment only the
    winner and the runner-up are left (the previous player grounded) to the end.
    """
    duel: list[float] = []
    share: list[float] = []
    for r in rows:
        if not r.grounded_ms or r.duration_ms <= 0:
            continue
        start = r.grounded_ms[-2] if len(r.grounded_ms) >= 2 else 0
        duel.append((r.duration_ms - start) / 1000)
        share.append(start / r.duration_ms)
    return {"final_duel_seconds": distribution(duel),
            "share_of_game_before_final_two": distribution(share),
            "duels_decided_within_2s": _r(sum(1 for d in duel if d <= 2) / len(duel)) if duel else None}


def game_stats(rows: Sequence[GameSummary], config: SimConfig) -> dict[str, Any]:
    """Everything ``stats.json`` holds for one configuration."""
    n = len(rows)
    wins, games, rates = _seat_rates(rows)
    seconds = [r.duration_ms / 1000 for r in rows]
    dealt = [float(r.cards_dealt) for r in rows]
    by_players: dict[str, Any] = {}
    for count in sorted({r.players for r in rows}):
        subset = [r for r in rows if r.players == count]
        w, _, rate = _seat_rates(subset)
        by_players[str(count)] = {
            "games": len(subset), "wins_by_seat": w, "win_rate_by_seat": rate,
            "mean_game_seconds": _r(sum(r.duration_ms for r in subset) / 1000 / len(subset), 2),
            "mean_cards_dealt": _r(sum(r.cards_dealt for r in subset) / len(subset), 2)}
    violations = [r for r in rows if r.problems]
    return {
        "games": n,
        "players": list(config.players) if config.players[0] != config.players[1] else config.players[0],
        "variant": config.variant,
        "options": dict(config.options),
        "agents": list(config.agents),
        "seed": config.seed,
        "recipe": {k: config.recipe.get(k, 0) for k in KINDS},
        "wins_by_seat": wins,
        "games_by_seat": games,
        "win_rate_by_seat": rates,
        "by_players": by_players,
        "mean_game_seconds": _r(sum(seconds) / n, 2) if n else 0.0,
        "game_seconds": distribution(seconds),
        "game_seconds_histogram": histogram(seconds, width=1.0),
        "rules_promise_seconds": RULES_PROMISE_SECONDS,
        "games_within_15s_of_promise": _r(sum(1 for v in seconds if abs(v - RULES_PROMISE_SECONDS) <= 15) / n)
        if n else 0.0,
        "seat_balance": seat_balance(rows),
        "decisiveness": decisiveness(rows),
        "mean_cards_dealt": _r(sum(dealt) / n, 2) if n else 0.0,
        "cards_dealt": distribution(dealt),
        "plays": play_stats(rows),
        "stops": stop_stats(rows),
        "agents_compared": agent_stats(rows),
        "decisions_per_game": _r(sum(r.decisions for r in rows) / n, 2) if n else 0.0,
        "failed_per_game": _r(sum(r.failed for r in rows) / n, 2) if n else 0.0,
        "invariant_violations": len(violations),
        "violations": [f"game {r.index} (seed {r.seed}): {'; '.join(r.problems)}" for r in violations[:20]],
    }


def play_stats(rows: Sequence[GameSummary]) -> dict[str, Any]:
    """How often each card type is played, and how playing it relates to winning."""
    result: dict[str, Any] = {}
    n = len(rows) or 1
    for kind in PLAYABLE:
        i = _KIND_INDEX[kind]
        total = by_winner = losers = 0
        played = played_won = not_played = not_played_won = 0
        for r in rows:
            for seat, counts in enumerate(r.plays):
                c = counts[i]
                total += c
                won = seat == r.winner
                if won:
                    by_winner += c
                else:
                    losers += c
                if c:
                    played += 1
                    played_won += won
                else:
                    not_played += 1
                    not_played_won += won
        seats_total = sum(r.players for r in rows) or 1
        result[kind] = {
            "per_game": _r(total / n, 3),
            "per_winner": _r(by_winner / n, 3),
            "per_loser": _r(losers / max(1, seats_total - len(rows)), 3),
            "win_rate_if_played": _r(played_won / played, 4) if played else None,
            "win_rate_if_not": _r(not_played_won / not_played, 4) if not_played else None,
            "players_who_played": played,
        }
    return result


def stop_stats(rows: Sequence[GameSummary]) -> dict[str, Any]:
    """Grounds sent back by Stops, and what it did for the players saved."""
    n = len(rows) or 1
    saved_players = saved_won = 0
    winners_saved = 0
    total = 0
    games_with = 0
    for r in rows:
        s = sum(r.saves)
        total += s
        games_with += s > 0
        for seat, count in enumerate(r.saves):
            if count:
                saved_players += 1
                saved_won += seat == r.winner
        if r.winner >= 0 and r.saves[r.winner]:
            winners_saved += 1
    players = sum(r.players for r in rows)
    return {
        "grounds_stopped_per_game": _r(total / n, 3),
        "players_saved_per_game": _r(saved_players / n, 3),
        "players_saved_share": _r(saved_players / players, 4) if players else None,
        "games_with_a_save": _r(games_with / n, 4),
        "winners_saved": _r(winners_saved / n, 4),
        "win_rate_of_saved_players": _r(saved_won / saved_players, 4) if saved_players else None,
        "riders_stopped_per_game": _r(sum(sum(r.stops) for r in rows) / n, 3),
    }


def agent_stats(rows: Sequence[GameSummary]) -> dict[str, Any]:
    """Each agent's win rate against a fair share (1/players per seat it took), with 95% intervals."""
    seats: dict[str, int] = {}
    wins: dict[str, int] = {}
    fair: dict[str, float] = {}
    for r in rows:
        for seat, name in enumerate(r.agents):
            seats[name] = seats.get(name, 0) + 1
            fair[name] = fair.get(name, 0.0) + 1 / r.players
            if seat == r.winner:
                wins[name] = wins.get(name, 0) + 1
    result = {}
    for name in sorted(seats):
        w = wins.get(name, 0)
        lo, hi = wilson(w, seats[name])
        result[name] = {"seats": seats[name], "wins": w, "rate": _r(w / seats[name]), "ci95": [_r(lo), _r(hi)],
                        "fair": _r(fair[name] / seats[name])}
    return result


def compare_recipes(named: Mapping[str, Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One row per recipe: length, cards dealt, seat fairness (spread of seat win rates), card use."""
    rows = []
    for name, stats in named.items():
        rates = [s["rate"] - s["fair"] for s in stats["win_rate_by_seat"] if s["games"]]
        rows.append({"name": name, "recipe": stats["recipe"], "games": stats["games"],
                     "mean_game_seconds": stats["mean_game_seconds"], "mean_cards_dealt": stats["mean_cards_dealt"],
                     "seat_spread": _r(max(rates) - min(rates)) if rates else 0.0,
                     "grounds_stopped_per_game": stats["stops"]["grounds_stopped_per_game"],
                     "plays_per_game": _r(sum(p["per_game"] for p in stats["plays"].values()), 2),
                     "invariant_violations": stats["invariant_violations"]})
    return rows

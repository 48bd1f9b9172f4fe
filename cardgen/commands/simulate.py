"""``cardgen simulate DECK``: one FALLING game in slow motion, or a Monte Carlo of many.

One game (default): a play-by-play with time stamps, optionally replayed in real time
(``--pace 0.25`` = quarter speed) and saved as a JSON Lines log (``--log``).
Many games (``--games N``): statistics on every core with a progress bar, ``--json`` and
``--report`` outputs, ``--recipe`` to compare deck recipes, ``--impact`` (card impact by
ablation), ``--tune`` (recipe search) and ``--executor dask`` (a Dask cluster instead of local
processes).
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from cardgen.commands import console
from cardgen.commands.options import OutputPath, deck_argument
from cardgen.errors import RulesError
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import display_path
from cardgen.output import atomic_path

_PLAYERS = re.compile(r"^\s*(\d+)\s*(?:(?:\.\.|-)\s*(\d+)\s*)?$")
_RECIPE_ITEM = re.compile(r"^\s*([A-Za-z_][\w-]*)\s*=\s*(-?\d+)\s*$")


def parse_players(text: str) -> tuple[int, int]:
    """``6`` → (6, 6); ``4..8`` → (4, 8); anything else is a flag syntax error (exit 2)."""
    match = _PLAYERS.match(text)
    if not match:
        raise click.BadParameter(f"'{text}' is not a number of players or a range like 4..8", param_hint="--players")
    low = int(match.group(1))
    high = int(match.group(2)) if match.group(2) else low
    return low, high


def parse_recipe(text: str, base: dict[str, int]) -> tuple[str, dict[str, int]]:
    """``[NAME:]hit=10,skip=7`` → (name, the deck's counts with those changed)."""
    name, sep, body = text.partition(":")
    if not sep:
        name, body = "", text
    counts = dict(base)
    for item in body.split(","):
        match = _RECIPE_ITEM.match(item)
        if not match:
            raise click.BadParameter(f"'{item.strip()}' in '{text}' is not KIND=COUNT (e.g. stop=12)",
                                     param_hint="--recipe")
        counts[match.group(1)] = int(match.group(2))
    label = name.strip() or ",".join(i.strip() for i in body.split(","))
    return label, counts


@click.command("simulate")
@deck_argument
@click.option("--players", "players_text", default="6", show_default=True, metavar="N|LOW..HIGH",
              help="Number of players; with --games also a range such as 4..8.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of all randomness (same seed, same game).")
@click.option("--variant", default="official", show_default=True, help="Rule variant: official or memory.")
@click.option("--option", "option_items", multiple=True, metavar="NAME=VALUE",
              help="Override a house-rule option, e.g. lockout=off (repeatable).")
@click.option("--agents", default="heuristic", show_default=True,
              help="Agents round the table, comma separated: heuristic, random, novice; "
                   "NAME:LOW-HIGH sets reaction times in ms (novice:800-2000).")
@click.option("--stage", default=None, help="Play only the cards of a teaching stage (number or name).")
@click.option("--log", "log_path", type=OutputPath(path_type=Path, dir_okay=False),
              help="Write the game's event log (JSON Lines) here.")
@click.option("--pace", type=click.FloatRange(min=0, min_open=True, max=100),
              help="Replay the game in real time at this speed (0.25 = quarter speed).")
@click.option("-v", "--verbose", is_flag=True, help="Tell every deal, sweep and stack too.")
@click.option("--games", type=click.IntRange(min=1, max=10_000_000), help="Play this many games and print statistics.")
@click.option("--json", "json_path", type=OutputPath(path_type=Path, dir_okay=False), help="Write statistics as JSON.")
@click.option("--report", "report_path", type=OutputPath(path_type=Path, dir_okay=False),
              help="Write a PDF report with tables and charts.")
@click.option("--recipe", "recipes", multiple=True, metavar="[NAME:]KIND=N,...",
              help="Compare a deck recipe with the deck's own (counts changed from the deck's; repeatable).")
@click.option("-j", "--jobs", "--workers", "workers", type=click.IntRange(1, 256),
              help="Worker processes (default: every core).")
@click.option("--check", "check_steps", is_flag=True,
              help="With --games: check every invariant after every step, not only at each game's end (slower).")
@click.option("--impact", is_flag=True,
              help="With --games: replay the same games with one card of each type taken out (card impact).")
@click.option("--tune", "tune_text", metavar="length=90s|seat-balance",
              help="With --games (games per recipe): search deck recipes of the same size for this target.")
@click.option("--tune-budget", type=click.IntRange(1, 500), default=16, show_default=True,
              help="With --tune: how many recipes to try at most.")
@click.option("--executor", "executor_name", type=click.Choice(["process", "dask"]), default="process",
              show_default=True, help="Where games run: local processes, or a Dask cluster (pip install 'cardgen[dask]').")
@click.option("--scheduler", metavar="ADDRESS",
              help="With --executor dask: the scheduler's address (tcp://host:8786); default: a local cluster.")
def command(deck_dir: Path, players_text: str, seed: int, variant: str, option_items: tuple[str, ...], agents: str,
            stage: str | None, log_path: Path | None, pace: float | None, verbose: bool, games: int | None,
            json_path: Path | None, report_path: Path | None, recipes: tuple[str, ...], workers: int | None,
            check_steps: bool, impact: bool = False, tune_text: str | None = None, tune_budget: int = 16,
            executor_name: str = "process", scheduler: str | None = None) -> None:
    """Simulate FALLING with DECK_DIR's cards: one game in slow motion, or --games N for statistics."""
    from cardgen.games.falling import find_variant
    from cardgen.games.falling.agents import seat_agents
    from cardgen.games.falling.play import check_players, deck_recipe
    from cardgen.games.falling.teaching import stage_kinds
    from cardgen.games.falling.variants import parse_overrides

    low, high = parse_players(players_text)
    if games is None:
        misplaced = [flag for flag, value in (("--json", json_path), ("--report", report_path), ("--recipe", recipes),
                                              ("--jobs", workers), ("--check", check_steps), ("--impact", impact),
                                              ("--tune", tune_text), ("--executor", executor_name != "process"),
                                              ("--scheduler", scheduler)) if value]
        if misplaced:
            raise click.BadParameter("only with --games N (statistics over many games)", param_hint=misplaced[0])
    else:
        misplaced = [flag for flag, value in (("--log", log_path), ("--pace", pace), ("--verbose", verbose)) if value]
        if misplaced:
            raise click.BadParameter("only for a single game (leave out --games)", param_hint=misplaced[0])
    if scheduler and executor_name != "dask":
        raise click.BadParameter("only with --executor dask", param_hint="--scheduler")
    names = [a.strip() for a in agents.split(",") if a.strip()]
    if not names:
        raise click.BadParameter("name at least one agent, e.g. heuristic,random", param_hint="--agents")
    chosen = find_variant(variant)
    overrides = parse_overrides(list(option_items))
    chosen.options.with_overrides(overrides)
    seat_agents(names, 1)
    check_players(low)
    check_players(high)
    if low > high:
        raise RulesError(f"the player range {low}..{high} is empty", field="--players",
                         hint=f"write the smaller number first: {high}..{low}")
    _note_players_outside_rules(low, high)
    deck = load_deck(deck_dir)
    kinds = stage_kinds(deck, int(stage) if stage and stage.isdigit() else stage) if stage else None
    base = deck_recipe(deck, kinds=kinds)
    if games is None:
        if low != high:
            raise RulesError(f"one game needs one number of players, not {low}..{high}", field="--players",
                             hint="give a single number, or add --games N for a range")
        _one_game(base, players=low, seed=seed, variant=chosen.name, overrides=overrides, agents=names,
                  log_path=log_path, pace=pace, verbose=verbose)
        return
    compared = [("deck", base)] + [parse_recipe(r, base) for r in recipes]
    for _, counts in compared:
        deck_recipe(counts)
    target = None
    if tune_text is not None:
        from cardgen.games.falling.tuning import parse_target

        target = parse_target(tune_text)
    with _executor(executor_name, scheduler, workers) as executor:
        _many_games(compared, games=games, players=(low, high), seed=seed, variant=chosen.name, overrides=overrides,
                    agents=names, json_path=json_path, report_path=report_path, workers=workers,
                    check_steps=check_steps, title=f"{deck.title}: Monte Carlo report", impact=impact,
                    target=target, tune_budget=tune_budget, executor=executor)


@contextlib.contextmanager
def _executor(name: str, scheduler: str | None, workers: int | None) -> Iterator[Any]:
    """None (a local process pool per run) or a Dask cluster's executor, closed afterwards."""
    if name != "dask":
        yield None
        return
    try:
        from distributed import Client
    except ImportError:
        raise RulesError("--executor dask needs Dask", field="--executor",
                         hint="pip install 'cardgen[dask]'") from None
    try:
        client = Client(scheduler, timeout=20) if scheduler else Client(n_workers=workers or 2, threads_per_worker=1,
                                                                         dashboard_address=":0")  # any free port: never a clash with another cluster
    except (OSError, TimeoutError, ValueError) as exc:
        raise RulesError(f"cannot reach the Dask scheduler {scheduler}: {exc}", field="--scheduler",
                         hint="start one with 'dask scheduler' and give its tcp://host:port") from None
    try:
        yield client.get_executor()
    finally:
        client.close()


RULES_PLAYERS = (4, 8)
"""The number of players FALLING's rules are written for; the engine plays from 2 to 26."""


def _note_players_outside_rules(low: int, high: int) -> None:
    """A note (not an error) when the table is smaller or larger than the rules intend."""
    fewest, most = RULES_PLAYERS
    outside = sorted({n for n in (low, high) if not fewest <= n <= most})
    if outside:
        which = " and ".join(str(n) for n in outside)
        console.note(f"FALLING's rules are written for {fewest} to {most} players; {which} "
                     f"player{'s' if outside != [1] else ''} {'is' if len(outside) == 1 and low == high else 'are'} "
                     "outside that range, so its timing and balance are not the published game's")


def _one_game(recipe: dict[str, int], *, players: int, seed: int, variant: str, overrides: dict[str, str],
              agents: list[str], log_path: Path | None, pace: float | None, verbose: bool) -> None:
    from cardgen.games.falling import play_game, write_log
    from cardgen.games.falling.narrate import Narrator

    record = play_game(recipe, seed=seed, players=players, agents=agents, variant=variant, options=overrides)
    events = record.events or []
    if log_path is not None:
        write_log(log_path, events)
    previous = 0
    narrator = Narrator(verbose=verbose)
    for t_ms, line in narrator.lines(events):  # `| head` closing the pipe is handled by the CLI
        if pace:
            time.sleep(max(0, t_ms - previous) / 1000 / pace)
            previous = t_ms
        click.echo(line)
    click.echo(f"{narrator.who(record.winner)} wins after {record.duration_ms / 1000:.1f} simulated seconds; "
               f"{record.tally.cards_dealt} cards dealt, {record.tally.decisions} player decisions, "
               f"{len(events)} events" + (f"; log written to {display_path(log_path)}" if log_path else ""))


def _many_games(compared: list[tuple[str, dict[str, int]]], *, games: int, players: tuple[int, int], seed: int,
                variant: str, overrides: dict[str, str], agents: list[str], json_path: Path | None,
                report_path: Path | None, workers: int | None, title: str,
                check_steps: bool = False, impact: bool = False, target: Any = None, tune_budget: int = 16,
                executor: Any = None) -> None:
    from cardgen.games.falling.balance import compare_recipes, game_stats
    from cardgen.games.falling.simulation import SimConfig, default_workers, run_games

    every: dict[str, dict[str, Any]] = {}
    started = time.perf_counter()
    cpu_started = _cpu_seconds()
    workers = workers or default_workers()

    def run(config: SimConfig, label: str) -> list[Any]:
        return _with_progress(label, config.games, lambda progress: run_games(
            config, executor=executor, workers=workers, progress=progress))

    base_rows: list[Any] = []
    base_config = None
    for name, counts in compared:
        config = SimConfig(recipe=counts, games=games, players=players, agents=tuple(agents), variant=variant,
                           options=overrides, seed=seed, check_steps=check_steps)
        rows = run(config, f"{name}: {games:,} games" if len(compared) > 1 else f"{games:,} games")
        if name == "deck":
            base_rows, base_config = rows, config
        every[name] = game_stats(rows, config)
    stats = every["deck"]
    table = compare_recipes(every) if len(compared) > 1 else None
    output = dict(stats)
    if table is not None:
        output["recipes"] = table
    impact_table = None
    if impact and base_config is not None:
        from cardgen.games.falling.impact import card_impact

        impact_table = card_impact(base_config, lambda c: run(c, f"without one card: {games:,} games"),
                                   base_rows=base_rows)
        output["impact"] = impact_table
    tuned = None
    if target is not None and base_config is not None:
        from cardgen.games.falling.tuning import tune

        tuned = tune(base_config, target, lambda c: run_games(c, executor=executor, workers=workers),
                     budget=tune_budget)
        output["tune"] = tuned.as_dict()
    elapsed = time.perf_counter() - started
    cpu = _cpu_seconds() - cpu_started
    if json_path is not None:
        with atomic_path(json_path) as tmp:
            tmp.write_text(json.dumps(output, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    if report_path is not None:
        from cardgen.games.falling.report import write_report

        write_report(report_path, stats, title=title, recipes=table, impact=impact_table)
    total = games * len(compared)
    if impact_table is not None:
        total += games * len(impact_table["removed_one"])
    if tuned is not None:
        total += tuned.games
    where = "a Dask cluster" if executor is not None else f"{workers} worker{'s' if workers > 1 else ''}"
    if console.is_quiet():  # errors only: broken rules (a bug) are the only thing said
        for line in stats["violations"]:
            click.echo(f"error: invariant violation in {line}", err=True)
        return
    click.echo(f"{total:,} games in {elapsed:.1f} s, {cpu:.1f} s of CPU ({total / elapsed:,.0f} games/s, {where})")
    _print_stats(stats, every_step=check_steps)
    if table is not None:
        click.echo("\nrecipes compared (same seeds):")
        click.echo(f"  {'recipe':<24} {'seconds':>8} {'dealt':>7} {'spread':>7} {'saves':>6}")
        for row in table:
            click.echo(f"  {row['name'][:24]:<24} {row['mean_game_seconds']:>8.1f} {row['mean_cards_dealt']:>7.1f} "
                       f"{100 * row['seat_spread']:>6.1f}% {row['grounds_stopped_per_game']:>6.2f}")
    if impact_table is not None:
        _print_impact(impact_table)
    if tuned is not None:
        _print_tune(tuned)
    for path in (json_path, report_path):
        if path is not None:
            console.say(f"wrote {display_path(path)}")


def _cpu_seconds() -> float:
    """CPU seconds of this process and of its finished worker processes."""
    import resource

    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _print_impact(impact: dict[str, Any]) -> None:
    click.echo(f"\ncard impact: one card taken out, {impact['games_per_deck']:,} games each on the same deals "
               f"(95% intervals of the paired differences)")
    click.echo(f"  {'without one':<12} {'length change':>24} {'seat 0 advantage change':>30}")
    for row in impact["removed_one"]:
        lo, hi = row["length_change_ci95"]
        a_lo, a_hi = row["first_seat_advantage_change_ci95"]
        click.echo(f"  {row['kind']:<12} {row['length_change_seconds']:>+7.2f} s ({lo:+.2f} to {hi:+.2f})"
                   f" {100 * row['first_seat_advantage_change']:>+8.1f} pts ({100 * a_lo:+.1f} to {100 * a_hi:+.1f})")


def _print_tune(result: Any) -> None:
    from cardgen.games.falling.tuning import deck_yaml_lines

    best, start = result.best, result.start
    click.echo(f"\nrecipe search for {result.target.describe()}: {len(result.trials)} recipes × "
               f"{result.games_per_recipe:,} games = {result.games:,} games")
    click.echo(f"  the deck's recipe: mean game {start.mean_game_seconds:.1f} s, score {start.score:.2f}")
    click.echo(f"  best recipe:       mean game {best.mean_game_seconds:.1f} s, score {best.score:.2f}"
               + ("" if best is not start else " (no better recipe found)"))
    click.echo("deck.yaml lines (cards: entries to change):")
    for line in deck_yaml_lines(best.recipe, start.recipe):
        click.echo(line)


def _with_progress(label: str, total: int, work: Any) -> Any:
    with console.progress(label) as update:
        return work(update)


def _print_stats(stats: dict[str, Any], *, every_step: bool = False) -> None:
    from cardgen.games.falling.balance import whole_percent

    seconds = stats["game_seconds"]
    click.echo(f"mean game: {seconds['mean']:.1f} simulated seconds (10–90%: {seconds['p10']:.0f}–{seconds['p90']:.0f};"
               f" the rules say about {stats['rules_promise_seconds']}), {stats['mean_cards_dealt']:.1f} cards dealt, "
               f"{stats['decisions_per_game']:.1f} player decisions ({stats['failed_per_game']:.1f} of them failed: "
               f"too late, or not allowed)")
    click.echo("win rate by seat (95% interval, fair share):")
    for r in stats["win_rate_by_seat"]:
        click.echo(f"  seat {r['seat']}: {100 * r['rate']:5.1f}%  ({100 * r['ci95'][0]:.1f}–{100 * r['ci95'][1]:.1f}%,"
                   f" fair {100 * r['fair']:.1f}%)  {r['wins']:,}/{r['games']:,}")
    balance = stats["seat_balance"]
    counts = balance.get("by_players", {})
    if balance["p_value"] is not None:
        p = balance["p_value"]
        click.echo(f"all seats equal? chi-square {balance['chi_square']:.1f} on {balance['df']} degrees of freedom"
                   + (" (each player count tested on its own, summed)" if len(counts) > 1 else "") + ", "
                   + ("p < 0.001" if p < 0.001 else f"p = {p:.3f}"))
    first = balance.get("first_seat_advantage")
    if first:
        click.echo(f"seat 0's advantage: {100 * first['points']:+.1f} points (95% interval "
                   f"{100 * first['ci95'][0]:+.1f} to {100 * first['ci95'][1]:+.1f})"
                   + (", all player counts together; by player count:" if len(counts) > 1 else ""))
    if len(counts) > 1:
        for count, test in counts.items():
            edge, p = test["first_seat_advantage"], test["p_value"]
            click.echo(f"  {count} players: seat 0 {100 * edge['points']:+.1f} points ({100 * edge['ci95'][0]:+.1f} to "
                       f"{100 * edge['ci95'][1]:+.1f}); all seats equal? "
                       + ("p < 0.001" if p < 0.001 else f"p = {p:.3f}"))
    duel = stats["decisiveness"]["final_duel_seconds"]
    click.echo(f"final duel (last two players left): median {duel['median']:.1f} s, 10–90%: "
               f"{duel['p10']:.1f}–{duel['p90']:.1f} s; games within 15 s of the rules' "
               f"{stats['rules_promise_seconds']} s: {whole_percent(stats['games_within_15s_of_promise'])}")
    plays = stats["plays"]
    click.echo("plays per game: " + ", ".join(f"{k} {v['per_game']:.2f}" for k, v in plays.items()))
    stops = stats["stops"]
    click.echo(f"Grounds sent back by a Stop: {stops['grounds_stopped_per_game']:.2f} per game; players saved: "
               f"{stops['players_saved_per_game']:.2f} per game; winners saved at least once: "
               f"{100 * stops['winners_saved']:.1f}%")
    agents = stats["agents_compared"]
    if len(agents) > 1:
        click.echo("agents: " + ", ".join(f"{n} {100 * a['rate']:.1f}% (fair {100 * a['fair']:.1f}%)"
                                          for n, a in agents.items()))
    checked = "after every step" if every_step else "at each game's end"
    click.echo(f"invariant violations: {stats['invariant_violations']} (checked {checked})")
    for line in stats["violations"]:
        click.echo(f"  {line}")

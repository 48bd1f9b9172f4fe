"""``cardgen simulate`` as a user runs it: one game in slow motion, Monte Carlo, recipes, errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.games.falling import read_log, replay
from tests.conftest import DATA, FALLING


def test_one_game_is_told_with_time_stamps_and_names(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / "game.jsonl"
    result = runner.invoke(main, ["simulate", str(FALLING), "--players", "6", "--seed", "7", "--log", str(log)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert re.match(r"^00:00\.0  6 players: Ann \(heuristic\), Bob", lines[0])
    assert any(re.match(r"^\d\d:\d\d\.\d  \w+ places \w+ on \w+$", line) for line in lines)
    assert any("hits the Ground" in line for line in lines)
    assert re.search(r"^\d\d:\d\d\.\d  (\w+) wins! ", result.output, re.M)
    assert "log written to" in lines[-1]
    events = read_log(log)
    assert events[0]["seed"] == 7 and len(events[0]["players"]) == 6
    *_, (last, table) = replay(events)
    assert last.kind == "GameEnded" and table.winner == last["winner"]
    again = runner.invoke(main, ["simulate", str(FALLING), "--players", "6", "--seed", "7"])
    assert again.output.splitlines()[:-1] == lines[:-1]


def test_variant_options_stage_and_agents(runner) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["simulate", str(FALLING), "--players", "4", "--variant", "memory", "--option",
                                  "lockout=on", "--agents", "random,heuristic", "--stage", "2", "-v"])
    assert result.exit_code == 0, result.output
    assert "variant memory" in result.output and "Ann (random), Bob (heuristic)" in result.output
    assert "Extra" not in result.output  # stage 2 has no Extras
    assert "Dealer turns to Ann" in result.output  # --verbose tells every deal


def test_pace_replays_in_real_time(runner, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    slept: list[float] = []
    monkeypatch.setattr("cardgen.commands.simulate.time.sleep", slept.append)
    result = runner.invoke(main, ["simulate", str(FALLING), "--players", "4", "--seed", "2", "--pace", "0.25"])
    assert result.exit_code == 0, result.output
    last = re.findall(r"^(\d\d):(\d\d)\.(\d)  ", result.output, re.M)[-1]
    game_seconds = int(last[0]) * 60 + int(last[1]) + int(last[2]) / 10
    assert sum(slept) == pytest.approx(game_seconds / 0.25, abs=4 * 0.1)


def test_monte_carlo_writes_json_and_report(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    args = ["simulate", str(FALLING), "--games", "40", "--players", "4..6", "--agents", "heuristic,random",
            "--workers", "1", "--seed", "3"]
    first = runner.invoke(main, [*args, "--json", str(tmp_path / "a.json"), "--report", str(tmp_path / "a.pdf")])
    assert first.exit_code == 0, first.output
    assert "40 games in" in first.output and "win rate by seat" in first.output
    assert "invariant violations: 0" in first.output
    stats = json.loads((tmp_path / "a.json").read_text())
    assert stats["games"] == 40 and stats["players"] == [4, 6] and stats["variant"] == "official"
    assert sum(stats["wins_by_seat"]) == 40 and stats["invariant_violations"] == 0
    assert stats["mean_game_seconds"] > 0 and stats["mean_cards_dealt"] > 0
    second = runner.invoke(main, [*args, "--workers", "2", "--json", str(tmp_path / "b.json"), "--report",
                                  str(tmp_path / "b.pdf")])
    assert second.exit_code == 0, second.output
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_recipes_are_compared(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["simulate", str(FALLING), "--games", "20", "--workers", "1", "--recipe",
                                  "stoppy:stop=15,skip=3", "--recipe", "ground=8", "--json", str(tmp_path / "r.json")])
    assert result.exit_code == 0, result.output
    assert "recipes compared" in result.output and "stoppy" in result.output and "ground=8" in result.output
    rows = json.loads((tmp_path / "r.json").read_text())["recipes"]
    assert [r["name"] for r in rows] == ["deck", "stoppy", "ground=8"]
    assert rows[1]["recipe"]["stop"] == 15 and rows[1]["recipe"]["hit"] == 8 and rows[2]["recipe"]["ground"] == 8


@pytest.mark.parametrize("args,code,needle", [
    (["--variant", "memroy"], 1, "unknown variant 'memroy' — did you mean 'memory'?"),
    (["--option", "lockot=off"], 1, "unknown option 'lockot' — did you mean 'lockout'?"),
    (["--option", "lockout"], 1, "option 'lockout' is not name=value"),
    (["--agents", "heuristic,genius"], 1, "unknown agent 'genius'"),
    (["--players", "1"], 1, "cannot play FALLING with 1 players"),
    (["--players", "8..4", "--games", "5"], 1, "the player range 8..4 is empty"),
    (["--players", "4..8"], 1, "one game needs one number of players"),
    (["--players", "four"], 2, "is not a number of players"),
    (["--json", "x.json"], 2, "only with --games"),
    (["--games", "5", "--pace", "1"], 2, "only for a single game"),
    (["--games", "5", "--recipe", "stop:12"], 2, "is not KIND=COUNT"),
    (["--games", "5", "--recipe", "jump=3"], 1, "unknown FALLING card kind 'jump'"),
    (["--stage", "9"], 1, "no teaching stage 9"),
    (["--pace", "0"], 2, "--pace"),
    (["--impact"], 2, "only with --games"),
    (["--games", "5", "--tune", "speed"], 1, "cannot tune for 'speed'"),
])
def test_bad_input_is_one_line_without_traceback(runner, args, code, needle) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["simulate", str(FALLING), *args])
    assert result.exit_code == code, result.output
    assert needle in result.output
    assert "Traceback" not in result.output
    if code == 1:
        assert len(result.stderr.strip().splitlines()) == 1


def test_a_deck_of_another_game_is_refused(runner) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["simulate", str(DATA / "decks" / "minimal")])
    assert result.exit_code == 1
    assert "the FALLING engine does not know the card ids 'one'" in result.stderr


def test_check_flag_checks_every_step(runner) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["simulate", str(FALLING), "--games", "12", "--players", "2..10", "--workers", "1",
                                  "--variant", "memory", "--check"])
    assert result.exit_code == 0, result.output
    assert "invariant violations: 0 (checked after every step)" in result.output
    alone = runner.invoke(main, ["simulate", str(FALLING), "--check"])
    assert alone.exit_code == 2 and "only with --games" in alone.output


def test_impact_and_tune_print_intervals_and_deck_yaml_lines(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["simulate", str(FALLING), "--games", "30", "--workers", "1", "--impact",
                                  "--tune", "length=80s", "--tune-budget", "3", "--json", str(tmp_path / "s.json"),
                                  "--report", str(tmp_path / "s.pdf")])
    assert result.exit_code == 0, result.output
    assert "card impact: one card taken out, 30 games each on the same deals" in result.output
    assert re.search(r"^  stop +[+-]\d+\.\d\d s \([+-]", result.output, re.M)
    assert "recipe search for a mean game of 80 s" in result.output
    assert re.search(r"^  - id: hit\n    count: \d+", result.output, re.M)
    assert re.search(r"s of CPU", result.output)
    stats = json.loads((tmp_path / "s.json").read_text())
    assert len(stats["impact"]["removed_one"]) == 7 and stats["tune"]["recipes_tried"] <= 3
    assert stats["seat_balance"]["df"] == 5 and 0 <= stats["seat_balance"]["p_value"] <= 1


def test_quiet_statistics_print_nothing_and_counts_are_tested_one_by_one(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Review F9 and F5: ``-q`` ("errors only") prints no statistics; without it, mixed player counts
    get the stratified seat test, seat 0 per count, and failed decisions are not all called "too late"."""
    args = ["simulate", str(FALLING), "--games", "30", "--players", "4..5", "--workers", "1", "--seed", "3"]
    quiet = runner.invoke(main, [*args, "--json", str(tmp_path / "q.json"), "-q"])
    assert quiet.exit_code == 0 and quiet.output == "", quiet.output
    assert json.loads((tmp_path / "q.json").read_text())["games"] == 30
    loud = runner.invoke(main, args)
    assert loud.exit_code == 0, loud.output
    assert "on 7 degrees of freedom (each player count tested on its own, summed)" in loud.output
    assert re.search(r"^  4 players: seat 0 [+-]\d+\.\d points \(.+\); all seats equal\? p", loud.output, re.MULTILINE)
    assert re.search(r"^  5 players: seat 0 ", loud.output, re.MULTILINE)
    assert "of them failed: too late, or not allowed" in loud.output and "too late)" not in loud.output

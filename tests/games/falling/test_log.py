"""The event log: every event type round-trips through JSON Lines, and docs/event-log.md documents it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardgen.errors import RulesError
from cardgen.games.falling import FIELDS, Event, dumps_log, parse_log, play_game, read_log, write_log
from cardgen.games.falling.events import ADDED_EVENTS, FAIL_REASONS, REQUIRED
from tests.conftest import ROOT

RECIPE = {"hit": 8, "split": 5, "skip": 9, "push": 6, "grab": 6, "stop": 9, "extra": 6, "ground": 5}
DOC = ROOT / "docs" / "event-log.md"


def documented() -> dict[str, tuple[list[str], list[str]]]:
    """Event → (all documented fields, those marked as additions)."""
    rows = {}
    for line in DOC.read_text().splitlines():
        match = re.match(r"\| `(\w+)`[^|]* \| ([^|]*) \|", line)
        if match and match.group(1) in FIELDS:
            cells = [c.strip() for c in match.group(2).split(",")]
            names = [re.match(r"`(\w+)`", c).group(1) for c in cells]  # type: ignore[union-attr]
            added = [re.match(r"`(\w+)`", c).group(1) for c in cells if "(added)" in c]  # type: ignore[union-attr]
            rows[match.group(1)] = (names, added)
    return rows


@pytest.fixture(scope="module")
def long_games() -> list[Event]:
    """Long, busy games in both variants (8 players, random and heuristic agents)."""
    events: list[Event] = []
    for seed in range(6):
        for variant in ("official", "memory"):
            record = play_game(RECIPE, seed=seed, players=8, agents=("random", "heuristic", "novice"), variant=variant)
            events += record.events or []
    return events


def test_every_event_type_occurs_and_round_trips(long_games: list[Event]) -> None:
    seen = {e.kind for e in long_games}
    assert seen == set(FIELDS), f"never seen: {set(FIELDS) - seen}"
    for event in long_games:
        line = dumps_log([event])
        data = json.loads(line)
        assert list(data)[:2] == ["t_ms", "event"]
        assert set(REQUIRED.get(event.kind, FIELDS[event.kind])) <= set(data)
        assert Event.from_dict(data) == event
    assert {e["reason"] for e in long_games if e.kind in ("PlayFailed", "PickUpFailed")} <= set(FAIL_REASONS)


def test_the_documentation_lists_every_event_and_field() -> None:
    rows = documented()
    assert set(rows) == set(FIELDS)
    for kind, (names, added) in rows.items():
        assert tuple(names) == FIELDS[kind], kind
        if kind in ADDED_EVENTS:
            assert f"| `{kind}` *(added)* |" in DOC.read_text()
            continue
        assert [n for n in names if n not in added] == list(REQUIRED[kind]), kind
    text = DOC.read_text()
    for reason in FAIL_REASONS:
        assert f"| `{reason}` |" in text, reason


def test_write_and_read_back(tmp_path: Path) -> None:
    record = play_game(RECIPE, seed=4, players=5)
    path = tmp_path / "game.jsonl"
    write_log(path, record.events or [])
    assert read_log(path) == record.events
    assert path.read_text() == dumps_log(record.events or [])
    assert not list(tmp_path.glob(".*cardgen-tmp"))


@pytest.mark.parametrize("text,needle", [
    ('{"t_ms": 0, "event": "GameStarted"', "not JSON"),
    ('{"t_ms": 0, "event": "Teleported"}', "unknown event 'Teleported'"),
    ('{"t_ms": 0, "event": "DealStarted"}', "DealStarted lacks player"),
    ('[1, 2]', "must be an object"),
])
def test_malformed_logs_name_the_line(tmp_path: Path, text: str, needle: str) -> None:
    path = tmp_path / "bad.jsonl"
    good = dumps_log(play_game(RECIPE, seed=1, players=2).events or []).splitlines()[0]
    path.write_text(good + "\n" + text + "\n")
    with pytest.raises(RulesError) as info:
        read_log(path)
    assert needle in str(info.value) and info.value.line == 2


def test_a_log_must_start_with_game_started() -> None:
    with pytest.raises(RulesError, match="starts with GameStarted"):
        parse_log(['{"t_ms": 0, "event": "DealStarted", "player": 0}'])

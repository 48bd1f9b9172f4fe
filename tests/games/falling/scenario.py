"""Scenario fixtures: a hand-made table, scripted attempts at exact times, expected events.

Format (YAML, one or more documents per file, named after the rule they test)::

    rule: R26
    title: …
    options: {lockout: "off"}     # overrides of the official options (fixtures deal one card a second,
                                  # a Hit's extra cards too: deal_interval_ms and hit_interval_ms are
                                  # 1000 unless a fixture says otherwise)
    deck: [hit-1, ground-1]       # top first
    first_seat: 0                 # whom the dealer addresses first
    table: {seats: [{stacks: [[card, …]], held, rider, extras, out, ground}, …], discard: […]}
    attempts: [{at: 500, seat: 1, pick_up: [stack, card]} | {at: …, seat: …, play: {card, on, to, counter}}]
    until: 3000                   # run until this time (default: the end of the game)
    expect: [{event: RiderApplied, t_ms: 0, player: 0, …}, …]   # in this order, fields as given
    absent: [{event: CardDealt, player: 0}, …]                   # no event matches these
    final: {seats: {0: {rider: …, stacks: [[…]]}}, discard: […], deck: […], winner: 2}
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

from cardgen.games.falling import Event, Game, PickUp, Play, TableSnapshot, game_from_table, resolve_options

HERE = Path(__file__).parent / "scenarios"
FIXTURE_PACE = {"deal_interval_ms": "1000", "hit_interval_ms": "1000"}
"""The pace the fixtures' times are written for, whatever the engine's defaults."""


def load_scenarios() -> list[tuple[str, dict[str, Any]]]:
    """(id, scenario) for every document of every fixture file."""
    yaml = YAML(typ="safe")
    found = []
    for path in sorted(HERE.rglob("*.yaml")):
        for index, doc in enumerate(yaml.load_all(path.read_text())):
            found.append((f"{path.stem}" + (f"#{index + 1}" if index else ""), doc))
    return found


def run_scenario(sc: dict[str, Any]) -> Game:
    given = {k: str(v) for k, v in (sc.get("options") or {}).items()}
    options = resolve_options("official", {**FIXTURE_PACE, **given})
    game = game_from_table(sc["table"], deck=sc["deck"], options=options, first_seat=sc.get("first_seat", 0))
    for a in sc.get("attempts", []):
        if "pick_up" in a:
            stack, card = a["pick_up"]
            game.attempt(a["seat"], PickUp(stack, card), at_ms=a["at"])
        else:
            p = a["play"]
            game.attempt(a["seat"], Play(p["card"], p.get("on"), p.get("to"), p.get("counter")), at_ms=a["at"])
    game.run(until_ms=sc.get("until"))
    return game


def _norm(value: Any) -> Any:
    return tuple(_norm(v) for v in value) if isinstance(value, list | tuple) else value


def matches(event: Event, want: dict[str, Any]) -> bool:
    if event.kind != want["event"]:
        return False
    for key, value in want.items():
        if key == "event":
            continue
        actual = event.t_ms if key == "t_ms" else event.get(key, KeyError)
        if actual is KeyError or _norm(actual) != _norm(value):
            return False
    return True


def check_expectations(sc: dict[str, Any], events: list[Event]) -> list[str]:
    problems = []
    position = 0
    for want in sc.get("expect", []):
        for index in range(position, len(events)):
            if matches(events[index], want):
                position = index + 1
                break
        else:
            problems.append(f"expected (after event {position}) {want}")
    for unwanted in sc.get("absent", []):
        hits = [e for e in events if matches(e, unwanted)]
        if hits:
            problems.append(f"unexpected {hits[0]!r}")
    return problems


def check_final(sc: dict[str, Any], table: TableSnapshot) -> list[str]:
    final = sc.get("final") or {}
    problems = []
    for key in ("discard", "deck"):
        if key in final and getattr(table, key) != _norm(final[key]):
            problems.append(f"{key}: {getattr(table, key)} != {final[key]}")
    if "winner" in final and table.winner != final["winner"]:
        problems.append(f"winner: {table.winner} != {final['winner']}")
    for seat, wanted in (final.get("seats") or {}).items():
        s = table.seats[int(seat)]
        for key, value in wanted.items():
            actual = tuple(k.cards for k in s.stacks) if key == "stacks" else getattr(s, key)
            if _norm(actual) != _norm(value):
                problems.append(f"seat {seat} {key}: {actual} != {value}")
    return problems

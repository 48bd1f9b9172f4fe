"""The event log as JSON Lines: one object per event, ``t_ms`` and ``event`` first (docs/event-log.md)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from cardgen.errors import RulesError
from cardgen.games.falling.events import FIELDS, Event
from cardgen.output import atomic_path


def event_line(event: Event) -> str:
    """One event as one compact JSON line (no newline); the same event always gives the same bytes."""
    return json.dumps(event.as_dict(), separators=(",", ":"), ensure_ascii=False)


def dumps_log(events: Iterable[Event]) -> str:
    return "".join(event_line(e) + "\n" for e in events)


def write_log(path: Path, events: Iterable[Event]) -> None:
    """Write the log atomically (a temporary file renamed into place)."""
    with atomic_path(Path(path)) as tmp:
        with open(tmp, "w", encoding="utf-8", newline="\n") as out:
            for event in events:
                out.write(event_line(event))
                out.write("\n")


def parse_log(lines: Iterable[str], *, path: Path | str | None = None) -> list[Event]:
    """Events from JSON lines; a malformed line is a :class:`RulesError` naming the file and line."""
    events: list[Event] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise RulesError(f"not JSON: {exc.msg}", path=path, line=number, col=exc.colno) from None
        if not isinstance(data, dict) or "event" not in data or "t_ms" not in data:
            raise RulesError("each line must be an object with t_ms and event", path=path, line=number)
        kind = data["event"]
        if kind not in FIELDS:
            raise RulesError(f"unknown event '{kind}'", path=path, line=number, field="event",
                             hint=f"events are {', '.join(FIELDS)}")
        missing = [name for name in FIELDS[kind] if name not in data]
        if missing:
            raise RulesError(f"{kind} lacks {', '.join(missing)}", path=path, line=number)
        if not isinstance(data["t_ms"], int):
            raise RulesError("t_ms must be a whole number of milliseconds", path=path, line=number, field="t_ms")
        events.append(Event.from_dict(data))
    if events and events[0].kind != "GameStarted":
        raise RulesError("a log starts with GameStarted", path=path, line=1)
    return events


def read_log(path: Path) -> list[Event]:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RulesError(f"cannot read the log: {exc.strerror}", path=path) from None
    return parse_log(text.splitlines(), path=path)

"""What a FALLING frame shows moving, and what happened unseen since the previous frame.

:func:`card_moves` reads the events a frame shows and says, for each card they moved, where it
was and where it went (drawn as an arrow with a ghost at the origin). :func:`meanwhile` sums up
the events between two frames in one line ("19 cards dealt; picked up: Ann (2), Cleo (1)"), so
no card on a frame appears from nowhere.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from cardgen.games.falling import Event, TableSnapshot
from cardgen.walkthrough.table_view import Move, Place, format_clock

PLAYS = ("RiderPushed", "RiderGrabbed", "RiderDestroyed", "ExtraAttached", "GroundStopped", "PlayCountered")
"""Plays the meanwhile line lists by card and player (Riders laid are listed on their own)."""
MAX_LISTED = 3
"""More Riders laid (or other plays) than this are counted, not listed."""


def _owner(table: TableSnapshot | None, stack: int, default: int) -> int:
    """Whose stack ``stack`` is on ``table`` (the table just before the event)."""
    if table is not None:
        for seat in table.seats:
            if any(k.id == stack for k in seat.stacks):
                return seat.seat
    return default


def event_moves(event: Event, before: TableSnapshot | None) -> list[Move]:
    """The cards ``event`` moved. ``before`` is the table just before it (to find a stack's owner)."""
    kind = event.kind
    if kind == "CardDealt":
        return [Move(event["card"], Place("deck"), Place("stack", event["player"], event["stack"]))]
    if kind == "CardPickedUp":
        owner = _owner(before, event["stack"], event["player"])
        return [Move(event["card"], Place("stack", owner, event["stack"]), Place("held", event["player"]))]
    if kind in ("RiderPlaced", "ExtraAttached"):
        return [Move(event["card"], Place("held", event["by"]), Place("rider", event["on"]))]
    if kind == "CardsSwept":
        return [Move(card, Place("rider", event["player"]), Place("discard")) for card in event["cards"]]
    if kind == "RiderPushed":
        return [Move(event["card"], Place("held", event["by"]), Place("discard")),
                Move(event["rider"], Place("rider", event["from"]), Place("rider", event["to"]))]
    if kind == "RiderGrabbed":
        return [Move(event["card"], Place("held", event["by"]), Place("discard")),
                Move(event["rider"], Place("rider", event["from"]), Place("rider", event["by"]))]
    if kind == "RiderDestroyed":
        return [Move(event["card"], Place("held", event["by"]), Place("discard"))] + [
            Move(card, Place("rider", event["on"]), Place("discard")) for card in (event["rider"], *event["extras"])]
    if kind == "PlayCountered":
        return [Move(event["card"], Place("held", event["by"]), Place("discard"))]
    if kind == "GroundStopped":
        return [Move(event["card"], Place("held", event["player"]), Place("discard")),
                Move(event["ground"], Place("seat", event["player"]), Place("deck"))]
    if kind == "PlayerGrounded":
        return [Move(event["ground"], Place("deck"), Place("seat", event["player"]))]
    return []


def card_moves(events: Sequence[Event], snapshots: Sequence[TableSnapshot], first: int, last: int) -> tuple[Move, ...]:
    """Every card moved by events ``first`` to ``last`` (inclusive): what a frame shows happening."""
    out: list[Move] = []
    for index in range(max(first, 0), min(last, len(events) - 1) + 1):
        out += event_moves(events[index], snapshots[index - 1] if index else None)
    return tuple(out)


def meanwhile(events: Sequence[Event], first: int, last: int, *, text: Callable[..., str],
              name: Callable[[int], str], card: Callable[[str], str],
              join: Callable[[Sequence[str]], str] = ", ".join) -> str:
    """One line summing up events ``first`` to ``last`` (inclusive), or ``""`` if nothing moved;
    ``join`` joins a list the way the line's language does (“A, B and C”)."""
    span = [events[i] for i in range(max(first, 0), min(last, len(events) - 1) + 1)]
    dealt = sum(1 for e in span if e.kind == "CardDealt")
    picked = Counter(int(e["player"]) for e in span if e.kind == "CardPickedUp")
    placed = [text("meanwhile:placed.item" if e["by"] != e["on"] else "meanwhile:played.item",
                   card=f"**{card(e['card'])}**", by=name(e["by"]), on=name(e["on"]))
              for e in span if e.kind == "RiderPlaced"]
    played = [text("meanwhile:played.item", card=f"**{card(e['card'])}**", by=name(e.get("by", e.get("player"))))
              for e in span if e.kind in PLAYS]
    swept = sum(len(e["cards"]) for e in span if e.kind == "CardsSwept")
    out = [e for e in span if e.kind == "PlayerGrounded"]
    parts: list[str] = []
    if dealt:
        parts.append(text("meanwhile:dealt", count=dealt))
    if picked:
        parts.append(text("meanwhile:picked", list=join(
            [text("meanwhile:picked.item", player=name(seat), count=count) for seat, count in sorted(picked.items())])))
    # a long list is only counted, so the line stays one or two lines long
    if placed:
        parts.append(text("meanwhile:placed", list=join(placed) if len(placed) <= MAX_LISTED else len(placed)))
    if played:
        parts.append(text("meanwhile:played", list=join(played) if len(played) <= MAX_LISTED else len(played)))
    if swept:
        parts.append(text("meanwhile:swept", count=swept))
    if out:
        parts.append(text("meanwhile:out", list=join([name(e["player"]) for e in out])))
    if not parts:
        return ""
    start, end = format_clock(span[0].t_ms), format_clock(span[-1].t_ms)
    if start == end:
        return text("meanwhile:lead.at", time=start, list="; ".join(parts))
    return text("meanwhile:lead", **{"from": start, "to": end, "list": "; ".join(parts)})

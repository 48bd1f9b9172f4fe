"""Events: what happened at the table, in the past tense, with a time stamp in milliseconds.

The schema below is the public log format (``docs/event-log.md``): each event type has a fixed
list of fields. Seats are numbers (0 = the player on the dealer's left), stacks are ids unique
within a game, cards are physical ids (``hit-3``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

FIELDS: dict[str, tuple[str, ...]] = {
    "GameStarted": ("seed", "variant", "options", "players", "deck", "table"),
    "DealStarted": ("player",),
    "DealEnded": ("player",),
    "StackStarted": ("player", "stack"),
    "StackEmptied": ("player", "stack"),
    "CardDealt": ("player", "stack", "card"),
    "CardPickedUp": ("player", "stack", "card"),
    "PickUpFailed": ("player", "stack", "card", "reason"),
    "RiderPlaced": ("by", "on", "card"),
    "ExtraAttached": ("by", "on", "card"),
    "RiderApplied": ("player", "rider", "extras"),
    "CardsSwept": ("player", "cards"),
    "RiderPushed": ("by", "from", "to", "card", "rider"),
    "RiderGrabbed": ("by", "from", "card", "rider"),
    "RiderDestroyed": ("by", "on", "card", "rider", "extras"),
    "PlayCountered": ("by", "card", "countered", "player", "rider", "returned_to"),
    "GroundStopped": ("player", "card", "ground"),
    "PlayFailed": ("player", "card", "reason"),
    "PlayerGrounded": ("player", "ground"),
    "GameEnded": ("winner", "order"),
}
"""Event type → its fields, in the order the log writes them."""

ADDED_EVENTS = ("PickUpFailed",)
"""Event types beyond those the issue required (documented all the same)."""

REQUIRED: dict[str, tuple[str, ...]] = {
    **{name: fields for name, fields in FIELDS.items() if name not in ADDED_EVENTS},
    "GameStarted": ("seed", "variant", "options", "players", "deck"),
    "PlayCountered": ("by", "card", "countered"),
}
"""The fields the issue requires of each required event (the others are documented additions)."""

FAIL_REASONS: dict[str, str] = {
    "occupied": "the target already has a Rider",
    "no_rider": "there is no Rider there to work on",
    "own_rider": "a player with a Rider cannot Grab",
    "not_own": "a Push moves only the pusher's own Rider (push_scope: own)",
    "lockout": "the dealer is dealing to that player (lockout)",
    "carrying_out": "the dealer is carrying out that Rider",
    "answering_ground": "a player dealt a Ground can only answer it with a Stop",
    "target_answering": "that player is being dealt a Ground",
    "extra_limit": "the Rider already carries as many Extras as allowed",
    "target_out": "that player has hit the Ground",
    "out": "the player has hit the Ground and can no longer play",
    "no_target": "the card needs a target",
    "too_late": "what it answered is over",
    "stop_mode": "this variant's Stop cannot do that",
    "hand_full": "the player already holds a card",
    "covered": "another card now lies on it",
    "gone": "the card is no longer there",
}
"""Reasons a ``PlayFailed`` or ``PickUpFailed`` gives, with what they mean."""


class Event:
    """One thing that happened at ``t_ms``. Fields read as ``event['card']`` or ``event.get('card')``."""

    __slots__ = ("t_ms", "kind", "values")

    def __init__(self, t_ms: int, kind: str, values: tuple[Any, ...]) -> None:
        self.t_ms = t_ms
        self.kind = kind
        self.values = values

    def __getitem__(self, name: str) -> Any:
        return self.values[FIELDS[self.kind].index(name)]

    def get(self, name: str, default: Any = None) -> Any:
        names = FIELDS[self.kind]
        return self.values[names.index(name)] if name in names else default

    def fields(self) -> dict[str, Any]:
        """Field name → value."""
        return dict(zip(FIELDS[self.kind], self.values))

    def as_dict(self) -> dict[str, Any]:
        """The log line as a mapping: ``t_ms``, ``event``, then the fields."""
        return {"t_ms": self.t_ms, "event": self.kind, **self.fields()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        """The inverse of :meth:`as_dict`; raises KeyError/ValueError on a malformed mapping."""
        kind = data["event"]
        names = FIELDS[kind]
        return cls(int(data["t_ms"]), kind, tuple(_freeze(data[name]) for name in names))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Event) and self.t_ms == other.t_ms and self.kind == other.kind
                and self.values == other.values)

    def __hash__(self) -> int:
        return hash((self.t_ms, self.kind))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.fields().items())
        return f"{self.kind}(t_ms={self.t_ms}, {inner})"

    def __iter__(self) -> Iterator[Any]:  # pragma: no cover - events are not sequences
        raise TypeError("iterate over event.fields() instead")


def _freeze(value: Any) -> Any:
    """Lists from JSON become tuples, so events read back compare equal to the ones written."""
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return {k: _freeze(v) for k, v in value.items()}
    return value

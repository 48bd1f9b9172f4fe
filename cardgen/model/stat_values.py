"""Card stat values that layouts draw as more than text: pushes (``B2``), dice rolls (``3-5``), counts.

Pure parsing, shared by the element kinds that draw them and by game logic. Each parser raises
:class:`StatValueError` with a message and a hint a deck author can act on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Direction = Literal["B", "L", "R", "F"]
DIRECTIONS: tuple[Direction, ...] = ("B", "L", "R", "F")
"""Back (away from the attacker), Left, Right (the attacker's), Forward (attacker and target swap tiles)."""

UNLIMITED = "*"
"""A stat printed as a star: 'see the card's abilities' (unlimited, or decided by an ability)."""

_PUSH = re.compile(r"^([A-Z])(\d+)$")
_ROLL = re.compile(r"^(\d)\s*-\s*(\d)$")


class StatValueError(ValueError):
    """A stat value an element cannot draw."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


@dataclass(frozen=True)
class Push:
    """How far and which way an attack pushes its target; ``direction`` None means no push."""

    direction: Direction | None
    distance: int

    def __str__(self) -> str:
        return f"{self.direction}{self.distance}" if self.direction else "0"


PUSH_HINT = "write a direction letter (B back, L left, R right, F swap) and a distance, e.g. B2; or 0 for none"


def parse_push(value: str | int) -> Push:
    """``"B2"`` → Push("B", 2); ``0`` or ``"0"`` → no push."""
    if value in (0, "0"):
        return Push(None, 0)
    if isinstance(value, int):
        raise StatValueError(f"a push of {value} has no direction", PUSH_HINT)
    match = _PUSH.match(value.strip())
    if match is None or match.group(1) not in DIRECTIONS:
        raise StatValueError(f"'{value}' is not a push", PUSH_HINT)
    direction, distance = match.group(1), int(match.group(2))
    if not 1 <= distance <= 9:
        raise StatValueError(f"a push of {distance} tiles is out of range", "pushes go 1 to 9 tiles")
    if direction == "F" and distance != 1:
        raise StatValueError(f"'{value}': F (swap tiles) has no distance but 1", "write F1")
    return Push(direction, distance)  # type: ignore[arg-type]


def parse_roll(value: str | int) -> tuple[int, int]:
    """``"3-5"`` → (3, 5): two six-sided dice read in order."""
    match = _ROLL.match(str(value).strip())
    if match is None:
        raise StatValueError(f"'{value}' is not a roll of two dice", "write the first and second die, e.g. 3-5")
    first, second = int(match.group(1)), int(match.group(2))
    if not (1 <= first <= 6 and 1 <= second <= 6):
        raise StatValueError(f"'{value}': each die shows 1 to 6", "e.g. 3-5")
    return first, second


def parse_count(value: str | int, *, low: int, high: int, what: str) -> int:
    """A whole number from ``low`` to ``high`` (e.g. the boxes of a health track)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise StatValueError(f"{what} must be a whole number, not '{value}'", f"write a number from {low} to {high}")
    if not low <= value <= high:
        raise StatValueError(f"{what} of {value} is out of range", f"write a number from {low} to {high}")
    return value


def parse_number(value: str | int, *, what: str) -> int | None:
    """A stat printed as a number: a whole number 0–99, or '*' (returned as None)."""
    if value == UNLIMITED:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 99:
        return value
    raise StatValueError(f"{what} must be a whole number or '*', not '{value}'",
                         "write 0 to 99, or * for 'see the abilities'")

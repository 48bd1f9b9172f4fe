"""Lengths written by users (``63.5mm``, ``2.5in``, ``3mm``, ``10pt``, ``50%``) → points."""

from __future__ import annotations

import re

MM = 72.0 / 25.4
INCH = 72.0
CM = 10 * MM

_UNITS = {"mm": MM, "cm": CM, "in": INCH, "pt": 1.0, "px": 72.0 / 300.0}
_LENGTH = re.compile(r"^\s*(?P<num>[-+]?(\d+(\.\d*)?|\.\d+))\s*(?P<unit>mm|cm|in|pt|px|%)?\s*$")


class UnitError(ValueError):
    """A length that cannot be read; the message says how to write it."""


def parse_length(value: object, *, relative_to: float | None = None, allow_negative: bool = False) -> float:
    """Read a user length and return points.

    ``%`` is allowed only when ``relative_to`` (in points) is given. A bare ``0`` is accepted;
    any other number needs a unit, because ``3`` could mean millimetres or inches.
    """
    if isinstance(value, bool):
        raise UnitError("expected a length such as '3mm' or '0.125in'")
    if isinstance(value, (int, float)):
        if value == 0:
            return 0.0
        raise UnitError(f"a length needs a unit: write '{value}mm', '{value}in' or '{value}pt'")
    if not isinstance(value, str):
        raise UnitError("expected a length such as '3mm' or '0.125in'")
    match = _LENGTH.match(value)
    if not match:
        raise UnitError(f"cannot read length {value!r}: write a number and a unit, e.g. '3mm', '2.5in', '10pt'")
    number = float(match["num"])
    unit = match["unit"]
    if unit is None:
        if number == 0:
            return 0.0
        raise UnitError(f"a length needs a unit: write '{value}mm', '{value}in' or '{value}pt'")
    if unit == "%":
        if relative_to is None:
            raise UnitError(f"'{value}': a percentage is only allowed for positions inside a card")
        points = number / 100.0 * relative_to
    else:
        points = number * _UNITS[unit]
    if points < 0 and not allow_negative:
        raise UnitError(f"'{value}': a length cannot be negative")
    return points


def to_mm(points: float) -> float:
    return points / MM


def format_mm(points: float) -> str:
    return f"{to_mm(points):.1f}mm"

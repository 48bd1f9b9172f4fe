"""Reusable pydantic field types: lengths with units, colours, ids."""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import BeforeValidator, WithJsonSchema

from cardgen.layout.units import UnitError, parse_length

LENGTH_PATTERN = r"^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*(mm|cm|in|pt|px)\s*$|^0$"


def _length(value: Any) -> float:
    try:
        return parse_length(value)
    except UnitError as exc:
        raise ValueError(str(exc)) from None


Length = Annotated[
    float,
    BeforeValidator(_length),
    WithJsonSchema({"type": "string", "pattern": LENGTH_PATTERN, "examples": ["3mm", "0.125in", "63.5mm"],
                    "description": "A length with a unit: mm, cm, in, pt (or px at 300 dpi)."}),
]
"""A user length such as ``3mm``; validated to points."""

_HEX = re.compile(r"^#([0-9a-fA-F]{6})$")


def _colour(value: Any) -> str:
    if not isinstance(value, str) or not _HEX.match(value):
        raise ValueError("expected a colour like '#1f6feb'")
    return value.lower()


Colour = Annotated[
    str,
    BeforeValidator(_colour),
    WithJsonSchema({"type": "string", "pattern": "^#[0-9a-fA-F]{6}$", "examples": ["#1f6feb"]}),
]

ID_PATTERN = r"^[a-z0-9][a-z0-9_-]*$"
_ID = re.compile(ID_PATTERN)


def _ident(value: Any) -> str:
    if not isinstance(value, str) or not _ID.match(value):
        raise ValueError("an id uses lower-case letters, digits, '-' and '_' (e.g. 'extra-hit')")
    return value


Ident = Annotated[str, BeforeValidator(_ident), WithJsonSchema({"type": "string", "pattern": ID_PATTERN})]

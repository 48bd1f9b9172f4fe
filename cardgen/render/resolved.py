"""A layout's words resolved to numbers once: lengths to points, colour names to hex.

A layout writes ``x: 18%``, ``size: 9.5pt`` and ``color: type-dark``; a deck of 5,400 cards
would read the same strings 150,000 times. These caches make each distinct reading happen once
per process (the results are pure functions of their arguments).
"""

from __future__ import annotations

from functools import lru_cache

from cardgen.layout.units import parse_length

_CACHE = 4096


@lru_cache(maxsize=_CACHE)
def length(value: object) -> float:
    """``parse_length(value)``, read once."""
    return parse_length(value)


@lru_cache(maxsize=_CACHE)
def position(value: object, relative_to: float, allow_negative: bool) -> float:
    """``parse_length(value, relative_to=…, allow_negative=…)``, read once."""
    return parse_length(value, relative_to=relative_to, allow_negative=allow_negative)


@lru_cache(maxsize=_CACHE)
def hex_color(value: str):  # type: ignore[no-untyped-def]
    """reportlab's colour object for a ``#rrggbb`` string (shared: reportlab never changes it)."""
    from reportlab.lib.colors import HexColor

    return HexColor(value)

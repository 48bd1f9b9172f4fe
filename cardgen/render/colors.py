"""Colour helpers (hex strings in, hex strings out)."""

from __future__ import annotations

from functools import lru_cache


def _rgb(color: str) -> tuple[int, int, int]:
    value = color.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


@lru_cache(maxsize=4096)
def mix(color: str, other: str, amount: float) -> str:
    """``amount`` of ``other`` blended into ``color`` (0 = color, 1 = other); each blend computed once."""
    a, b = _rgb(color), _rgb(other)
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b))


def lighten(color: str, amount: float) -> str:
    return mix(color, "#ffffff", amount)


def darken(color: str, amount: float) -> str:
    return mix(color, "#000000", amount)


def luminance(color: str) -> float:
    r, g, b = (c / 255 for c in _rgb(color))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b

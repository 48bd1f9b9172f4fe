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


def relative_luminance(color: str) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0 = black, 1 = white)."""
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in _rgb(color))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@lru_cache(maxsize=256)
def readable_on(color: str, background: str = "#ffffff", ratio: float = 4.5) -> str:
    """``color`` as text on ``background``: itself when it reads (WCAG AA, 4.5:1), else darkened just enough.

    A light type colour (a pale yellow, a peach) names its type in a rulebook table in a deeper
    shade of itself, so the word can be read and still matches the card.
    """
    if contrast_ratio(color, background) >= ratio:
        return color
    for step in range(1, 101):
        shade = darken(color, step / 100)
        if contrast_ratio(shade, background) >= ratio:
            return shade
    return "#000000"

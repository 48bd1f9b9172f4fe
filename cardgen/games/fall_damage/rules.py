"""Reach, line of sight, pushes and falls on the 10 × 10 grid (see the rulebook's clarifications).

Tiles are (column, row) pairs; heights are counted in levels of one tile (about 30 mm).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

BOARD_SIZE = 10
TILE_MM = 30.0
MAGE_BONUS = 2

Tile = tuple[int, int]


def in_reach(dx: int, dy: int, reach: int) -> bool:
    """Whether a tile ``(dx, dy)`` away is within ``reach`` (C9).

    Reach (and an area of effect) 1 and 2 count steps without diagonals: a + shape, then a
    diamond. From 3 on it is a circle: the tile's centre lies within ``reach + ½`` tiles.
    """
    if (dx, dy) == (0, 0) or reach <= 0:
        return False
    if reach <= 2:
        return abs(dx) + abs(dy) <= reach
    return math.hypot(dx, dy) <= reach + 0.5


def reach_tiles(origin: Tile, reach: int, *, size: int = BOARD_SIZE) -> set[Tile]:
    """Every tile of the board within ``reach`` of ``origin`` (the origin itself excluded)."""
    ox, oy = origin
    return {(x, y) for x in range(size) for y in range(size) if in_reach(x - ox, y - oy, reach)}


def line_tiles(a: Tile, b: Tile) -> list[Tile]:
    """The tiles a straight line from the centre of ``a`` to the centre of ``b`` passes through,
    in order, without ``a`` and ``b``. A line that only grazes a corner does not pass through it."""
    (ax, ay), (bx, by) = a, b
    steps = max(abs(bx - ax), abs(by - ay)) * 16
    seen: list[Tile] = []
    for i in range(1, steps):
        t = i / steps
        x, y = ax + 0.5 + (bx - ax) * t, ay + 0.5 + (by - ay) * t
        fx, fy = x - math.floor(x), y - math.floor(y)
        if min(fx, 1 - fx) < 1e-9 or min(fy, 1 - fy) < 1e-9:
            continue  # exactly on a tile edge
        tile = (math.floor(x), math.floor(y))
        if tile not in (a, b) and tile not in seen:
            seen.append(tile)
    return seen


def sight_is_clear(a: Tile, b: Tile, blockers: Iterable[Tile]) -> bool:
    """Whether the line from ``a`` to ``b`` crosses no blocking tile (a unit, a tree, a spire)."""
    blocking = set(blockers)
    return not any(tile in blocking for tile in line_tiles(a, b))


@dataclass(frozen=True)
class PushResult:
    """Where a pushed unit ends (an index along the row, ``None`` if it left the base) and its fall."""

    end: int | None
    moved: bool
    drop: int  # levels fallen on arrival (0 if none)


def push_along(heights: list[int], start: int, distance: int, *, attacker_level: int,
               walls: Iterable[int] = (), units: Iterable[int] = ()) -> PushResult:
    """Push a unit along a row of tiles (index + 1 is "back"), as this edition rules (C10, C11).

    ``heights[i]`` is the ground level of tile i. The unit moves one tile at a time. A wall
    (a tree, a spire) or a rise it may not climb ends the push on the tile before: it may climb
    one level per tile, and only when the attacker is not below it. Leaving the row means
    leaving the base: the unit is out (``end`` None). When the push ends on a tile held by
    another unit, the target slides on to the next tile it can stand on; if a wall or a rise
    comes first, it is not pushed at all.
    """
    blocked, held = set(walls), set(units)
    level = heights[start]

    def can_enter(here: int, there: int) -> bool:
        if there in blocked:
            return False
        rise = heights[there] - heights[here]
        return rise <= 0 or (rise == 1 and attacker_level <= heights[here])

    position, steps = start, 0
    while steps < distance or position in held - {start}:
        nxt = position + 1
        if nxt >= len(heights):
            return PushResult(None, True, 0)
        if not can_enter(position, nxt):
            if position in held - {start}:
                return PushResult(start, False, 0)  # nowhere to stand: not pushed
            break
        position, steps = nxt, steps + 1
    return PushResult(position, position != start, max(0, level - heights[position]))


def fall_damage(levels: int, *, mage: bool = False, water: bool = False, immune: bool = False) -> int:
    """Fall Damage for a drop of ``levels`` tiles: 1 per tile, +2 if a Mage caused it; none into Water."""
    if levels <= 0 or water or immune:
        return 0
    return levels + (MAGE_BONUS if mage else 0)


def tiles_from_mm(millimetres: float) -> int:
    """A measured height in whole tiles, rounding down (105 mm → 3)."""
    return max(0, math.floor(millimetres / TILE_MM + 1e-9))

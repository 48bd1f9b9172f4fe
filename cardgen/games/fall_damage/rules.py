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
    in order, without ``a`` and ``b``: every tile whose inside the line crosses, however briefly.

    Exact (a grid traversal in whole numbers, Amanatides and Woo): the line crosses the column
    edges at t = (2i + 1) / (2|dx|) and the row edges at t = (2j + 1) / (2|dy|) of its length.
    Where it crosses both at once it goes through a corner, and a line that only grazes a corner
    does not pass through the two tiles that meet there: it steps diagonally.
    """
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    wide, tall = abs(dx), abs(dy)
    x, y, i, j = ax, ay, 0, 0
    seen: list[Tile] = []
    while i < wide or j < tall:
        # compare the next column-edge and row-edge crossings over the common denominator 2·|dx|·|dy|
        to_column = (2 * i + 1) * tall if i < wide else None
        to_row = (2 * j + 1) * wide if j < tall else None
        if to_row is None or (to_column is not None and to_column <= to_row):
            x, i = x + sx, i + 1
        if to_column is None or (to_row is not None and to_row <= to_column):
            y, j = y + sy, j + 1
        if (x, y) != b:
            seen.append((x, y))
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
    drop: int
    """Levels fallen during the push: every step down is a fall of its height, and a later rise
    does not undo it (0 if the unit never fell)."""


def push_along(heights: list[int], start: int, distance: int, *, attacker_level: int,
               walls: Iterable[int] = (), units: Iterable[int] = ()) -> PushResult:
    """Push a unit along a row of tiles (index + 1 is "back"), as this edition rules (C10, C11).

    ``heights[i]`` is the ground level of tile i. The unit moves one tile at a time. A wall
    (a tree, a spire) or a rise it may not climb ends the push on the tile before: it may climb
    one level per tile, and only when the attacker is not below it. Leaving the row means
    leaving the base: the unit is out (``end`` None). When the push ends on a tile held by
    another unit, the target slides on to the next tile it can stand on; if a wall or a rise
    comes first, it is not pushed at all. A step down is a fall of the difference in height
    (rulebook "Fall Damage": 1 damage for each tile the unit drops): a unit that drops and then
    climbs on has still fallen, so ``drop`` adds up the steps down, not the net change.
    """
    blocked, held = set(walls), set(units)

    def can_enter(here: int, there: int) -> bool:
        if there in blocked:
            return False
        rise = heights[there] - heights[here]
        return rise <= 0 or (rise == 1 and attacker_level <= heights[here])

    position, steps, fallen = start, 0, 0
    while steps < distance or position in held - {start}:
        nxt = position + 1
        if nxt >= len(heights):
            return PushResult(None, True, 0)
        if not can_enter(position, nxt):
            if position in held - {start}:
                return PushResult(start, False, 0)  # nowhere to stand: not pushed
            break
        fallen += max(0, heights[position] - heights[nxt])
        position, steps = nxt, steps + 1
    return PushResult(position, position != start, fallen)


def fall_damage(levels: int, *, mage: bool = False, water: bool = False, immune: bool = False) -> int:
    """Fall Damage for a drop of ``levels`` tiles: 1 per tile, +2 if a Mage caused it; none into Water."""
    if levels <= 0 or water or immune:
        return 0
    return levels + (MAGE_BONUS if mage else 0)


def tiles_from_mm(millimetres: float) -> int:
    """A measured height in whole tiles, rounding down (105 mm → 3)."""
    return max(0, math.floor(millimetres / TILE_MM + 1e-9))

"""FALL DAMAGE by Jasper Wentworth: the geometry of its rules, as this edition settles them.

Pure functions (no drawing) used by the rulebook diagrams and checked by tests: which tiles a
Reach or an area of effect covers (clarification C9), whether a line of sight is clear, where
a push along a row of tiles ends (C10, C11) and how much Fall Damage the fall deals.
"""

from cardgen.games.fall_damage.rules import (BOARD_SIZE, TILE_MM, PushResult, fall_damage, in_reach, line_tiles,
                                             push_along, reach_tiles, sight_is_clear, tiles_from_mm)

__all__ = ["BOARD_SIZE", "TILE_MM", "PushResult", "fall_damage", "in_reach", "line_tiles", "push_along",
           "reach_tiles", "sight_is_clear", "tiles_from_mm"]

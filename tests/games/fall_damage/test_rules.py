"""The geometry this edition settles (rulebook clarifications): Reach, line of sight, pushes, falls."""

from __future__ import annotations

import itertools

from cardgen.games.fall_damage import (
    fall_damage,
    in_reach,
    line_tiles,
    push_along,
    reach_tiles,
    sight_is_clear,
    tiles_from_mm,
)


def test_reach_one_is_the_four_tiles_alongside() -> None:
    assert reach_tiles((5, 5), 1) == {(4, 5), (6, 5), (5, 4), (5, 6)}


def test_reach_two_counts_steps_without_diagonals() -> None:
    tiles = reach_tiles((5, 5), 2)
    assert len(tiles) == 12
    assert (6, 6) in tiles and (7, 5) in tiles and (7, 6) not in tiles


def test_reach_three_and_more_is_a_circle() -> None:
    assert in_reach(3, 1, 3) and in_reach(2, 2, 3) and not in_reach(3, 2, 3) and not in_reach(4, 0, 3)
    assert len(reach_tiles((5, 5), 3)) == 36
    assert reach_tiles((5, 5), 2) < reach_tiles((5, 5), 3) < reach_tiles((5, 5), 4)


def test_reach_is_cut_by_the_edge_of_the_base() -> None:
    assert reach_tiles((0, 0), 1) == {(1, 0), (0, 1)}


def _crossed_exactly(a: tuple[int, int], b: tuple[int, int], size: int) -> set[tuple[int, int]]:
    """Independent oracle: the tiles whose open inside meets the open segment between the centres
    (rational arithmetic; a tile only touched at a corner or along an edge is not crossed)."""
    from fractions import Fraction

    (ax, ay), (bx, by) = a, b
    crossed = set()
    for i in range(size):
        for j in range(size):
            if (i, j) in (a, b):
                continue
            lo, hi, inside = Fraction(0), Fraction(1), True
            for start, d, edge in ((Fraction(2 * ax + 1, 2), bx - ax, i), (Fraction(2 * ay + 1, 2), by - ay, j)):
                if d == 0:
                    inside = inside and edge < start < edge + 1
                else:
                    t1, t2 = (edge - start) / d, (edge + 1 - start) / d
                    lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
            if inside and lo < hi:
                crossed.add((i, j))
    return crossed


def test_line_of_sight_is_exact_every_tile_the_line_crosses() -> None:
    """Rulebook "Reach and line of sight" (a straight line between the centres; a line that only
    grazes a corner does not pass through it), review F4: exact, not sampled."""
    assert line_tiles((0, 0), (8, 9)) == [(0, 1), (1, 1), (1, 2), (2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (4, 5),
                                          (5, 5), (5, 6), (6, 6), (6, 7), (7, 7), (7, 8), (8, 8)]
    assert not sight_is_clear((0, 0), (8, 9), [(0, 1)])  # the tree on (0, 1) blocks: the line crosses it
    size = 8
    tiles = [(x, y) for x in range(size) for y in range(size)]
    for a in tiles:
        for b in tiles:
            if a < b:
                line = line_tiles(a, b)
                assert set(line) == _crossed_exactly(a, b, size) and len(line) == len(set(line)), (a, b)
                assert line_tiles(b, a) == line[::-1], (a, b)
                path = [a, *line, b]  # in order: each tile touches the next (diagonally only at a corner)
                assert all(max(abs(p[0] - q[0]), abs(p[1] - q[1])) == 1 for p, q in itertools.pairwise(path)), (a, b)


def test_line_of_sight_crosses_tiles_and_trees_block_it() -> None:
    assert line_tiles((0, 0), (3, 0)) == [(1, 0), (2, 0)]
    assert line_tiles((0, 0), (2, 2)) == [(1, 1)]  # through a corner: only the diagonal tile
    assert sight_is_clear((1, 1), (8, 3), [(4, 5), (6, 1)])
    assert not sight_is_clear((1, 1), (6, 8), [(4, 5), (6, 1)])


def test_a_push_off_a_ledge_falls_the_height_of_the_ledge() -> None:
    result = push_along([3, 3, 3, 0, 0, 0], 1, 2, attacker_level=3)
    assert (result.end, result.moved, result.drop) == (3, True, 3)
    assert fall_damage(result.drop) == 3 and fall_damage(result.drop, mage=True) == 5
    assert fall_damage(result.drop, water=True) == 0 and fall_damage(result.drop, immune=True) == 0


def test_a_push_that_drops_then_climbs_counts_the_fall_not_the_net_height() -> None:
    """RULES.md Fall Damage ("1 per vertical tile") and the rulebook's "1 damage for each tile it
    drops" (review F3): off a level-3 tile into level 1 is a 2-tile fall, whatever the push does next."""
    result = push_along([1, 3, 1, 2], 1, 2, attacker_level=1)
    assert (result.end, result.moved, result.drop) == (3, True, 2)
    assert fall_damage(result.drop) == 2 and fall_damage(result.drop, mage=True) == 4
    assert push_along([4, 4, 2, 3, 0], 1, 3, attacker_level=0).drop == 2 + 3  # two falls: both count
    assert push_along([0, 0, 1, 1], 1, 2, attacker_level=0).drop == 0  # a climb is no fall
    assert push_along([3, 3, 2, 1], 1, 2, attacker_level=3).drop == 2  # two small drops


def test_a_wall_or_a_rise_too_high_stops_the_push() -> None:
    assert push_along([0, 0, 0, 0], 0, 3, attacker_level=0, walls=[2]).end == 1
    assert push_along([0, 0, 2, 2], 0, 3, attacker_level=0).end == 1
    # one level up per tile, only when the attacker is not below the target
    assert push_along([0, 0, 1, 1], 1, 2, attacker_level=0).end == 3
    assert push_along([1, 1, 2, 2], 1, 2, attacker_level=0).end == 3
    assert push_along([0, 0, 1, 1], 1, 2, attacker_level=-1).end == 3
    assert push_along([2, 2, 3, 3], 1, 2, attacker_level=3).end == 1


def test_a_unit_at_the_end_of_the_push_makes_the_target_slide_on() -> None:
    assert push_along([0] * 6, 1, 1, attacker_level=0, units=[2]).end == 3
    assert push_along([0] * 6, 1, 1, attacker_level=0, units=[2, 3]).end == 4
    stuck = push_along([0] * 6, 1, 1, attacker_level=0, units=[2], walls=[3])
    assert (stuck.end, stuck.moved) == (1, False)


def test_pushed_off_the_base_is_out() -> None:
    result = push_along([0, 0, 0], 1, 2, attacker_level=0)
    assert result.end is None and result.moved


def test_measurements_round_down_to_whole_tiles() -> None:
    assert tiles_from_mm(105) == 3 and tiles_from_mm(90) == 3 and tiles_from_mm(29.9) == 0

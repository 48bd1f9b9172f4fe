"""Imposition: how many cards fit, where backs land, gutterfold geometry."""

from __future__ import annotations

import pytest

from cardgen.layout.imposition import MIN_MARGIN, grid, gutterfold, mirror
from cardgen.layout.sizes import CARD_SIZES, PAPER_SIZES
from cardgen.layout.units import MM

BLEED = 3 * MM


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_poker_is_three_by_three_portrait(paper: str) -> None:
    sheet = grid(PAPER_SIZES[paper], CARD_SIZES["poker"], BLEED)
    assert (sheet.cols, sheet.rows) == (3, 3)
    assert sheet.paper == PAPER_SIZES[paper]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("card", sorted(CARD_SIZES))
def test_every_slot_with_bleed_fits_on_the_page_without_overlap(paper: str, card: str) -> None:
    sheet = grid(PAPER_SIZES[paper], CARD_SIZES[card], BLEED)
    assert sheet.per_page >= 1
    for slot in sheet.slots:
        x0, y0, x1, y1 = slot.clip
        assert x0 >= MIN_MARGIN - 1e-6 and y0 >= MIN_MARGIN - 1e-6
        assert x1 <= sheet.paper.width_pt - MIN_MARGIN + 1e-6 and y1 <= sheet.paper.height_pt - MIN_MARGIN + 1e-6
    for a in sheet.slots:
        for b in sheet.slots:
            if a is b:
                continue
            overlap_x = min(a.clip[2], b.clip[2]) - max(a.clip[0], b.clip[0])
            overlap_y = min(a.clip[3], b.clip[3]) - max(a.clip[1], b.clip[1])
            assert overlap_x <= 1e-6 or overlap_y <= 1e-6


def test_gap_between_cards_is_at_most_twice_the_bleed() -> None:
    sheet = grid(PAPER_SIZES["letter"], CARD_SIZES["poker"], BLEED)
    gap = sheet.slots[1].x - (sheet.slots[0].x + sheet.slots[0].width)
    assert 0 <= gap <= 2 * BLEED + 1e-6


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_long_edge_backs_are_mirrored_left_to_right(paper: str) -> None:
    page = PAPER_SIZES[paper]
    sheet = grid(page, CARD_SIZES["poker"], BLEED)
    for slot in sheet.slots:
        back = mirror(slot, page, flip="long")
        assert back.y == pytest.approx(slot.y)
        assert back.x + back.width / 2 == pytest.approx(page.width_pt - (slot.x + slot.width / 2))
    # the first card's back goes in the top-right slot
    top_right = sheet.slots[sheet.cols - 1]
    assert mirror(sheet.slots[0], page).x == pytest.approx(top_right.x)


def test_short_edge_backs_are_mirrored_top_to_bottom() -> None:
    page = PAPER_SIZES["a4"]
    sheet = grid(page, CARD_SIZES["poker"], BLEED)
    back = mirror(sheet.slots[0], page, flip="short")
    assert back.x == pytest.approx(sheet.slots[0].x)
    assert back.y == pytest.approx(sheet.slots[-1].y)


def test_back_offset_moves_every_back() -> None:
    page = PAPER_SIZES["a4"]
    slot = grid(page, CARD_SIZES["poker"], BLEED).slots[4]
    plain = mirror(slot, page)
    moved = mirror(slot, page, offset=(0.4 * MM, -0.2 * MM))
    assert moved.x - plain.x == pytest.approx(0.4 * MM)
    assert moved.y - plain.y == pytest.approx(-0.2 * MM)


def test_gutterfold_puts_each_back_opposite_its_front_across_the_fold() -> None:
    fronts, backs = gutterfold(PAPER_SIZES["a4"], CARD_SIZES["poker"], BLEED)
    assert fronts.per_page == backs.per_page >= 2
    fold = fronts.fold_x
    assert fold is not None
    for front, back in zip(fronts.slots, backs.slots):
        assert front.x + front.width <= fold and back.x >= fold
        assert (front.x + front.width / 2) + (back.x + back.width / 2) == pytest.approx(2 * fold)
        assert front.y == pytest.approx(back.y)

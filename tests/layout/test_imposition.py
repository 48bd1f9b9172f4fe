"""Imposition: how many cards fit, where backs land, gutterfold geometry."""

from __future__ import annotations

import pytest

from cardgen.layout.imposition import MARK_LENGTH, PRINTER_MARGIN, grid, gutterfold, mark_offset, mirror
from cardgen.layout.sizes import CARD_SIZES, PAPER_SIZES
from cardgen.layout.units import MM

BLEED = 3 * MM


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_poker_with_whole_bleeds_and_printable_marks_is_three_by_two_on_a_turned_page(paper: str) -> None:
    """Nine poker cards need 3 x 63.5 mm + two 6 mm gutters + 2 x 13 mm for marks: more than A4's 210 mm."""
    sheet = grid(PAPER_SIZES[paper], CARD_SIZES["poker"], BLEED)
    assert (sheet.cols, sheet.rows) == (3, 2)
    assert sheet.paper.width_pt == PAPER_SIZES[paper].height_pt  # landscape: it holds 6, portrait only 4


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("card", sorted(CARD_SIZES))
def test_grid_is_centred_and_every_crop_mark_fits_inside_the_printable_area(paper: str, card: str) -> None:
    sheet = grid(PAPER_SIZES[paper], CARD_SIZES[card], BLEED)
    x0, y0, x1, y1 = sheet.trim_extent()
    assert x0 == pytest.approx(sheet.paper.width_pt - x1)
    assert y0 == pytest.approx(sheet.paper.height_pt - y1)
    reach = mark_offset(BLEED) + MARK_LENGTH
    assert min(x0, y0) - reach >= PRINTER_MARGIN - 1e-6


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("card", sorted(CARD_SIZES))
def test_every_slot_with_bleed_fits_on_the_page_without_overlap(paper: str, card: str) -> None:
    sheet = grid(PAPER_SIZES[paper], CARD_SIZES[card], BLEED)
    assert sheet.per_page >= 1
    for slot in sheet.slots:
        x0, y0, x1, y1 = slot.clip
        assert x0 >= PRINTER_MARGIN - 1e-6 and y0 >= PRINTER_MARGIN - 1e-6
        assert x1 <= sheet.paper.width_pt - PRINTER_MARGIN + 1e-6
        assert y1 <= sheet.paper.height_pt - PRINTER_MARGIN + 1e-6
        assert (x1 - x0, y1 - y0) == pytest.approx((slot.width + 2 * BLEED, slot.height + 2 * BLEED))
    for a in sheet.slots:
        for b in sheet.slots:
            if a is b:
                continue
            overlap_x = min(a.clip[2], b.clip[2]) - max(a.clip[0], b.clip[0])
            overlap_y = min(a.clip[3], b.clip[3]) - max(a.clip[1], b.clip[1])
            assert overlap_x <= 1e-6 or overlap_y <= 1e-6


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_neighbouring_trims_are_two_bleeds_apart_across_and_down(paper: str) -> None:
    sheet = grid(PAPER_SIZES[paper], CARD_SIZES["poker"], BLEED)
    across = sheet.slots[1].x - (sheet.slots[0].x + sheet.slots[0].width)
    below = sheet.slots[0].y - (sheet.slots[sheet.cols].y + sheet.slots[sheet.cols].height)
    assert across == pytest.approx(2 * BLEED) and below == pytest.approx(2 * BLEED)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_long_edge_backs_are_mirrored_left_to_right(paper: str) -> None:
    sheet = grid(PAPER_SIZES[paper], CARD_SIZES["tarot"], BLEED)
    page = sheet.paper
    assert page == PAPER_SIZES[paper]  # portrait: the long edge is vertical
    for slot in sheet.slots:
        back = mirror(slot, page, flip="long")
        assert back.y == pytest.approx(slot.y)
        assert back.x + back.width / 2 == pytest.approx(page.width_pt - (slot.x + slot.width / 2))
    # the first card's back goes in the top-right slot
    top_right = sheet.slots[sheet.cols - 1]
    assert mirror(sheet.slots[0], page).x == pytest.approx(top_right.x)


def test_short_edge_backs_are_mirrored_top_to_bottom() -> None:
    sheet = grid(PAPER_SIZES["a4"], CARD_SIZES["mini"], BLEED)
    page = sheet.paper
    back = mirror(sheet.slots[0], page, flip="short")
    assert back.x == pytest.approx(sheet.slots[0].x)
    assert back.y == pytest.approx(sheet.slots[-1].y)


def test_back_offset_moves_every_back_against_the_drift_read_from_the_front() -> None:
    """The offset is the backs' drift seen from the front (+ right, up); on the back page the flipped
    axis runs the other way, so that component keeps its sign and the other one changes it."""
    sheet = grid(PAPER_SIZES["a4"], CARD_SIZES["poker"], BLEED)
    page, slot = sheet.paper, sheet.slots[4]
    assert page.width_pt > page.height_pt  # landscape: long edge horizontal, y mirrors
    for flip, expected in (("long", (-0.4, -0.2)), ("short", (0.4, 0.2))):
        plain = mirror(slot, page, flip=flip)  # type: ignore[arg-type]
        moved = mirror(slot, page, flip=flip, offset=(0.4 * MM, -0.2 * MM))  # type: ignore[arg-type]
        assert moved.x - plain.x == pytest.approx(expected[0] * MM)
        assert moved.y - plain.y == pytest.approx(expected[1] * MM)


def test_gutterfold_puts_each_back_opposite_its_front_across_the_fold() -> None:
    fronts, backs = gutterfold(PAPER_SIZES["a4"], CARD_SIZES["poker"], BLEED)
    assert fronts.per_page == backs.per_page >= 2
    fold = fronts.fold_x
    assert fold is not None
    for front, back in zip(fronts.slots, backs.slots):
        assert front.x + front.width <= fold and back.x >= fold
        assert (front.x + front.width / 2) + (back.x + back.width / 2) == pytest.approx(2 * fold)
        assert front.y == pytest.approx(back.y)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_gutterfold_keeps_the_fold_off_every_bleed_and_the_cards_inside_the_printable_area(paper: str) -> None:
    fronts, backs = gutterfold(PAPER_SIZES[paper], CARD_SIZES["poker"], BLEED)
    fold = fronts.fold_x
    assert fold is not None
    for slot in fronts.slots + backs.slots:
        assert slot.clip[2] <= fold + 1e-6 or slot.clip[0] >= fold - 1e-6  # a bleed may reach the fold, not cross it
        assert min(slot.x, slot.y) - mark_offset(BLEED) - MARK_LENGTH >= PRINTER_MARGIN - 1e-6


def test_on_a_landscape_page_long_edge_backs_are_mirrored_top_to_bottom() -> None:
    sheet = grid(PAPER_SIZES["a4"], CARD_SIZES["poker"], BLEED)
    page = sheet.paper
    assert page.width_pt > page.height_pt
    for slot in sheet.slots:
        back = mirror(slot, page, flip="long")
        assert back.x == pytest.approx(slot.x)
        assert back.y + back.height / 2 == pytest.approx(page.height_pt - (slot.y + slot.height / 2))


def test_gutterfold_turns_poker_cards_to_fit_three_on_a4() -> None:
    fronts, backs = gutterfold(PAPER_SIZES["a4"], CARD_SIZES["poker"], BLEED)
    assert fronts.per_page == 3 and fronts.paper == PAPER_SIZES["a4"]
    assert {slot.turn for slot in fronts.slots} == {90} and {slot.turn for slot in backs.slots} == {-90}
    card = CARD_SIZES["poker"]
    assert (fronts.slots[0].width, fronts.slots[0].height) == pytest.approx((card.height_pt, card.width_pt))

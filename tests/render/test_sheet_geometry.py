"""Sheet geometry read back from the PDF's own drawing operators, not from the imposition code.

Cards are found where the PDF places their forms; crop marks, cut lines and guides are the
strokes on the page. So a sign flipped in the marks, a flag parsed but never passed on, or guides
collapsed onto one line change what these tests read, whatever the code that drew it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.layout.units import MM
from cardgen.loading import load_deck
from tests.conftest import FALLING
from tests.pdf_tools import PageDrawing, Segment, page_drawing

TOLERANCE = 0.01  # points


@dataclass(frozen=True)
class Card:
    x0: float
    y0: float
    x1: float
    y1: float

    def grown(self, by: float) -> Card:
        return Card(self.x0 - by, self.y0 - by, self.x1 + by, self.y1 + by)

    def crosses(self, segment: Segment) -> bool:
        """Whether the segment enters this box (touching its edge does not count)."""
        lo_x, hi_x = sorted((segment.x1, segment.x2))
        lo_y, hi_y = sorted((segment.y1, segment.y2))
        return (lo_x < self.x1 - TOLERANCE and hi_x > self.x0 + TOLERANCE
                and lo_y < self.y1 - TOLERANCE and hi_y > self.y0 + TOLERANCE)


DECK = load_deck(FALLING)
WIDTH, HEIGHT = DECK.print.size.width_pt, DECK.print.size.height_pt
BLEED, SAFE = DECK.print.bleed, DECK.print.safe


def cards_on(drawing: PageDrawing) -> list[Card]:
    return [Card(f.x, f.y, f.x + WIDTH, f.y + HEIGHT) for f in drawing.forms]


def build(runner, tmp_path: Path, *args: str) -> Path:  # type: ignore[no-untyped-def]
    target = tmp_path / ("sheets" + "-".join(a.strip("-") for a in args) + ".pdf")
    result = runner.invoke(main, ["sheets", str(FALLING), *args, "-o", str(target)])
    assert result.exit_code == 0, result.output
    return target


PRINTER_MARGIN = 5 * MM


def page_size(path: Path) -> tuple[float, float]:
    from pypdf import PdfReader

    box = PdfReader(path).pages[0].mediabox
    return float(box.width), float(box.height)


def crop_marks(drawing: PageDrawing) -> list[Segment]:
    """The solid black strokes (the sheet label's scale bar is grey)."""
    return [s for s in drawing.segments if not s.dashed and s.gray == 0]


def near(value: float, targets: set[float] | list[float]) -> bool:
    return any(abs(value - t) < TOLERANCE for t in targets)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("page", [0, 1], ids=["fronts", "backs"])
def test_every_crop_mark_lies_on_a_trim_line_outside_every_bleed(runner, tmp_path: Path, paper: str,
                                                                 page: int) -> None:  # type: ignore[no-untyped-def]
    target = build(runner, tmp_path, "--paper", paper)
    page_width, page_height = page_size(target)
    drawing = page_drawing(target, page)
    cards = cards_on(drawing)
    assert len(cards) >= 6
    trims_x = {c.x0 for c in cards} | {c.x1 for c in cards}
    trims_y = {c.y0 for c in cards} | {c.y1 for c in cards}
    marks = crop_marks(drawing)
    assert marks, "no crop marks"
    for mark in marks:
        assert mark.vertical or mark.horizontal, mark
        if mark.vertical:
            assert near(mark.x1, trims_x), f"vertical mark at x={mark.x1:.2f} is on no trim line"
        else:
            assert near(mark.y1, trims_y), f"horizontal mark at y={mark.y1:.2f} is on no trim line"
        for card in cards:
            assert not card.grown(BLEED).crosses(mark), f"{mark} runs into the bleed of {card}"
        for x, y in ((mark.x1, mark.y1), (mark.x2, mark.y2)):  # a home printer prints nothing in its outer 5 mm
            assert PRINTER_MARGIN - TOLERANCE <= x <= page_width - PRINTER_MARGIN + TOLERANCE, mark
            assert PRINTER_MARGIN - TOLERANCE <= y <= page_height - PRINTER_MARGIN + TOLERANCE, mark


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_trim_line_has_a_mark_on_each_side_of_the_grid(runner, tmp_path: Path,
                                                              paper: str) -> None:  # type: ignore[no-untyped-def]
    drawing = page_drawing(build(runner, tmp_path, "--paper", paper), 0)
    cards = cards_on(drawing)
    top, bottom = max(c.y1 for c in cards), min(c.y0 for c in cards)
    left, right = min(c.x0 for c in cards), max(c.x1 for c in cards)
    marks = crop_marks(drawing)
    for x in {c.x0 for c in cards} | {c.x1 for c in cards}:
        on_line = [m for m in marks if m.vertical and abs(m.x1 - x) < TOLERANCE]
        assert any(min(m.y1, m.y2) >= top + BLEED - TOLERANCE for m in on_line), f"no top mark at x={x:.2f}"
        assert any(max(m.y1, m.y2) <= bottom - BLEED + TOLERANCE for m in on_line), f"no bottom mark at x={x:.2f}"
    for y in {c.y0 for c in cards} | {c.y1 for c in cards}:
        on_line = [m for m in marks if m.horizontal and abs(m.y1 - y) < TOLERANCE]
        assert any(min(m.x1, m.x2) >= right + BLEED - TOLERANCE for m in on_line), f"no right mark at y={y:.2f}"
        assert any(max(m.x1, m.x2) <= left - BLEED + TOLERANCE for m in on_line), f"no left mark at y={y:.2f}"


def test_no_crop_marks_flag_leaves_them_out(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert crop_marks(page_drawing(build(runner, tmp_path, "--no-crop-marks"), 0)) == []


def _positions(drawing: PageDrawing) -> list[tuple[float, float]]:
    return [(f.x, f.y) for f in drawing.forms]


def test_back_offset_moves_every_back_and_no_front(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    plain = build(runner, tmp_path)
    moved = build(runner, tmp_path, "--back-offset", "0.4mm,-0.2mm")
    assert _positions(page_drawing(moved, 0)) == _positions(page_drawing(plain, 0))
    before, after = _positions(page_drawing(plain, 1)), _positions(page_drawing(moved, 1))
    assert len(before) == len(after) >= 6
    for (x0, y0), (x1, y1) in zip(before, after):
        # a drift of 0.4 mm right, 0.2 mm down seen from the front: on a landscape page turned over its
        # long (horizontal) edge the backs move 0.4 mm left and 0.2 mm down in the back page's frame
        assert x1 - x0 == pytest.approx(-0.4 * MM, abs=0.005)
        assert y1 - y0 == pytest.approx(-0.2 * MM, abs=0.005)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_each_back_lands_behind_its_front_for_the_flip_edge(runner, tmp_path: Path,
                                                            flip: str) -> None:  # type: ignore[no-untyped-def]
    """Long edge: the page turns about its long side, short edge about its short side; on a portrait page the
    long side is vertical (x mirrors), on a landscape page horizontal (y mirrors)."""
    target = build(runner, tmp_path, "--flip", flip)
    page_width, page_height = page_size(target)
    fronts, backs = page_drawing(target, 0).forms, page_drawing(target, 1).forms
    assert len(fronts) == len(backs) >= 6
    mirror_x = (flip == "long") == (page_width <= page_height)
    for front, back in zip(fronts, backs):
        if mirror_x:
            expected = (page_width - front.x - WIDTH, front.y)
        else:
            expected = (front.x, page_height - front.y - HEIGHT)
        assert (back.x, back.y) == pytest.approx(expected, abs=0.01)
    assert any(abs(f.y - b.y) > 1 for f, b in zip(fronts, backs)) == (not mirror_x)


def test_cut_lines_dash_every_trim_line_across_the_grid(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert [s for s in page_drawing(build(runner, tmp_path), 0).segments if s.dashed] == []
    drawing = page_drawing(build(runner, tmp_path, "--cut-lines"), 0)
    cards = cards_on(drawing)
    dashed = [s for s in drawing.segments if s.dashed]
    for x in {c.x0 for c in cards} | {c.x1 for c in cards}:
        column = [c for c in cards if near(x, {c.x0, c.x1})]
        lines = [s for s in dashed if s.vertical and abs(s.x1 - x) < TOLERANCE]
        assert lines, f"no cut line at x={x:.2f}"
        assert min(min(s.y1, s.y2) for s in lines) <= min(c.y0 for c in column) + TOLERANCE
        assert max(max(s.y1, s.y2) for s in lines) >= max(c.y1 for c in column) - TOLERANCE
    for y in {c.y0 for c in cards} | {c.y1 for c in cards}:
        row = [c for c in cards if near(y, {c.y0, c.y1})]
        lines = [s for s in dashed if s.horizontal and abs(s.y1 - y) < TOLERANCE]
        assert lines, f"no cut line at y={y:.2f}"
        assert min(min(s.x1, s.x2) for s in lines) <= min(c.x0 for c in row) + TOLERANCE
        assert max(max(s.x1, s.x2) for s in lines) >= max(c.x1 for c in row) - TOLERANCE


def test_single_card_pages_draw_guides_at_bleed_trim_and_safe(tmp_path: Path) -> None:
    from cardgen.render.sheets import SheetOptions, write_sheets

    target = tmp_path / "single.pdf"
    write_sheets(DECK, target, options=SheetOptions(layout="single", guides=True))
    drawing = page_drawing(target, 0)
    boxes = {(round(x0, 2), round(y0, 2), round(x1, 2), round(y1, 2)) for x0, y0, x1, y1, _ in drawing.rects}
    b, s = BLEED, SAFE
    expected = {
        "bleed": (0.0, 0.0, WIDTH + 2 * b, HEIGHT + 2 * b),
        "trim": (b, b, b + WIDTH, b + HEIGHT),
        "safe": (b + s, b + s, b + WIDTH - s, b + HEIGHT - s),
    }
    for name, box in expected.items():
        assert tuple(round(v, 2) for v in box) in boxes, f"no {name} guide at {box}; drawn: {sorted(boxes)}"

"""Butted card sheets (``--butted``), read back from the PDF: cards edge to edge, marks only around the grid.

Cards are found where the page places their forms, crop marks and cut lines are the page's
strokes (see ``tests/pdf_tools.page_drawing``), and the outer 5 mm is checked on rendered pixels.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.layout.units import MM
from tests.conftest import FALLING
from tests.pdf_tools import page_drawing
from tests.render.test_printable_margin import ink_in_outer_band
from tests.render.test_sheet_geometry import (
    HEIGHT,
    PRINTER_MARGIN,
    TOLERANCE,
    WIDTH,
    Card,
    cards_on,
    crop_marks,
    near,
    page_size,
)

MARK_OFFSET, MARK_LENGTH = 3 * MM, 5 * MM


def build(runner, tmp_path: Path, *args: str) -> Path:  # type: ignore[no-untyped-def]
    target = tmp_path / ("butted" + "-".join(a.strip("-") for a in args) + ".pdf")
    result = runner.invoke(main, ["sheets", str(FALLING), "--butted", *args, "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output, result.output  # preflight accepts butted sheets
    return target


def grid_of(cards: list[Card]) -> tuple[list[float], list[float]]:
    """The distinct trim lines (x, y) of the cards on a page."""
    xs: list[float] = []
    ys: list[float] = []
    for card in cards:
        for value, bucket in ((card.x0, xs), (card.x1, xs), (card.y0, ys), (card.y1, ys)):
            if not near(value, bucket):
                bucket.append(value)
    return sorted(xs), sorted(ys)


@pytest.mark.parametrize(("paper", "args", "per_page", "portrait"), [
    ("a4", ("--printer-margin", "1.5mm"), 9, True),  # 3 × 3 with marks when the printer prints that close
    ("a4", ("--no-crop-marks", "--cut-lines"), 9, True),  # no marks: the printer margin and the bleed only
    ("a4", (), 8, False),  # 5 mm margin + 3 mm + 5 mm marks: 4 × 2 on the turned page
    ("letter", ("--no-crop-marks", "--cut-lines", "--printer-margin", "3.3mm"), 9, True),
    ("letter", ("--printer-margin", "4.5mm"), 8, False),
])
def test_butted_poker_cards_fill_the_page_edge_to_edge(runner, tmp_path: Path, paper: str, args: tuple[str, ...],
                                                      per_page: int, portrait: bool) -> None:  # type: ignore[no-untyped-def]
    target = build(runner, tmp_path, "--paper", paper, *args)
    width, height = page_size(target)
    assert (width < height) == portrait
    cards = cards_on(page_drawing(target, 0))
    assert len(cards) == per_page
    xs, ys = grid_of(cards)
    cols, rows = len(xs) - 1, len(ys) - 1
    assert cols * rows == per_page  # shared trims: n cards across have n + 1 trim lines, not 2n
    for a, b in itertools.pairwise(xs):
        assert b - a == pytest.approx(WIDTH, abs=TOLERANCE)
    for a, b in itertools.pairwise(ys):
        assert b - a == pytest.approx(HEIGHT, abs=TOLERANCE)
    # centred on the page
    assert xs[0] == pytest.approx(width - xs[-1], abs=TOLERANCE)
    assert ys[0] == pytest.approx(height - ys[-1], abs=TOLERANCE)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("page", [0, 1], ids=["fronts", "backs"])
def test_butted_crop_marks_sit_on_every_trim_line_outside_the_grid(runner, tmp_path: Path, paper: str,
                                                                   page: int) -> None:  # type: ignore[no-untyped-def]
    target = build(runner, tmp_path, "--paper", paper)
    width, height = page_size(target)
    drawing = page_drawing(target, page)
    cards = cards_on(drawing)
    xs, ys = grid_of(cards)
    left, right, bottom, top = xs[0], xs[-1], ys[0], ys[-1]
    marks = crop_marks(drawing)
    for mark in marks:
        assert mark.vertical or mark.horizontal, mark
        lo_x, hi_x = sorted((mark.x1, mark.x2))
        lo_y, hi_y = sorted((mark.y1, mark.y2))
        if mark.vertical:
            assert near(mark.x1, xs), f"vertical mark at x={mark.x1:.2f} is on no trim line"
            assert hi_y - lo_y == pytest.approx(MARK_LENGTH, abs=TOLERANCE)
            assert (lo_y == pytest.approx(top + MARK_OFFSET, abs=TOLERANCE)
                    or hi_y == pytest.approx(bottom - MARK_OFFSET, abs=TOLERANCE)), mark
        else:
            assert near(mark.y1, ys), f"horizontal mark at y={mark.y1:.2f} is on no trim line"
            assert hi_x - lo_x == pytest.approx(MARK_LENGTH, abs=TOLERANCE)
            assert (lo_x == pytest.approx(right + MARK_OFFSET, abs=TOLERANCE)
                    or hi_x == pytest.approx(left - MARK_OFFSET, abs=TOLERANCE)), mark
        assert PRINTER_MARGIN - TOLERANCE <= lo_x and hi_x <= width - PRINTER_MARGIN + TOLERANCE, mark
        assert PRINTER_MARGIN - TOLERANCE <= lo_y and hi_y <= height - PRINTER_MARGIN + TOLERANCE, mark
    # every trim line (the shared ones too) has a mark on both sides of the grid, and nothing else
    for x in xs:
        on_line = [m for m in marks if m.vertical and abs(m.x1 - x) < TOLERANCE]
        assert len(on_line) == 2, f"x={x:.2f}: {on_line}"
    for y in ys:
        on_line = [m for m in marks if m.horizontal and abs(m.y1 - y) < TOLERANCE]
        assert len(on_line) == 2, f"y={y:.2f}: {on_line}"
    assert len(marks) == 2 * (len(xs) + len(ys))


def test_cut_lines_run_along_the_shared_trims(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    drawing = page_drawing(build(runner, tmp_path, "--cut-lines"), 0)
    xs, ys = grid_of(cards_on(drawing))
    dashed = [s for s in drawing.segments if s.dashed]
    for x in xs[1:-1]:
        line = [s for s in dashed if s.vertical and abs(s.x1 - x) < TOLERANCE]
        assert line and min(min(s.y1, s.y2) for s in line) <= ys[0] + TOLERANCE
        assert max(max(s.y1, s.y2) for s in line) >= ys[-1] - TOLERANCE
    for y in ys[1:-1]:
        line = [s for s in dashed if s.horizontal and abs(s.y1 - y) < TOLERANCE]
        assert line and min(min(s.x1, s.x2) for s in line) <= xs[0] + TOLERANCE
        assert max(max(s.x1, s.x2) for s in line) >= xs[-1] - TOLERANCE


@pytest.mark.parametrize("args", [("--flip", "long"), ("--flip", "short"), ("--printer-margin", "1.5mm"),
                                  ("--back-offset", "0.4mm,-0.2mm")])
def test_butted_backs_land_behind_their_fronts(runner, tmp_path: Path, args: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    target = build(runner, tmp_path, *args)
    width, height = page_size(target)
    flip = args[1] if args[0] == "--flip" else "long"
    # the drift read from the front (0.4 mm right, 0.2 mm down) cancelled: on a landscape page turned
    # over its long (horizontal) edge, the backs move 0.4 mm left and 0.2 mm down in their page's frame
    dx, dy = (-0.4 * MM, -0.2 * MM) if args[0] == "--back-offset" else (0.0, 0.0)
    assert width > height or args[0] != "--back-offset"
    fronts, backs = page_drawing(target, 0).forms, page_drawing(target, 1).forms
    assert len(fronts) == len(backs) >= 8
    mirror_x = (flip == "long") == (width <= height)
    for front, back in zip(fronts, backs):
        expected = ((width - front.x - WIDTH, front.y) if mirror_x else (front.x, height - front.y - HEIGHT))
        assert back.x == pytest.approx(expected[0] + dx, abs=0.1 * MM)
        assert back.y == pytest.approx(expected[1] + dy, abs=0.1 * MM)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("layout", ["duplex", "gutterfold"])
def test_butted_sheets_leave_the_outer_5mm_blank(runner, tmp_path: Path, paper: str,
                                                 layout: str) -> None:  # type: ignore[no-untyped-def]
    target = build(runner, tmp_path, "--paper", paper, "--layout", layout, "--cut-lines")
    assert ink_in_outer_band(target) == []


def test_butted_gutterfold_keeps_the_fold_gutter(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Each half butted; the fold stays between the halves, no card and no mark crosses it."""
    target = build(runner, tmp_path, "--layout", "gutterfold")
    width, _ = page_size(target)
    drawing = page_drawing(target, 0)
    fold = width / 2
    assert len(drawing.forms) >= 4
    marks = crop_marks(drawing)
    assert marks
    for mark in marks:
        lo_x, hi_x = sorted((mark.x1, mark.x2))
        assert not lo_x < fold < hi_x, mark
    # in each half the cards touch: origins one card apart (a card's height when turned a quarter)
    turned = abs(drawing.forms[0].matrix[0]) < 0.5
    step = HEIGHT if turned else WIDTH
    halves = [sorted({round(f.x, 2) for f in drawing.forms if (f.x < fold) == left}) for left in (True, False)]
    for xs in halves:
        assert len(xs) >= 2
        for a, b in itertools.pairwise(xs):
            assert b - a == pytest.approx(step, abs=TOLERANCE)


def test_build_butted_writes_butted_sheets_beside_the_print_ready_ones(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["build", str(FALLING), "--butted", "--cards", "hit:5,skip:5", "--lang", "en",
                                  "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    target = tmp_path / "cards-en-butted-selected.pdf"
    assert target.is_file(), sorted(p.name for p in tmp_path.iterdir())
    xs, ys = grid_of(cards_on(page_drawing(target, 0)))
    assert (len(xs) - 1) * (len(ys) - 1) == 8  # 4 × 2 edge to edge on the turned A4 page

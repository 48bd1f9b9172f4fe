"""The duplex calibration loop as a user runs it, against a simulated printer whose backs drift.

Print ``cardgen calibrate``, hold it to a window, read where the back's pointers cross the
front's rulers, pass that as ``--back-offset`` to ``cardgen sheets``: every back must then land
behind its front. The printer is simulated on the physical sheet of paper (portrait as it is
fed): a landscape page is turned onto it by the driver (either way round), the back side is
turned over the long or short edge, and the back's whole printing is shifted by a drift given
as seen from the front. Positions are read from the PDFs' own drawing (lines, label text, card
placements), never from the imposition code.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest

from cardgen.cli import main
from cardgen.layout.units import MM
from tests.conftest import FALLING, ROOT
from tests.pdf_tools import page_drawing

Point = tuple[float, float]
FALLING_OFF = ROOT / "decks" / "falling-off"
A4_SHORT, A4_LONG = 210 * MM, 297 * MM


class Printer:
    """A duplex printer on A4 fed portrait: where a point of a PDF page lands, seen from the front."""

    def __init__(self, flip: str, drift_mm: Point, turn: str) -> None:
        self.flip, self.turn = flip, turn
        self.drift = (drift_mm[0] * MM, drift_mm[1] * MM)

    def _on_paper(self, point: Point, page: Point) -> Point:
        """A page point on the sheet of paper (portrait), as the driver turns a landscape page."""
        x, y = point
        if page[0] <= page[1]:
            return x, y
        if self.turn == "ccw":  # the page's top edge to the paper's left
            return A4_SHORT - y, x
        return y, A4_LONG - x  # the page's top edge to the paper's right

    def front(self, point: Point, page: Point) -> Point:
        return self._on_paper(point, page)

    def back(self, point: Point, page: Point) -> Point:
        """A point of the back page, seen through the paper from the front: turned over, then drifted."""
        u, v = self._on_paper(point, page)
        u, v = (A4_SHORT - u, v) if self.flip == "long" else (u, A4_LONG - v)
        return u + self.drift[0], v + self.drift[1]


def _page_size(pdf: Path, index: int) -> Point:
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        return document[index].get_size()
    finally:
        document.close()


def _label_centre(pdf: Path, text: str, near: Point) -> Point:
    """The centre of the occurrence of ``text`` on the front page nearest to ``near``."""
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        textpage = document[0].get_textpage()
        whole = textpage.get_text_range()
        found: list[Point] = []
        start = whole.find(text)
        while start >= 0:
            boxes = [textpage.get_charbox(i) for i in range(start, start + len(text))]
            found.append(((min(b[0] for b in boxes) + max(b[2] for b in boxes)) / 2,
                          (min(b[1] for b in boxes) + max(b[3] for b in boxes)) / 2))
            start = whole.find(text, start + 1)
    finally:
        document.close()
    assert found, text
    return min(found, key=lambda p: (p[0] - near[0]) ** 2 + (p[1] - near[1]) ** 2)


def read_calibration(pdf: Path, printer: Printer) -> Point:
    """What the user reads on each offset ruler (mm), the sheet printed on ``printer``."""
    page = _page_size(pdf, 0)
    rulers = [s for s in page_drawing(pdf, 0).segments if abs(_length(s) - 10 * MM) < 0.01]
    pointers = [s for s in page_drawing(pdf, 1).segments if abs(_length(s) - 12 * MM) < 0.01]
    x_ruler = next(s for s in rulers if s.horizontal)
    y_ruler = next(s for s in rulers if s.vertical)
    readings = []
    for ruler, pointer in ((x_ruler, next(s for s in pointers if s.vertical)),
                           (y_ruler, next(s for s in pointers if s.horizontal))):
        ends = [(ruler.x1, ruler.y1), (ruler.x2, ruler.y2)]
        plus = _label_centre(pdf, "+5", ends[1])
        plus_end = min(ends, key=lambda e: (e[0] - plus[0]) ** 2 + (e[1] - plus[1]) ** 2)
        zero = ((ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2)
        # everything in paper coordinates, as the user sees it against the window
        z, p = printer.front(zero, page), printer.front(plus_end, page)
        a, b = printer.back((pointer.x1, pointer.y1), page), printer.back((pointer.x2, pointer.y2), page)
        unit = ((p[0] - z[0]) / (5 * MM), (p[1] - z[1]) / (5 * MM))  # one mm of the ruler towards +
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)  # the pointer crosses the ruler's line here
        readings.append(((mid[0] - z[0]) * unit[0] + (mid[1] - z[1]) * unit[1]) / MM)
    return readings[0], readings[1]


def _length(s) -> float:  # type: ignore[no-untyped-def]
    return float(((s.x2 - s.x1) ** 2 + (s.y2 - s.y1) ** 2) ** 0.5)


def _centres(pdf: Path, index: int, card: Point) -> list[Point]:
    """The centre of every card placed on a page (a form's origin is the card's trim corner)."""
    out = []
    for form in page_drawing(pdf, index).forms:
        a, b, c, d, e, f = form.matrix
        out.append((a * card[0] / 2 + c * card[1] / 2 + e, b * card[0] / 2 + d * card[1] / 2 + f))
    return out


def _run(runner, *args: str) -> str:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


CASES = [  # deck, its card size (mm), the sheet orientation, how the driver turns a landscape page
    (FALLING, (63.5, 88.9), "landscape", "ccw"),
    (FALLING, (63.5, 88.9), "landscape", "cw"),
    (FALLING_OFF, (30.0, 30.0), "portrait", "none"),
]


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize(("deck", "card_mm", "orientation", "turn"), CASES)
@pytest.mark.parametrize("drift", [(0.8, -0.5), (-1.2, 0.3)])
def test_the_offset_read_on_the_calibration_sheet_puts_every_back_behind_its_front(
        runner, tmp_path: Path, deck: Path, card_mm: Point, orientation: str, turn: str,  # type: ignore[no-untyped-def]
        flip: str, drift: Point) -> None:
    printer = Printer(flip, drift, turn)
    calibration = tmp_path / "calibration.pdf"
    _run(runner, "calibrate", "--paper", "a4", "--flip", flip, "--orientation", orientation, "-o", str(calibration))
    reading = read_calibration(calibration, printer)

    sheets = tmp_path / "cards.pdf"
    said = _run(runner, "sheets", str(deck), "--paper", "a4", "--flip", flip,
                "--back-offset", f"{reading[0]:.3f}mm,{reading[1]:.3f}mm", "-o", str(sheets))
    assert f"per page, {orientation})" in said  # the sheets say which calibration sheet to print
    page = _page_size(sheets, 0)
    assert (page[0] > page[1]) == (orientation == "landscape")
    card = (card_mm[0] * MM, card_mm[1] * MM)
    fronts, backs = _centres(sheets, 0, card), _centres(sheets, 1, card)
    assert len(fronts) == len(backs) >= 6
    for front, back in zip(fronts, backs):
        seen_front = printer.front(front, page)
        seen_back = printer.back(back, page)
        assert abs(seen_back[0] - seen_front[0]) < 0.05 * MM and abs(seen_back[1] - seen_front[1]) < 0.05 * MM, (
            f"back lands {(seen_back[0] - seen_front[0]) / MM:+.2f} mm, {(seen_back[1] - seen_front[1]) / MM:+.2f} mm "
            f"off its front (reading {reading[0]:+.2f}, {reading[1]:+.2f})")


def test_the_calibration_sheet_says_which_way_is_plus(tmp_path: Path) -> None:
    from cardgen.layout.sizes import PAPER_SIZES
    from cardgen.render.calibration import write_calibration
    from tests.pdf_tools import pdf_text

    target = tmp_path / "cal.pdf"
    write_calibration(target, PAPER_SIZES["letter"], orientation="landscape")
    width, height = _page_size(target, 0)
    assert width > height
    text = " ".join(pdf_text(target).split())
    assert "+ when the pointer lies right of 0" in text and "+ above 0" in text

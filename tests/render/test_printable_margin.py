"""The card sheets as a home printer sees them: nothing in the 5 mm it cannot print.

Independent of preflight: every page is rendered with pdfium and its outer band of pixels must
be blank paper, so an imposition bug and a preflight bug cannot hide each other.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest

from cardgen.build import translator_for
from cardgen.layout.imposition import MARK_LENGTH, mark_offset
from cardgen.layout.units import MM
from cardgen.loading import load_deck
from cardgen.render.marks import crop_mark_segments
from cardgen.render.recording_canvas import RecordingCanvas
from cardgen.render.sheets import SheetOptions, impose, write_sheets
from tests.conftest import ROOT

SCALE = 2.0  # pixels per point
BAND = 5 * MM


def ink_in_outer_band(pdf: Path, band: float = BAND) -> list[tuple[int, int, int]]:
    """(page, x, y) of the first dark pixel found within ``band`` points of the paper edge, per page."""
    found = []
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        for index in range(len(document)):
            image = document[index].render(scale=SCALE).to_pil().convert("L")
            width, height = image.size
            edge = int(band * SCALE) - 1  # the last whole pixel inside the band
            pixels = image.load()
            strips = [(0, 0, width, edge), (0, height - edge, width, height), (0, 0, edge, height),
                      (width - edge, 0, width, height)]
            hit = next(((x, y) for x0, y0, x1, y1 in strips for y in range(y0, y1) for x in range(x0, x1)
                        if pixels[x, y] < 250), None)
            if hit:
                found.append((index, *hit))
    finally:
        document.close()
    return found


CASES = [(deck, paper, layout, lang) for deck in ("falling", "falling-off") for paper in ("a4", "letter")
         for layout in ("duplex", "gutterfold") for lang in ("en", "fr")]


@pytest.mark.parametrize(("deck_name", "paper", "layout", "lang"), CASES)
def test_no_ink_in_the_unprintable_margin(tmp_path: Path, deck_name: str, paper: str, layout: str, lang: str) -> None:
    deck = load_deck(ROOT / "decks" / deck_name)
    pdf = tmp_path / "cards.pdf"
    write_sheets(deck, pdf, options=SheetOptions(paper=paper, layout=layout),  # type: ignore[arg-type]
                 translate=translator_for(deck, lang), language=lang)
    assert ink_in_outer_band(pdf) == []


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("layout", ["duplex", "gutterfold"])
def test_fall_damage_has_no_ink_in_the_unprintable_margin(tmp_path: Path, paper: str, layout: str) -> None:
    deck = load_deck(ROOT / "decks" / "fall-damage")
    pdf = tmp_path / "cards.pdf"
    write_sheets(deck, pdf, options=SheetOptions(paper=paper, layout=layout))  # type: ignore[arg-type]
    assert ink_in_outer_band(pdf) == []


def test_the_band_check_sees_ink_near_the_edge(tmp_path: Path) -> None:
    """A 10 mm printer margin asked for, a 5 mm one given: the marks then sit in the band."""
    deck = load_deck(ROOT / "decks" / "falling")
    pdf = tmp_path / "cards.pdf"
    write_sheets(deck, pdf, options=SheetOptions(printer_margin=1 * MM))
    assert ink_in_outer_band(pdf, band=10 * MM)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_are_3mm_out_5mm_long_and_miss_every_other_bleed(paper: str) -> None:
    deck = load_deck(ROOT / "decks" / "falling")
    fronts, _ = impose(paper, deck.print.size, deck.print.bleed, SheetOptions(paper=paper))
    segments = crop_mark_segments(fronts)
    assert segments
    x0, y0, x1, y1 = fronts.trim_extent()
    for sx0, sy0, sx1, sy1 in segments:
        length = abs(sx1 - sx0) + abs(sy1 - sy0)
        assert length == pytest.approx(MARK_LENGTH)
        vertical = sx0 == sx1
        near = min(abs(sy0 - y1), abs(sy0 - y0)) if vertical else min(abs(sx0 - x1), abs(sx0 - x0))
        assert near == pytest.approx(max(3 * MM, mark_offset(deck.print.bleed)))
        for slot in fronts.slots:
            cx0, cy0, cx1, cy1 = slot.clip
            crosses = min(sx0, sx1) < cx1 and max(sx0, sx1) > cx0 and min(sy0, sy1) < cy1 and max(sy0, sy1) > cy0
            assert not crosses


def test_no_marks_for_the_empty_rows_of_the_last_marker_sheet(tmp_path: Path) -> None:
    deck = load_deck(ROOT / "decks" / "falling-off")
    fronts, _ = impose("a4", deck.print.size, deck.print.bleed, SheetOptions())
    last = len(deck.expanded()) % fronts.per_page
    assert 0 < last <= fronts.cols * (fronts.rows - 1)
    used = fronts.slots[:last]
    lowest = min(slot.y for slot in used)
    canvas = RecordingCanvas()
    from cardgen.render.marks import draw_crop_marks

    draw_crop_marks(canvas, fronts, used)
    lines = [args for name, args, _ in canvas.records if name == "line"]
    assert lines
    assert min(min(a[1], a[3]) for a in lines) >= lowest - mark_offset(deck.print.bleed) - MARK_LENGTH - 0.01


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_calibration_page_keeps_its_rulers_inside_the_printable_area(tmp_path: Path, paper: str) -> None:
    from cardgen.layout.sizes import PAPER_SIZES
    from cardgen.render.calibration import write_calibration

    pdf = tmp_path / "cal.pdf"
    write_calibration(pdf, PAPER_SIZES[paper])
    assert ink_in_outer_band(pdf) == []
    assert ink_in_outer_band(pdf, band=10.5 * MM)  # the corner rulers start 10 mm from the edges
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        text = document[0].get_textpage().get_text_range()
    finally:
        document.close()
    for number in ("100", "50", "+5", "-5"):
        assert number in text


def test_marker_sheets_can_leave_the_backs_out(tmp_path: Path) -> None:
    import pypdf

    from tests.pdf_tools import placements

    deck = load_deck(ROOT / "decks" / "falling-off")
    pdf = tmp_path / "markers.pdf"
    result = write_sheets(deck, pdf, options=SheetOptions(backs=False))
    reader = pypdf.PdfReader(pdf)
    assert result.pages == len(reader.pages) == 2  # 48 markers, 40 to a page, fronts only
    forms = [p.form for page in reader.pages for p in placements(page)]
    assert len(forms) == 48 and all(form.startswith("face_") for form in forms)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_backs_moved_by_the_back_offset_keep_their_marks_out_of_the_margin(tmp_path: Path, flip: str) -> None:
    """A 2.5 mm back offset carries the backs' crop marks 2.5 mm towards the paper edge: they are cut
    back at the printer margin (the fronts' marks, which the cutter uses, stay whole)."""
    from tests.pdf_tools import page_drawing

    deck = load_deck(ROOT / "decks" / "falling")
    pdf = tmp_path / "cards.pdf"
    write_sheets(deck, pdf, options=SheetOptions(flip=flip, back_offset=(2.5 * MM, -2.5 * MM)))  # type: ignore[arg-type]
    assert ink_in_outer_band(pdf) == []
    marks = lambda page: [s for s in page_drawing(pdf, page).segments
                          if s.width < 0.5 and not s.dashed and s.gray == 0.0]  # black: not the grey scale bar
    fronts, backs = marks(0), marks(1)
    assert len(backs) == len(fronts) >= 20  # every mark is still there, shortened where it had to be
    length = lambda s: abs(s.x2 - s.x1) + abs(s.y2 - s.y1)
    assert all(length(s) == pytest.approx(5 * MM, abs=0.01) for s in fronts)
    assert any(length(s) < 5 * MM - 1 for s in backs)

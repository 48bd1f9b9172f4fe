"""Back pages carry their own label: deck, sheet number and "backs", with the 10 mm scale bar, in
the margin strip, upright in the back page's frame (which is upright once the paper is turned
over the edge the sheets were made for)."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2
import pytest

from cardgen.build import translator_for
from cardgen.layout.units import MM
from cardgen.loading import load_deck
from cardgen.render.sheets import SheetOptions, write_sheets
from tests.conftest import ROOT
from tests.pdf_tools import page_drawing

PRINTER_MARGIN = 5 * MM


def _label(pdf: Path, index: int, pattern: str) -> tuple[str, tuple[float, float, float, float], int]:
    """The label matching ``pattern`` on a page, the box round its characters and its rotation (degrees)."""
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        textpage = document[index].get_textpage()
        text = textpage.get_text_range()
        match = re.search(pattern, text)
        assert match, f"page {index + 1}: no label in {text[-120:]!r}"
        boxes = [textpage.get_charbox(i) for i in range(match.start(), match.end())]
        box = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
        first, last = boxes[0], boxes[-1]
        # reads left to right along the page: a long, low box, the last character right of the first
        upright = last[0] > first[0] and box[2] - box[0] > 5 * (box[3] - box[1])
        return match.group(0), box, 0 if upright else 1
    finally:
        document.close()


@pytest.mark.parametrize(("deck_name", "language", "flip", "backs_word"),
                         [("fall-damage", "en", "long", "backs"), ("fall-damage", "fr", "short", "verso"),
                          ("falling", "en", "short", "backs")])
def test_every_back_page_names_its_sheet_and_carries_the_scale_bar(tmp_path: Path, deck_name: str, language: str,
                                                                   flip: str, backs_word: str) -> None:
    deck = load_deck(ROOT / "decks" / deck_name)
    pdf = tmp_path / "cards.pdf"
    write_sheets(deck, pdf, options=SheetOptions(flip=flip, back_offset=(1 * MM, -1 * MM)),  # type: ignore[arg-type]
                 translate=translator_for(deck, language), language=language)
    document = pypdfium2.PdfDocument(str(pdf))
    pages = len(document)
    width, height = document[0].get_size()
    document.close()
    sheets = pages // 2
    for number in range(1, sheets + 1):
        back = 2 * number - 1
        _, (x0, y0, x1, y1), turned = _label(pdf, back, rf"· \w+ {number}/{sheets} · {backs_word}")
        assert turned == 0
        assert y0 >= PRINTER_MARGIN - 0.5 and x0 >= PRINTER_MARGIN - 0.5 and x1 <= width - PRINTER_MARGIN + 0.5
        drawing = page_drawing(pdf, back)
        cards_bottom = min(f.matrix[5] for f in drawing.forms)  # upright cards: the origin is the trim's corner
        assert y1 < cards_bottom - 3 * MM  # in the margin strip, under the backs' bleeds
        marks = [s for s in drawing.segments if s.width < 0.5 and not s.dashed]
        for s in marks:  # no crop mark runs through the label
            assert not (min(s.x1, s.x2) < x1 and max(s.x1, s.x2) > x0 and min(s.y1, s.y2) < y1 and max(s.y1, s.y2) > y0)
        bars = [s for s in drawing.segments if s.horizontal and abs(abs(s.x2 - s.x1) - 10 * MM) < 0.01]
        assert len(bars) == 1 and PRINTER_MARGIN <= bars[0].y1 < cards_bottom
    assert height < width  # landscape poker sheets

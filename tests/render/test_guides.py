"""Proofing guides: trim, bleed and safe-zone lines on every card, told apart, with a legend."""

from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest

from cardgen.layout.imposition import grid
from cardgen.layout.sizes import CARD_SIZES, PAPER_SIZES
from cardgen.layout.units import MM
from cardgen.loading import load_deck
from cardgen.render.guides import BLEED, SAFE, TRIM, draw_guides, draw_legend
from cardgen.render.recording_canvas import RecordingCanvas
from cardgen.render.sheets import SheetOptions, write_sheets
from tests.conftest import FALLING


def _stroked_rects(canvas: RecordingCanvas) -> list[tuple[str, tuple[float, ...] | None, tuple[float, ...]]]:
    stroke: tuple[str, tuple[float, ...] | None] = ("#000000", None)
    out = []
    for name, args, kwargs in canvas.records:
        if name == "set_stroke":
            stroke = (args[0], tuple(kwargs["dash"]) if kwargs.get("dash") else None)
        elif name == "rect" and kwargs.get("stroke"):
            out.append((stroke[0], stroke[1], args))
    return out


def test_every_card_gets_three_distinct_guides_in_the_right_places() -> None:
    bleed, safe = 3 * MM, 4 * MM
    sheet = grid(PAPER_SIZES["a4"], CARD_SIZES["poker"], bleed)
    canvas = RecordingCanvas()
    draw_guides(canvas, sheet, safe=safe)
    rects = _stroked_rects(canvas)
    assert len(rects) == 3 * sheet.per_page
    styles = {(colour, dash) for colour, dash, _ in rects}
    assert styles == {(TRIM.colour, None), (BLEED.colour, BLEED.dash), (SAFE.colour, SAFE.dash)}
    for index, slot in enumerate(sheet.slots):
        by_colour = {colour: args for colour, _, args in rects[3 * index:3 * index + 3]}
        x, y, w, h = by_colour[TRIM.colour]
        assert (x, y, w, h) == pytest.approx((slot.x, slot.y, slot.width, slot.height))
        sx, sy, sw, sh = by_colour[SAFE.colour]
        assert (sx - x, sy - y, w - sw, h - sh) == pytest.approx((safe, safe, 2 * safe, 2 * safe))
        bx, by, bw, bh = by_colour[BLEED.colour]
        cx0, cy0, cx1, cy1 = slot.clip
        assert cx0 - 0.01 <= bx <= x and cy0 - 0.01 <= by <= y and bx + bw <= cx1 + 0.01 and by + bh <= cy1 + 0.01


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_legend_fits_the_margin_of_common_papers(paper: str) -> None:
    sheet = grid(PAPER_SIZES[paper], CARD_SIZES["poker"], 3 * MM)
    canvas = RecordingCanvas()
    assert draw_legend(canvas, sheet)
    texts = [args[2] for name, args, _ in canvas.records if name == "text"]
    assert texts == [TRIM.label, BLEED.label, SAFE.label]
    origin = next(args for name, args, _ in canvas.records if name == "translate")
    x0, y0, x1, y1 = sheet.extent()
    assert 0 < origin[0] and 0 < origin[1]
    assert origin[1] < y0 or origin[0] < x0 or origin[1] > y1 or origin[0] > x1  # in a margin, outside every bleed


def test_sheets_with_guides_show_the_legend_on_every_page(tmp_path: Path) -> None:
    pdf = tmp_path / "guides.pdf"
    write_sheets(load_deck(FALLING), pdf, options=SheetOptions(guides=True))
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        for index in range(len(document)):
            text = document[index].get_textpage().get_text_range()
            assert "trim: cut here" in text and "safe zone" in text
    finally:
        document.close()


def test_single_card_pages_get_guides_without_a_legend(tmp_path: Path) -> None:
    plain, guided = tmp_path / "plain.pdf", tmp_path / "guided.pdf"
    deck = load_deck(FALLING)
    write_sheets(deck, plain, options=SheetOptions(layout="single"))
    write_sheets(deck, guided, options=SheetOptions(layout="single", guides=True))
    assert guided.read_bytes() != plain.read_bytes()
    document = pypdfium2.PdfDocument(str(guided))
    try:
        assert "trim: cut here" not in document[0].get_textpage().get_text_range()
    finally:
        document.close()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_french_build_has_a_french_legend_that_fits(tmp_path: Path, paper: str) -> None:
    """--guides in a French build: the legend's words come from the deck's catalog, and it still
    finds a margin with room (French runs longer than English)."""
    from cardgen.build import translator_for

    deck = load_deck(FALLING)
    pdf = tmp_path / "guides-fr.pdf"
    write_sheets(deck, pdf, options=SheetOptions(guides=True, paper=paper), translate=translator_for(deck, "fr"),
                 language="fr")
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        for index in range(len(document)):
            text = " ".join(document[index].get_textpage().get_text_range().replace("\u202f", " ")
                            .replace("\u00a0", " ").split())
            assert "coupe : coupez ici" in text and "zone de sécurité : le texte reste dedans" in text, text[-200:]
            assert "safe zone" not in text and "cut here" not in text
    finally:
        document.close()

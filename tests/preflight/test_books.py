"""The book rule (no text under 8 pt in a rulebook or handout), on PDFs made to break it once."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from reportlab.pdfgen.canvas import Canvas

from cardgen.cli import main
from cardgen.preflight.books import check_book, text_sizes
from cardgen.render.fonts import BODY, register_fonts
from tests.conftest import ROOT


def _handout_with_one_small_line(path: Path) -> Path:
    """Page 1: body text at 10 pt; page 2: body, a 7 pt caption, a diagram label shrunk to 6 pt, a card picture."""
    register_fonts()
    c = Canvas(str(path), pagesize=(420, 595), invariant=1)
    c.setFont(BODY, 10)
    c.drawString(50, 500, "Deal the deck face down in one stack.")
    c.showPage()
    c.setFont(BODY, 10)
    c.drawString(50, 500, "Each player has one stack.")
    c.setFont(BODY, 7)
    c.drawString(50, 480, "Figure 2: the table before the first deal")
    c.saveState()
    c.translate(50, 400)
    c.scale(0.75, 0.75)  # a diagram drawn at 8 pt and shrunk onto the page: 6 pt as printed
    c.setFont(BODY, 8)
    c.drawString(0, 0, "Discard")
    c.restoreState()
    c.saveState()
    c.translate(200, 300)
    c.scale(0.5, 0.5)  # a picture of a card, its text the card's own
    c.setFont(BODY, 9.5)
    c.drawString(0, 0, "Lay it sideways before a player.")
    c.restoreState()
    c.saveState()
    c.translate(200, 250)
    c.scale(0.9, 0.9)  # a card picture nearly full size: its text is the card's too
    c.setFont(BODY, 6.5)
    c.drawString(0, 0, "FALLING by James Ernest")
    c.restoreState()
    c.showPage()
    c.save()
    return path


def test_sizes_are_read_as_printed(tmp_path: Path) -> None:
    runs = {text: (page, size) for page, size, _, text in text_sizes(_handout_with_one_small_line(tmp_path / "h.pdf"))}
    assert runs["Deal the deck face down in one stack."] == (1, 10)
    assert runs["Figure 2: the table before the first deal"] == (2, 7)
    assert runs["Discard"] == (2, 6)  # 8 pt × 0.75


def test_one_small_line_and_one_shrunk_label_are_reported_with_page_and_text(tmp_path: Path) -> None:
    pdf = _handout_with_one_small_line(tmp_path / "handout.pdf")
    lines = [p.format() for p in check_book(pdf, shown="walkthrough-en.pdf", language="en",
                                            card_text=["FALLING by James Ernest · Cheapass Games",
                                                       "Lay it sideways before a player. After their …"])]
    assert lines == [
        "walkthrough-en.pdf: [en]: tiny-text: page 2: “Discard” is 6 pt, under 8 pt",
        "walkthrough-en.pdf: [en]: tiny-text: page 2: “Figure 2: the table before the first deal” is 7 pt, under 8 pt",
    ]


def test_the_minimum_is_configurable(tmp_path: Path) -> None:
    pdf = _handout_with_one_small_line(tmp_path / "handout.pdf")
    assert check_book(pdf, shown="x.pdf", min_size=6, card_text=["FALLING by James Ernest"]) == []
    first = next(iter(check_book(pdf, shown="x.pdf", min_size=11, card_text=["FALLING by James Ernest"])))
    assert first.message.startswith("page 1: “Deal the deck face down in one stack.” is 10 pt, under 11 pt")


def test_card_text_is_only_exempt_on_a_card_picture_text(tmp_path: Path) -> None:
    """Without the deck's card text, the near-full-size card picture's 5.85 pt line is reported too."""
    pdf = _handout_with_one_small_line(tmp_path / "handout.pdf")
    assert any("FALLING by James Ernest" in p.message for p in check_book(pdf, shown="x.pdf"))


@pytest.mark.slow
@pytest.mark.parametrize("deck", ["falling", "fall-damage", "falling-off"])
def test_the_booklets_print_nothing_under_8_pt(deck: str) -> None:
    """Folded to half size, diagram labels, table heads and clarification tags still print at 8 pt or more."""
    result = CliRunner().invoke(main, ["preflight", str(ROOT / "decks" / deck), "--books", "--booklet", "--strict"])
    assert result.exit_code == 0, result.output
    assert result.stdout == ""


def test_books_options_need_books() -> None:
    result = CliRunner().invoke(main, ["preflight", str(ROOT / "decks" / "falling"), "--booklet"])
    assert result.exit_code == 2
    assert "only applies with --books" in result.output

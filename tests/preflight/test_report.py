"""The proof report: every face, its problems outlined and listed, greyscale and colour-vision views."""

from __future__ import annotations

from pathlib import Path

import pypdfium2

from cardgen.loading import load_deck
from cardgen.preflight import preflight_deck
from cardgen.preflight.report import vision, write_report
from tests.conftest import DATA


def test_report_shows_each_face_with_its_problem_outlined_and_listed(tmp_path: Path) -> None:
    deck = load_deck(DATA / "preflight" / "tiny-text")
    result = preflight_deck(deck)
    target = tmp_path / "proof.pdf"
    write_report(deck, result, target)
    document = pypdfium2.PdfDocument(str(target))
    try:
        assert len(document) == 3  # two cards and the back; no sheet or colour problems page
        page = document[0]
        text = page.get_textpage().get_text_range()
        assert "face:one [en] — 1 problem" in text
        assert "tiny-text" in text and "greyscale print" in text and "tritanopia" in text
        image = page.render(scale=2).to_pil().convert("RGB")
    finally:
        document.close()
    red, green, blue = (band.load() for band in image.split())
    reds = sum(1 for y in range(image.height) for x in range(image.width)
               if red[x, y] > 200 and green[x, y] < 60 and blue[x, y] < 80)
    assert reds > 100  # the outline round the 5 pt text


def test_protanopia_view_turns_red_and_green_alike() -> None:
    from PIL import Image

    red = vision(Image.new("RGB", (1, 1), (255, 0, 0)), "protanopia").getpixel((0, 0))
    green = vision(Image.new("RGB", (1, 1), (0, 99, 0)), "protanopia").getpixel((0, 0))
    assert max(abs(a - b) for a, b in zip(red, green)) < 20  # type: ignore[arg-type]


def test_notes_the_command_prints_are_in_the_report_too(tmp_path: Path, falling_dir: Path) -> None:
    # round-5 review: `preflight decks/falling --report` printed a print-colour note for Extra, and the report
    # called every face "passes" without it
    from cardgen.preflight import PreflightOptions

    deck = load_deck(falling_dir)
    result = preflight_deck(deck, PreflightOptions(languages=("en",), papers=("a4",), layouts=("duplex",)))
    assert [note.rule for note in result.notes] == ["print-colour"]
    target = tmp_path / "proof.pdf"
    write_report(deck, result, target)
    document = pypdfium2.PdfDocument(str(target))
    try:
        last = " ".join(document[len(document) - 1].get_textpage().get_text_range().split())
    finally:
        document.close()
    assert "Notes (not counted by --strict)" in last
    assert "print-colour: type extra colour #a47fe0 prints as about #8d6aae" in last

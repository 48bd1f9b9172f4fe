"""``[[card]]`` and ``[[icon:name]]`` in card text: drawn inline at the text size, in every language."""

from __future__ import annotations

from pathlib import Path

import polib
import pytest
from click.testing import CliRunner

from cardgen.cli import main
from tests.pdf_tools import pdf_text, render_page

BLUE = (0x7F, 0xB0, 0xF0)  # the "two" card's type colour (tests/data/decks/minimal); card "one" is red


def _with_text(deck: Path, text: str) -> None:
    file = deck / "deck.yaml"
    file.write_text(file.read_text().replace("text: The first card.", f'text: "{text}"'))


def _blue_pixels(pdf: Path) -> int:
    """Pixels of the blue type colour on the first page (card one's front, one card per page)."""
    image = render_page(pdf, 0, scale=3)
    data = image.tobytes()
    return sum(1 for i in range(0, len(data), 3) if abs(data[i] - BLUE[0]) < 40 and abs(data[i + 1] - BLUE[1]) < 40
               and abs(data[i + 2] - BLUE[2]) < 40)


def _sheet(runner: CliRunner, deck: Path, target: Path, *extra: str) -> None:
    result = runner.invoke(main, ["sheets", str(deck), "--layout", "single", "--cards", "one", "-o", str(target),
                                  *extra])
    assert result.exit_code == 0, result.output


def test_card_reference_draws_its_icon_and_name_inline(runner: CliRunner, minimal_copy: Path, tmp_path: Path) -> None:
    _with_text(minimal_copy, "Play it on a [[two]], then take [[icon:action]] one action.")
    _sheet(runner, minimal_copy, tmp_path / "icons.pdf")
    text = " ".join(pdf_text(tmp_path / "icons.pdf").split())
    assert "Play it on a Two, then take one action." in text.replace("\u2009", " ").replace("  ", " ")
    assert "[[" not in text and "icon:" not in text
    # the icon is the blue type colour's rounded square, inside the red card's text
    plain = tmp_path / "plain.pdf"
    _with_text(minimal_copy, "Play it on a [[two]], then take [[icon:action]] one action.")
    (minimal_copy / "deck.yaml").write_text((minimal_copy / "deck.yaml").read_text().replace("[[two]]", "Two"))
    _sheet(runner, minimal_copy, plain)
    drawn, without = _blue_pixels(tmp_path / "icons.pdf"), _blue_pixels(plain)
    assert without == 0
    size_px = (9 * 1.15 * 0.86) * 3  # the layout's 9 pt text, at scale 3: the icon's side in pixels, about
    assert drawn > 0.5 * size_px ** 2


def test_an_unknown_reference_is_an_error_naming_the_card(runner: CliRunner, minimal_copy: Path,
                                                          tmp_path: Path) -> None:
    _with_text(minimal_copy, "Take [[icon:actoin]] now.")
    result = runner.invoke(main, ["sheets", str(minimal_copy), "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 1
    assert result.output == (f"error: {minimal_copy / 'deck.yaml'}:21:11: cards[0].text: [[icon:actoin]] names "
                             "no icon — did you mean [[icon:action]]?\n")
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize(("reference", "hint"), [
    ("[[tow]]", "did you mean [[two]]?"),
    ("[[zzz]]", "cards: [[one]], [[two]]; [[icon:NAME]] for an icon alone"),
])
def test_validate_places_an_unknown_card_reference_at_its_line(runner: CliRunner, minimal_copy: Path,
                                                               reference: str, hint: str) -> None:
    # round-5 review: the error had no line or column, unlike every other deck error, and no suggestion
    _with_text(minimal_copy, f"Play it on a {reference}.")
    result = runner.invoke(main, ["validate", str(minimal_copy)])
    assert result.exit_code == 1
    assert result.output == (f"error: {minimal_copy / 'deck.yaml'}:21:11: cards[0].text: {reference} names no card "
                             f"of the deck — {hint}\n")


@pytest.mark.parametrize("language", ["fr"])
def test_icons_are_drawn_in_every_language(runner: CliRunner, minimal_copy: Path, tmp_path: Path,
                                           language: str) -> None:
    _with_text(minimal_copy, "Play it on a [[two]].")
    deck_file = minimal_copy / "deck.yaml"
    deck_file.write_text(deck_file.read_text().replace("credit: Minimal test deck", "credit: Minimal test deck\n"
                                                       f"languages: [en, {language}]"))
    assert runner.invoke(main, ["i18n", "init", str(minimal_copy), language]).exit_code == 0
    po_path = minimal_copy / "locale" / f"{language}.po"
    po = polib.pofile(str(po_path))
    po.find("Play it on a [[two]].", msgctxt="card:one.text").msgstr = "Jouez-la sur une [[two]]."
    po.find("Two", msgctxt="card:two.name").msgstr = "Deux"
    po.save()
    target = tmp_path / f"{language}.pdf"
    _sheet(runner, minimal_copy, target, "--lang", language, "--allow-untranslated")
    assert "Jouez-la sur une Deux." in " ".join(pdf_text(target).split()).replace("\u2009", " ")
    assert _blue_pixels(target) > 0


def test_capitals_keep_references_working() -> None:
    """``upper: true`` capitalises the text; ``[[two]]`` still names the card (and its name is in capitals)."""
    from cardgen.loading import load_deck
    from cardgen.loading.deck_loader import load_deck_layouts
    from cardgen.render.card_renderer import CardRenderer
    from cardgen.render.recording_canvas import RecordingCanvas
    from tests.conftest import DATA

    deck = load_deck(DATA / "decks" / "minimal")
    layouts = load_deck_layouts(deck)
    card = deck.cards[0].model_copy(update={"text": "Play a [[two]] now [[icon:tip]]."})
    element = layouts[deck.layout].elements["text"].model_copy(update={"upper": True})
    canvas = RecordingCanvas()
    CardRenderer(deck, layouts[deck.layout], layouts)._draw_text(canvas, element, card, deck.types[card.type])
    assert canvas.calls == ["text_box('PLAY A TWO NOW .', 14.40, 32.76, 151.20, 55.44, font='Lato', size=9.50, "
                            "align='center')"]


def test_validate_refuses_an_unclosed_bold_in_card_text(runner: CliRunner, minimal_copy: Path) -> None:
    # round-5 review: `loses **2 points.` printed the two asterisks on the card, and no check said so
    _with_text(minimal_copy, "Lose **2 points.")
    result = runner.invoke(main, ["validate", str(minimal_copy)])
    assert result.exit_code == 1
    assert result.output == (f"error: {minimal_copy / 'deck.yaml'}:21:11: cards[0].text: an unclosed ** — the "
                             "card would print the asterisks — close it (**like this**) or remove it\n")

"""A deck's own fonts: named in ``fonts:``, contained in the deck, embedded and subset, glyph-checked."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import polib
import pypdf
import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.i18n.checks import check_catalog
from cardgen.loading import load_deck
from tests.conftest import DATA
from tests.pdf_tools import all_fonts, font_is_embedded

OWN_FONT = DATA / "decks" / "own-font"


@pytest.fixture
def own_font_copy(tmp_path: Path) -> Path:
    target = tmp_path / "own-font"
    shutil.copytree(OWN_FONT, target)
    return target


def _embedded(pdf: Path) -> dict[str, pypdf.generic.DictionaryObject]:
    """Embedded fonts by PostScript name (the subset prefix ``ABCDEF+`` removed)."""
    fonts = all_fonts(pypdf.PdfReader(pdf))
    return {str(font["/BaseFont"]).split("+", 1)[-1]: font for font in fonts.values() if font_is_embedded(font)}


def _font_file_length(font: pypdf.generic.DictionaryObject) -> int:
    descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
    descriptor = descendant["/FontDescriptor"].get_object()
    return len(descriptor["/FontFile2"].get_object().get_data())


def test_the_decks_font_is_embedded_and_subset(runner: CliRunner, tmp_path: Path) -> None:
    own, plain = tmp_path / "own.pdf", tmp_path / "plain.pdf"
    assert runner.invoke(main, ["sheets", str(OWN_FONT), "-o", str(own)]).exit_code == 0
    assert runner.invoke(main, ["sheets", str(DATA / "decks" / "minimal"), "-o", str(plain)]).exit_code == 0
    # fonts/Deckhand-Regular.ttf's PostScript name, with six hex digits of its bytes (see deck_fonts.py)
    [own_name] = [name for name in _embedded(own) if re.fullmatch(r"Vollkorn-Regular-[0-9a-f]{6}", name)]
    assert not [name for name in _embedded(plain) if name.startswith("Vollkorn-Regular")]  # never on bundled cards
    font = _embedded(own)[own_name]
    base_font = str(font["/BaseFont"])
    assert base_font[7] == "+" and base_font[1:7].isupper()  # a subset …
    assert _font_file_length(font) < (OWN_FONT / "fonts" / "Deckhand-Regular.ttf").stat().st_size / 4  # … of it


@pytest.mark.parametrize(("reference", "message"), [
    ("../elsewhere.ttf", "fonts.hand: '../elsewhere.ttf' must not contain '..': a deck's files live inside its folder"),
    ("/usr/share/fonts/x.ttf", ("fonts.hand: '/usr/share/fonts/x.ttf' must be a path relative to the deck folder, "
                               "not an absolute path")),
    ("fonts/README.md", "fonts.hand: 'fonts/README.md' is not a font file — use a .ttf or .otf file"),
    ("fonts/Missing.ttf", "fonts.hand: font file 'fonts/Missing.ttf' not found — looked in"),
    ("fonts/Fake.ttf", "fonts.hand: 'fonts/Fake.ttf' cannot be embedded: "),
    ("fonts/Link.ttf", "fonts.hand: 'fonts/Link.ttf' is a symbolic link; deck files must be plain files — copy the font file into the deck folder"),
])
def test_a_bad_font_entry_is_one_line_at_its_key(runner: CliRunner, own_font_copy: Path, tmp_path: Path,
                                                  reference: str, message: str) -> None:
    (own_font_copy / "fonts" / "Fake.ttf").write_bytes(b"not a font at all" * 10)
    (own_font_copy / "fonts" / "Link.ttf").symlink_to(own_font_copy / "fonts" / "Deckhand-Regular.ttf")
    deck_file = own_font_copy / "deck.yaml"
    deck_file.write_text(deck_file.read_text().replace("hand: fonts/Deckhand-Regular.ttf", f"hand: {reference}"))
    result = runner.invoke(main, ["sheets", str(own_font_copy), "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 1
    assert result.output.startswith(f"error: {deck_file}:9:9: {message}"), result.output
    assert len(result.output.splitlines()) == 1
    assert not (tmp_path / "x.pdf").exists()


def test_an_oversized_font_is_refused_before_it_is_read(runner: CliRunner, own_font_copy: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen.loading import containment

    monkeypatch.setitem(containment.SIZE_LIMITS, "font", 100_000)
    result = runner.invoke(main, ["validate", str(own_font_copy)])
    assert result.exit_code == 1
    assert result.output == (f"error: {own_font_copy / 'deck.yaml'}:9:9: fonts.hand: 'fonts/Deckhand-Regular.ttf' is "
                             "larger than the 100 KB limit for a font file — copy the font file into the deck folder\n")


def test_a_layout_naming_an_unknown_font_gets_a_suggestion(runner: CliRunner, own_font_copy: Path,
                                                           tmp_path: Path) -> None:
    layout = own_font_copy / "templates" / "own-font-card.yaml"
    layout.write_text(layout.read_text().replace("font: hand", "font: hnad"))
    result = runner.invoke(main, ["validate", str(own_font_copy)])
    assert result.exit_code == 1
    assert result.output == f"error: {layout}:4:17: elements.title.font: unknown font 'hnad' — did you mean 'hand'?\n"


def test_the_glyph_check_uses_the_decks_fonts(runner: CliRunner, own_font_copy: Path) -> None:
    """A deck font without accents makes 'è' a problem of the French catalog; the bundled fonts have it."""
    fontTools = pytest.importorskip("fontTools.subset")
    from fontTools.ttLib import TTFont

    font = TTFont(own_font_copy / "fonts" / "Deckhand-Regular.ttf")
    subsetter = fontTools.Subsetter(fontTools.Options())
    subsetter.populate(unicodes=range(0x20, 0x7F))  # ASCII only
    subsetter.subset(font)
    font.save(own_font_copy / "fonts" / "Ascii-Only.ttf")
    deck_file = own_font_copy / "deck.yaml"
    text = deck_file.read_text().replace("title: Own Font", "title: Own Font\nlanguages: [en, fr]")
    deck_file.write_text(text)
    assert runner.invoke(main, ["i18n", "init", str(own_font_copy), "fr"]).exit_code == 0
    po_path = own_font_copy / "locale" / "fr.po"
    po = polib.pofile(str(po_path))
    for entry in po:
        entry.msgstr = entry.msgid
    po.find("The first card.", msgctxt="card:one.text").msgstr = "La première carte."
    po.save()
    # (the other entries are English copied as a placeholder translation: i18n check counts them as
    # untranslated; only the character problems matter here)
    report = check_catalog(load_deck(own_font_copy), "fr")
    assert not [p for p in report.problems if p.message.startswith("character")]  # Vollkorn has é
    deck_file.write_text(text.replace("hand: fonts/Deckhand-Regular.ttf", "hand: fonts/Ascii-Only.ttf"))
    report = check_catalog(load_deck(own_font_copy), "fr")
    assert [(p.field, p.message) for p in report.problems
            if p.field.startswith("card:") and p.message.startswith("character")] == [
        ("card:one.text", "character 'è' (U+00E8) is not in the bundled fonts or the deck's own fonts")]


def test_a_role_key_replaces_that_font_on_the_cards(own_font_copy: Path) -> None:
    """``body: …`` sets every body text of the cards in the deck's font; bold still finds a face."""
    from cardgen.loading.deck_loader import load_deck_layouts
    from cardgen.render.card_renderer import CardRenderer
    from cardgen.render.deck_fonts import registered_name
    from cardgen.render.recording_canvas import RecordingCanvas

    deck_file = own_font_copy / "deck.yaml"
    deck_file.write_text(deck_file.read_text().replace(
        "  hand: fonts/Deckhand-Regular.ttf\n", "  hand: fonts/Deckhand-Regular.ttf\n  body: fonts/Deckhand-Regular.ttf\n")
        .replace("text: The first card.", 'text: "The **first** card."'))
    deck = load_deck(own_font_copy)
    layouts = load_deck_layouts(deck)
    canvas = RecordingCanvas()
    CardRenderer(deck, layouts[deck.layout], layouts).draw_face(canvas, deck.cards[0])
    own = registered_name(own_font_copy / "fonts" / "Deckhand-Regular.ttf")
    texts = [call for call in canvas.calls if call.startswith("text_box(")]
    assert any("The **first** card." in call and f"font='{own}'" in call for call in texts), texts
    result = CliRunner().invoke(main, ["sheets", str(own_font_copy), "-o", str(own_font_copy / "out.pdf")])
    assert result.exit_code == 0, result.output  # the body font's **bold** finds a registered face


def _faces_set(font: str, text: str = "plain <i>italic</i> <b>bold</b>") -> list[str]:
    """The face each word of a Paragraph in ``font`` is set in (what reportlab then draws)."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    paragraph = Paragraph(text, ParagraphStyle("probe", fontName=font, fontSize=10))
    paragraph.wrap(300, 100)
    return [word.fontName for line in paragraph.blPara.lines for word in getattr(line, "words", [])]


def test_a_decks_own_fonts_leave_the_bundled_faces_to_later_decks(tmp_path: Path) -> None:
    """Two decks share a font file, one as its body (bold borrowed from Lato), one under a name of its own:
    once both are loaded, text in Lato-Bold is still set in Lato, and the first deck's body still finds its faces."""
    from cardgen.render.deck_fonts import deck_font_names
    from cardgen.render.fonts import register_fonts

    register_fonts()
    bundled = _faces_set("Lato-Bold")
    assert bundled == ["Lato-Bold", "Lato-BoldItalic", "Lato-Bold"]
    body_deck, hand_deck = tmp_path / "body", tmp_path / "hand"
    shutil.copytree(OWN_FONT, body_deck)
    shutil.copytree(OWN_FONT, hand_deck)
    deck_file = body_deck / "deck.yaml"
    deck_file.write_text(deck_file.read_text().replace(
        "  hand: fonts/Deckhand-Regular.ttf\n", "  hand: fonts/Deckhand-Regular.ttf\n  body: fonts/Deckhand-Regular.ttf\n"))
    own = deck_font_names(load_deck(body_deck))["body"]
    deck_font_names(load_deck(hand_deck))
    assert _faces_set("Lato-Bold") == bundled
    assert _faces_set(deck_font_names(load_deck(body_deck))["body"]) == [own, "Lato-Italic", own, "Lato-Bold"]

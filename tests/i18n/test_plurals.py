"""Counted strings (gettext plural entries): each count reads right in every language.

The forms come from the catalog's Plural-Forms (French: 0 and 1 take the singular); a language
with another rule (Polish, three forms) needs one PO file and no code.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from ruamel.yaml import YAML

from cardgen.i18n import catalogs
from cardgen.i18n.checks import check_catalog
from cardgen.i18n.plurals import english_form, npgettext, plural_rule
from cardgen.i18n.translator import translator_for
from cardgen.loading import load_deck
from cardgen.model.deck import DeckSpec
from tests.conftest import FALLING
from tests.pdf_tools import pdf_text

MSGFMT = shutil.which("msgfmt")
TOTAL = "book:components.total"
POLISH = ("Razem: {count} karta", "Razem: {count} karty", "Razem: {count} kart")


def _plain(text: str) -> str:
    """PDF text with its no-break spaces and line breaks as plain spaces."""
    return " ".join(text.replace("\u202f", " ").replace("\u00a0", " ").split())


# -- the shipped FALLING walkthrough: the meanwhile line, as printed -------------------------------


@pytest.fixture(scope="module")
def handouts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The FALLING handout in English and French (default table and seed), as text."""
    from cardgen.games.falling.walkthrough import write_falling_walkthrough
    from cardgen.walkthrough.registry import WalkthroughOptions

    deck = load_deck(FALLING)
    out = {}
    for language in ("en", "fr"):
        target = tmp_path_factory.mktemp("handout") / f"walkthrough-{language}.pdf"
        write_falling_walkthrough(deck, target, translate=translator_for(deck, language), language=language,
                                  options=WalkthroughOptions())
        out[language] = _plain(pdf_text(target))
    return out


def test_the_meanwhile_line_counts_one_card_and_two_cards_in_english(handouts: dict[str, str]) -> None:
    text = handouts["en"]
    assert "1 card dealt" in text and "2 cards dealt" in text
    assert "1 card swept to the discard" in text
    assert not re.search(r"\b1 cards", text) and "cards dealt:" not in text


def test_the_meanwhile_line_counts_one_card_and_two_cards_in_french(handouts: dict[str, str]) -> None:
    """« 1 carte distribuée », « 2 cartes distribuées » — never « cartes distribuées : 1 »."""
    text = handouts["fr"]
    assert "1 carte distribuée" in text and "2 cartes distribuées" in text
    assert "1 carte balayée vers la défausse" in text
    assert not re.search(r"\b1 cartes|\b1 carte distribuées", text) and "cartes distribuées :" not in text


def test_the_first_caption_and_the_cover_have_one_sentence_per_number(handouts: dict[str, str]) -> None:
    assert "4 players are falling. The dealer holds the deck: 27 cards. At the bottom lie 5 Grounds." in handouts["en"]
    assert "This handout follows a simulated table of 4 players. They play 3 games." in handouts["en"]
    assert ("4 joueurs tombent. Le donneur tient le paquet : 27 cartes. Tout en dessous se trouvent 5 Sols."
            in handouts["fr"])
    assert "Ce livret suit une table simulée de 4 joueurs. Elle joue 3 parties." in handouts["fr"]


# -- a drawn walkthrough frame, for 0, 1 and 2 ------------------------------------------------------


def _frame_text(deck: DeckSpec, language: str, caption: str, tmp_path: Path) -> str:
    """The text of one walkthrough frame with ``caption``, drawn into a PDF and read back."""
    from reportlab.pdfgen.canvas import Canvas

    from cardgen.loading.deck_loader import load_deck_layouts
    from cardgen.render.card_renderer import CardRenderer
    from cardgen.walkthrough.frames import FramePainter
    from cardgen.walkthrough.handout import document_canvas
    from cardgen.walkthrough.table_view import SeatView, StackView, TableView

    layouts = load_deck_layouts(deck)
    translate = translator_for(deck, language)
    painter = FramePainter(CardRenderer(deck, layouts[deck.layout], layouts, translate=translate, language=language))
    view = TableView(seats=(SeatView(0, "Ann", (StackView(1, "hit-2", 3),)), SeatView(1, "Bob", ())), deck_count=20,
                     grounds_in_deck=4, discard_top=None, discard_count=0, clock_ms=0, caption=caption)
    target = tmp_path / f"frame-{language}.pdf"
    canvas = Canvas(str(target), pagesize=(480, 420))
    painter.draw(document_canvas(canvas, language), view, width=480, height=420)
    canvas.showPage()
    canvas.save()
    return _plain(pdf_text(target))


@pytest.mark.parametrize(("language", "expected"), [
    ("en", ("At the bottom lie 0 Grounds.", "At the bottom lies 1 Ground.", "At the bottom lie 2 Grounds.")),
    # French: 0 takes the singular, as 1 does (plural=(n > 1))
    ("fr", ("Tout en dessous se trouve 0 Sol.", "Tout en dessous se trouve 1 Sol.", "Tout en dessous se trouvent 2 Sols.")),
])
def test_a_drawn_frame_says_0_1_and_2_in_the_language_s_own_forms(language: str, expected: tuple[str, ...],
                                                                    tmp_path: Path) -> None:
    from cardgen.games.falling.captions import Narrator

    deck = load_deck(FALLING)
    narrator = Narrator(deck, translator_for(deck, language), events=(), language=language)
    for n, sentence in zip((0, 1, 2), expected, strict=True):
        caption = narrator.text("caption:GameStarted.grounds", count=n)
        assert caption.replace("\u202f", " ").replace("\u00a0", " ") == sentence
        assert sentence in _frame_text(deck, language, caption, tmp_path)


# -- the rulebook's components table of a new deck: one PO file, no code -----------------------------


def _deck_of(tmp_path: Path, total: int, name: str = "counted") -> DeckSpec:
    """A new deck (``cardgen new``) whose components table totals ``total`` cards (one kind of card)."""
    from cardgen.scaffold import create_deck

    folder = create_deck(name, parent=tmp_path).folder
    yaml = YAML()
    data = yaml.load((folder / "deck.yaml").read_text(encoding="utf-8"))
    data["cards"] = data["cards"][:1]
    data.pop("teaching", None)  # its stages name the other cards
    data["cards"][0]["count"] = total
    with (folder / "deck.yaml").open("w", encoding="utf-8") as handle:
        yaml.dump(data, handle)
    # its rulebook: the components table alone (the scaffold's text names the other cards)
    (folder / "rulebook.md").write_text("# What is in the deck\n\n```cardgen\ncomponents\n```\n", encoding="utf-8")
    return load_deck(folder)


def _translate_total(deck: DeckSpec, language: str, forms: tuple[str, ...]) -> Path:
    """Start ``language``'s catalog (as ``cardgen i18n init`` does) and translate the total's forms only."""
    path, _ = catalogs.init(deck, language)
    catalog = catalogs.read_catalog(path)
    for message in catalog:
        if message.context == TOTAL:
            message.string = forms
    catalogs.write_catalog(path, catalog)
    return path


def _rulebook_text(deck: DeckSpec, language: str, tmp_path: Path) -> str:
    from cardgen.rulebook.builder import write_rulebook

    target = tmp_path / f"rulebook-{language}-{deck.total_cards}.pdf"
    write_rulebook(deck, target, translate=translator_for(deck, language, allow_untranslated=True), language=language)
    return _plain(pdf_text(target))


@pytest.mark.parametrize(("total", "english", "french"), [
    (1, "In all: 1 card", "En tout : 1 carte"),
    (2, "In all: 2 cards", "En tout : 2 cartes"),
])
def test_the_components_total_takes_the_singular_for_one_card(total: int, english: str, french: str,
                                                               tmp_path: Path) -> None:
    deck = _deck_of(tmp_path, total)
    _translate_total(deck, "fr", ("En tout : {count} carte", "En tout : {count} cartes"))
    assert re.search(re.escape(english) + r"(?!\w)", _rulebook_text(deck, "en", tmp_path))
    assert re.search(re.escape(french) + r"(?!\w)", _rulebook_text(load_deck(deck.folder), "fr", tmp_path))


def test_polish_three_forms_need_one_po_file_and_no_code(tmp_path: Path) -> None:
    """Babel writes Polish's Plural-Forms (nplurals=3) into the new catalog; 1, 3 and 5 take its three forms."""
    deck = _deck_of(tmp_path, 1)
    path = _translate_total(deck, "pl", POLISH)
    text = path.read_text(encoding="utf-8")
    assert '"Plural-Forms: nplurals=3;' in text and 'msgstr[2] "Razem: {count} kart"' in text
    for total, expected in ((1, "Razem: 1 karta"), (3, "Razem: 3 karty"), (5, "Razem: 5 kart"), (22, "Razem: 22 karty")):
        (tmp_path / str(total)).mkdir()
        shutil.copytree(deck.folder, tmp_path / str(total) / "counted")
        copy = tmp_path / str(total) / "counted"
        (copy / "deck.yaml").write_text((copy / "deck.yaml").read_text().replace("count: 1\n", f"count: {total}\n"))
        assert re.search(re.escape(expected) + r"(?!\w)", _rulebook_text(load_deck(copy), "pl", tmp_path)), total


@pytest.mark.skipif(MSGFMT is None, reason="gettext's msgfmt is not installed (apt-get install gettext)")
def test_msgfmt_accepts_counted_entries_in_french_and_polish(tmp_path: Path) -> None:
    deck = _deck_of(tmp_path, 2)
    for language, forms in (("fr", ("En tout : {count} carte", "En tout : {count} cartes")), ("pl", POLISH)):
        path = _translate_total(deck, language, forms)
        done = subprocess.run([MSGFMT, "--check", "-o", str(tmp_path / f"{language}.mo"), str(path)],
                              check=False, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        # the compiled catalog picks the same forms as cardgen does
        import gettext

        with (tmp_path / f"{language}.mo").open("rb") as handle:
            compiled = gettext.GNUTranslations(handle)
        translate = translator_for(deck, language, allow_untranslated=True)
        for n in (0, 1, 2, 5, 22):
            ours = npgettext(translate, TOTAL, "In all: {count} card", "In all: {count} cards", n)
            theirs = compiled.npgettext(TOTAL, "In all: {count} card", "In all: {count} cards", n)
            assert _plain(ours) == _plain(theirs), (language, n)  # ours with the typography pass's spaces
    shipped = sorted(Path(FALLING).parent.glob("*/locale/*.po"))
    assert shipped
    for path in shipped:
        done = subprocess.run([MSGFMT, "--check", "-o", str(tmp_path / "shipped.mo"), str(path)],
                              check=False, capture_output=True, text=True)
        assert done.returncode == 0, (path, done.stderr)


# -- the checks: every form present and sound ------------------------------------------------------


def _falling_with(tmp_path: Path, context: str, forms: tuple[str, ...] | str, *, header: str | None = None) -> DeckSpec:
    """A copy of FALLING whose French entry ``context`` has ``forms`` (and, if given, that Plural-Forms)."""
    folder = tmp_path / "falling"
    shutil.copytree(FALLING, folder)
    po_path = folder / "locale" / "fr.po"
    po = polib.pofile(str(po_path), wrapwidth=0)
    entry = next(e for e in po if e.msgctxt == context)
    if isinstance(forms, str):  # a translation of the English as it was before it was counted
        entry.msgid_plural, entry.msgstr_plural, entry.msgstr = "", {}, forms
    else:
        entry.msgstr_plural = dict(enumerate(forms))
    if header is not None:
        po.metadata["Plural-Forms"] = header
    po.save(str(po_path))
    return load_deck(folder)


def _problems(deck: DeckSpec) -> list[str]:
    report = check_catalog(deck, "fr")
    return [f"{p.field}: {p.message}" for p in report.problems + report.glossary]


def test_the_shipped_french_catalogs_are_sound() -> None:
    for path in sorted(Path(FALLING).parent.glob("*/locale/fr.po")):
        report = check_catalog(load_deck(path.parent.parent), "fr")
        assert report.ok and report.usable_plurals, path


@pytest.mark.parametrize(("forms", "problem"), [
    (("{count} carte distribuée", ""), "meanwhile:dealt: missing: msgstr[1] not translated yet"),
    (("{count} carte distribuée", "cartes distribuées"),
     "meanwhile:dealt: placeholder {count} of the source is missing from the translation (msgstr[1])"),
    (("{count} carte distribuée", "{count} cartes **distribuées**"),
     "meanwhile:dealt: markup **bold** is not in the source (msgstr[1])"),
    (("{count} card dealt", "{count} cartes distribuées"), "meanwhile:dealt: untranslated"),
    ("{count} cartes distribuées", "meanwhile:dealt: missing: the English now counts (msgid_plural)"),
])
def test_each_form_of_a_counted_string_is_checked(forms: tuple[str, ...] | str, problem: str, tmp_path: Path) -> None:
    deck = _falling_with(tmp_path, "meanwhile:dealt", forms)
    found = _problems(deck)
    assert any(line.startswith(problem) for line in found), found


def test_more_forms_than_the_header_gives_is_an_error_at_its_line(tmp_path: Path) -> None:
    from cardgen.errors import I18nError

    deck = _falling_with(tmp_path, "meanwhile:dealt", ("{count} carte distribuée", "{count} cartes distribuées", "x"))
    with pytest.raises(I18nError, match=r"fr\.po:\d+: not a valid PO file: msg has more translations than num_plurals"):
        check_catalog(deck, "fr")


def test_the_glossary_applies_to_each_form(tmp_path: Path) -> None:
    """'Ground' is « Sol »: the plural form that says « Terres » is off the glossary."""
    deck = _falling_with(tmp_path, "caption:GameStarted.grounds",
                         ("Tout en dessous se trouve {count} Sol.", "Tout en dessous se trouvent {count} Terres."))
    (deck.folder / "locale" / "glossary-fr.md").write_text(
        "| English | French | Why |\n|---|---|---|\n| Ground | Sol | The card. |\n", encoding="utf-8")
    found = _problems(deck)
    assert any(line.startswith("caption:GameStarted.grounds: glossary: 'Ground'") and line.endswith("(msgstr[1])")
               for line in found), found
    assert not any("msgstr[0]" in line for line in found)


def test_a_plural_forms_header_gettext_cannot_read_is_refused(tmp_path: Path) -> None:
    deck = _falling_with(tmp_path, "meanwhile:dealt", ("{count} carte distribuée", "{count} cartes distribuées"),
                         header="nplurals=2; plural=(n > 1 ? 2 : 0);")
    found = _problems(deck)
    assert any(line.startswith("Plural-Forms: 'nplurals=2; plural=(n > 1 ? 2 : 0);' is not a plural rule") for line in found), found
    # no counted string is used: the build refuses the catalog, or draws them in English when allowed
    from cardgen.errors import ProblemList

    with pytest.raises(ProblemList, match="not ready"):
        translator_for(deck, "fr")
    translate = translator_for(deck, "fr", allow_untranslated=True)
    assert npgettext(translate, "meanwhile:dealt", "{count} card dealt", "{count} cards dealt", 0) == "{count} cards dealt"


def test_a_broken_form_is_shown_in_english_and_the_build_refuses_it(tmp_path: Path) -> None:
    from cardgen.errors import ProblemList

    deck = _falling_with(tmp_path, "meanwhile:dealt", ("{count} carte distribuée", "{nombre} cartes distribuées"))
    with pytest.raises(ProblemList):
        translator_for(deck, "fr")
    translate = translator_for(deck, "fr", allow_untranslated=True)
    assert npgettext(translate, "meanwhile:dealt", "{count} card dealt", "{count} cards dealt", 3) == "{count} cards dealt"


# -- the translator and the catalog merge ------------------------------------------------------------


def test_plural_rules_are_gettext_s_own() -> None:
    french, polish = plural_rule("(n > 1)"), plural_rule(
        "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)")
    assert [french(n) for n in (0, 1, 2, 100)] == [0, 0, 1, 1]
    assert [polish(n) for n in (1, 2, 4, 5, 12, 22, 25)] == [0, 1, 1, 2, 2, 1, 2]
    with pytest.raises(ValueError):
        plural_rule("__import__('os')")
    assert [english_form("a", "b", n) for n in (0, 1, 2)] == ["b", "a", "b"]


def test_french_forms_for_0_1_2_from_the_shipped_catalog() -> None:
    deck = load_deck(FALLING)
    french, english = translator_for(deck, "fr"), translator_for(deck, "en")
    args = ("meanwhile:dealt", "{count} card dealt", "{count} cards dealt")
    assert [npgettext(french, *args, n) for n in (0, 1, 2)] == [
        "{count} carte distribuée", "{count} carte distribuée", "{count} cartes distribuées"]
    assert [npgettext(english, *args, n) for n in (0, 1, 2)] == [
        "{count} cards dealt", "{count} card dealt", "{count} cards dealt"]
    # a plain translate function (no plural()) gets the English form to translate
    assert npgettext(lambda context, source: source.upper(), *args, 1) == "{COUNT} CARD DEALT"


def test_update_turns_a_translated_string_into_a_fuzzy_counted_one(tmp_path: Path) -> None:
    """The English of an entry becomes counted: its translation fills every form, fuzzy, with the old English shown."""
    deck = _falling_with(tmp_path, "meanwhile:dealt", ("{count} carte distribuée", "{count} cartes distribuées"))
    po_path = deck.folder / "locale" / "fr.po"
    po = polib.pofile(str(po_path), wrapwidth=0)
    entry = next(e for e in po if e.msgctxt == "meanwhile:dealt")
    entry.msgid, entry.msgid_plural, entry.msgstr_plural, entry.msgstr = "cards dealt: {count}", "", {}, "cartes : {count}"
    po.save(str(po_path))
    catalogs.update(deck)
    entry = next(e for e in polib.pofile(str(po_path), wrapwidth=0) if e.msgctxt == "meanwhile:dealt")
    assert entry.msgid_plural == "{count} cards dealt" and entry.msgstr_plural == {0: "cartes : {count}", 1: "cartes : {count}"}
    assert "fuzzy" in entry.flags and entry.previous_msgid == "cards dealt: {count}"
    # translated and unflagged: the next update keeps it as it is
    entry_text = po_path.read_text(encoding="utf-8")
    po = polib.pofile(entry_text, wrapwidth=0)
    entry = next(e for e in po if e.msgctxt == "meanwhile:dealt")
    entry.flags.remove("fuzzy")
    entry.previous_msgid = None
    entry.msgstr_plural = {0: "{count} carte distribuée", 1: "{count} cartes distribuées"}
    po.save(str(po_path))
    results = catalogs.update(deck)
    assert results[0].fuzzy == 0
    assert check_catalog(deck, "fr").ok


def test_update_keeps_the_translator_s_own_plural_rule_and_asks_for_the_new_form(tmp_path: Path) -> None:
    """A header with three forms survives ``i18n update``; the third form of each counted entry is asked for."""
    header = "nplurals=3; plural=(n==0 ? 0 : n==1 ? 1 : 2);"
    deck = _falling_with(tmp_path, "meanwhile:dealt", ("{count} carte distribuée", "{count} cartes distribuées"),
                         header=header)
    catalogs.update(deck)
    po = polib.pofile(str(deck.folder / "locale" / "fr.po"), wrapwidth=0)
    assert po.metadata["Plural-Forms"] == header
    entry = next(e for e in po if e.msgctxt == "meanwhile:dealt")
    assert entry.msgstr_plural == {0: "{count} carte distribuée", 1: "{count} cartes distribuées", 2: ""}
    report = check_catalog(deck, "fr")
    assert any(p.field == "meanwhile:dealt" and p.message.startswith("missing: msgstr[2] not translated yet")
               for p in report.problems)
    assert any(w.field == "Plural-Forms" and "French has 2 in the CLDR" in w.message for w in report.warnings)

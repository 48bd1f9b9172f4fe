"""A French PDF's document properties are French too: what a PDF reader shows (Title, Subject,
Author) and the catalog's /Lang. Compared with the English file of the same product: a value both
share must be a proper name (the game's title, its designer), never English left untranslated."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest

from cardgen.build import build_deck, translator_for
from cardgen.color.cmyk import print_condition
from cardgen.export.pdfx import write_pdfx_sheets
from cardgen.loading import load_deck
from cardgen.render.sheets import SheetOptions, write_sheets
from tests.conftest import ROOT

DECKS = ("falling", "fall-damage", "falling-off")
SHOWN = ("/Title", "/Subject", "/Author")


def _properties(path: Path) -> dict[str, str]:
    with pikepdf.open(path) as pdf:
        info = {key: str(pdf.docinfo[key]) for key in SHOWN if key in pdf.docinfo}
        lang = pdf.Root.get("/Lang")
        info["/Lang"] = str(lang) if lang is not None else ""
    return info


def _english_left(english: Path, french: Path, names: set[str]) -> list[str]:
    en, fr = _properties(english), _properties(french)
    problems = [f"{french.name}: /Lang is {fr['/Lang']!r}"] if fr["/Lang"] != "fr" else []
    for key in SHOWN:
        value = fr.get(key, "")
        if not value or value == "(anonymous)":
            problems.append(f"{french.name}: {key} is {value!r}")
        elif value == en.get(key) and value not in names:
            problems.append(f"{french.name}: {key} {value!r} is the English file's")
    return problems


def _names(deck_name: str) -> set[str]:
    deck = load_deck(ROOT / "decks" / deck_name)
    return {deck.title, deck.designer, deck.designer + (f" ({deck.publisher})" if deck.publisher else "")}


@pytest.mark.parametrize("deck_name", DECKS)
def test_every_built_french_pdf_has_french_properties(deck_name: str, tmp_path: Path) -> None:
    built = [p for p in build_deck(load_deck(ROOT / "decks" / deck_name), tmp_path) if p.suffix == ".pdf"]
    french = [p for p in built if p.stem.endswith("-fr")]
    assert french
    problems = []
    for path in french:
        problems += _english_left(path.with_name(path.name.replace("-fr.pdf", "-en.pdf")), path, _names(deck_name))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("layout", ["duplex", "gutterfold", "single"])
def test_french_card_sheets_of_every_layout_have_a_french_subject(layout: str, tmp_path: Path) -> None:
    deck = load_deck(ROOT / "decks" / "falling")
    for language in ("en", "fr"):
        write_sheets(deck, tmp_path / f"cards-{language}.pdf", options=SheetOptions(layout=layout),
                     translate=translator_for(deck, language), language=language)
    assert not _english_left(tmp_path / "cards-en.pdf", tmp_path / "cards-fr.pdf", _names("falling"))
    assert _properties(tmp_path / "cards-fr.pdf")["/Subject"].startswith(("Planches de cartes", "Cartes une par page"))


def test_a_french_pdfx_file_keeps_the_french_subject(tmp_path: Path) -> None:
    deck = load_deck(ROOT / "decks" / "falling")
    for language in ("en", "fr"):
        write_pdfx_sheets(deck, tmp_path / f"cards-{language}.pdf", sheet_options=SheetOptions(), pdfx="x4",
                          condition=print_condition(None, 300), translate=translator_for(deck, language),
                          language=language)
    assert not _english_left(tmp_path / "cards-en.pdf", tmp_path / "cards-fr.pdf", _names("falling"))

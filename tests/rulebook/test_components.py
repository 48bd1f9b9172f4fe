"""The components table and every count in the text come from deck.yaml, in every language."""

from __future__ import annotations

from pathlib import Path

import pypdf

from cardgen.build import translator_for
from cardgen.loading import load_deck
from cardgen.rulebook.builder import write_rulebook
from cardgen.rulebook.components import components_table
from cardgen.rulebook.flowables import CardFace
from cardgen.rulebook.styles import geometry, make_styles
from tests.rulebook.conftest import letters


def _components_page(path: Path) -> str:
    pages = [page.extract_text() for page in pypdf.PdfReader(path).pages]
    return "\n".join(pages[1:4])


def test_the_table_follows_a_changed_count(falling_copy: Path, tmp_path: Path) -> None:
    deck_file = falling_copy / "deck.yaml"
    deck_file.write_text(deck_file.read_text().replace("    count: 8\n", "    count: 11\n", 1))
    deck = load_deck(falling_copy)
    assert deck.card("hit").count == 11 and deck.total_cards == 57
    for lang in ("en", "fr"):
        result = write_rulebook(deck, tmp_path / f"{lang}.pdf", translate=translator_for(deck, lang), language=lang)
        text = _components_page(result.path)
        hit = "Frappe" if lang == "fr" else "Hit"
        assert letters(f"{hit} {'Consigne' if lang == 'fr' else 'Rider'} 11") in letters(text)
        assert ("En tout : 57 cartes" if lang == "fr" else "In all: 57 cards") in text.replace("\xa0", " ")
        assert ("les 52 autres cartes" if lang == "fr" else "the other 52 cards") in text  # setup, from {{ … }}


def test_one_row_per_card_with_its_face(falling_dir: Path) -> None:
    deck = load_deck(falling_dir)
    geo = geometry("a4", booklet=False)
    table = components_table(deck, translator_for(deck, "en"), make_styles(geo, "en"), width=geo.frame_width,
                             language="en")
    rows = table._cellvalues
    assert len(rows) == len(deck.cards) + 2  # header, one row per card, total
    for row, card in zip(rows[1:], deck.cards):
        assert isinstance(row[0], CardFace) and row[0].card is card
        assert f"<b>{card.count}</b>" in row[2].text


def test_a_type_is_named_under_the_card_unless_it_repeats_the_name(falling_dir: Path) -> None:
    deck = load_deck(falling_dir)
    geo = geometry("a4", booklet=False)
    for lang, ground, hit, rider in (("en", "Ground", "Hit", "Rider"), ("fr", "Sol", "Frappe", "Consigne")):
        table = components_table(deck, translator_for(deck, lang), make_styles(geo, lang), width=geo.frame_width,
                                 language=lang)
        cells = {card.id: row[1].text for row, card in zip(table._cellvalues[1:], deck.cards)}
        assert cells["ground"] == f"<b>{ground}</b>"
        assert cells["hit"].startswith(f"<b>{hit}</b><br/>") and rider in cells["hit"]

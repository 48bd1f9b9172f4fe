"""load_translator: complete catalogs translate with typography; incomplete ones fail or fall back."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.errors import CardgenError
from cardgen.i18n import load_translator
from cardgen.i18n.typography import NBSP
from cardgen.loading import load_deck
from tests.i18n.helpers import tiny_deck


def test_complete_catalog_translates(tmp_path: Path) -> None:
    deck = load_deck(tiny_deck(tmp_path, "complete"))
    translate = load_translator(deck, "fr")
    assert translate("card:rest.text", "Do nothing this round.") == "Ne faites rien à ce tour."
    assert translate("card:unknown.text", "Unknown.") == "Unknown."


def test_french_typography_is_applied_to_translations(falling_dir: Path) -> None:
    translate = load_translator(load_deck(falling_dir), "fr")
    stop = load_deck(falling_dir).card("stop")
    assert f"donné{NBSP}: le Sol" in translate("card:stop.text", stop.text)


def test_incomplete_catalog_fails_listing_what_is_missing(tmp_path: Path) -> None:
    deck = load_deck(tiny_deck(tmp_path, "placeholder-fuzzy-missing"))
    with pytest.raises(CardgenError) as caught:
        load_translator(deck, "fr")
    lines = [problem.format() for problem in caught.value.problems]
    assert any("card:draw.text: placeholder {count}" in line for line in lines)
    assert any("card:gift.text: fuzzy" in line for line in lines)
    assert any("card:rest.name: missing" in line for line in lines)
    assert "3 of 25 strings are not ready in 'fr'" in lines[-1]


def test_allow_untranslated_falls_back_to_english_and_counts(tmp_path: Path) -> None:
    deck = load_deck(tiny_deck(tmp_path, "placeholder-fuzzy-missing"))
    notes: list[str] = []
    translate = load_translator(deck, "fr", allow_untranslated=True, notes=notes)
    assert notes == ["fr: 3 of 25 strings are not translated; English is used for them"]
    assert translate("card:draw.text", "Draw {count} cards, then pass.") == "Draw {count} cards, then pass."
    assert translate("card:draw.name", "Draw") == "Pioche"


def test_no_catalog_at_all(tmp_path: Path) -> None:
    deck = load_deck(tiny_deck(tmp_path))
    with pytest.raises(CardgenError, match="no catalog for language 'de'"):
        load_translator(deck, "de")
    notes: list[str] = []
    load_translator(deck, "de", allow_untranslated=True, notes=notes)
    assert notes == ["de: no catalog; all 25 strings are in English"]

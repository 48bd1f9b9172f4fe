"""Type names set in their type's colour in the rulebook tables can be read: 4.5:1 against the page at least."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.i18n.translator import translator_for
from cardgen.loading import load_deck
from cardgen.render.colors import contrast_ratio, readable_on
from cardgen.rulebook.builder import write_rulebook
from tests.conftest import ROOT
from tests.pdf_tools import text_colours


def test_a_light_type_colour_is_darkened_just_enough_and_a_dark_one_kept() -> None:
    for light in ("#f6c945", "#f3c89f", "#c7a6e8", "#ffffff"):
        shade = readable_on(light)
        assert contrast_ratio(shade, "#ffffff") >= 4.5 and shade != light
        assert contrast_ratio(readable_on(light, ratio=contrast_ratio(shade, "#ffffff") + 0.3), "#ffffff") > 4.5
    assert readable_on("#881d17") == "#881d17" and readable_on("#1f5fbf") == "#1f5fbf"
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21) and contrast_ratio("#777777", "#777777") == 1


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_type_name_in_fall_damages_components_table_reads_on_the_page(tmp_path: Path, language: str) -> None:
    deck = load_deck(ROOT / "decks" / "fall-damage")
    book = write_rulebook(deck, tmp_path / "book.pdf", translate=translator_for(deck, language), language=language)
    labels = {translator_for(deck, language)(f"type:{key}.label", kind.label) for key, kind in deck.types.items()}
    drawn = [(text.strip(), colour) for text, colour in text_colours(book.path, 1)]
    named = [(text, colour) for text, colour in drawn if any(text and label.startswith(text) for label in labels)]
    assert len(named) >= len(deck.types) - 1, drawn  # the components table names (nearly) every type
    faint = [(text, colour, round(contrast_ratio(colour, "#ffffff"), 1)) for text, colour in named
             if contrast_ratio(colour, "#ffffff") < 4.5]
    assert not faint

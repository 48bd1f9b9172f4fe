"""Captions, questions and handout text come from the deck's catalog; the French handout has no English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.build import translator_for
from cardgen.i18n.catalogs import catalog_path, read_catalog
from cardgen.i18n.messages import extract_messages
from cardgen.games.falling.texts import ALL
from cardgen.walkthrough.registry import WalkthroughOptions
from tests.pdf_tools import pdf_text


def test_every_walkthrough_string_is_extracted_and_translated_in_french(deck) -> None:  # type: ignore[no-untyped-def]
    extracted = {m.context: m for m in extract_messages(deck)}
    french = {m.context: m for m in read_catalog(catalog_path(deck, "fr")) if m.context}
    for label in ALL:
        assert extracted[label.context].text == label.text
        assert extracted[label.context].file == "cardgen/games/falling/texts.py"
        assert french[label.context].string and "fuzzy" not in french[label.context].flags, label.context


def test_other_games_do_not_get_falling_captions(minimal_copy: Path) -> None:
    from cardgen.loading import load_deck

    contexts = {m.context for m in extract_messages(load_deck(minimal_copy))}
    assert not any(c.startswith(("caption:", "question:", "walkthrough:")) for c in contexts)


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?:])\s+", text.replace("\n", " ")) if len(s.split()) >= 4]


def test_french_captions_and_questions_are_french(plans) -> None:  # type: ignore[no-untyped-def]
    english = {s for plan in plans["en"] for view in plan.frames for s in _sentences(view.caption)}
    english |= {s for plan in plans["en"] for q in plan.questions for s in _sentences(q.text + " " + q.answer)}
    french = " ".join(view.caption for plan in plans["fr"] for view in plan.frames)
    french += " ".join(q.text + q.answer for plan in plans["fr"] for q in plan.questions)
    assert english and not [s for s in english if s in french]
    assert "Donneur" in plans["fr"][0].frames[0].dealer_label


@pytest.fixture(scope="module")
def handouts(deck, tmp_path_factory) -> dict[str, str]:  # type: ignore[no-untyped-def]
    from cardgen.games.falling.walkthrough import write_falling_walkthrough

    folder = tmp_path_factory.mktemp("walkthrough")
    out = {}
    for lang in ("en", "fr"):
        target = folder / f"walkthrough-{lang}.pdf"
        write_falling_walkthrough(deck, target, translate=translator_for(deck, lang), language=lang,
                                  options=WalkthroughOptions())
        out[lang] = pdf_text(target)
    return out


def test_the_french_pdf_contains_none_of_the_english_text(handouts) -> None:  # type: ignore[no-untyped-def]
    english_sentences = {s for s in _sentences(handouts["en"]) if not s.startswith(("FALLING",))}
    french = handouts["fr"]
    leaked = [s for s in english_sentences if s in french]
    assert not leaked, leaked[:5]
    for word in ("Partie 1", "Étape 1 sur", "Questions pour la table", "Réponses", "Donneur"):
        assert word in french


def test_the_handout_credits_the_designer_and_names_every_stage(handouts) -> None:  # type: ignore[no-untyped-def]
    text = handouts["en"].replace("\n", " ")
    assert "James Ernest" in text and "Cheapass Games" in text
    for title in ("Game 1: Grounds and Riders", "Game 2: Adding the Actions", "Game 3: Adding the Extra"):
        assert title in text

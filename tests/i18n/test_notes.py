"""Each extracted string tells the translator what its placeholders hold and what its ``**`` means
(FINDINGS F18: "{card}" was not said to be a bare name, so French captions lost their articles)."""

from __future__ import annotations

import re
from pathlib import Path

from cardgen.i18n.messages import extract_messages
from cardgen.i18n.notes import translator_note
from cardgen.i18n.placeholders import signature
from cardgen.loading import load_deck
from tests.conftest import ROOT


def test_a_caption_note_names_every_placeholder_and_the_bold() -> None:
    note = translator_note("{by} touches **{card}** to the **{rider}** in front of them and pushes it to {to}.",
                           "A Push.")
    assert note.startswith("A Push. {by}, {to}: a player's name; {card}, {rider}: a card's name as printed, "
                           "capitalised, without an article;")
    assert "**…** marks bold text" in note
    assert note.endswith("Keep as they are: {by}, {card}, {rider}, {to}, **bold**")


def test_what_the_author_explained_is_not_contradicted() -> None:
    lead = translator_note("Meanwhile, from {from} to {to}: {list}.", "{from} and {to} are clock readings.")
    assert "player" not in lead
    numbers = translator_note("{count} players, {cards} cards.", "{count} and {cards} are numbers.")
    assert "card names" not in numbers and "card's name" not in numbers
    keep = translator_note("Give **one** to {player}.", "Keep as they are: {player}, **bold**")
    assert keep.count("Keep as they are") == 1 and keep.endswith("Keep as they are: {player}, **bold**")


def test_every_shipped_string_with_a_card_name_or_bold_says_so() -> None:
    """The reviewer's scan of falling.pot: 44 of 44 entries with a card-name placeholder lacked the
    no-article advice, 36 of 65 with ** lacked a word about it."""
    card_names = {"{card}", "{rider}", "{extra}", "{ground}", "{countered}", "{skip}"}
    for deck in ("falling", "fall-damage", "falling-off"):
        for message in extract_messages(load_deck(ROOT / "decks" / deck)):
            sig = signature(message.text)
            if card_names & set(sig.placeholders):
                assert "without an article" in message.comment, (message.context, message.comment)
            if "**bold**" in sig.markup:
                assert re.search(r"bold", message.comment), (message.context, message.comment)
            for item in sig.placeholders:
                assert item in message.comment, (message.context, item, message.comment)


def test_the_tiny_deck_notes(tmp_path: Path) -> None:
    from tests.i18n.helpers import tiny_deck

    messages = {m.context: m for m in extract_messages(load_deck(tiny_deck(tmp_path)))}
    assert messages["card:draw.text"].comment == "{count}: a number. Keep as they are: {count}"

"""Falling Off's walkthrough captions for the moves a learner meets last: castling, promotion, the end."""

from __future__ import annotations

import pytest

from cardgen.build import translator_for
from cardgen.games.falling_off.texts import Words, fact_lines
from cardgen.loading import load_deck
from cardgen.render.card_renderer import no_translation
from tests.conftest import ROOT
from tests.games.falling_off.helpers import play_text, position

CASES = {
    "castling": (position("Ke1 Rh1 ke8", castling="K"), "O-O", [
        ("Move", ["Castling: White king e1 → g1, White rook h1 → f1"]),
        ("Careening now", ["none"]),
    ]),
    "promotion": (position("Ke1 Pb7 ke8"), "b8=N", [
        ("Move", ["White pawn b7 → b8, becomes a knight"]),
        ("Careening now", ["none"]),
    ]),
    "the end": (position("Ke1 Rd1 kd8"), "Rxd8 (Kd8→off)", [
        ("Move", ["White rook d1 → d8"]),
        ("Pushed", ["Black king d8 → off the board: it is out of the game"]),
        ("Result", ["White wins: the Black king fell off the board."]),
        ("Careening now", ["none"]),
    ]),
}


@pytest.mark.parametrize("case", CASES)
def test_english_caption(case: str) -> None:
    start, move, expected = CASES[case]
    after, events = play_text(start, move)
    assert fact_lines(Words(no_translation), events, after) == expected


@pytest.mark.parametrize("case", CASES)
def test_french_caption_has_the_same_facts_in_french(case: str) -> None:
    start, move, expected = CASES[case]
    after, events = play_text(start, move)
    french = fact_lines(Words(translator_for(load_deck(ROOT / "decks" / "falling-off"), "fr")), events, after)
    assert len(french) == len(expected)
    for (heading, lines), (english_heading, english_lines) in zip(french, expected):
        assert heading != english_heading
        assert len(lines) == len(english_lines)
        for line, english in zip(lines, english_lines):
            assert line != english
            squares = [word for word in english.replace(",", " ").split() if len(word) == 2 and word[1].isdigit()]
            assert all(square in line for square in squares), (line, squares)

"""Card text breaks between words, never inside one: a word too wide for its box is an overflow.

Read from the PDFs' text (pdfium's lines), as a reader sees the cards.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from cardgen.cli import main
from tests.conftest import DATA, ROOT
from tests.pdf_tools import pdf_text

DECKS = ("falling", "fall-damage", "falling-off")
_WORD = re.compile(r"[^\W\d_]+(?:[’'-][^\W\d_]+)*")


def _sheets(runner, deck: Path, target: Path, *args: str) -> Path:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["sheets", str(deck), "--no-preflight", *args, "-o", str(target)])
    assert result.exit_code == 0, result.output
    return target


def _vocabulary(deck: Path) -> set[str]:
    """Every word the deck's texts can print: its deck file, its layouts and its catalogs."""
    files = [deck / "deck.yaml", *sorted((deck / "templates").glob("*.yaml")),
             *sorted((deck / "locale").glob("*.po")), *sorted((ROOT / "cardgen" / "templates").glob("*.yaml"))]
    words: set[str] = set()
    for file in files:
        if file.exists():
            words.update(w.replace("'", "’").lower() for w in _WORD.findall(file.read_text(encoding="utf-8")))
    return words


def cut_words(text: str, vocabulary: set[str]) -> list[str]:
    """Words cut across two lines without a hyphen: the end of one line and the start of the next
    make a word of the deck while the first piece alone is none."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    cuts = []
    for first, second in itertools.pairwise(lines):
        tail = _WORD.findall(first.split()[-1]) if first.split() else []
        head = _WORD.findall(second.split()[0]) if second.split() else []
        if not tail or not head or not first.split()[-1].endswith(tail[-1]) or not second.split()[0].startswith(head[0]):
            continue  # the line ends or the next one starts with punctuation: a break between words
        joined = (tail[-1] + head[0]).lower()
        if joined in vocabulary and tail[-1].lower() not in vocabulary:
            cuts.append(f"{tail[-1]} / {head[0]}")
    return cuts


def test_the_cut_finder_finds_the_reviewed_cut() -> None:
    vocabulary = _vocabulary(ROOT / "decks" / "fall-damage")
    assert cut_words("Moon Ore Sharpenin\r\ng Stone\r\nHERO’S INVENTORY", vocabulary) == ["Sharpenin / g"]
    assert cut_words("Moon Ore\r\nSharpening Stone", vocabulary) == []


def test_fall_damage_title_breaks_between_words(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pdf = _sheets(runner, ROOT / "decks" / "fall-damage", tmp_path / "stone.pdf", "--cards", "sharpening-stone",
                  "--lang", "en")
    lines = [line.strip() for line in pdf_text(pdf).splitlines()]
    assert "Moon Ore" in lines and "Sharpening Stone" in lines


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("deck", DECKS)
def test_no_shipped_card_text_is_cut_inside_a_word(runner, tmp_path: Path, deck: str,  # type: ignore[no-untyped-def]
                                                   language: str) -> None:
    folder = ROOT / "decks" / deck
    pdf = _sheets(runner, folder, tmp_path / "cards.pdf", "--lang", language)
    assert cut_words(pdf_text(pdf), _vocabulary(folder)) == []


def test_a_word_wider_than_its_box_stays_whole_and_is_an_overflow(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from cardgen.loading import load_deck
    from cardgen.preflight import preflight_deck

    fixture = DATA / "preflight" / "long-word"
    problems = [p for p in preflight_deck(load_deck(fixture)).problems if p.rule == "overflow"]
    assert [(p.card, p.element) for p in problems] == [("long", "text")]
    pdf = _sheets(runner, fixture, tmp_path / "long.pdf", "--cards", "long")
    assert "Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz" in pdf_text(pdf)

"""The Markdown a designer may write in their own rulebook: tables, block quotes, nested lists — each
laid out as a reader expects, checked from where the words land on the page — and images, which are
never loaded (the alt text is printed instead), so a rulebook cannot pull a file into the PDF."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2
import pytest

from cardgen.loading import load_deck
from cardgen.rulebook.builder import write_rulebook
from tests.conftest import DATA
from tests.pdf_tools import pdf_text

SECRET = "canary-7f3a9 outside the deck"

RULEBOOK = """# Playing {#play}

The cards are dealt one by one; everyone plays at once.

| Card  | Copies | Effect                |
|-------|-------:|-----------------------|
| Alpha | 2      | Draw one more.        |
| Bravo | 3      | Skip the next deal.   |

> Quoteworthy advice: never wait for your turn.

1. Outer first step
   - Inner detail
   - Inner caveat
2. Outer second step

Here is the secret: ![Diagram of a fall](../secret.png) and nothing more.
"""


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("designer")
    (root / "secret.png").write_text(SECRET)
    deck_dir = root / "deck"
    shutil.copytree(DATA / "decks" / "minimal", deck_dir)
    (deck_dir / "rulebook.md").write_text(RULEBOOK)
    return write_rulebook(load_deck(deck_dir), root / "book.pdf").path


def _box(path: Path, word: str) -> tuple[float, float]:
    """(left, baseline-ish bottom) of the first occurrence of ``word`` on page 1, in points."""
    document = pypdfium2.PdfDocument(str(path))
    try:
        page = document[0]
        text = page.get_textpage()
        found = text.search(word, match_case=True).get_next()
        assert found is not None, f"{word!r} is not on page 1"
        left, bottom, _, _ = text.get_charbox(found[0])
        return left, bottom
    finally:
        document.close()


def test_a_table_keeps_its_rows_and_columns(book: Path) -> None:
    alpha, two, draw = _box(book, "Alpha"), _box(book, "2"), _box(book, "Draw one")
    bravo, skip = _box(book, "Bravo"), _box(book, "Skip the")
    assert alpha[1] == pytest.approx(draw[1], abs=2)  # one row, one baseline
    assert bravo[1] == pytest.approx(skip[1], abs=2)
    assert bravo[1] < alpha[1] - 5  # the second row below the first
    assert alpha[0] == pytest.approx(bravo[0], abs=1)  # one column, one left edge
    assert draw[0] == pytest.approx(skip[0], abs=1)
    assert alpha[0] < two[0] < draw[0]
    assert "Card" in pdf_text(book) and "Copies" in pdf_text(book)


def test_a_block_quote_is_set_in_from_the_text(book: Path) -> None:
    body, quote = _box(book, "The cards are dealt"), _box(book, "Quoteworthy")
    assert quote[0] > body[0] + 5


def test_a_nested_list_is_indented_under_its_item(book: Path) -> None:
    outer, inner, second = _box(book, "Outer first"), _box(book, "Inner detail"), _box(book, "Outer second")
    assert inner[0] > outer[0] + 5
    assert outer[0] == pytest.approx(second[0], abs=1)
    assert outer[1] > inner[1] > second[1]  # in reading order, top to bottom


def test_an_image_is_never_loaded_its_alt_text_is_printed(book: Path) -> None:
    text = " ".join(pdf_text(book).split())
    assert "Diagram of a fall" in text
    assert "canary" not in text
    assert SECRET.encode() not in book.read_bytes()

"""A list's last item, or the note right after a list, never opens a page alone: read from the PDF's
pages, for every shipped rulebook in English and French (A4)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest

from cardgen.build import translator_for
from cardgen.loading import load_deck
from cardgen.rulebook.builder import _Story, load_document, write_rulebook
from cardgen.rulebook.styles import geometry, make_styles
from tests.conftest import ROOT
from tests.rulebook.conftest import letters

SNIPPET = 24
"""Letters compared: enough to find a sentence, few enough to sit on one line."""


def _page_of(pages: list[str], snippet: str) -> int | None:
    return next((index for index, text in enumerate(pages) if snippet in text), None)


def list_tails(deck, language: str) -> list[tuple[str, str, str | None]]:  # type: ignore[no-untyped-def]
    """(end of the next-to-last item, start of the last item, start of the note after the list) per list."""
    translate = translator_for(deck, language)
    geo = geometry("a4", booklet=False)
    document = load_document(deck)
    story = _Story(deck, document, translate=translate, language=language, geo=geo,
                   styles=make_styles(geo, language))
    tails = []
    blocks = document.blocks
    for index, block in enumerate(blocks):
        if block.kind != "list" or len(block.units) < 2:
            continue
        following = blocks[index + 1] if index + 1 < len(blocks) else None
        note = None
        if following is not None and following.kind == "paragraph" and "note" in following.classes:
            note = letters(story.plain(following.units[0]))[:SNIPPET]
        tails.append((letters(story.plain(block.units[-2]))[-SNIPPET:], letters(story.plain(block.units[-1]))[:SNIPPET],
                      note))
    return tails


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("deck_name", ["falling", "fall-damage", "falling-off"])
def test_no_list_ends_alone_at_the_top_of_a_page(tmp_path: Path, deck_name: str, language: str) -> None:
    deck = load_deck(ROOT / "decks" / deck_name)
    pdf = tmp_path / "rulebook.pdf"
    write_rulebook(deck, pdf, translate=translator_for(deck, language), language=language)
    document = pypdfium2.PdfDocument(str(pdf))
    pages = [letters(document[i].get_textpage().get_text_range()) for i in range(len(document))]
    document.close()
    checked = 0
    for before_last, last, note in list_tails(deck, language):
        where_before, where_last = _page_of(pages, before_last), _page_of(pages, last)
        if where_before is None or where_last is None:
            continue  # a list drawn as a picture (a card) or in a table: not typeset text
        checked += 1
        assert where_before == where_last, f"page {where_last + 1} opens with a list's last item: {last}…"
        if note is not None:
            assert _page_of(pages, note) == where_last, f"a note after a list opens page {_page_of(pages, note)}: {note}…"
    assert checked >= 3

"""A rulebook with a contents page is laid out twice, not three times, and its contents are right."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pytest

from cardgen.loading import load_deck
from cardgen.rulebook import builder
from cardgen.rulebook.builder import write_rulebook
from cardgen.rulebook.flowables import BookDoc
from tests.conftest import FALLING


def test_the_falling_rulebook_takes_two_passes_and_every_contents_entry_names_its_page(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    passes: list[int] = []
    build = BookDoc.build
    monkeypatch.setattr(BookDoc, "build", lambda self, *a, **k: (passes.append(1), build(self, *a, **k))[1])
    result = write_rulebook(load_deck(FALLING), tmp_path / "rules.pdf")
    assert len(passes) == 2
    reader = pypdf.PdfReader(result.path)
    pages = [page.extract_text() for page in reader.pages]
    # pypdf reads each contents line as its dot leaders and page number, then its title
    entries = [(title, number) for number, title in re.findall(r"^[ .]+ (\d+)\n(\S[^\n]*)$", pages[0], flags=re.MULTILINE)]
    starts = {item.title: reader.get_destination_page_number(item) + 1 for item in reader.outline
              if not isinstance(item, list)}  # each chapter's bookmark: the page it starts on
    listed = {title.strip(): int(number) for title, number in entries if title.strip() in starts}
    assert len(listed) >= 10
    assert listed == {title: starts[title] for title in listed}

def test_without_seeding_the_same_book_takes_three(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    passes: list[int] = []
    build = BookDoc.build
    monkeypatch.setattr(BookDoc, "build", lambda self, *a, **k: (passes.append(1), build(self, *a, **k))[1])
    monkeypatch.setattr(builder, "seed_contents", lambda story: 0)
    write_rulebook(load_deck(FALLING), tmp_path / "rules.pdf")
    assert len(passes) == 3

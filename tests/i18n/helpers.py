"""Shared helpers for the i18n tests: the fixture deck and PO line lookups."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.conftest import DATA

I18N = DATA / "i18n"


def tiny_deck(tmp_path: Path, catalog: str | None = None, *, language: str = "fr") -> Path:
    """A copy of the fixture deck, with ``tests/data/i18n/<catalog>.po`` as its catalog."""
    folder = tmp_path / "tiny"
    shutil.copytree(I18N / "deck", folder)
    if catalog:
        (folder / "locale").mkdir()
        shutil.copy(I18N / f"{catalog}.po", folder / "locale" / f"{language}.po")
    return folder


def entry_line(po: Path, context: str) -> int:
    """1-based line of the ``msgid`` of the entry with ``context``."""
    lines = po.read_text(encoding="utf-8").splitlines()
    start = lines.index(f'msgctxt "{context}"')
    return next(i for i in range(start, len(lines)) if lines[i].startswith("msgid ")) + 1


def yaml_line(deck_file: Path, text: str) -> int:
    """1-based line of the first line of ``deck_file`` containing ``text``."""
    return next(i for i, line in enumerate(deck_file.read_text().splitlines(), start=1) if text in line)

"""Where each deck string is written: the lines translators see in the catalogs."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.i18n.messages import deck_messages
from cardgen.loading import load_deck
from tests.conftest import DATA, ROOT

DECKS = sorted(p for p in (ROOT / "decks").iterdir() if (p / "deck.yaml").is_file()) + [DATA / "decks" / "csv-cards"]


@pytest.mark.parametrize("folder", DECKS, ids=lambda p: p.name)
def test_the_deck_file_as_loaded_gives_the_lines_a_fresh_read_gives(folder: Path) -> None:
    """deck_messages reuses the file load_deck read; reading it again must not place any string elsewhere."""
    deck = load_deck(folder)
    assert deck._located is not None
    reused = deck_messages(deck)
    deck._located = None
    fresh = deck_messages(deck)
    assert reused == fresh
    assert all(m.line for m in reused if not m.context.startswith("sheet:"))

"""No near-empty page in a walkthrough handout, for both games, both languages, A4 and Letter.

The fill of a page is how far down its text frame the ink reaches, read from the rendered PDF. The
cover either carries the start of the content or is set as a title page (its text lowered into the
page), never a block of text at the top of an empty page; a page before the last is at least half
full (two frames or a step that do not fit leave some room, not most of the page); the last page —
FALLING's last outcome and the answers, Falling Off's closing words — more than the answers alone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.build import translator_for
from cardgen.games.falling_off.walkthrough import _geometry as falling_off_geometry
from cardgen.loading import load_deck
from cardgen.walkthrough.handout import handout_geometry
from cardgen.walkthrough.registry import WalkthroughOptions, find_walkthrough
from tests.conftest import ROOT
from tests.page_fill import page_fills

COVER = 0.7
INNER = 0.55
LAST = 0.4

CASES = [("falling-off", "en", "a4", None), ("falling-off", "en", "letter", None), ("falling-off", "fr", "a4", None),
         ("falling-off", "fr", "letter", None), ("falling", "en", "a4", 4), ("falling", "fr", "letter", 4),
         ("falling", "fr", "a4", 10), ("falling", "fr", "letter", 6)]


@pytest.mark.parametrize(("deck_name", "language", "paper", "players"), CASES,
                         ids=[f"{d}-{lang}-{p}-{n or 2}p" for d, lang, p, n in CASES])
def test_no_page_of_the_handout_is_near_empty(tmp_path: Path, deck_name: str, language: str, paper: str,
                                              players: int | None) -> None:
    deck = load_deck(ROOT / "decks" / deck_name)
    writer = find_walkthrough(deck.game)
    assert writer is not None
    target = tmp_path / "walkthrough.pdf"
    writer(deck, target, translate=translator_for(deck, language), language=language,
           options=WalkthroughOptions(paper=paper, players=players))
    geo = falling_off_geometry(paper) if deck_name == "falling-off" else handout_geometry(paper)
    fills = page_fills(target, geo)
    shown = " ".join(f"{fill:.2f}" for fill in fills)
    assert len(fills) > 2, shown
    problems = [f"the cover's text ends {fills[0]:.0%} down its page"] if fills[0] < COVER else []
    problems += [f"p. {page} is {fill:.0%} full" for page, fill in enumerate(fills[1:-1], start=2) if fill < INNER]
    if fills[-1] < LAST:
        problems.append(f"the last page (p. {len(fills)}) is {fills[-1]:.0%} full")
    assert not problems, f"{'; '.join(problems)} (pages: {shown})"

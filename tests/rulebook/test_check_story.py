"""``validate`` checks a rulebook without typesetting it: what it refuses is what the build refuses.

:func:`check_story` skips two costly things the build does: it sets no text in paragraphs and
draws no diagram, checking only that the deck holds the cards each diagram draws. These tests
hold it to the real thing: each case is checked and built, and both give the same error (or
none); every registered diagram draws for every deck that has the cards it needs.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.games import load_games
from cardgen.i18n.catalogs import catalog_languages
from cardgen.i18n.translator import translator_for
from cardgen.loading import load_deck
from cardgen.rulebook.builder import build_story, check_story
from cardgen.rulebook.diagrams import DIAGRAMS, DRAWN_TO_CHECK, NEEDS, ready_diagram
from cardgen.rulebook.styles import geometry
from tests.conftest import DATA, ROOT

CASES = {
    "plain": "# Rules {#rules}\n\nThe deck holds {{ total }} cards.\n",
    "card-names": "# Rules\n\n{{ name.one }} and [[one]], then [[icon:action]].\n",
    "unknown-card": "# Rules\n\nPlay [[nope]].\n",
    "unknown-icon": "# Rules\n\nPlay [[icon:nope]].\n",
    "unknown-card-in-a-heading": "# Play [[nope]]\n",
    "unknown-card-in-a-list": "# R\n\n- one\n- [[nope]]\n",
    "unknown-card-in-a-table": "# R\n\n|a|b|\n|-|-|\n|1|[[nope]]|\n",
    "unknown-card-in-a-quote": "# R\n\n> a quote with [[nope]]\n",
    "undefined-value": "# R\n\n{{ undefined_value }}\n",
    "value-in-a-sub-heading": "# R\n\n### {{ undefined_value }}\n",
    "broken-template": "# R\n\n{% if %}\n",
    "too-much-work": "# R\n\n{{ 'x' * 200000 }}\n",
    "unknown-directive": "# R\n\n```cardgen\nnot-a-directive\n```\n",
    "directives": "# R\n\n```cardgen\ncontents\n```\n\n```cardgen\ncomponents\n```\n\n```cardgen\nteaching\n```\n",
    "unknown-diagram": "# R\n\n```cardgen\ndiagram: nope\n```\n",
    "diagram-without-its-cards": "# R\n\n```cardgen\ndiagram: falling-table\n```\n\nCaption {.caption}\n\nText.\n",
    "diagram-of-another-game": "# R\n\n```cardgen\ndiagram: falling-off-push\n```\n",
    "diagram-of-the-deck-s-faces": "# R\n\n```cardgen\ndiagram: falling-off-markers\n```\n",
    "card-types-with-an-unknown-type": "# R\n\n```cardgen\ncard-types\ntypes: nope\n```\n",
    "stats-table-without-fields": "# R\n\n```cardgen\nstats-table\n```\n",
    "card-faces-of-no-card": "# R\n\n```cardgen\ncard-faces\ncards: nope\n```\n",
    "clarification": "# R\n\nA ruling on [[nope]]. {.clarification}\n",
    "links-and-code": "# R\n\nSee [the rules](#rules), `--paper a4` and <b>not a tag</b> & co.\n",
}


def _outcome(run, *args, **kwargs) -> str | None:  # type: ignore[no-untyped-def]
    """The error ``run(*args, **kwargs)`` raises, as text (None when it raises none)."""
    try:
        run(*args, **kwargs)
    except Exception as error:  # noqa: BLE001  (a crash must be the same crash)
        return f"{type(error).__name__}: {error}"
    return None


@pytest.mark.parametrize("case", sorted(CASES))
def test_checking_a_rulebook_refuses_what_building_it_refuses(case: str, tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    shutil.copytree(DATA / "decks" / "minimal", folder)
    (folder / "rulebook.md").write_text(CASES[case], encoding="utf-8")
    deck = load_deck(folder)
    checked = _outcome(check_story, deck)
    built = _outcome(build_story, deck)
    assert checked == built
    if case.startswith(("unknown", "undefined", "broken", "too-much", "diagram-without", "card-types-with",
                        "stats-table-without", "card-faces-of", "value-in", "clarification")):
        assert checked is not None, case


def _decks() -> list[Path]:
    shipped = sorted(p for p in (ROOT / "decks").iterdir() if (p / "deck.yaml").is_file())
    ours = sorted(p for p in (DATA / "decks").iterdir() if (p / "deck.yaml").is_file() and p.name != "bad")
    return shipped + ours


def test_every_diagram_draws_for_every_deck_that_has_the_cards_it_needs() -> None:
    """What lets ``validate`` skip drawing diagrams: the cards a diagram needs are all it needs from a deck
    (diagrams registered ``draw_to_check`` aside: validate draws them)."""
    load_games()
    assert DIAGRAMS and any(NEEDS.values())
    widths = (geometry("a4", booklet=False).frame_width, geometry("a4", booklet=True).frame_width)
    refused = drawn = 0
    for folder in _decks():
        deck = load_deck(folder)
        for language in ["en", *catalog_languages(deck)]:
            translate = translator_for(deck, language, allow_untranslated=True)
            for name, maker in sorted(DIAGRAMS.items()):
                if name in DRAWN_TO_CHECK:
                    continue
                ready = _outcome(ready_diagram, deck, name)
                for width in widths:
                    assert _outcome(maker, deck, translate, width=width) == ready, (folder.name, name)
                    refused += ready is not None
                    drawn += ready is None
    assert refused and drawn

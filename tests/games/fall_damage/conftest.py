"""The Fall Damage kit built once per test session: rulebooks and card sheets, in English and French."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.build import translator_for
from cardgen.loading import load_deck
from cardgen.model.deck import DeckSpec
from cardgen.render.sheets import write_sheets
from cardgen.rulebook.builder import write_rulebook
from tests.conftest import ROOT

FALL_DAMAGE = ROOT / "decks" / "fall-damage"


@pytest.fixture(scope="session")
def fd_deck() -> DeckSpec:
    return load_deck(FALL_DAMAGE)


@pytest.fixture(scope="session")
def fd_books(tmp_path_factory, fd_deck: DeckSpec) -> dict[str, Path]:  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("fall-damage")
    return {lang: write_rulebook(fd_deck, folder / f"rulebook-{lang}.pdf", translate=translator_for(fd_deck, lang),
                                 language=lang).path for lang in ("en", "fr")}


@pytest.fixture(scope="session")
def fd_cards_fr(tmp_path_factory, fd_deck: DeckSpec) -> Path:  # type: ignore[no-untyped-def]
    target = tmp_path_factory.mktemp("fall-damage-cards") / "cards-fr.pdf"
    return write_sheets(fd_deck, target, translate=translator_for(fd_deck, "fr"), language="fr").path

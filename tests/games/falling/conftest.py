"""The FALLING walkthrough planned once per session: the stage games and their plans, EN and FR."""

from __future__ import annotations

import pytest

from cardgen.build import translator_for
from cardgen.loading import load_deck
from cardgen.model.deck import DeckSpec
from cardgen.games.falling.walkthrough_plan import StageGame, stage_plan
from cardgen.games.falling.walkthrough import play_stages
from cardgen.walkthrough.handout import StagePlan
from tests.conftest import FALLING


@pytest.fixture(scope="session")
def deck() -> DeckSpec:
    return load_deck(FALLING)


@pytest.fixture(scope="session")
def games(deck: DeckSpec) -> list[StageGame]:
    return play_stages(deck, players=4, seed=1)


@pytest.fixture(scope="session")
def plans(deck: DeckSpec, games: list[StageGame]) -> dict[str, list[StagePlan]]:
    return {lang: [stage_plan(deck, game, translate=translator_for(deck, lang), number=n, language=lang)
                   for n, game in enumerate(games, start=1)] for lang in ("en", "fr")}

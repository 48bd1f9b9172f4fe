"""The FALLING rulebook built once per test session, in English and in French (A4)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.build import translator_for
from cardgen.loading import load_deck
from cardgen.rulebook.builder import RulebookResult, write_rulebook
from tests.conftest import FALLING


def letters(text: str) -> str:
    """Only letters and digits, lower-cased: immune to line breaks, hyphenation and spacing."""
    return re.sub(r"[\W_]+", "", text).casefold()


@pytest.fixture(scope="session")
def rulebooks(tmp_path_factory) -> dict[str, RulebookResult]:  # type: ignore[no-untyped-def]
    deck = load_deck(FALLING)
    folder = tmp_path_factory.mktemp("rulebooks")
    return {lang: write_rulebook(deck, folder / f"rulebook-{lang}.pdf", translate=translator_for(deck, lang), language=lang)
            for lang in ("en", "fr")}


@pytest.fixture(scope="session")
def rulebook_text(rulebooks) -> dict[str, str]:  # type: ignore[no-untyped-def]
    from tests.pdf_tools import pdf_text

    return {lang: pdf_text(result.path) for lang, result in rulebooks.items()}


@pytest.fixture
def falling_path() -> Path:
    return FALLING

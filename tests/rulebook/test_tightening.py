"""A book left with a short last page or a gappy inner page is tightened when that saves a page, in as few layout passes as that needs."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from reportlab.platypus import doctemplate

from cardgen.build import translator_for
from cardgen.loading import load_deck
from cardgen.rulebook import builder
from cardgen.rulebook.builder import write_rulebook
from tests.conftest import ROOT

FALL_DAMAGE = ROOT / "decks" / "fall-damage"


@pytest.fixture
def passes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the layout passes (``BaseDocTemplate.build`` calls) of what the test typesets."""
    counted = [0]
    build = doctemplate.BaseDocTemplate.build

    def counting(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        counted[0] += 1
        return build(self, *args, **kwargs)

    monkeypatch.setattr(doctemplate.BaseDocTemplate, "build", counting)
    return counted


def _french_fall_damage(path: Path) -> int:
    deck = load_deck(FALL_DAMAGE)
    return write_rulebook(deck, path, translate=translator_for(deck, "fr"), language="fr", paper="a4").pages


def test_the_french_fall_damage_book_is_tightened_to_a_page_less_in_three_passes(tmp_path: Path, passes: list[int],
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    tight = _french_fall_damage(tmp_path / "tight.pdf")
    assert passes[0] == 3  # the loose spacing's first pass, then the tighter one's two (was four)
    monkeypatch.setattr(builder, "SPACINGS", (1.0,))
    loose = _french_fall_damage(tmp_path / "loose.pdf")
    assert tight == loose - 1 == len(pypdf.PdfReader(tmp_path / "tight.pdf").pages)


def test_when_no_tighter_spacing_does_better_the_first_spacing_s_book_is_written_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(builder, "SPACINGS", (1.0,))
    alone = _french_fall_damage(tmp_path / "alone.pdf")
    monkeypatch.setattr(builder, "SPACINGS", (1.0, 1.0))  # a "tighter" spacing that saves nothing
    retried = _french_fall_damage(tmp_path / "retried.pdf")
    assert retried == alone
    assert (tmp_path / "retried.pdf").read_bytes() == (tmp_path / "alone.pdf").read_bytes()

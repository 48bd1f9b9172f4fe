"""Every shipped deck passes ``cardgen preflight --strict`` in every language, on A4 and Letter, in
every sheet layout — and its type colours stay apart in greyscale."""

from __future__ import annotations

import itertools

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.loading import load_deck
from cardgen.preflight.colours import families, lightness
from tests.conftest import ROOT

DECKS = sorted(path.name for path in (ROOT / "decks").iterdir() if (path / "deck.yaml").is_file())


@pytest.mark.parametrize("deck", DECKS)
def test_shipped_deck_passes_strict_preflight(deck: str) -> None:
    result = CliRunner().invoke(main, ["preflight", str(ROOT / "decks" / deck), "--strict",
                                       "--paper", "a4", "--paper", "letter",
                                       "--layout", "duplex", "--layout", "gutterfold", "--layout", "single"])
    assert result.exit_code == 0, result.output
    assert all(line.startswith("note: ") for line in result.stdout.splitlines()), result.stdout  # informational only
    assert "passes" in result.stderr


@pytest.mark.parametrize("deck", DECKS)
def test_type_colours_of_a_family_print_as_different_greys(deck: str) -> None:
    """Independent of preflight's own threshold: sorted by L*, neighbours are at least 15 apart."""
    spec = load_deck(ROOT / "decks" / deck)
    for names in families(spec).values():
        greys = sorted(lightness(spec.types[name].color) for name in names)
        assert all(b - a >= 15 for a, b in itertools.pairwise(greys)), (deck, names, [round(g) for g in greys])


@pytest.mark.slow
@pytest.mark.parametrize("deck", DECKS)
def test_shipped_books_have_no_text_under_8pt(deck: str) -> None:
    """The rulebook and walkthrough handout as built, EN and FR (the booklets: tests/preflight/test_books.py)."""
    result = CliRunner().invoke(main, ["preflight", str(ROOT / "decks" / deck), "--books", "--strict"])
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert "passes" in result.stderr


@pytest.mark.parametrize("deck", ["falling"])
@pytest.mark.parametrize("lang", ["en"])
def test_shipped_books_have_no_text_under_8pt_fast(deck: str, lang: str) -> None:
    """One deck's books in one language in the fast suite (rulebook and walkthrough, about 3 CPU seconds)."""
    result = CliRunner().invoke(main, ["preflight", str(ROOT / "decks" / deck), "--books", "--lang", lang, "--strict"])
    assert result.exit_code == 0, result.output

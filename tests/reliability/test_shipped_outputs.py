"""Every shipped deck, in every language, builds reproducibly into valid PDFs with embedded fonts."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pikepdf
import pypdf
import pytest

from cardgen.build import build_deck, find_decks
from cardgen.loading import load_deck
from tests.conftest import ROOT
from tests.pdf_tools import all_fonts, font_is_embedded

DECKS = find_decks(ROOT / "decks")


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict[str, tuple[list[Path], list[Path]]]:  # type: ignore[no-untyped-def]
    """Each deck built twice into separate folders."""
    result = {}
    for folder in DECKS:
        deck = load_deck(folder)
        first = build_deck(deck, tmp_path_factory.mktemp(f"{deck.deck}-1"))
        second = build_deck(load_deck(folder), tmp_path_factory.mktemp(f"{deck.deck}-2"))
        result[deck.deck] = (first, second)
    return result


def test_every_deck_builds_every_language(builds) -> None:  # type: ignore[no-untyped-def]
    assert "falling" in builds
    for name, (first, _) in builds.items():
        deck = load_deck(ROOT / "decks" / name)
        for language in deck.languages:
            assert any(p.name == f"cards-{language}.pdf" for p in first), (name, language)


def test_builds_are_byte_identical(builds) -> None:  # type: ignore[no-untyped-def]
    for name, (first, second) in builds.items():
        assert [p.name for p in first] == [p.name for p in second]
        for a, b in zip(first, second):
            assert hashlib.sha256(a.read_bytes()).digest() == hashlib.sha256(b.read_bytes()).digest(), (name, a.name)


def test_pdfs_are_valid_with_embedded_fonts_and_sane_boxes(builds) -> None:  # type: ignore[no-untyped-def]
    for name, (first, _) in builds.items():
        for path in first:
            if path.suffix != ".pdf":
                continue
            with pikepdf.open(path) as pdf:
                assert pdf.check_pdf_syntax() == [], (name, path.name)
            reader = pypdf.PdfReader(path)
            for font_name, font in all_fonts(reader).items():
                assert font_is_embedded(font), (path.name, font_name)
            for page in reader.pages:
                media = [float(v) for v in page.mediabox]
                trim = [float(v) for v in page.trimbox]
                bleed = [float(v) for v in page.bleedbox]
                assert media[0] <= bleed[0] <= trim[0] and trim[2] <= bleed[2] <= media[2], path.name
                assert media[1] <= bleed[1] <= trim[1] and trim[3] <= bleed[3] <= media[3], path.name

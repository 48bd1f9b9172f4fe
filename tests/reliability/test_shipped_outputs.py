"""Every shipped deck, in every language, builds reproducibly into valid PDFs with embedded fonts."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pikepdf
import pypdf
import pytest

from cardgen.build import find_decks, translator_for
from cardgen.loading import load_deck
from tests.conftest import ROOT
from tests.pdf_tools import all_fonts, font_is_embedded, pdf_text

DECKS = find_decks(ROOT / "decks")


def _build_in_a_fresh_process(deck_dir: Path, out: Path, hash_seed: str) -> list[Path]:
    """``cardgen build`` in its own interpreter: nothing cached, and its own string-hash seed."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": hash_seed}
    result = subprocess.run([sys.executable, "-m", "cardgen.cli", "build", str(deck_dir), "--out", str(out)],
                            capture_output=True, text=True, env=env, timeout=300)
    assert result.returncode == 0, result.stderr
    return sorted(p for p in out.rglob("*") if p.is_file())


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict[str, tuple[list[Path], list[Path]]]:  # type: ignore[no-untyped-def]
    """Each deck built twice, in two fresh processes with different hash seeds."""
    result = {}
    for folder in DECKS:
        deck = load_deck(folder)
        first = _build_in_a_fresh_process(folder, tmp_path_factory.mktemp(f"{deck.deck}-1"), "1")
        second = _build_in_a_fresh_process(folder, tmp_path_factory.mktemp(f"{deck.deck}-2"), "4242")
        result[deck.deck] = (first, second)
    return result


def _words(text: str) -> str:
    return " ".join(text.split())


def test_every_deck_builds_every_language(builds) -> None:  # type: ignore[no-untyped-def]
    """Each language's card sheets carry every card's name in that language, and its rulebook the translated title."""
    assert {"falling", "fall-damage", "falling-off"} <= set(builds)
    for name, (first, _) in builds.items():
        deck = load_deck(ROOT / "decks" / name)
        for language in deck.languages:
            translate = translator_for(deck, language)
            files = {p.name: p for p in first}
            english = _words(pdf_text(files["cards-en.pdf"]))
            cards = _words(pdf_text(files[f"cards-{language}.pdf"]))
            shown = [card for card in deck.cards if card.name in english or card.name.upper() in english]
            assert shown or name == "falling-off", f"{name}: no card name on the English sheets"
            for card in shown:  # (Falling Off's markers show a symbol, not a name)
                card_name = _words(translate(f"card:{card.id}.name", card.name))
                assert card_name in cards or card_name.upper() in cards, (name, language, card_name)
            if f"rulebook-{language}.pdf" in files:
                book = _words(pdf_text(files[f"rulebook-{language}.pdf"]))
                assert _words(translate("deck:title", deck.title)) in book, (name, language)


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

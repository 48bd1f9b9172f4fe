"""Hostile or careless input never reaches outside the deck and output folders, nor reportlab markup."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from cardgen.cli import main
from tests.conftest import FALLING


def _tree(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def test_a_build_writes_only_into_its_output_folder(runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    work = tmp_path / "work"
    shutil.copytree(FALLING, work / "decks" / "falling")
    (work / "notes.txt").write_text("left alone")
    monkeypatch.chdir(work)
    before = _tree(work)
    result = runner.invoke(main, ["build"])
    assert result.exit_code == 0, result.output
    after = _tree(work)
    changed = {path for path in after if before.get(path) != after[path]}
    assert changed and all(path.startswith("output/") for path in changed), sorted(changed)[:5]
    assert all(after.get(path) == digest for path, digest in before.items())  # nothing changed or removed
    assert not list(tmp_path.glob("*.tmp")) and set(p.name for p in tmp_path.iterdir()) == {"work"}


def test_markup_in_a_translated_caption_is_printed_as_text(tmp_path: Path) -> None:
    from cardgen.build import translator_for
    from cardgen.i18n.catalogs import catalog_path, read_catalog, write_catalog
    from cardgen.loading import load_deck
    from cardgen.games.falling.walkthrough import write_falling_walkthrough
    from cardgen.walkthrough.registry import WalkthroughOptions
    from tests.pdf_tools import pdf_text

    deck_dir = tmp_path / "falling"
    shutil.copytree(FALLING, deck_dir)
    deck = load_deck(deck_dir)
    catalog = read_catalog(catalog_path(deck, "fr"))
    for message in catalog:
        if message.context == "caption:GameStarted.deck":  # a counted string: its singular and plural forms
            message.string = ('<img src="/etc/passwd"/> {count} carte & <b>x</b>.', '<img src="/etc/passwd"/> {count} cartes & <b>x</b>.')
    write_catalog(catalog_path(deck, "fr"), catalog)
    target = tmp_path / "w.pdf"
    write_falling_walkthrough(deck, target, translate=translator_for(deck, "fr"), language="fr",
                              options=WalkthroughOptions())
    text = pdf_text(target).replace("\n", " ")
    assert '<img src="/etc/passwd"/> 27 cartes & <b>x</b>.' in text

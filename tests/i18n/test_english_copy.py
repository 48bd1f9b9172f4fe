"""English pasted into a msgstr is not a translation: ``i18n check``, ``validate`` and ``build``
refuse it, and they refuse a translation off the glossary alike (FINDINGS F21)."""

from __future__ import annotations

import shutil
from pathlib import Path

import polib
import pytest

from cardgen.cli import main
from cardgen.i18n.checks import english_copy
from tests.conftest import ROOT

COPIED = ("rulebook:winning.1", "rulebook:strategy.1", "caption:CardPickedUp", "walkthrough:lead.2")


@pytest.mark.parametrize("text", [
    "The game ends when only one player has not hit the ground.",
    "fold here",
    "{player} picks up **{card}** from the top of a stack.",
])
def test_an_english_sentence_copied_is_not_a_translation(text: str) -> None:
    assert english_copy(text, text)
    assert english_copy(text, text + " ")  # a stray space does not make it French


@pytest.mark.parametrize("text", [
    "FALLING", "Extra", "Pause", "Jasper Wentworth", "{title} · {page}", "{rider} + {extra}",
    "{piece} {origin} → {target}, {becomes}", "3 × 3", "Agile",
])
def test_names_numbers_and_placeholders_may_stay_the_same(text: str) -> None:
    assert not english_copy(text, text)


def test_a_real_translation_is_not_a_copy() -> None:
    assert not english_copy("fold here", "pliez ici")


def _project_copy(tmp_path: Path, changes: dict[str, str | None]) -> Path:
    """decks/falling with docs/glossary-fr.md beside it; each context's msgstr set (None: to the English)."""
    (tmp_path / "docs").mkdir()
    shutil.copy(ROOT / "docs" / "glossary-fr.md", tmp_path / "docs")
    folder = tmp_path / "decks" / "falling"
    shutil.copytree(ROOT / "decks" / "falling", folder, ignore=shutil.ignore_patterns("output"))
    po_path = folder / "locale" / "fr.po"
    po = polib.pofile(str(po_path), wrapwidth=0)
    for entry in po:
        if entry.msgctxt in changes:
            entry.msgstr = changes[entry.msgctxt] or entry.msgid
    po.save(str(po_path))
    return folder


def _strings(folder: Path) -> int:
    """How many strings the deck's catalog must cover (they grow as the game's texts do)."""
    from cardgen.i18n.messages import extract_messages
    from cardgen.loading import load_deck

    return len(extract_messages(load_deck(folder)))


def test_check_reports_each_copied_entry(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = _project_copy(tmp_path, dict.fromkeys(COPIED))
    result = runner.invoke(main, ["i18n", "check", str(folder), "fr"])
    assert result.exit_code == 1, result.output
    total = _strings(folder)
    assert f"{total - 4}/{total} translated (99%), 0 fuzzy, 4 missing" in result.output.splitlines()[0]
    copied = {line.split(": ")[1] for line in result.output.splitlines()
              if ": untranslated: the translation is the English text, unchanged" in line}
    assert copied == set(COPIED)


@pytest.mark.parametrize("command", [["validate"], ["build", "--lang", "fr"]])
def test_validate_and_build_refuse_english_copies(runner, tmp_path: Path, command: list[str]) -> None:  # type: ignore[no-untyped-def]
    folder = _project_copy(tmp_path, dict.fromkeys(COPIED))
    out = tmp_path / "out"
    extra = ["-o", str(out)] if command[0] == "build" else []
    result = runner.invoke(main, [command[0], str(folder), *command[1:], *extra])
    assert result.exit_code == 1, result.output
    assert "caption:CardPickedUp: untranslated" in result.output
    assert f"4 of {_strings(folder)} strings are not ready in 'fr'" in result.output
    assert not out.exists() or not list(out.rglob("*.pdf"))


@pytest.mark.parametrize("command", [["validate"], ["build", "--lang", "fr"]])
def test_validate_and_build_refuse_a_translation_off_the_glossary(runner, tmp_path: Path, command: list[str]) -> None:  # type: ignore[no-untyped-def]
    folder = _project_copy(tmp_path, {"rule:stop_rider": "Stop sur un Rider"})
    out = tmp_path / "out"
    extra = ["-o", str(out)] if command[0] == "build" else []
    result = runner.invoke(main, [command[0], str(folder), *command[1:], *extra])
    assert result.exit_code == 1, result.output
    assert "rule:stop_rider: glossary: 'Rider' is translated 'consigne'" in result.output
    assert "1 off the glossary in 'fr'" in result.output
    assert not out.exists() or not list(out.rglob("*.pdf"))


def test_allow_untranslated_uses_an_off_glossary_translation_and_says_so(tmp_path: Path) -> None:
    from cardgen.i18n import load_translator
    from cardgen.loading import load_deck

    folder = _project_copy(tmp_path, {"rule:stop_rider": "Stop sur un Rider", "caption:CardPickedUp": None})
    notes: list[str] = []
    translate = load_translator(load_deck(folder), "fr", allow_untranslated=True, notes=notes)
    assert notes == [f"fr: 1 of {_strings(folder)} strings are not translated; English is used for them",
                     "fr: 1 translated string does not keep to the glossary; "
                     f"'cardgen i18n check {folder} fr' lists them"]
    assert translate("rule:stop_rider", "Stop on a Rider") == "Stop sur un Rider"

"""A language the typography pass has no rules for is told so once; French advice about spaces is
given for French only (FINDINGS F8, F11)."""

from __future__ import annotations

from pathlib import Path

from cardgen.cli import main
from cardgen.i18n import load_translator
from cardgen.i18n.checks import typography_warnings
from cardgen.i18n.typography import missing_rules
from cardgen.loading import load_deck
from tests.i18n.helpers import tiny_deck


def test_only_languages_without_rules_get_the_note() -> None:
    assert missing_rules("fr") is None and missing_rules("fr_CA") is None and missing_rules("en") is None
    note = missing_rules("de-AT")
    assert note is not None and note.startswith("cardgen has no typography rules for 'de'")
    assert "„ “" in note


def test_typed_spaces_warn_in_french_only() -> None:
    text = "Insgesamt:\u00a0{count} Karten"
    assert typography_warnings(text, "fr")[0].endswith("the typography pass places French spaces itself")
    assert typography_warnings(text, "de") == []
    assert typography_warnings("\u22121 Bewegung", "de") == [
        "warning: typography: types its own minus sign (U+2212); type a hyphen, the pass sets the minus"]


def test_check_says_it_once_for_german_and_not_for_french(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    german = runner.invoke(main, ["i18n", "check", str(tiny_deck(tmp_path / "de", "typed-spaces", language="de")), "de"])
    assert german.exit_code == 0, german.output
    assert german.output.count("note: cardgen has no typography rules for 'de'") == 1
    assert "French spaces" not in german.output
    french = runner.invoke(main, ["i18n", "check", str(tiny_deck(tmp_path / "fr", "typed-spaces")), "fr"])
    assert "note:" not in french.output and "French spaces" in french.output


def test_init_and_build_say_it_too(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tiny_deck(tmp_path)
    result = runner.invoke(main, ["i18n", "init", str(folder), "es"])
    assert result.exit_code == 0
    assert "note: cardgen has no typography rules for 'es'" in result.output
    notes: list[str] = []
    load_translator(load_deck(folder), "es", allow_untranslated=True, notes=notes)
    assert any(n.startswith("es: cardgen has no typography rules for 'es'") for n in notes)

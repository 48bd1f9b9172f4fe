"""``cardgen i18n check``: fixture catalogs, each named after its case, give the right lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.cli import main
from tests.i18n.helpers import entry_line, tiny_deck, yaml_line


def _check(runner, folder: Path):  # type: ignore[no-untyped-def]
    return runner.invoke(main, ["i18n", "check", str(folder), "fr"])


def test_complete_catalog_passes(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = _check(runner, tiny_deck(tmp_path, "complete"))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("fr: 25/25 translated (100%), 0 fuzzy, 0 missing, 0 with problems")


def test_placeholder_fuzzy_and_missing_entries_fail_with_their_lines(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tiny_deck(tmp_path, "placeholder-fuzzy-missing")
    po = folder / "locale" / "fr.po"
    result = _check(runner, folder)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].startswith("fr: 22/25 translated (88%), 1 fuzzy, 1 missing, 1 with problems")
    draw, gift = entry_line(po, "card:draw.text"), entry_line(po, "card:gift.text")
    rest = yaml_line(folder / "deck.yaml", "name: Rest")
    assert lines[1:] == [
        f"{po}:{draw}: card:draw.text: placeholder {{count}} of the source is missing from the translation",
        f"{po}:{draw}: card:draw.text: placeholder {{nombre}} is not in the source",
        f"{po}:{gift}: card:gift.text: fuzzy: the English changed since this was translated; check the "
        "translation, then remove the fuzzy flag",
        f"{folder / 'deck.yaml'}:{rest}: card:rest.name: missing: not in fr.po (run 'cardgen i18n update {folder}')",
    ]


def test_broken_placeholders_of_both_styles(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tiny_deck(tmp_path, "broken-placeholder")
    po = folder / "locale" / "fr.po"
    result = _check(runner, folder)
    assert result.exit_code == 1
    gift = entry_line(po, "card:gift.text")
    assert f"{po}:{gift}: card:gift.text: placeholder %(name)s of the source is missing from the translation" in result.output
    assert f"{po}:{gift}: card:gift.text: placeholder %(nom)s is not in the source" in result.output
    assert "2 with problems" in result.output.splitlines()[0]


@pytest.mark.parametrize("catalog, context, problem", [
    ("broken-markup", "card:gift.text", "markup **bold** of the source is missing from the translation"),
    ("fuzzy-entry", "card:rest.text", "fuzzy: the English changed"),
    ("missing-entry", "card:gift.name", "missing: not translated yet"),
])
def test_each_problem_points_at_its_entry(runner, tmp_path: Path, catalog: str, context: str, problem: str) -> None:  # type: ignore[no-untyped-def]
    folder = tiny_deck(tmp_path, catalog)
    po = folder / "locale" / "fr.po"
    result = _check(runner, folder)
    assert result.exit_code == 1
    assert f"{po}:{entry_line(po, context)}: {context}: {problem}" in result.output


def test_a_broken_po_file_is_one_line_with_its_position(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tiny_deck(tmp_path, "broken-syntax")
    result = _check(runner, folder)
    assert result.exit_code == 1
    assert f"{folder / 'locale' / 'fr.po'}:8: not a valid PO file" in result.output


def test_check_without_language_checks_every_catalog(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tiny_deck(tmp_path, "complete")
    assert runner.invoke(main, ["i18n", "init", str(folder), "de"]).exit_code == 0
    result = runner.invoke(main, ["i18n", "check", str(folder)])
    assert result.exit_code == 1
    summaries = [line for line in result.output.splitlines() if not line.startswith((str(folder), "note:"))]
    assert summaries[0].startswith("de: 0/25 translated (0%), 0 fuzzy, 25 missing")
    assert summaries[1].startswith("fr: 25/25 translated (100%)")


def test_a_glyph_the_fonts_lack_is_a_problem(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tiny_deck(tmp_path, "complete")
    po = folder / "locale" / "fr.po"
    po.write_text(po.read_text().replace('msgstr "Repos"', 'msgstr "休息"'))
    result = _check(runner, folder)
    assert result.exit_code == 1
    assert "card:rest.name: character '休' (U+4F11) '息' (U+606F) is not in the bundled fonts" in result.output


def test_each_string_with_a_glyph_the_fonts_lack_is_a_problem_not_only_the_first(tmp_path: Path) -> None:
    """Characters are looked up in the fonts once per catalog; every later string using one is still caught."""
    from cardgen.i18n.checks import check_catalog
    from cardgen.loading import load_deck

    folder = tiny_deck(tmp_path, "complete")
    po = folder / "locale" / "fr.po"
    po.write_text(po.read_text().replace('msgstr "Repos"', 'msgstr "Repos 休"')
                  .replace('msgstr "Ne faites rien à ce tour."', 'msgstr "Ne faites rien 休 à ce tour 息."'))
    report = check_catalog(load_deck(folder), "fr")
    glyphs = [(p.field, p.message) for p in report.problems if p.message.startswith("character")]
    assert glyphs == [("card:rest.name", "character '休' (U+4F11) is not in the bundled fonts"),
                      ("card:rest.text", "character '休' (U+4F11) '息' (U+606F) is not in the bundled fonts")]
    assert report.translated == 23


def test_the_shipped_french_catalog_is_complete(runner, falling_dir: Path) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["i18n", "check", str(falling_dir), "fr"])
    assert result.exit_code == 0, result.output
    assert "100%" in result.output


def test_a_placeholder_the_source_repeats_may_appear_once(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """``{count} … {count}`` in English and one ``{count}`` in French ("défaussez-en autant"): a
    pronoun for the second mention is good French, and msgfmt -c accepts it (FINDINGS F10). Only a
    placeholder gone altogether is reported."""
    folder = tiny_deck(tmp_path, "complete")
    deck, po = folder / "deck.yaml", folder / "locale" / "fr.po"
    deck.write_text(deck.read_text().replace("Draw {count} cards, then pass.", "Draw {count} cards, then discard {count}."))
    po.write_text(po.read_text().replace(
        'msgid "Draw {count} cards, then pass."\nmsgstr "Piochez {count} cartes, puis passez."',
        'msgid "Draw {count} cards, then discard {count}."\nmsgstr "Piochez {count} cartes, puis défaussez-en autant."'))
    result = _check(runner, folder)
    assert result.exit_code == 0, result.output
    po.write_text(po.read_text().replace("Piochez {count} cartes, puis défaussez-en autant.", "Piochez, puis défaussez."))
    result = _check(runner, folder)
    assert result.exit_code == 1
    line = entry_line(po, "card:draw.text")
    assert f"{po}:{line}: card:draw.text: placeholder {{count}} of the source is missing from the translation" \
        in result.output.splitlines()

"""The glossary is enforced: a game term is translated the same way everywhere (``i18n check``)."""

from __future__ import annotations

import shutil
from pathlib import Path

from cardgen.cli import main
from cardgen.i18n.glossary import Term, glossary_problem
from tests.conftest import ROOT
from tests.i18n.helpers import I18N, entry_line, tiny_deck


def _glossary(tmp_path: Path) -> Path:
    return tmp_path / "tiny" / "locale" / "glossary-fr.md"


def _with_glossary(tmp_path: Path, catalog: str) -> Path:
    folder = tiny_deck(tmp_path, catalog)
    shutil.copy(I18N / "glossary-fr.md", folder / "locale" / "glossary-fr.md")
    return folder


def test_a_catalog_that_keeps_to_the_glossary_passes(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["i18n", "check", str(_with_glossary(tmp_path, "complete")), "fr"])
    assert result.exit_code == 0, result.output
    assert ": glossary: " not in result.output and "off the glossary" not in result.output
    assert result.output.splitlines()[0].endswith("; glossary " + str(_glossary(tmp_path)) + ", 2 terms checked")


def test_an_inconsistent_term_fails_with_its_line_and_the_glossary_row(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = _with_glossary(tmp_path, "glossary-inconsistent")
    po = folder / "locale" / "fr.po"
    result = runner.invoke(main, ["i18n", "check", str(folder), "fr"])
    assert result.exit_code == 1, result.output
    assert "0 with problems, 1 off the glossary" in result.output.splitlines()[0]
    line = entry_line(po, "card:gift.name")
    assert (f"{po}:{line}: card:gift.name: glossary: 'Gift' is translated 'Cadeau' "
            f"(see {folder / 'locale' / 'glossary-fr.md'}:5), but this translation does not use it") in result.output


def test_typed_special_spaces_warn_but_pass(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tiny_deck(tmp_path, "typed-spaces")
    result = runner.invoke(main, ["i18n", "check", str(folder), "fr"])
    assert result.exit_code == 0, result.output
    assert "card:rest.text: warning: typography: types its own no-break space (U+00A0)" in result.output


def test_matching_rules() -> None:
    rider = Term("Rider", ("consigne",), Path("g.md"), 3)
    assert glossary_problem(rider, "Lay a Rider here.", "Posez une consigne ici.") is None
    assert glossary_problem(rider, "Riders", "Consignes") is None
    assert glossary_problem(rider, "Lay a Rider here.", "Posez une annonce ici.") is not None
    hit = Term("Hit", ("Frappe",), Path("g.md"), 4)
    assert glossary_problem(hit, "Hit the ground last.", "Touchez le sol en dernier.") is None  # a sentence's verb
    assert glossary_problem(hit, "Play a Hit.", "Jouez un Coup.") is not None
    assert glossary_problem(Term("pass", ("tour de donne",), Path("g.md"), 5), "each pass", "à chaque tour") is None


def test_the_shipped_catalogs_keep_to_docs_glossary(runner) -> None:  # type: ignore[no-untyped-def]
    assert (ROOT / "docs" / "glossary-fr.md").is_file()
    for deck in ("falling", "fall-damage", "falling-off"):
        result = runner.invoke(main, ["i18n", "check", str(ROOT / "decks" / deck), "fr"])
        assert result.exit_code == 0, result.output
        assert ": glossary: " not in result.output and "warning" not in result.output, result.output
        assert f"glossary-fr.md § decks/{deck}, " in result.output


def test_a_deck_outside_the_project_says_it_has_no_glossary(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """FINDINGS F3: a translator's copy of a deck is checked without the project's glossary; the
    summary says so instead of passing silently."""
    copy = tmp_path / "copy" / "falling"
    shutil.copytree(ROOT / "decks" / "falling", copy, ignore=shutil.ignore_patterns("output"))
    result = runner.invoke(main, ["i18n", "check", str(copy), "fr"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].endswith(
        f"; no glossary, game terms not checked (no {copy / 'locale' / 'glossary-fr.md'}, "
        "no docs/glossary-fr.md above the deck)")


def test_the_project_glossary_is_found_above_the_deck_and_a_missing_section_is_said(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "docs").mkdir()
    shutil.copy(ROOT / "docs" / "glossary-fr.md", tmp_path / "docs")
    nested = tmp_path / "work" / "falling"
    shutil.copytree(ROOT / "decks" / "falling", nested, ignore=shutil.ignore_patterns("output"))
    result = runner.invoke(main, ["i18n", "check", str(nested), "fr"])
    assert result.output.splitlines()[0].endswith(
        f"; no glossary, game terms not checked ({tmp_path / 'docs' / 'glossary-fr.md'} has no section `work/falling`)")
    (tmp_path / "decks").mkdir()
    nested.rename(tmp_path / "decks" / "falling")
    result = runner.invoke(main, ["i18n", "check", str(tmp_path / "decks" / "falling"), "fr"])
    assert f"; glossary {tmp_path / 'docs' / 'glossary-fr.md'} § decks/falling, 10 terms checked" in result.output

"""A translation that begins or ends with a line break its English lacks (or the other way round)
is refused by ``msgfmt -c``; ``i18n check`` refuses it too, with its line (FINDINGS F22)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import polib
import pytest

from cardgen.cli import main
from cardgen.i18n.checks import line_break_problems
from tests.conftest import ROOT
from tests.i18n.helpers import entry_line

PLANTED = {"caption:CardPickedUp": lambda s: s + "\n", "caption:DealStarted": lambda s: "\n" + s}


def _planted(tmp_path: Path) -> Path:
    folder = tmp_path / "falling"
    shutil.copytree(ROOT / "decks" / "falling", folder, ignore=shutil.ignore_patterns("output"))
    po_path = folder / "locale" / "fr.po"
    po = polib.pofile(str(po_path), wrapwidth=0)
    for entry in po:
        if entry.msgctxt in PLANTED:
            entry.msgstr = PLANTED[entry.msgctxt](entry.msgstr)
    po.save(str(po_path))
    return folder


def test_line_break_rules() -> None:
    assert line_break_problems("Deal.", "Donne.") == []
    assert line_break_problems("\nDeal.\n", "\nDonne.\n") == []
    assert line_break_problems("Deal.", "Donne.\n") == [
        ("line break: the translation ends with a line break and the source does not (msgfmt -c refuses the "
         "catalog); remove it or add it to match")]
    assert line_break_problems("\nDeal.", "Donne.")[0].startswith("line break: the source begins with a line break")
    assert line_break_problems("a\nb", "a b") == []  # only the two ends matter to msgfmt


def test_check_reports_leading_and_trailing_line_breaks(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = _planted(tmp_path)
    po = folder / "locale" / "fr.po"
    result = runner.invoke(main, ["i18n", "check", str(folder), "fr"])
    assert result.exit_code == 1, result.output
    assert "2 with problems" in result.output.splitlines()[0]
    picked, started = entry_line(po, "caption:CardPickedUp"), entry_line(po, "caption:DealStarted")
    assert f"{po}:{picked}: caption:CardPickedUp: line break: the translation ends with a line break" in result.output
    assert f"{po}:{started}: caption:DealStarted: line break: the translation begins with a line break" in result.output


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="msgfmt (gettext) is not installed")
def test_msgfmt_refuses_the_same_entries(tmp_path: Path) -> None:
    """The check mirrors msgfmt -c: gettext refuses the planted catalog, and accepts the shipped one."""
    po = _planted(tmp_path) / "locale" / "fr.po"
    out = subprocess.run(["msgfmt", "-c", "--check-format", "-o", str(tmp_path / "fr.mo"), str(po)],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 1
    assert "do not both end with '\\n'" in out.stderr and "do not both begin with '\\n'" in out.stderr
    shipped = subprocess.run(["msgfmt", "-c", "--check-format", "-o", str(tmp_path / "ok.mo"),
                              str(ROOT / "decks" / "falling" / "locale" / "fr.po")], capture_output=True, text=True, check=False)
    assert shipped.returncode == 0, shipped.stderr


def test_format_strings_msgfmt_refuses() -> None:
    from cardgen.i18n.checks import format_problems

    assert format_problems("Step {n} of {count}", "Étape {n} sur {count}") == []
    assert format_problems("Step {n} of {count}", "Étape {n} sur {count} {")[0].startswith(
        "format: single '{' encountered in format string; write {{ or }}")
    assert format_problems("Give %(name)s half", "Donnez la moitié à %(name)s, 50 %%") == []
    assert format_problems("Give %(name)s half", "Donnez à %(name)s 50 % des cartes") == [
        ("format: the '%' at character 22 starts no %(name)s placeholder; write '%%' for a percent sign in this "
         "string (msgfmt -c refuses the catalog)")]
    assert format_problems("50 % of them", "50 % d’entre eux") == []  # not a format string: % is text


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="msgfmt (gettext) is not installed")
def test_msgfmt_refuses_the_same_format_strings(tmp_path: Path) -> None:
    po = tmp_path / "f.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  '#, python-format\nmsgid "Give %(name)s half"\nmsgstr "Donnez à %(name)s 50 % des cartes"\n\n'
                  '#, python-brace-format\nmsgid "Step {n} of"\nmsgstr "Étape {n} {"\n', encoding="utf-8")
    out = subprocess.run(["msgfmt", "-c", "-o", str(tmp_path / "f.mo"), str(po)], capture_output=True, text=True, check=False)
    assert out.returncode == 1 and "found 2 fatal errors" in out.stderr

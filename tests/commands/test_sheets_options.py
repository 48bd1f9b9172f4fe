"""``cardgen sheets``: options that do not go together are refused before anything is written."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from tests.pdf_tools import pdf_text


def test_butted_single_cards_are_a_usage_error(runner: CliRunner, minimal_copy: Path, tmp_path: Path) -> None:
    target = tmp_path / "cards.pdf"
    result = runner.invoke(main, ["sheets", str(minimal_copy), "--layout", "single", "--butted", "-o", str(target)])
    assert result.exit_code == 2
    error = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert error == [("Error: Invalid value for --butted: --butted applies to --layout duplex or gutterfold: with "
                      "--layout single each card has a page of its own, with no neighbour to share a cut line with")]
    assert not target.exists()


@pytest.mark.parametrize("layout", ["duplex", "gutterfold"])
def test_butted_is_taken_where_cards_have_neighbours(runner: CliRunner, minimal_copy: Path, tmp_path: Path,
                                                     layout: str) -> None:
    result = runner.invoke(main, ["sheets", str(minimal_copy), "--layout", layout, "--butted", "-o",
                                  str(tmp_path / "cards.pdf")])
    assert result.exit_code == 0, result.output


def test_butted_from_the_defaults_file_is_left_out_of_single_cards_with_a_note(
        runner: CliRunner, minimal_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No flag can undo ``butted = true`` in cardgen.toml, so ``--layout single`` goes on, and says so."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cardgen.toml").write_text("butted = true\n")
    single = runner.invoke(main, ["sheets", str(minimal_copy), "--layout", "single", "-o", "single.pdf"])
    assert single.exit_code == 0, single.output
    assert "note: butted = true from cardgen.toml is left out: --layout single puts each card on a page of its own" \
        in single.output.splitlines()
    assert "One" in pdf_text(tmp_path / "single.pdf")
    duplex = runner.invoke(main, ["sheets", str(minimal_copy), "-o", "duplex.pdf"])
    assert duplex.exit_code == 0 and "note:" not in duplex.output

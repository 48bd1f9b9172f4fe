"""``validate`` runs what ``build`` checks before writing: when one refuses a deck, so does the other."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.cli import main
from tests.conftest import ROOT


@pytest.fixture
def falling_off_copy(tmp_path: Path) -> Path:
    target = tmp_path / "falling-off"
    shutil.copytree(ROOT / "decks" / "falling-off", target)
    return target


def test_a_broken_walkthrough_scenario_fails_validate_and_build_alike(falling_off_copy: Path, tmp_path: Path,
                                                                      runner) -> None:  # type: ignore[no-untyped-def]
    scenario = falling_off_copy / "walkthrough.yaml"
    scenario.write_text(scenario.read_text().replace('moves: "1... e5"', 'moves: "1... e9"'))
    out = tmp_path / "out"
    checked = runner.invoke(main, ["validate", str(falling_off_copy)])
    built = runner.invoke(main, ["build", str(falling_off_copy), "--out", str(out)])
    for result in (checked, built):
        assert result.exit_code == 1, result.output
        assert "walkthrough.yaml:42:18: steps[2].moves: expected a move, found 'e9'" in result.stderr
    assert not out.exists() or list(out.iterdir()) == []


def test_sheets_alone_do_not_need_the_walkthrough_or_the_rulebook(falling_off_copy: Path, tmp_path: Path,
                                                                  runner) -> None:  # type: ignore[no-untyped-def]
    (falling_off_copy / "walkthrough.yaml").write_text("steps: [")
    (falling_off_copy / "rulebook.md").write_text("# R\n\n{{ nothing }}\n")
    result = runner.invoke(main, ["sheets", str(falling_off_copy), "-o", str(tmp_path / "cards.pdf")])
    assert result.exit_code == 0, result.output
    assert runner.invoke(main, ["validate", str(falling_off_copy)]).exit_code == 1

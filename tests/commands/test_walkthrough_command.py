"""``cardgen walkthrough``: found by the deck's game; a deck without one gets a one-line error."""

from __future__ import annotations

from pathlib import Path

from cardgen.cli import main


def test_a_deck_whose_game_has_no_walkthrough_is_a_clear_error(runner, minimal_copy: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["walkthrough", str(minimal_copy), "-o", str(tmp_path / "w.pdf")])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line]
    assert len(lines) == 1 and "no walkthrough for game 'None'" in lines[0] and "game" in lines[0]
    assert "Traceback" not in result.output
    assert not (tmp_path / "w.pdf").exists()


def test_bad_player_count_is_a_usage_error(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from tests.conftest import FALLING

    result = runner.invoke(main, ["walkthrough", str(FALLING), "--players", "1", "-o", str(tmp_path / "w.pdf")])
    assert result.exit_code == 2

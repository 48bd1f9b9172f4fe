"""``cardgen walkthrough``: found by the deck's game; a deck without one gets a one-line error."""

from __future__ import annotations

from pathlib import Path

from cardgen.cli import main


def test_a_deck_whose_game_has_no_walkthrough_is_a_clear_error(runner, minimal_copy: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["walkthrough", str(minimal_copy), "-o", str(tmp_path / "w.pdf")])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line]
    assert lines == [f"error: {minimal_copy / 'deck.yaml'}: game: this deck names no game, and a walkthrough plays "
                     "the deck's game — add a 'game:' line to deck.yaml; games with a walkthrough: falling, falling-off"]
    assert "Traceback" not in result.output
    assert not (tmp_path / "w.pdf").exists()


def test_bad_player_count_is_a_usage_error(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from tests.conftest import FALLING

    result = runner.invoke(main, ["walkthrough", str(FALLING), "--players", "1", "-o", str(tmp_path / "w.pdf")])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == "Error: Invalid value for '--players': 1 is not in the range 2<=x<=10."
    assert list(tmp_path.iterdir()) == []


def test_png_frames_for_slides(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from PIL import Image

    from tests.conftest import FALLING

    folder = tmp_path / "frames"
    result = runner.invoke(main, ["walkthrough", str(FALLING), "--lang", "fr", "--format", "png", "-o", str(folder)])
    assert result.exit_code == 0, result.output
    files = sorted(folder.glob("*.png"))
    assert len(files) >= 20 and files[0].name == "stage1-01.png"
    assert {f.name.split("-")[0] for f in files} == {"stage1", "stage2", "stage3"}
    with Image.open(files[0]) as image:
        assert image.size == (1431, 944)  # 515 × 340 pt at 200 dpi
    assert not list(folder.glob(".*"))  # no temporary files left behind
    assert f"wrote {len(files)} frames" in result.output


def test_same_seed_same_pdf_and_the_rules_shown_are_reported(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from tests.conftest import FALLING

    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    one = runner.invoke(main, ["walkthrough", str(FALLING), "--seed", "5", "--players", "5", "-o", str(first)])
    two = runner.invoke(main, ["walkthrough", str(FALLING), "--seed", "5", "--players", "5", "-o", str(second)])
    assert one.exit_code == two.exit_code == 0
    assert first.read_bytes() == second.read_bytes()
    notes = [line for line in one.stderr.splitlines() if line.startswith("note: stage")]
    assert len(notes) == 3 and "shows push, grab, stop_rider, stop_ground" in notes[1]


def test_png_frames_arrive_as_a_whole_or_not_at_all(runner, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A run that fails after writing some frames leaves the folder as it was; the next run clears its stage."""
    import cardgen.commands.walkthrough as command
    from cardgen.errors import CardgenError
    from tests.conftest import ROOT

    deck = ROOT / "decks" / "falling-off"
    folder = tmp_path / "frames"
    real = command.find_walkthrough

    def failing(game: str):  # type: ignore[no-untyped-def]
        writer = real(game)

        def write(deck, target, **kwargs):  # type: ignore[no-untyped-def]
            result = writer(deck, target, **kwargs)
            assert len(result.files) > 3  # frames were written before the failure
            raise CardgenError("the disk is full", path=target)
        return write

    monkeypatch.setattr(command, "find_walkthrough", failing)
    failed = runner.invoke(main, ["walkthrough", str(deck), "--format", "png", "-o", str(folder)])
    assert failed.exit_code == 1 and "the disk is full" in failed.output
    assert not list(folder.glob("*.png"))
    killed = folder / ".cardgen-walkthrough-killed.cardgen-tmp"  # the stage of a run killed before it cleaned up
    killed.mkdir()
    (killed / "step-01.png").write_bytes(b"partial")
    monkeypatch.setattr(command, "find_walkthrough", real)
    result = runner.invoke(main, ["walkthrough", str(deck), "--format", "png", "-o", str(folder)])
    assert result.exit_code == 0, result.output
    files = sorted(folder.iterdir())
    assert files and all(f.suffix == ".png" and f.is_file() and f.stat().st_size > 1000 for f in files)
    assert f"wrote {len(files)} frames to {folder}" in result.output

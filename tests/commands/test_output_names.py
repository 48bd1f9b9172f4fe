"""``-o``: a file gets the ending its format needs, a name that contradicts the format is refused (exit 2,
one line with the name to use), and a folder is not named like a file."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.commands.options import file_path, folder_path
from tests.conftest import FALLING


def _error(output: str) -> str:
    lines = [line for line in output.splitlines() if line.startswith("Error:")]
    assert len(lines) == 1, output
    return lines[0]


def test_a_pdf_named_without_an_ending_gets_pdf(runner: CliRunner, minimal_copy: Path, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, ["sheets", str(minimal_copy), "-o", "cards"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("wrote cards.pdf: ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.pdf", "minimal"]
    assert (tmp_path / "cards.pdf").read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize(("command", "name", "message"), [
    (["sheets"], "cards.png", "cards.png does not name a PDF file, which ends in .pdf — try -o {tmp}/cards.pdf"),
    (["rulebook"], "rules.html", "rules.html does not name a PDF file, which ends in .pdf — try -o {tmp}/rules.pdf"),
    (["calibrate"], "calib.v2", "calib.v2 does not name a PDF file, which ends in .pdf — try -o {tmp}/calib.v2.pdf"),
])
def test_a_pdf_named_like_another_kind_of_file_is_refused(runner: CliRunner, minimal_copy: Path, tmp_path: Path,
                                                         command: list[str], name: str, message: str) -> None:
    deck = [] if command == ["calibrate"] else [str(minimal_copy)]
    result = runner.invoke(main, [*command, *deck, "-o", str(tmp_path / name)])
    assert result.exit_code == 2
    assert _error(result.output) == f"Error: Invalid value for '-o' / '--output' / '--out': {message.format(tmp=tmp_path)}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["minimal"]


def test_walkthrough_frames_go_into_a_folder_not_named_like_a_file(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["walkthrough", str(FALLING), "--format", "png", "-o", str(tmp_path / "w.png")])
    assert result.exit_code == 2
    assert _error(result.output) == (f"Error: Invalid value for -o: w.png is a file's name, and this writes a folder of "
                                     f"frames with --format png — name a folder, e.g. -o {tmp_path / 'w'}")
    assert list(tmp_path.iterdir()) == []


def test_a_walkthrough_page_is_named_for_its_format(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["walkthrough", str(FALLING), "--format", "html", "-o", str(tmp_path / "w.pdf")])
    assert result.exit_code == 2
    assert _error(result.output) == (f"Error: Invalid value for -o: w.pdf does not name an HTML page, which ends in "
                                     f".html — try -o {tmp_path / 'w.html'}")
    assert list(tmp_path.iterdir()) == []


def test_export_refuses_a_folder_named_like_a_file_but_takes_one_that_is_there(
        runner: CliRunner, minimal_copy: Path, tmp_path: Path) -> None:
    result = runner.invoke(main, ["export", str(minimal_copy), "--to", "png", "--dpi", "30", "-j", "1",
                                  "-o", str(tmp_path / "out.png")])
    assert result.exit_code == 2
    assert _error(result.output).endswith(f"out.png is a file's name, and this writes a folder of files — name a "
                                          f"folder, e.g. -o {tmp_path / 'out'}")
    assert not (tmp_path / "out.png").exists()
    (tmp_path / "v1.0").mkdir()  # not a file ending: taken as it is
    assert folder_path(tmp_path / "v1.0", writes="a folder of files") == tmp_path / "v1.0"
    (tmp_path / "shots.png").mkdir()  # the user made this folder: their name stands
    taken = runner.invoke(main, ["export", str(minimal_copy), "--to", "png", "--dpi", "30", "-j", "1",
                                 "-o", str(tmp_path / "shots.png")])
    assert taken.exit_code == 0, taken.output
    assert (tmp_path / "shots.png" / "manifest.csv").is_file()


@pytest.mark.parametrize(("given", "taken"), [
    ("cards", "cards.pdf"), ("cards.pdf", "cards.pdf"), ("Cards.PDF", "Cards.PDF"), ("out/cards", "out/cards.pdf"),
])
def test_file_path_adds_the_missing_ending_only(given: str, taken: str) -> None:
    assert file_path(Path(given), (".pdf",), what="a PDF file") == Path(taken)


def test_file_path_accepts_every_ending_of_its_kind() -> None:
    assert file_path(Path("w.htm"), (".html", ".htm"), what="an HTML page") == Path("w.htm")
    with pytest.raises(click.BadParameter, match=r"w.gif does not name an HTML page, which ends in .html — try -o w.html"):
        file_path(Path("w.gif"), (".html", ".htm"), what="an HTML page")

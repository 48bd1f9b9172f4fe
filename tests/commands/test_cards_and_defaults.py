"""``--cards ID,ID[:copies]`` on sheets, export and build; ``cardgen.toml`` defaults and ``calibrate --save``."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner

from cardgen.cli import main
from tests.pdf_tools import pdf_text

A4 = (595, 842)
LETTER = (612, 792)


def _paper(size: tuple[int, int]) -> tuple[int, int]:
    """The paper a page is cut from, whichever way the sheet is turned (poker cards go on turned pages)."""
    return (min(size), max(size))


def _page_size(path: Path) -> tuple[int, int]:
    box = pypdf.PdfReader(path).pages[0].mediabox
    return round(float(box.width)), round(float(box.height))


def test_sheets_prints_only_the_cards_named(runner: CliRunner, minimal_copy: Path, tmp_path: Path) -> None:
    target = tmp_path / "reprint.pdf"
    result = runner.invoke(main, ["sheets", str(minimal_copy), "--cards", "two:4,one", "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert result.output == f"wrote {target}: 5 cards on 2 pages (6 per page, landscape)\n"
    text = pdf_text(target)
    assert text.count("The second card, with art.") == 4 and text.count("The first card.") == 1


def test_an_unknown_card_is_a_bad_flag_with_a_suggestion(runner: CliRunner, minimal_copy: Path, tmp_path: Path) -> None:
    result = runner.invoke(main, ["sheets", str(minimal_copy), "--cards", "one,tow", "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == "Error: Invalid value for --cards: no card 'tow' in minimal — did you mean 'two'?"
    bad = runner.invoke(main, ["sheets", str(minimal_copy), "--cards", "one:0", "-o", str(tmp_path / "x.pdf")])
    assert bad.exit_code == 2
    assert bad.output.splitlines()[-1] == "Error: Invalid value for '--cards': 'one:0': copies must be 1 to 10000"
    assert not (tmp_path / "x.pdf").exists()


def test_build_with_cards_writes_a_selected_sheet_beside_the_full_one(runner: CliRunner, minimal_copy: Path,
                                                                      tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = runner.invoke(main, ["build", str(minimal_copy), "--cards", "one:3", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output == f"wrote {out / 'cards-en-selected.pdf'}\n"
    assert sorted(p.name for p in out.iterdir()) == ["cards-en-selected.pdf"]
    assert pdf_text(out / "cards-en-selected.pdf").count("The first card.") == 3


def test_export_with_cards_writes_only_those_images(runner: CliRunner, minimal_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "png"
    result = runner.invoke(main, ["export", str(minimal_copy), "--to", "png", "--dpi", "40", "--cards", "two:2",
                                  "-j", "1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["back.png", "manifest.csv", "two-1.png", "two-2.png"]


def test_working_folder_defaults_and_the_command_line_wins(runner: CliRunner, minimal_copy: Path, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cardgen.toml").write_text('paper = "letter"\n[sheets]\ncut-lines = true\n')
    assert runner.invoke(main, ["sheets", str(minimal_copy), "-o", "a.pdf"]).exit_code == 0
    assert _paper(_page_size(tmp_path / "a.pdf")) == LETTER
    assert runner.invoke(main, ["sheets", str(minimal_copy), "--paper", "A4", "-o", "b.pdf"]).exit_code == 0
    assert _paper(_page_size(tmp_path / "b.pdf")) == A4
    # the deck folder's file wins over the working folder's
    (minimal_copy / "cardgen.toml").write_text('paper = "a4"\n')
    assert runner.invoke(main, ["sheets", str(minimal_copy), "-o", "c.pdf"]).exit_code == 0
    assert _paper(_page_size(tmp_path / "c.pdf")) == A4


@pytest.mark.parametrize(("text", "message"), [
    ('papr = "letter"\n', "papr: 'papr' is not an option of any command — did you mean 'paper'?"),
    ('[sheets]\nbleed = "1mm"\n', "sheets.bleed: 'bleed' is not an option of 'cardgen sheets'"),
    ('[sheet]\nflip = "short"\n', "sheet: [sheet] is not a cardgen command — did you mean 'sheets'?"),
    ('paper = "a5"\n', "paper: 'a5' is not one of 'a3', 'a4', 'legal', 'letter'."),
    ('[sheets]\nflip = "shortt"\n', "sheets.flip: 'shortt' is not one of 'long', 'short' — did you mean 'short'?"),
    ("paper = \n", ("not valid TOML: Invalid value (at line 1, column 9) — write key = \"value\" lines, "
                   "e.g. paper = \"letter\"")),
])
def test_a_bad_defaults_file_is_one_line_naming_it(runner: CliRunner, minimal_copy: Path, tmp_path: Path, text: str,
                                                   message: str) -> None:
    (minimal_copy / "cardgen.toml").write_text(text)
    result = runner.invoke(main, ["sheets", str(minimal_copy), "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 1
    assert result.output == f"error: {minimal_copy / 'cardgen.toml'}: {message}\n"
    assert not (tmp_path / "x.pdf").exists()


def test_calibrate_save_writes_the_offset_sheets_then_use(runner: CliRunner, minimal_copy: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cardgen.toml").write_text('# my printer\n[sheets]\nflip = "short"\n')
    saved = runner.invoke(main, ["calibrate", "--save", "0.5mm, -1mm"])
    assert saved.exit_code == 0
    assert saved.output == ('saved back-offset = "0.5mm,-1mm" in cardgen.toml: \'cardgen sheets\' uses it unless you '
                            "give --back-offset\n")
    assert (tmp_path / "cardgen.toml").read_text() == ('# my printer\nback-offset = "0.5mm,-1mm"\n\n[sheets]\n'
                                                       'flip = "short"\n')
    assert not (tmp_path / "calibration.pdf").exists()
    # sheets reads it: an offset beyond the 3 mm bleed, saved, is refused by sheets
    assert runner.invoke(main, ["calibrate", "--save", "5mm,0mm"]).exit_code == 0
    refused = runner.invoke(main, ["sheets", str(minimal_copy), "-o", "s.pdf"])
    assert refused.exit_code == 2 and "5mm is larger than the deck's 3mm bleed" in refused.output
    # … and the command line still wins
    assert runner.invoke(main, ["sheets", str(minimal_copy), "--back-offset", "0mm,0mm", "-o", "s.pdf"]).exit_code == 0

"""One option name per meaning, -q/-v everywhere, and the CLI slips a designer met, each with its message."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cardgen.cli import COMMANDS, main
from cardgen.commands import console
from cardgen.i18n.checks import CatalogReport
from tests.conftest import DATA
from tests.i18n.helpers import tiny_deck

WRITERS = {"build": True, "calibrate": False, "export": True, "rulebook": False, "sheets": False, "watch": True,
           "walkthrough": False}
"""Commands that write files, and whether -o names a folder."""


def _command(name: str) -> click.Command:
    command = main.get_command(click.Context(main), name)
    assert command is not None
    return command


def _every_command() -> list[tuple[str, click.Command]]:
    found = []
    for name in COMMANDS:
        command = _command(name)
        found.append((name, command))
        if isinstance(command, click.Group):
            found.extend((f"{name} {sub}", cmd) for sub, cmd in command.commands.items())
    return found


def _opts(command: click.Command) -> set[str]:
    return {opt for param in command.params for opt in getattr(param, "opts", [])}


@pytest.mark.parametrize("name", [name for name, _ in _every_command()])
def test_every_command_has_quiet_and_verbose(name: str) -> None:
    command = dict(_every_command())[name]
    assert {"-q", "--quiet", "-v", "--verbose"} <= _opts(command)


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_every_writer_takes_dash_o_output_and_the_out_alias(name: str) -> None:
    assert {"-o", "--output", "--out"} <= _opts(_command(name))


@pytest.mark.parametrize("name", ["export", "simulate"])
def test_jobs_is_dash_j_everywhere(name: str) -> None:
    assert {"-j", "--jobs"} <= _opts(_command(name))


def test_choices_ignore_case(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "cal.pdf"
    result = runner.invoke(main, ["calibrate", "--paper", "A4", "--flip", "SHORT", "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert result.output == f"wrote {target}: print it double-sided (short-edge flip), then read the offsets\n"


@pytest.mark.parametrize("args", [["calibrate", "-o", "-"], ["sheets", str(DATA / "decks" / "minimal"), "-o", "-"]])
def test_dash_for_stdout_is_refused_not_a_file_named_dash(runner: CliRunner, tmp_path: Path, args: list[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, args)
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == ("Error: Invalid value for '-o' / '--output' / '--out': '-' (standard "
                                              "output) cannot take this output: name a file to write")
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize("args", [["sheets", str(DATA / "decks" / "minimal")],
                                  ["sheets", str(DATA / "decks" / "minimal"), "--pdfx", "x1a"],
                                  ["export", str(DATA / "decks" / "minimal"), "--to", "png"]])
def test_a_missing_required_output_is_a_usage_error_not_an_internal_error(
        runner: CliRunner, tmp_path: Path, args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # click 8.3+ takes an explicit default=None as a default, so `required` passed None on (review, round 5)
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, args)
    assert result.exit_code == 2, result.output
    assert result.output.splitlines()[-1] == "Error: Missing option '-o' / '--output' / '--out'."
    assert list(tmp_path.iterdir()) == []


def test_back_offset_larger_than_the_bleed_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "s.pdf"
    result = runner.invoke(main, ["sheets", str(DATA / "decks" / "minimal"), "--back-offset", "40mm,0mm",
                                  "-o", str(target)])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: Invalid value for --back-offset: 40mm is larger than the deck's 3mm bleed: backs shifted that far "
        "would show a white strip inside the cut cards; check the calibration sheet again, or give the deck a "
        "larger print.bleed")
    assert not target.exists()


def test_build_out_with_several_decks_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    minimal = str(DATA / "decks" / "minimal")
    result = runner.invoke(main, ["build", minimal, str(DATA / "decks" / "csv-cards"), "-o", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: Invalid value for -o/--output: names the folder of one deck's files, and 2 decks would be built "
        "(their files have the same names); build them one at a time, or leave -o out for output/<deck>/")


def test_build_out_puts_one_decks_files_there_quietly_or_verbosely(runner: CliRunner, tmp_path: Path) -> None:
    minimal = str(DATA / "decks" / "minimal")
    quiet = runner.invoke(main, ["build", minimal, "--out", str(tmp_path / "q"), "-q"])
    assert quiet.exit_code == 0 and quiet.stdout == ""
    assert (tmp_path / "q" / "cards-en.pdf").is_file()
    loud = runner.invoke(main, ["build", minimal, "-o", str(tmp_path / "v"), "-v"])
    assert loud.exit_code == 0
    assert loud.stdout == f"wrote {tmp_path / 'v' / 'cards-en.pdf'}\n"  # (no rulebook.md: no rulebook)
    assert "3 products: " in loud.stderr and "CPU seconds" in loud.stderr


def test_sheets_allow_untranslated_says_how_many_fell_back(runner: CliRunner, tmp_path: Path) -> None:
    deck = tiny_deck(tmp_path, "missing-entry")
    target = tmp_path / "s.pdf"
    result = runner.invoke(main, ["sheets", str(deck), "--lang", "fr", "--allow-untranslated", "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert result.stderr == "note: fr: 2 of 25 strings are not translated; English is used for them\n"


@pytest.mark.parametrize(("translated", "total", "shown"), [(257, 258, "99%"), (258, 258, "100%"), (1, 400, "1%"),
                                                             (0, 10, "0%"), (8, 11, "73%")])
def test_check_shows_100_percent_only_when_complete(translated: int, total: int, shown: str) -> None:
    report = CatalogReport(language="fr", path=Path("fr.po"), total=total, translated=translated)
    assert report.percent_shown == shown


def test_simulate_notes_player_counts_outside_the_rules(runner: CliRunner, falling_dir: Path) -> None:
    result = runner.invoke(main, ["simulate", str(falling_dir), "--players", "2..12", "--games", "4", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert result.stderr == ("note: FALLING's rules are written for 4 to 8 players; 2 and 12 players are outside "
                             "that range, so its timing and balance are not the published game's\n")
    inside = runner.invoke(main, ["simulate", str(falling_dir), "--players", "4..8", "--games", "4", "-j", "1"])
    assert inside.exit_code == 0 and inside.stderr == ""


def test_tts_base_url_points_the_saved_object_at_the_web(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "tts"
    result = runner.invoke(main, ["export", str(DATA / "decks" / "minimal"), "--to", "tts", "--dpi", "40",
                                  "--base-url", "https://example.com/decks/min/", "-j", "1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    custom = json.loads((out / "minimal.json").read_text())["ObjectStates"][0]["CustomDeck"]
    assert {deck["FaceURL"] for deck in custom.values()} == {"https://example.com/decks/min/minimal-sheet-1.png"}
    assert {deck["BackURL"] for deck in custom.values()} == {"https://example.com/decks/min/minimal-back.png"}
    bad = runner.invoke(main, ["export", str(DATA / "decks" / "minimal"), "--to", "tts", "--base-url", "decks/",
                               "-o", str(out)])
    assert bad.exit_code == 2
    assert bad.output.splitlines()[-1] == ("Error: Invalid value for '--base-url': 'decks/' is not a web address; "
                                           "write it as https://example.com/my-deck/")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_status_line_clears_the_progress_bar_first(monkeypatch: pytest.MonkeyPatch) -> None:
    err, out = _Terminal(), _Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(sys, "stdout", out)
    console.reset()
    with console.progress("pages") as update:
        assert update is not None
        update(12, 12)
        before = err.getvalue()
        console.say("wrote cards.pdf")
        after = err.getvalue()[len(before):]
    assert out.getvalue() == "wrote cards.pdf\n"
    assert after.startswith("\r\033[K")  # the bar's line is wiped before the status line …
    assert "12/12" in after[len("\r\033[K"):]  # … and drawn again after it

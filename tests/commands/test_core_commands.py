"""The CLI as a user runs it: build, sheets, validate, schema, calibrate."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pypdf
import pytest

from cardgen.cli import main
from cardgen.commands.schema import schema_text
from tests.conftest import FALLING, ROOT


def test_build_one_deck_writes_card_sheets(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "out"
    result = runner.invoke(main, ["build", str(FALLING), "--out", str(out), "--lang", "en"])
    assert result.exit_code == 0, result.output
    pdf = out / "cards-en.pdf"
    assert pdf.exists()
    assert len(pypdf.PdfReader(pdf).pages) == 18  # 54 cards, 6 per page, fronts and backs
    assert "cards-en.pdf" in result.output


def test_build_without_arguments_builds_every_deck_in_decks(runner, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    shutil.copytree(FALLING, tmp_path / "decks" / "falling")
    shutil.copytree(ROOT / "tests" / "data" / "decks" / "minimal", tmp_path / "decks" / "minimal")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, ["build", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "output" / "falling" / "cards-en.pdf").exists()
    assert (tmp_path / "output" / "minimal" / "cards-en.pdf").exists()


def test_build_with_no_decks_folder_says_so(runner, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, ["build"])
    assert result.exit_code == 1
    assert "no decks found" in result.stderr


def test_stale_temp_files_are_removed_by_the_next_build(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "out"
    out.mkdir()
    stale = out / ".cards-en.pdf.abc123.cardgen-tmp"
    stale.write_bytes(b"half a pdf")
    assert runner.invoke(main, ["build", str(FALLING), "--out", str(out), "--lang", "en"]).exit_code == 0
    assert not stale.exists()


@pytest.mark.parametrize("paper,width", [("a4", 595.28), ("letter", 612.0)])
def test_sheets_command_paper_and_layout(runner, tmp_path: Path, paper: str, width: float) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "cards.pdf"
    result = runner.invoke(main, ["sheets", str(FALLING), "--paper", paper, "--layout", "gutterfold", "-o", str(target)])
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(target)
    sizes = {round(float(p.mediabox.width), 2) for p in reader.pages} | {round(float(p.mediabox.height), 2) for p in reader.pages}
    assert width in sizes
    assert "54 cards" in result.output


def test_a_back_offset_without_units_is_refused_and_nothing_is_written(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """(What the offset does to the backs is checked in tests/render/test_sheet_geometry.py.)"""
    target = tmp_path / "cards.pdf"
    bad = runner.invoke(main, ["sheets", str(FALLING), "--back-offset", "0.4", "-o", str(target)])
    assert bad.exit_code == 2
    assert "Invalid value for '--back-offset'" in bad.output
    assert "Traceback" not in bad.output
    assert not target.exists()


def test_bad_flag_exits_2(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["sheets", str(FALLING), "--paper", "a5", "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == "Error: Invalid value for '--paper': 'a5' is not one of 'a3', 'a4', 'legal', 'letter'."
    assert list(tmp_path.iterdir()) == []


def test_validate_ok(runner) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["validate", str(FALLING)])
    assert result.exit_code == 0
    assert "54 in all" in result.output


def test_schema_is_json_schema_and_matches_the_committed_file(runner) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["schema"])
    assert result.exit_code == 0
    schema = json.loads(result.output)
    assert schema["$schema"].startswith("https://json-schema.org/")
    assert {"deck", "title", "cards", "types", "print"} <= set(schema["properties"])
    committed = (ROOT / "cardgen" / "schema" / "deck.schema.json").read_text()
    assert committed == schema_text(), "run: cardgen schema > cardgen/schema/deck.schema.json"


def test_deck_files_point_editors_at_the_schema() -> None:
    for deck in (ROOT / "decks").glob("*/deck.yaml"):
        first = deck.read_text().splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema=")
        target = (deck.parent / first.split("$schema=")[1]).resolve()
        assert target == (ROOT / "cardgen" / "schema" / "deck.schema.json").resolve()


def test_schema_validates_the_shipped_deck() -> None:
    """The JSON Schema accepts the FALLING deck as written (editors won't flag valid decks)."""
    jsonschema = pytest.importorskip("jsonschema")
    from cardgen.loading.yaml_source import read_yaml

    data = read_yaml(FALLING / "deck.yaml").data
    jsonschema.validate(data, json.loads(schema_text()))


def test_calibrate_writes_two_pages(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "cal.pdf"
    result = runner.invoke(main, ["calibrate", "--paper", "letter", "-o", str(target)])
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(target)
    assert len(reader.pages) == 2
    assert float(reader.pages[0].mediabox.width) == pytest.approx(792)  # landscape, like poker card sheets
    assert "back-offset" in reader.pages[0].extract_text()


def test_version(runner) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["--version"])
    assert result.exit_code == 0 and "cardgen" in result.output


def test_output_piped_into_head_stops_quietly() -> None:
    """`cardgen … | head -1`: the closed pipe ends the command with 141, no traceback, no 'internal error'."""
    import subprocess
    import sys

    script = "from cardgen.cli import main; main()"
    # --pace 100 tells the game over about a second, so lines are still coming when the pipe closes
    with subprocess.Popen([sys.executable, "-c", script, "simulate", str(FALLING), "--players", "8", "--pace", "100"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        first = proc.stdout.readline()
        proc.stdout.close()  # what `head -1` does after its line
        error = proc.stderr.read().decode()
        assert proc.wait(timeout=60) == 141
    assert first.startswith(b"00:00.0") and error == ""


def test_every_command_module_is_listed_and_loaded_only_when_used() -> None:
    import subprocess
    import sys

    from cardgen.cli import COMMANDS

    modules = sorted(p.stem for p in (ROOT / "cardgen" / "commands").glob("*.py") if "\ndef command(" in p.read_text())
    assert sorted(COMMANDS) == modules
    probe = ("import sys; from cardgen.cli import main; main.get_command(None, 'schema'); "
             "print(sorted(m for m in ('reportlab', 'pydantic', 'cardgen.rulebook', 'cardgen.build') if m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.strip() \
        == "['pydantic']"

"""``cardgen --help`` lists every command without importing them, and says what each one's help says."""

from __future__ import annotations

import importlib
import subprocess
import sys

import click
from click.testing import CliRunner

from cardgen import cli
from tests.conftest import ROOT


def test_help_lists_each_command_with_the_summary_its_own_help_gives() -> None:
    listed = CliRunner().invoke(cli.main, ["--help"], terminal_width=200).output
    assert set(cli.SUMMARIES) == set(cli.COMMANDS)
    for name in cli.COMMANDS:
        command = importlib.import_module(f"cardgen.commands.{name}").command
        summary = click.Command(name, help=cli.SUMMARIES[name])
        assert command.get_short_help_str(200) == summary.get_short_help_str(200)
        assert f"  {name} " in listed and command.get_short_help_str(150)[:40] in listed


def test_help_imports_no_command_nor_reportlab() -> None:
    code = ("import sys; from cardgen.cli import main\n"
            "try: main(['--help'])\nexcept SystemExit: pass\n"
            "print(sorted(m for m in sys.modules if m.startswith(('cardgen.commands.', 'reportlab', 'pydantic'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "PATH": ""}).stdout
    assert out.strip().splitlines()[-1] == "[]"


def test_sheets_import_only_what_drawing_sheets_needs(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Writing card sheets (with their preflight) leaves the books, the games and the CMYK engine unloaded."""
    target = tmp_path / "cards.pdf"
    code = ("import sys; from cardgen.cli import main\n"
            f"try: main(['sheets', 'decks/falling', '-o', {str(target)!r}])\nexcept SystemExit as e: assert not e.code\n"
            "print(sorted(m for m in sys.modules if m.startswith(('cardgen.rulebook', 'cardgen.walkthrough', "
            "'cardgen.games', 'cardgen.sim', 'cardgen.export', 'PIL.ImageCms', 'pikepdf', 'pypdfium2'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "PATH": ""}).stdout
    assert target.exists() and out.strip().splitlines()[-1] == "[]"

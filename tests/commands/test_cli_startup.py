"""``cardgen --help`` lists every command without importing them, and says what each one's help says."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

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
            "print(sorted(m for m in sys.modules if m.startswith(('cardgen.commands.', 'reportlab', 'pydantic'))\n"
            "             and m != 'pydantic.plugin._loader'))")  # cardgen's stand-in (pydantic_plugins.py), not pydantic
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "PATH": ""}).stdout
    assert out.strip().splitlines()[-1] == "[]"


def _modules_after(argv: list[str], packages: tuple[str, ...]) -> list[str]:
    """The modules of ``packages`` (and in them) that a fresh interpreter holds after ``cardgen ARGV``."""
    inside = tuple(f"{name}." for name in packages)
    code = ("import sys; from cardgen.cli import main\n"
            f"try: main({argv!r})\nexcept SystemExit: pass\n"
            f"print(sorted(m for m in sys.modules if m in {packages!r} or m.startswith({inside!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "PATH": ""}).stdout
    return ast.literal_eval(out.strip().splitlines()[-1])


WRITERS = ("cardgen.walkthrough.handout", "cardgen.walkthrough.frames", "cardgen.walkthrough.player",
           "cardgen.walkthrough.animation", "cardgen.games.falling.walkthrough", "cardgen.games.falling_off.walkthrough",
           "cardgen.build", "cardgen.preflight", "cardgen.export", "xml.sax.saxutils")


def test_validate_loads_no_walkthrough_writer_nor_the_build() -> None:
    """validate checks a walkthrough's scenario and a rulebook's text; it draws neither, nor builds anything."""
    for deck in ("falling", "falling-off", "fall-damage"):
        loaded = _modules_after(["validate", str(ROOT / "decks" / deck)], WRITERS)
        assert loaded == [], (deck, loaded)


def test_sheets_loads_no_network_module(tmp_path: Path) -> None:
    """Escaping card text needs no urllib.request, http.client or ssl (xml.sax.saxutils imports them)."""
    target = tmp_path / "cards.pdf"
    loaded = _modules_after(["sheets", str(ROOT / "decks" / "falling"), "--no-preflight", "-o", str(target)],
                            ("xml.sax", "urllib.request", "http.client", "ssl", "cardgen.render.reportlab_canvas"))
    assert target.stat().st_size > 10_000
    assert loaded == ["cardgen.render.reportlab_canvas"]


GAMES = {"falling": "cardgen.games.falling", "falling-off": "cardgen.games.falling_off",
         "fall-damage": "cardgen.games.fall_damage"}


def test_validate_loads_only_the_decks_own_game() -> None:
    """A deck's diagrams, captions and walkthrough check come from its own game's plugin: the other
    games' code (their rules engines, diagrams) is not imported."""
    for deck, package in GAMES.items():
        loaded = _modules_after(["validate", str(ROOT / "decks" / deck)], tuple(GAMES.values()))
        assert {name.split(".")[2] for name in loaded} == {package.split(".")[2]}, (deck, loaded)


CATALOG_MACHINERY = ("polib", "babel.messages", "cardgen.i18n.catalogs", "cardgen.i18n.checks")


def test_an_english_deck_is_validated_without_the_catalog_machinery() -> None:
    """English is the source language: no catalog to read, so neither polib nor Babel's PO reader is loaded."""
    minimal = ROOT / "tests" / "data" / "decks" / "minimal"
    assert _modules_after(["validate", str(minimal)], CATALOG_MACHINERY) == []
    assert set(_modules_after(["validate", str(ROOT / "decks" / "falling")], CATALOG_MACHINERY)) >= {
        "polib", "babel.messages", "cardgen.i18n.catalogs"}  # French is checked against its catalog


def test_english_sheets_load_no_babel(tmp_path: Path) -> None:
    target = tmp_path / "cards.pdf"
    loaded = _modules_after(["sheets", str(ROOT / "tests" / "data" / "decks" / "minimal"), "-o", str(target)],
                            ("babel", "polib", "cardgen.i18n.catalogs"))
    assert target.is_file() and loaded == []


def test_a_deck_of_no_game_without_a_rulebook_is_validated_without_games_rulebooks_or_drawing() -> None:
    """Nothing of a game, a rulebook or reportlab's layout engine is loaded for a deck that has none of them."""
    minimal = ROOT / "tests" / "data" / "decks" / "minimal"
    assert not (minimal / "rulebook.md").exists()
    loaded = _modules_after(["validate", str(minimal)], ("cardgen.games", "cardgen.rulebook", "reportlab.platypus",
                                                         "reportlab.graphics", "jinja2", "markdown_it", "babel"))
    assert loaded == []


def test_sheets_import_only_what_drawing_sheets_needs(tmp_path: Path) -> None:
    """Writing card sheets (with their preflight) leaves the books, the games and the CMYK engine unloaded."""
    target = tmp_path / "cards.pdf"
    loaded = _modules_after(["sheets", str(ROOT / "decks" / "falling"), "-o", str(target)],
                            ("cardgen.rulebook", "cardgen.walkthrough", "cardgen.games", "cardgen.sim", "cardgen.export",
                             "PIL.ImageCms", "pikepdf", "pypdfium2"))
    assert target.stat().st_size > 10_000 and loaded == []


def test_sheets_of_a_deck_without_tables_or_defaults_file_load_neither_reader(tmp_path: Path) -> None:
    """The table reader (CSV, spreadsheets) is loaded for a deck with ``cards_from`` only, the TOML
    parser only when a ``cardgen.toml`` exists, the guides only with ``--guides``: none for FALLING; nor
    the whole-kit build (``cardgen build``), which card sheets alone do not need."""
    assert not (ROOT / "decks" / "falling" / "cardgen.toml").exists() and not (ROOT / "cardgen.toml").exists()
    target = tmp_path / "cards.pdf"
    loaded = _modules_after(["sheets", str(ROOT / "decks" / "falling"), "--no-preflight", "-o", str(target)],
                            ("cardgen.loading.tables", "tomllib", "csv", "cardgen.render.guides",
                             "cardgen.build"))
    assert target.stat().st_size > 10_000 and loaded == []

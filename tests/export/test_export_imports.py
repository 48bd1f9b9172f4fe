"""``cardgen export --to png`` loads what drawing and writing cards needs, not the rest of cardgen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import DATA, ROOT

RUN_AND_LIST_MODULES = """
import json, runpy, sys
sys.argv = ["cardgen", "export", sys.argv[1], "--to", "png", "--dpi", "40", "--jobs", "1", "-o", sys.argv[2], *sys.argv[3:]]
try:
    runpy.run_module("cardgen.cli", run_name="__main__")
except SystemExit as exit:
    assert not exit.code, exit.code
print(json.dumps(sorted(sys.modules)))
"""

NOT_FOR_EXPORT = ("cardgen.rulebook", "cardgen.walkthrough", "cardgen.games", "cardgen.sim", "cardgen.watch",
                  "multiprocessing", "concurrent.futures")
"""Rulebooks, walkthroughs, game code, simulators, the watcher; and with ``--jobs 1`` no process pool."""


def modules_of_an_export(out: Path, *options: str) -> list[str]:
    """Every module loaded by ``cardgen export`` of the minimal deck to PNG, on one process."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-c", RUN_AND_LIST_MODULES, str(DATA / "decks" / "minimal"), str(out),
                             *options], capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    assert sorted(out.glob("*.png")), "the export wrote no images"
    return json.loads(result.stdout.strip().splitlines()[-1])


def loaded(modules: list[str], names: tuple[str, ...]) -> list[str]:
    return [m for m in modules if any(m == name or m.startswith(name + ".") for name in names)]


def test_a_png_export_on_one_process_loads_no_rulebook_walkthrough_game_or_pool_code(tmp_path: Path) -> None:
    modules = modules_of_an_export(tmp_path / "out")
    assert "cardgen.export.png_encoder" in modules and "pypdfium2_raw" in modules
    assert loaded(modules, NOT_FOR_EXPORT) == []
    assert loaded(modules, ("pypdfium2",)) == []  # pdfium's C functions only, not pypdfium2's Python helpers


def test_without_preflight_the_export_loads_not_even_the_build_module(tmp_path: Path) -> None:
    """(The preflight takes its translator from ``cardgen.build``.)"""
    modules = modules_of_an_export(tmp_path / "out", "--no-preflight")
    assert loaded(modules, (*NOT_FOR_EXPORT, "cardgen.build")) == []

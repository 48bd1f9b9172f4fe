"""cardgen's processes skip pydantic's plugin discovery (and the import of importlib.metadata) unless asked."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

SHEETS_PATH = """
import json, sys
from cardgen.commands import sheets
from cardgen.loading import load_deck
load_deck(sys.argv[1])
import pydantic.plugin._loader as loader
print(json.dumps([type(loader).__name__, "importlib.metadata" in sys.modules, loader.PYDANTIC_ENTRY_POINT_GROUP]))
"""

PLUGIN_WATCHES = """
import json, sys
from cardgen.loading import load_deck
load_deck(sys.argv[1])
import watcher
print(json.dumps(watcher.SEEN))
"""


def _run(code: str, *args: str, env: dict[str, str] | None = None) -> object:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), *(env or {}).pop("EXTRA_PATH", "").split(os.pathsep)]),
               **(env or {}))
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_loading_a_deck_for_its_sheets_neither_scans_for_plugins_nor_imports_importlib_metadata() -> None:
    kind, metadata_loaded, group = _run(SHEETS_PATH, str(ROOT / "decks" / "falling"))
    assert kind == "NoPluginLoader"
    assert metadata_loaded is False
    assert group == "pydantic"  # any other name is pydantic's own, loaded on demand


def _plugin_package(tmp_path: Path) -> Path:
    """An installed package (a dist-info with an entry point) whose pydantic plugin records each model it sees."""
    site = tmp_path / "site"
    (site / "watcher-1.0.dist-info").mkdir(parents=True)
    (site / "watcher-1.0.dist-info" / "METADATA").write_text("Metadata-Version: 2.1\nName: watcher\nVersion: 1.0\n")
    (site / "watcher-1.0.dist-info" / "entry_points.txt").write_text("[pydantic]\nwatcher = watcher:plugin\n")
    (site / "watcher.py").write_text(
        "SEEN = []\n"
        "class _Plugin:\n"
        "    def new_schema_validator(self, schema, schema_type, schema_type_path, schema_kind, config, plugin_settings):\n"
        "        SEEN.append(schema_type_path.name)\n"
        "        return None, None, None\n"
        "plugin = _Plugin()\n")
    return site


def test_an_installed_pydantic_plugin_sees_nothing_by_default(tmp_path: Path) -> None:
    site = _plugin_package(tmp_path)
    assert _run(PLUGIN_WATCHES, str(ROOT / "decks" / "falling"), env={"EXTRA_PATH": str(site)}) == []


def test_cardgen_pydantic_plugins_1_keeps_pydantic_s_discovery(tmp_path: Path) -> None:
    site = _plugin_package(tmp_path)
    seen = _run(PLUGIN_WATCHES, str(ROOT / "decks" / "falling"),
                env={"EXTRA_PATH": str(site), "CARDGEN_PYDANTIC_PLUGINS": "1"})
    assert "CardSizeSpec" in seen  # the plugin really runs: the stand-in is what stops it

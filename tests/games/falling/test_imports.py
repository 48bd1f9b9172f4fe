"""FALLING's modules import each other without cycles (imports inside functions included)."""

from __future__ import annotations

import ast
from pathlib import Path

from cardgen.games import falling

PACKAGE = "cardgen.games.falling"
HERE = Path(falling.__file__).parent


def imports_of(path: Path) -> set[str]:
    """The FALLING modules ``path`` imports, wherever the import statement is."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(PACKAGE + "."):
            found.add(node.module.removeprefix(PACKAGE + ".").split(".")[0])
        elif isinstance(node, ast.Import):
            found |= {a.name.removeprefix(PACKAGE + ".").split(".")[0] for a in node.names
                      if a.name.startswith(PACKAGE + ".")}
    return found


def test_no_import_cycles_between_falling_modules() -> None:
    graph = {p.stem: imports_of(p) for p in HERE.glob("*.py") if p.stem != "__init__"}
    cycles = []

    def visit(module: str, path: list[str]) -> None:
        for other in sorted(graph.get(module, ())):
            if other in path:
                cycles.append(" → ".join(path[path.index(other):] + [other]))
            elif len(path) < len(graph):
                visit(other, path + [other])

    for module in sorted(graph):
        visit(module, [module])
    assert not cycles, sorted(set(cycles))[:5]


def test_the_clock_does_not_know_the_bots() -> None:
    assert "agents" not in imports_of(HERE / "clock.py")
    assert "clock" not in imports_of(HERE / "agents.py")


PLUGIN_IN_A_FRESH_PROCESS = """
import json, sys
import cardgen.games.falling.plugin
print(json.dumps(sorted(m for m in sys.modules if m.startswith("cardgen.games.falling."))))
"""


def test_the_plugin_and_its_diagrams_load_none_of_the_engine() -> None:
    """What a FALLING deck's checks import (its plugin: diagrams, texts) leaves the engine unloaded."""
    import json
    import os
    import subprocess
    import sys

    from tests.conftest import ROOT

    out = subprocess.run([sys.executable, "-c", PLUGIN_IN_A_FRESH_PROCESS], capture_output=True, text=True, check=True,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=ROOT)
    loaded = {name.removeprefix(PACKAGE + ".") for name in json.loads(out.stdout)}
    assert loaded.isdisjoint({"agents", "clock", "log", "moments", "play", "rules", "variants", "teaching"}), loaded
    assert {"plugin", "diagrams", "texts"} <= loaded


def test_every_public_name_is_the_object_of_its_module() -> None:
    import importlib

    import cardgen.games.falling.log  # noqa: F401  (imports the replay module after the package)

    for name in falling.__all__:
        module = importlib.import_module(f"{PACKAGE}.{falling._API.get(name, 'replay')}")
        assert getattr(falling, name) is getattr(module, name), name
    assert callable(falling.replay) and falling.replay.__module__ == f"{PACKAGE}.replay"
    assert sorted(falling.__all__) == sorted({*falling._API, "replay"})
    assert set(falling.__all__) <= set(dir(falling))

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

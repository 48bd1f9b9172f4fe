"""The package map holds: shared packages know no game, games know no other game, no import cycles,
and docs/architecture.md names every package.

The import graph is read from the source with :mod:`ast` (every ``import`` and ``from … import``,
including those inside functions and ``TYPE_CHECKING`` blocks: a cycle there is still a design
cycle). Games are found at run time by :func:`cardgen.games.load_games`, which imports plugins by
name; that is the one way a shared package reaches a game, and it is not an import statement.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT

PACKAGE = ROOT / "cardgen"
GAMES = "cardgen.games"
WIRING = ("cardgen.cli", "cardgen.commands")
"""The command line wires shared packages to games (``cardgen simulate`` runs FALLING's engine)."""


def module_files(package: Path) -> dict[str, Path]:
    """``cardgen.render.sheets`` → its file, for every module and package under ``package``."""
    out: dict[str, Path] = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _target(name: str, modules: dict[str, Path]) -> str:
    """The module an imported name lives in (``cardgen.render.fonts.BODY`` → ``cardgen.render.fonts``)."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name


def imports_of(module: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The cardgen modules that ``module`` imports anywhere in its source."""
    found: set[str] = set()
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(_target(alias.name, modules) for alias in node.names if alias.name.startswith("cardgen"))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[:len(package) - node.level + 1] + ([base] if base else []))
            if base.startswith("cardgen"):
                found.update(_target(f"{base}.{alias.name}", modules) for alias in node.names)
    found.discard(module)
    found.discard("")
    return found


def import_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    modules = module_files(package)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def game_of(module: str) -> str | None:
    """``cardgen.games.falling.rules`` → ``falling``; None outside a game's folder."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and module.startswith(GAMES + ".") else None


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in graph:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def forbidden_imports(graph: dict[str, set[str]]) -> list[str]:
    """Shared → game and game → other game imports, one line each."""
    problems = []
    for module, targets in sorted(graph.items()):
        for target in sorted(targets):
            target_game = game_of(target)
            if target_game is None:
                continue
            own_game = game_of(module)
            if own_game is None and not module.startswith(WIRING) and module != GAMES:
                problems.append(f"shared {module} imports game module {target}")
            elif own_game is not None and own_game != target_game:
                problems.append(f"game {module} imports another game's {target}")
    return problems


def test_no_shared_package_imports_a_game_and_no_game_imports_another() -> None:
    assert forbidden_imports(import_graph()) == []


def test_no_import_cycles_inside_cardgen() -> None:
    assert cycles(import_graph()) == []


PRODUCT_MODULES = frozenset({"plugin", "texts", "diagrams", "board_drawing", "glyphs", "walkthrough", "walkthrough_plan",
                             "captions", "rules_shown", "report"})
"""What a game adds to the products (drawing, captions, registration); the rest of its folder is its engine."""

DRAWING = ("reportlab", "PIL", "pypdfium2", "svglib")


def draws(path: Path) -> bool:
    """Whether a module imports a drawing library itself."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
        if any(name.split(".")[0] in DRAWING for name in names):
            return True
    return False


def engine_problems(package: Path = PACKAGE) -> list[str]:
    """Engine modules that reach a drawing library, directly or through what they import."""
    modules = module_files(package)
    graph = import_graph(package)
    problems = []
    for name in sorted(modules):
        game = game_of(name)
        if game is None or name.rpartition(".")[2] in PRODUCT_MODULES:
            continue
        seen, todo = {name}, [name]
        while todo:
            current = todo.pop()
            if draws(modules[current]):
                problems.append(f"engine module {name} reaches a drawing library through {current}")
                break
            for child in sorted(graph[current] - seen):
                seen.add(child)
                todo.append(child)
    return problems


def test_game_engines_draw_nothing() -> None:
    """The rules engines (everything in a game's folder but its product modules) never reach reportlab."""
    assert engine_problems() == []


def test_an_engine_module_importing_a_drawing_module_is_reported(tmp_path: Path) -> None:
    package = _package(tmp_path, {
        "__init__.py": "", "render/__init__.py": "", "render/fonts.py": "from reportlab.pdfbase import pdfmetrics\n",
        "games/__init__.py": "", "games/chess/__init__.py": "", "games/chess/diagrams.py": "import reportlab\n",
        "games/chess/rules.py": "from cardgen.render.fonts import BODY\n",
    })
    assert engine_problems(package) == [
        "engine module cardgen.games.chess.rules reaches a drawing library through cardgen.render.fonts"]


def test_every_package_is_named_in_the_architecture_page() -> None:
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    packages = sorted(name for name, path in module_files(PACKAGE).items() if path.name == "__init__.py")
    missing = [name for name in packages if f"`{name.removeprefix('cardgen.').replace('.', '/')}/`" not in page
               and name != "cardgen"]
    assert missing == [], "docs/architecture.md does not name: " + ", ".join(missing)


# -- the checks above can fail ----------------------------------------------------------------------


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / "cardgen" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path / "cardgen"


def test_a_lazy_import_that_closes_a_loop_is_a_cycle(tmp_path: Path) -> None:
    package = _package(tmp_path, {
        "__init__.py": "",
        "render/__init__.py": "",
        "render/card.py": "def draw():\n    import cardgen.render.elements\n",
        "render/elements/__init__.py": "from cardgen.render.elements import dice\n",
        "render/elements/dice.py": "from cardgen.render.card import draw\n",
    })
    assert cycles(import_graph(package)) == [["cardgen.render.card", "cardgen.render.elements",
                                              "cardgen.render.elements.dice"]]


def test_relative_imports_are_resolved(tmp_path: Path) -> None:
    package = _package(tmp_path, {
        "__init__.py": "",
        "games/__init__.py": "",
        "games/a/__init__.py": "",
        "games/a/clock.py": "from .agents import Agent\n",
        "games/a/agents.py": "from . import clock\n",
    })
    assert cycles(import_graph(package)) == [["cardgen.games.a.agents", "cardgen.games.a.clock"]]


@pytest.mark.parametrize(("importer", "imported", "problem"), [
    ("rulebook/book.py", "games.falling.diagrams", "shared cardgen.rulebook.book imports game module "
                                                   "cardgen.games.falling.diagrams"),
    ("games/falling_off/walk.py", "games.falling.texts", "game cardgen.games.falling_off.walk imports another "
                                                         "game's cardgen.games.falling.texts"),
])
def test_shared_to_game_and_game_to_game_imports_are_reported(tmp_path: Path, importer: str, imported: str,
                                                              problem: str) -> None:
    package = _package(tmp_path, {
        "__init__.py": "", "rulebook/__init__.py": "", "games/__init__.py": "",
        "games/falling/__init__.py": "", "games/falling/diagrams.py": "", "games/falling/texts.py": "",
        "games/falling_off/__init__.py": "",
        importer: f"from cardgen.{imported} import something\n",
    })
    assert forbidden_imports(import_graph(package)) == [problem]


def test_the_command_line_may_wire_a_game_in(tmp_path: Path) -> None:
    package = _package(tmp_path, {
        "__init__.py": "", "commands/__init__.py": "", "games/__init__.py": "", "games/falling/__init__.py": "",
        "commands/simulate.py": "from cardgen.games.falling import play\n",
    })
    assert forbidden_imports(import_graph(package)) == []

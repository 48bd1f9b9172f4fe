"""Run a function right after a module is first imported, without importing it now.

cardgen adjusts two reportlab modules when it registers its fonts: ``reportlab.platypus.paragraph``
(the narrow no-break space must not break a line, :mod:`cardgen.render.narrow_space`) and
``reportlab.graphics`` (its default font, :mod:`cardgen.render.fonts`). Importing them to adjust
them costs ~0.03 s of CPU with bytecode cached (``reportlab.graphics.shapes`` imports all of ``reportlab.platypus``),
which a process that sets no Paragraph and draws no Drawing — card sheets of plain text — need
not pay. :func:`when_imported` adjusts a module now if it is loaded, else the moment it is.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

Action = Callable[[ModuleType], None]
_PENDING: dict[str, list[Action]] = {}


def when_imported(name: str, action: Action) -> None:
    """Call ``action(module)`` now if module ``name`` is imported, else right after its code has run
    (before the statement importing it returns, so nothing else uses it unadjusted)."""
    module = sys.modules.get(name)
    if module is not None:
        action(module)
        return
    _PENDING.setdefault(name, []).append(action)
    if not any(isinstance(finder, _AfterImport) for finder in sys.meta_path):
        sys.meta_path.insert(0, _AfterImport())


class _AfterImport(importlib.abc.MetaPathFinder):
    """Finds a waited-for module as the path finder does, and runs its actions after the module's code."""

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None) -> Any:
        if fullname not in _PENDING:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        loader = spec.loader if spec is not None else None
        if loader is None or not hasattr(loader, "exec_module"):
            return None  # not a module file the path finder loads: leave it to the other finders
        actions = _PENDING.pop(fullname)
        if not _PENDING:
            sys.meta_path.remove(self)
        run = loader.exec_module

        def exec_then_act(module: ModuleType) -> None:
            run(module)
            for action in actions:
                action(module)

        loader.exec_module = exec_then_act  # type: ignore[method-assign]
        return spec

"""The games cardgen knows: one subpackage each (``falling``, ``falling_off``, ``fall_damage``).

A game package holds its rules engine (plain Python, no drawing). What the game adds to
cardgen's products — rulebook diagrams and their labels, a walkthrough writer, caption strings
for the catalogs — is registered by its optional ``plugin`` module, which :func:`load_games`
imports. Adding a game therefore touches no shared module.
"""

from __future__ import annotations

import importlib
import pkgutil

_loaded = False


def load_games() -> None:
    """Import ``cardgen.games.<game>.plugin`` for every game package that has one (once)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not info.ispkg:
            continue
        name = f"{__name__}.{info.name}.plugin"
        if importlib.util.find_spec(name) is not None:
            importlib.import_module(name)

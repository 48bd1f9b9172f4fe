"""The games cardgen knows: one subpackage each (``falling``, ``falling_off``, ``fall_damage``).

A game package holds its rules engine (plain Python, no drawing). What the game adds to
cardgen's products — rulebook diagrams and their labels, a walkthrough writer, caption strings
for the catalogs — is registered by its optional ``plugin`` module, which :func:`load_games`
imports. Adding a game therefore touches no shared module.

A deck's ``game:`` value names its package (``falling-off`` → ``falling_off``): what a deck needs
is registered by its own game's plugin alone (``load_games(deck.game)``), so a FALLING build does
not import Falling Off's code. Lookups by a name no loaded game registered (a diagram, say) load
every game and look again.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Container

_all_loaded = False
_loaded: set[str] = set()
"""Packages whose plugin has been imported (or that have none)."""


def package_of(game: str) -> str:
    """The subpackage of the game a deck names in ``game:``."""
    return game.replace("-", "_")


def _load(package: str) -> bool:
    """Import ``cardgen.games.<package>.plugin`` if the package exists (once); whether it exists."""
    if package in _loaded:
        return True
    if not package.isidentifier() or importlib.util.find_spec(f"{__name__}.{package}") is None:
        return False
    _loaded.add(package)
    name = f"{__name__}.{package}.plugin"
    if importlib.util.find_spec(name) is not None:
        importlib.import_module(name)
    return True


def load_games(game: str | None = None) -> None:
    """Import the plugin of ``game`` (a deck's ``game:`` value), or of every game when ``game`` is
    None or names no game package (once each)."""
    global _all_loaded
    if _all_loaded or (game and _load(package_of(game))):
        return
    _all_loaded = True
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.ispkg:
            _load(info.name)


def load_registering(name: str, registry: Container[str], game: str | None = None) -> None:
    """Load plugins until ``registry`` holds ``name``: ``game``'s first (a deck's own game), then
    every game's. Nothing is loaded when it is there already."""
    if name not in registry:
        load_games(game)
    if name not in registry:
        load_games()

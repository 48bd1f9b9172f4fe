"""Localisation: one gettext catalog per language of a deck (``decks/<deck>/locale/<lang>.po``).

English in deck.yaml and rulebook.md is the source text (the msgid); contexts name where each
string lives (``card:hit.text``, ``rulebook:dealing.2``, ``diagram:table.dealer``).

Importing a module of this package (the typography pass every drawing uses, say) does not load
the catalog machinery (Babel, polib): :func:`load_translator` is imported when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardgen.i18n.translator import load_translator

__all__ = ["load_translator"]


def __getattr__(name: str) -> Any:
    if name == "load_translator":
        from cardgen.i18n.translator import load_translator

        return load_translator
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

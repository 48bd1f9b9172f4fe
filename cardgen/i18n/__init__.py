"""Localisation: one gettext catalog per language of a deck (``decks/<deck>/locale/<lang>.po``).

English in deck.yaml and rulebook.md is the source text (the msgid); contexts name where each
string lives (``card:hit.text``, ``rulebook:dealing.2``, ``diagram:table.dealer``).
"""

from cardgen.i18n.translator import load_translator

__all__ = ["load_translator"]

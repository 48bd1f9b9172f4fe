"""Deck files → validated specs: YAML with positions, `extends`, units, validation."""

from cardgen.loading.deck_loader import load_deck

__all__ = ["load_deck"]

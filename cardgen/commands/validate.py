"""``cardgen validate DECK``: check a deck file and everything it refers to."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.commands import console
from cardgen.commands.options import deck_argument
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import load_deck_layouts


@click.command("validate")
@deck_argument
def command(deck_dir: Path) -> None:
    """Check DECK_DIR's deck.yaml, layouts and art; print one line per problem."""
    deck = load_deck(deck_dir)
    load_deck_layouts(deck)
    console.say(f"{deck.file}: ok — {len(deck.cards)} distinct cards, {deck.total_cards} in all, "
               f"{len(deck.types)} types")

"""``cardgen validate DECK``: check a deck file and everything it refers to."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.buildable import check_buildable
from cardgen.commands import console
from cardgen.commands.options import deck_argument
from cardgen.loading import load_deck


@click.command("validate")
@deck_argument
def command(deck_dir: Path) -> None:
    """Check DECK_DIR's deck.yaml, layouts, art, catalogs and rulebook; print one line per problem.

    It runs every check 'cardgen build' runs before writing (for --paper a4): when it passes,
    the build succeeds.
    """
    deck = load_deck(deck_dir)
    check_buildable(deck)
    console.say(f"{deck.file}: ok — {len(deck.cards)} distinct cards, {deck.total_cards} in all, "
               f"{len(deck.types)} types")

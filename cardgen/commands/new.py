"""``cardgen new NAME [--from falling|blank] [--size poker] [--dir decks]``: start a deck that builds as is."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.commands import console
from cardgen.layout.sizes import CARD_SIZES
from cardgen.loading.deck_loader import display_path
from cardgen.model.fields import ID_PATTERN
from cardgen.scaffold import TEMPLATES, create_deck


def _name(ctx: click.Context, param: click.Parameter, value: str) -> str:
    import re

    if not re.match(ID_PATTERN, value):
        raise click.BadParameter("a deck name uses lower-case letters, digits, '-' and '_' (e.g. 'my-game')")
    return value


@click.command("new")
@click.argument("name", callback=_name)
@click.option("--from", "template", type=click.Choice(TEMPLATES, case_sensitive=False), default="blank", show_default=True,
              help="blank: three example cards of three types; falling: every kind of FALLING card.")
@click.option("--size", type=click.Choice(sorted(CARD_SIZES), case_sensitive=False), default="poker", show_default=True, help="Card size.")
@click.option("--dir", "parent", type=click.Path(path_type=Path, file_okay=False), default=Path("decks"),
              show_default=True, help="Folder to create the deck in.")
def command(name: str, template: str, size: str, parent: Path) -> None:
    """Create the deck folder NAME: deck.yaml, a card layout, example cards, locale/ and rulebook.md."""
    made = create_deck(name, parent=parent, template=template, size=size)
    folder = display_path(made.folder)
    console.say(f"created {folder}/: {', '.join(made.files)}")
    if made.schema != "deck.schema.json":
        console.say(f"deck.yaml points editors at the schema in this checkout ({made.schema})")
    console.say(f"next: cardgen build {folder}   (or: cardgen watch {folder} to rebuild as you edit)")

"""``cardgen walkthrough DECK --lang fr [--players 4] [--seed N] [--format pdf|png] -o FILE``."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.build import translator_for
from cardgen.commands.options import deck_argument, paper_option
from cardgen.errors import DeckError
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import display_path
from cardgen.preflight import check_buildable
from cardgen.walkthrough.registry import WalkthroughOptions, find_walkthrough, known_games


@click.command("walkthrough")
@deck_argument
@click.option("--lang", default="en", show_default=True, help="Language of the handout (a catalog in locale/, or en).")
@click.option("--players", type=click.IntRange(2, 10), default=None, help="Players at the table (the game's default if not given).")
@click.option("--seed", type=click.IntRange(0), default=None,
              help="Start the search for a good game at this seed (the same seed gives the same handout).")
@paper_option
@click.option("--format", "image_format", type=click.Choice(["pdf", "png"]), default="pdf", show_default=True,
              help="pdf: the printed handout; png: one image per frame, for slides or screens.")
@click.option("--allow-untranslated", is_flag=True, help="Use English for strings the catalog lacks, and say how many.")
@click.option("-o", "--output", type=click.Path(path_type=Path), default=None,
              help="PDF file to write, or the folder for --format png "
                   "(default: output/<deck>/walkthrough-<lang>.pdf or output/<deck>/walkthrough-<lang>/).")
def command(deck_dir: Path, lang: str, players: int | None, seed: int | None, paper: str, image_format: str,
            allow_untranslated: bool, output: Path | None) -> None:
    """Write an illustrated, step-by-step teaching walkthrough of DECK_DIR's game."""
    deck = load_deck(deck_dir)
    writer = find_walkthrough(deck.game)
    if writer is None:
        raise DeckError(f"no walkthrough for game '{deck.game}'", path=display_path(deck.file), field="game",
                        hint="games with a walkthrough: " + ", ".join(known_games()))
    check_buildable(deck, languages=[lang], paper=None, allow_untranslated=allow_untranslated, rulebook=False)
    notes: list[str] = []
    translate = translator_for(deck, lang, allow_untranslated=allow_untranslated, notes=notes)
    default = Path("output") / deck.deck / (f"walkthrough-{lang}" + (".pdf" if image_format == "pdf" else ""))
    options = WalkthroughOptions(players=players, seed=seed, paper=paper, image_format=image_format)  # type: ignore[arg-type]
    result = writer(deck, output or default, translate=translate, language=lang, options=options)
    for note in notes + result.notes:
        click.echo(f"note: {note}", err=True)
    if image_format == "png":
        folder = (output or default)
        click.echo(f"wrote {len(result.files)} frames to {display_path(folder)}")
    else:
        for path in result.files:
            click.echo(f"wrote {display_path(path)}")

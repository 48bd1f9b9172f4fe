"""``cardgen build [DECK_DIR ...]``: build every product of one deck, or of every deck in decks/."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.build import build_deck, find_decks
from cardgen.commands.options import check_theme, page_progress, theme_option
from cardgen.commands.preflight import strict_option, warn_before_writing
from cardgen.errors import CardgenError, DeckError, ProblemList
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import display_path


@click.command("build")
@click.argument("deck_dirs", nargs=-1, type=click.Path(path_type=Path))
@click.option("--out", "out", type=click.Path(path_type=Path, file_okay=False),
              help="Output folder (default: output/<deck>/).")
@click.option("--lang", "languages", multiple=True, help="Build only this language (repeatable).")
@click.option("--paper", type=click.Choice(["a4", "letter", "a3", "legal"]), default="a4", show_default=True)
@click.option("--allow-untranslated", is_flag=True, help="Use English for strings a catalog lacks, and say how many.")
@strict_option
@click.option("--no-preflight", is_flag=True, help="Skip the preflight checks (see 'cardgen preflight').")
@theme_option
def command(deck_dirs: tuple[Path, ...], out: Path | None, languages: tuple[str, ...], paper: str,
            allow_untranslated: bool, strict: bool, no_preflight: bool, theme: str, guides: bool) -> None:
    """Build card sheets (and every other product) for DECK_DIRS, or for every deck in decks/."""
    folders = list(deck_dirs) or find_decks(Path("decks"))
    if not folders:
        raise DeckError("no decks found", path=Path("decks"), hint="run this in a folder with decks/<name>/deck.yaml, or name a deck")
    if out is not None and len(folders) > 1:
        out_for = lambda deck_name: out / deck_name  # noqa: E731
    else:
        out_for = lambda deck_name: out or Path("output") / deck_name  # noqa: E731
    problems: list[CardgenError] = []
    for folder in folders:
        try:
            deck = load_deck(folder)
            check_theme(deck, theme)
            if not no_preflight:
                warn_before_writing(deck, languages=list(languages) or deck.languages, paper=paper, strict=strict,
                                    allow_untranslated=allow_untranslated)
            target = out_for(deck.deck)
            with page_progress(f"{deck.deck}", enabled=deck.total_cards > 4 * 9) as progress:
                build_deck(deck, target, languages=list(languages) or None, paper=paper,
                           allow_untranslated=allow_untranslated, progress=progress, theme=theme, guides=guides,
                           on_product=lambda path: click.echo(f"wrote {display_path(path)}"),
                           on_note=lambda note: click.echo(f"note: {note}", err=True))
        except CardgenError as error:
            problems.extend(error.problems)
    if problems:
        raise ProblemList(f"{len(problems)} problems", items=problems)

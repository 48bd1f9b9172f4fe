"""``cardgen build [DECK_DIR ...]``: build every product of one deck, or of every deck in decks/."""

from __future__ import annotations

import time
from pathlib import Path

import click

from cardgen.build import build_deck, find_decks
from cardgen.commands import console
from cardgen.commands.options import (
    cards_option,
    check_theme,
    output_option,
    page_progress,
    select_deck_cards,
    theme_option,
)
from cardgen.errors import CardgenError, DeckError, ProblemList
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import display_path


@click.command("build")
@click.argument("deck_dirs", nargs=-1, type=click.Path(path_type=Path))
@output_option(folder=True, help="The folder the files of the one deck named go into "
              "(default: output/<deck>/ for each deck).")
@click.option("--lang", "languages", multiple=True, help="Build only this language (repeatable).")
@click.option("--paper", type=click.Choice(["a4", "letter", "a3", "legal"], case_sensitive=False), default="a4", show_default=True)
@click.option("--allow-untranslated", is_flag=True, help="Use English for strings a catalog lacks, and say how many.")
@theme_option
@cards_option
def command(deck_dirs: tuple[Path, ...], output: Path | None, languages: tuple[str, ...], paper: str,
            allow_untranslated: bool, theme: str, guides: bool, cards: dict[str, int] | None) -> None:
    """Build card sheets (and every other product) for DECK_DIRS, or for every deck in decks/.

    With --cards, only card sheets of those cards, as cards-<lang>-selected.pdf beside the full ones.
    """
    folders = list(deck_dirs) or find_decks(Path("decks"))
    if not folders:
        raise DeckError("no decks found", path=Path("decks"), hint="run this in a folder with decks/<name>/deck.yaml, or name a deck")
    if output is not None and len(folders) > 1:  # -o is where the files land, everywhere: one deck's folder
        raise click.BadParameter(f"names the folder of one deck's files, and {len(folders)} decks would be built "
                                 "(their files have the same names); build them one at a time, or leave -o out "
                                 "for output/<deck>/", param_hint="-o/--output")
    problems: list[CardgenError] = []
    for folder in folders:
        try:
            deck = select_deck_cards(load_deck(folder), cards)
            check_theme(deck, theme)
            target = output if output is not None else Path("output") / deck.deck
            started = time.process_time()
            with page_progress(f"{deck.deck}", enabled=deck.total_cards > 4 * 9) as progress:
                build_deck(deck, target, languages=list(languages) or None, paper=paper,
                           allow_untranslated=allow_untranslated, progress=progress, theme=theme, guides=guides,
                           only=["cards"] if cards else None, selected=cards is not None,
                           on_product=lambda path: console.say(f"wrote {display_path(path)}"),
                           on_note=console.note)
            console.detail(f"{deck.deck}: {time.process_time() - started:.1f} CPU seconds")
        except CardgenError as error:
            problems.extend(error.problems)
    if problems:
        raise ProblemList(f"{len(problems)} problems", items=problems)

"""``cardgen rulebook DECK --lang fr [--paper a4|letter] [--booklet] -o FILE``: the rulebook alone."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.build import translator_for
from cardgen.buildable import check_buildable
from cardgen.commands import console
from cardgen.commands.options import deck_argument, output_option
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import display_path
from cardgen.rulebook.builder import write_rulebook


@click.command("rulebook")
@deck_argument
@click.option("--lang", default="en", show_default=True, help="Language of the rulebook (a catalog in locale/, or en).")
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4", show_default=True,
              help="Paper size (with --booklet: the sheet the half-size pages are printed on).")
@click.option("--booklet", is_flag=True,
              help="Half-size pages imposed two per side in saddle-stitch order: print double-sided "
                   "(short-edge flip), fold in half, staple.")
@click.option("--allow-untranslated", is_flag=True, help="Use English for strings the catalog lacks, and say how many.")
@output_option(folder=False, help="PDF file to write (default: output/<deck>/rulebook-<lang>.pdf).")
def command(deck_dir: Path, lang: str, paper: str, booklet: bool, allow_untranslated: bool, output: Path | None) -> None:
    """Typeset the rulebook of DECK_DIR (its rulebook.md) in one language."""
    deck = load_deck(deck_dir)
    check_buildable(deck, languages=[lang], paper=None, allow_untranslated=allow_untranslated,
                    walkthrough=False)
    notes: list[str] = []
    translate = translator_for(deck, lang, allow_untranslated=allow_untranslated, notes=notes)
    target = output or Path("output") / deck.deck / (f"rulebook-{lang}" + ("-booklet" if booklet else "") + ".pdf")
    for note in notes:
        console.note(note)
    result = write_rulebook(deck, target, translate=translate, language=lang, paper=paper, booklet=booklet)
    if result.sheets is not None:
        console.say(f"wrote {display_path(result.path)}: {result.pages} pages on {result.sheets} sheets "
                   "(print double-sided, flip on the short edge, fold, staple)")
    else:
        console.say(f"wrote {display_path(result.path)}: {result.pages} pages")

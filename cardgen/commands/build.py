"""``cardgen build [DECK_DIR ...]``: build every product of one deck, or of every deck in decks/."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.build import find_decks
from cardgen.build_jobs import JobResult, default_jobs, plan_jobs, run_jobs
from cardgen.commands.options import check_theme, theme_option
from cardgen.errors import CardgenError, DeckError, ProblemList
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import display_path
from cardgen.output import remove_stale_temps


@click.command("build")
@click.argument("deck_dirs", nargs=-1, type=click.Path(path_type=Path))
@click.option("--out", "out", type=click.Path(path_type=Path, file_okay=False),
              help="Output folder (default: output/<deck>/).")
@click.option("--lang", "languages", multiple=True, help="Build only this language (repeatable).")
@click.option("--paper", type=click.Choice(["a4", "letter", "a3", "legal"]), default="a4", show_default=True)
@click.option("--allow-untranslated", is_flag=True, help="Use English for strings a catalog lacks, and say how many.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, metavar="N",
              help="Build N products at once, one per core (default: every core; 1: one after the other).")
@theme_option
def command(deck_dirs: tuple[Path, ...], out: Path | None, languages: tuple[str, ...], paper: str,
            allow_untranslated: bool, jobs: int | None, theme: str, guides: bool) -> None:
    """Build card sheets (and every other product) for DECK_DIRS, or for every deck in decks/."""
    folders = list(deck_dirs) or find_decks(Path("decks"))
    if not folders:
        raise DeckError("no decks found", path=Path("decks"), hint="run this in a folder with decks/<name>/deck.yaml, or name a deck")
    if out is not None and len(folders) > 1:
        out_for = lambda deck_name: out / deck_name  # noqa: E731
    else:
        out_for = lambda deck_name: out or Path("output") / deck_name  # noqa: E731
    problems: list[CardgenError] = []
    planned = []
    for folder in folders:
        try:
            deck = load_deck(folder)
            check_theme(deck, theme)
            target = out_for(deck.deck)
            remove_stale_temps(target)
            planned += plan_jobs(deck, folder, target, languages=list(languages) or None, paper=paper,
                                 allow_untranslated=allow_untranslated, theme=theme, guides=guides)
        except CardgenError as error:
            problems.extend(error.problems)

    def done(result: JobResult, count: int, total: int) -> None:
        for note in result.notes:
            click.echo(f"note: {note}", err=True)
        if result.path is not None:  # (a product the deck does not have, e.g. no rulebook.md, says nothing)
            click.echo(f"[{count}/{total}] wrote {display_path(result.path)}")

    results = run_jobs(planned, workers=jobs or default_jobs(), on_done=done)
    for result in results:
        problems.extend(result.problems)
    if problems:
        raise ProblemList(f"{len(problems)} problems", items=problems)

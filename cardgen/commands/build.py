"""``cardgen build [DECK_DIR ...]``: build every product of one deck, or of every deck in decks/."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

import click

from cardgen.build import build_deck, find_decks
from cardgen.build_jobs import JobResult, default_jobs, plan_jobs, run_jobs
from cardgen.buildable import check_buildable
from cardgen.commands import console
from cardgen.commands.options import (
    butted_option,
    cards_option,
    check_theme,
    output_option,
    page_progress,
    select_deck_cards,
    theme_option,
)
from cardgen.commands.preflight import (
    no_preflight_option,
    strict_option,
    warn_before_writing,
)
from cardgen.errors import CardgenError, DeckError, ProblemList
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import display_path
from cardgen.output import remove_stale_temps, staged_folder


@click.command("build")
@click.argument("deck_dirs", nargs=-1, type=click.Path(path_type=Path))
@output_option(folder=True, help="The folder the files of the one deck named go into "
              "(default: output/<deck>/ for each deck).")
@click.option("--lang", "languages", multiple=True, help="Build only this language (repeatable).")
@click.option("--paper", type=click.Choice(["a4", "letter", "a3", "legal"], case_sensitive=False), default="a4", show_default=True)
@click.option("--allow-untranslated", is_flag=True, help="Use English for strings a catalog lacks, and say how many.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, metavar="N",
              help="Build N products at once, one per core (default: every core; 1: one after the other).")
@butted_option
@strict_option
@no_preflight_option
@theme_option
@cards_option
def command(deck_dirs: tuple[Path, ...], output: Path | None, languages: tuple[str, ...], paper: str,
            allow_untranslated: bool, jobs: int | None, butted: bool, strict: bool, no_preflight: bool, theme: str, guides: bool,
            cards: dict[str, int] | None) -> None:
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
    planned = []
    for folder in folders:
        try:
            deck = select_deck_cards(load_deck(folder), cards)
            check_theme(deck, theme)
            target = output if output is not None else Path("output") / deck.deck
            if cards is not None:  # a reprint of some cards: their sheets only, in this process
                if not no_preflight:
                    warn_before_writing(deck, languages=list(languages) or deck.languages, paper=paper,
                                        strict=strict, allow_untranslated=allow_untranslated, butted=butted)
                started = time.process_time()
                with page_progress(f"{deck.deck}", enabled=deck.total_cards > 4 * 9) as progress:
                    build_deck(deck, target, languages=list(languages) or None, paper=paper,
                               allow_untranslated=allow_untranslated, progress=progress, theme=theme, guides=guides,
                               only=["cards"], selected=True, butted=butted,
                               on_product=lambda path: console.say(f"wrote {display_path(path)}"),
                               on_note=console.note)
                console.detail(f"{deck.deck}: {time.process_time() - started:.1f} CPU seconds")
                continue
            # every check the build depends on, before anything is written (what 'cardgen validate' runs)
            check_buildable(deck, languages=list(languages) or None, paper=paper,
                            allow_untranslated=allow_untranslated)
            if not no_preflight:  # warnings on stderr; with --strict an error, and nothing written
                warn_before_writing(deck, languages=list(languages) or deck.languages, paper=paper, strict=strict,
                                    allow_untranslated=allow_untranslated, butted=butted)
            remove_stale_temps(target)
            planned.append((deck, folder, target))
        except CardgenError as error:
            problems.extend(error.problems)
    if problems:
        raise ProblemList(f"{len(problems)} problems", items=problems)
    if not planned:
        return
    shown: dict[Path, Path] = {}  # staging folder → the output folder its files move to

    # every product goes into a staging folder inside its deck's output folder; they all move into place
    # together once every product of every deck is built, so a failed build leaves the old files as they were
    started = time.process_time()
    with contextlib.ExitStack() as stack:
        jobs_to_run = []
        for deck, folder, target in planned:
            stage = stack.enter_context(staged_folder(target))
            shown[stage] = target
            jobs_to_run += plan_jobs(deck, folder, stage, languages=list(languages) or None, paper=paper,
                                     allow_untranslated=allow_untranslated, theme=theme, guides=guides,
                                     butted=butted)
        with console.progress("products", enabled=len(jobs_to_run) > 1) as progress:

            def done(result: JobResult, count: int, total: int) -> None:
                for note in result.notes:
                    console.note(note)
                if progress:
                    progress(count, total)

            results = run_jobs(jobs_to_run, workers=jobs or default_jobs(), on_done=done)
        for result in results:
            problems.extend(result.problems)
        if problems:
            raise ProblemList(f"{len(problems)} problems", items=problems)
    for result in results:  # in place now, in the order of the sequential build
        if result.path is not None:  # (a product the deck does not have, e.g. no rulebook.md, says nothing)
            console.say(f"wrote {display_path(shown[result.path.parent] / result.path.name)}")
    console.detail(f"{len(jobs_to_run)} products: {time.process_time() - started:.1f} CPU seconds in this process")

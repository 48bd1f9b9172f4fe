"""``cardgen build [DECK_DIR ...]``: build every product of one deck, or of every deck in decks/."""

from __future__ import annotations

import contextlib
import time
from dataclasses import replace
from pathlib import Path

import click

from cardgen.build import build_deck, find_decks
from cardgen.build_jobs import (
    CHECKS,
    Job,
    JobResult,
    default_jobs,
    plan_checks,
    plan_jobs,
    run_jobs,
)
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
    before_writing_options,
    no_preflight_option,
    report_before_writing,
    strict_option,
    warn_before_writing,
)
from cardgen.errors import CardgenError, DeckError, ProblemList
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import display_path
from cardgen.model.deck import DeckSpec
from cardgen.output import missing_folders, remove_stale_temps, staged_folder


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
    problems: dict[int, list[CardgenError]] = {}  # by deck, reported in the order the decks were named
    checks: list[Job] = []
    products: list[Job] = []
    decks: dict[Path, tuple[int, DeckSpec]] = {}  # deck folder → its place on the command line, the deck
    for number, folder in enumerate(folders):
        problems[number] = []
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
        except CardgenError as error:
            problems[number].extend(error.problems)
            continue
        # every check the build depends on (what 'cardgen validate' runs), then the preflight (warnings on
        # stderr; with --strict an error): jobs of their own, run before anything of this deck is built
        preflight = None if no_preflight else before_writing_options(
            languages=list(languages) or deck.languages, paper=paper, allow_untranslated=allow_untranslated,
            butted=butted)
        checks += plan_checks(deck, folder, target, languages=list(languages) or None, paper=paper,
                              allow_untranslated=allow_untranslated, preflight=preflight, strict=strict)
        products += plan_jobs(deck, folder, target, languages=list(languages) or None, paper=paper,
                              allow_untranslated=allow_untranslated, theme=theme, guides=guides, butted=butted)
        decks[folder] = (number, deck)
    if any(problems.values()):
        products = []  # a deck that could not be loaded: nothing is built, every other deck is still checked
    if checks:
        _build(checks + products, decks, problems, workers=jobs or default_jobs())
    _raise_any(problems)


def _build(jobs: list[Job], decks: dict[Path, tuple[int, DeckSpec]], problems: dict[int, list[CardgenError]], *,
           workers: int) -> None:
    """Check every deck and build its products; they move into place only if nothing failed.

    Every product goes into a staging folder inside its deck's output folder, made when the deck's
    first product starts (after its check passed); they all move into place together once every
    product of every deck is built, so a failed build leaves the old files as they were. Should a
    check fail after another deck's products started (``-j N``), the output folders made for them
    are removed again: as with ``-j 1``, a build that fails its checks leaves no trace.
    """
    stages: dict[Path, Path] = {}  # output folder → its staging folder
    made: list[Path] = []  # folders made for the output, deepest first
    checks_failed = False
    count = sum(job.product not in CHECKS for job in jobs)
    started, began = time.process_time(), time.monotonic()

    def before_start(job: Job) -> Job:
        if job.product in CHECKS:
            return job
        if job.out_dir not in stages:
            made[:0] = missing_folders(job.out_dir)
            remove_stale_temps(job.out_dir)
            stages[job.out_dir] = stack.enter_context(staged_folder(job.out_dir))
        return replace(job, out_dir=stages[job.out_dir])

    def in_order(index: int, result: JobResult) -> None:  # what is printed, in the same order with any -j
        nonlocal checks_failed
        number, deck = decks[result.job.folder]
        checks_failed = checks_failed or (result.failed and result.job.product in CHECKS)
        if result.skipped:
            return
        if result.job.product == "preflight":
            try:
                with console.above_bar():
                    report_before_writing(deck, result.findings, strict=result.job.strict)
            except CardgenError as error:
                problems[number].extend(error.problems)
            return
        problems[number].extend(result.problems)
        for note in result.notes:
            console.note(note)

    try:
        with contextlib.ExitStack() as stack, console.progress("products", enabled=count > 1) as progress:
            built = 0

            def done(result: JobResult, _count: int, _total: int) -> None:
                nonlocal built
                if result.job.product not in CHECKS:
                    built += 1
                    if progress:
                        progress(built, count)

            results = run_jobs(jobs, workers=workers, on_done=done, in_order=in_order, before_start=before_start)
            _raise_any(problems)  # (inside: the staging folders are removed, nothing moves into place)
    except BaseException:
        for folder in made if checks_failed else ():  # (only if still empty: the build put nothing there)
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise
    shown = {stage: target for target, stage in stages.items()}
    for result in results:  # in place now, in the order of the sequential build
        if result.path is not None:  # (a product the deck does not have, e.g. no rulebook.md, says nothing)
            console.say(f"wrote {display_path(shown[result.path.parent] / result.path.name)}")
    console.detail(f"{count} products: {time.process_time() - started:.1f} CPU seconds in this process")
    console.detail(f"this process: {time.process_time():.2f} CPU s since it started; the jobs, "
                   f"in seconds since the checks began:")
    for line in timeline(results, since=began):
        console.detail(line)


def timeline(results: list[JobResult], *, since: float) -> list[str]:
    """When each job ran and where (``-v``): seconds since ``since`` (``time.monotonic``), its CPU seconds."""
    workers = {pid: n for n, pid in enumerate(dict.fromkeys(r.worker for r in sorted(results, key=lambda r: r.started)
                                                         if not r.skipped), 1)}
    return [f"  {r.started - since:6.2f} – {r.ended - since:5.2f} s  worker {workers[r.worker]}  "
            f"{r.cpu:5.2f} CPU s  {r.job.label}" for r in sorted(results, key=lambda r: r.started) if not r.skipped]


def _raise_any(problems: dict[int, list[CardgenError]]) -> None:
    found = [problem for number in sorted(problems) for problem in problems[number]]
    if found:
        raise ProblemList(f"{len(found)} problems", items=found)

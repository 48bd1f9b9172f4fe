"""Building many products on all cores: one job per deck × language × product, in a process pool.

Every product (``cards``, ``rulebook``, ``walkthrough`` of one deck in one language) depends only
on its deck, so they run side by side, each in a worker process that writes its own file
(atomically, through :func:`cardgen.output.atomic_path`). A worker builds exactly what the
sequential build would: the same function, the same deck, the same options; PDFs are written
``invariant``, so the files are byte for byte the same whichever order the jobs finish in.

Workers are forked from the command's process and find the decks it already loaded in
:data:`_DECKS`, so no deck is read or validated twice; where fork is unavailable they load the
deck folder again. ``jobs=1`` runs everything in this process, in order, without a pool.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.model.deck import DeckSpec

LONGEST_FIRST = ("rulebook", "walkthrough", "cards")
"""Products by how long they usually take: the pool starts the long ones first."""

_TRANSLATORS: dict[tuple[Path, str, bool], tuple[Callable[[str, str], str], list[str]]] = {}
"""Translators a process has made, by (deck folder, language, allow_untranslated), with their notes."""

_DECKS: dict[Path, DeckSpec] = {}
"""Decks loaded by the parent, inherited by forked workers (keyed by their folder)."""


@dataclass(frozen=True)
class Job:
    """One product of one deck in one language."""

    folder: Path
    deck: str
    language: str
    product: str
    out_dir: Path
    paper: str = "a4"
    allow_untranslated: bool = False
    theme: str = "default"
    guides: bool = False
    butted: bool = False
    report_notes: bool = False
    """Whether this job reports the translator's notes (one job per deck and language does)."""

    @property
    def label(self) -> str:
        return f"{self.deck} {self.product} ({self.language})"


@dataclass
class JobResult:
    job: Job
    path: Path | None = None
    notes: list[str] = field(default_factory=list)
    problems: list[CardgenError] = field(default_factory=list)


def default_jobs() -> int:
    """How many workers by default: the cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def plan_jobs(deck: DeckSpec, folder: Path, out_dir: Path, *, languages: Sequence[str] | None = None,
              only: Sequence[str] | None = None, paper: str = "a4", allow_untranslated: bool = False,
              theme: str = "default", guides: bool = False, butted: bool = False) -> list[Job]:
    """The jobs of one deck, in the sequential build's order (language, then product)."""
    from cardgen.build import PRODUCTS

    _DECKS[folder] = deck
    jobs = []
    for language in languages or deck.languages:
        first = True
        for product in PRODUCTS:
            if only and product not in only:
                continue
            jobs.append(Job(folder=folder, deck=deck.deck, language=language, product=product, out_dir=out_dir,
                            paper=paper, allow_untranslated=allow_untranslated, theme=theme, guides=guides,
                            butted=butted, report_notes=first))
            first = False
    return jobs


def run_job(job: Job) -> JobResult:
    """Build one product (in a worker, or here); user errors come back as problems, not exceptions."""
    from cardgen.build import PRODUCTS, BuildContext, translator_for

    result = JobResult(job)
    try:
        deck = _DECKS.get(job.folder)
        if deck is None:
            from cardgen.loading import load_deck

            deck = _DECKS[job.folder] = load_deck(job.folder)
        key = (job.folder, job.language, job.allow_untranslated)
        if key not in _TRANSLATORS:  # a worker building several products of a language reads its catalog once
            found: list[str] = []
            _TRANSLATORS[key] = (translator_for(deck, job.language, allow_untranslated=job.allow_untranslated,
                                                notes=found), found)
        translate, found = _TRANSLATORS[key]
        notes = list(found) if job.report_notes else []
        ctx = BuildContext(deck=deck, language=job.language, translate=translate, out_dir=job.out_dir,
                           paper=job.paper, notes=notes, theme=job.theme, guides=job.guides, butted=job.butted)
        result.notes = list(notes)  # what the sequential build reports: the translator's notes
        result.path = PRODUCTS[job.product](ctx)
    except CardgenError as error:
        # CardgenError's fields do not survive pickling as an exception; send each problem's words
        result.problems = [CardgenError(problem.format()) for problem in error.problems]
    return result


def run_jobs(jobs: Sequence[Job], *, workers: int, on_done: Callable[[JobResult, int, int], None] | None = None
             ) -> list[JobResult]:
    """Run ``jobs`` on ``workers`` processes (1: here, in order); results in the order of ``jobs``.

    ``on_done(result, done, total)`` hears of each job as it finishes, in the order they finish.
    """
    total = len(jobs)
    results: dict[int, JobResult] = {}
    _TRANSLATORS.clear()  # catalogs may have changed since an earlier build in this process (tests, watch)
    if workers <= 1 or total <= 1:
        for index, job in enumerate(jobs):
            results[index] = run_job(job)
            if on_done:
                on_done(results[index], index + 1, total)
        return [results[i] for i in range(total)]
    order = sorted(range(total), key=lambda i: LONGEST_FIRST.index(jobs[i].product)
                   if jobs[i].product in LONGEST_FIRST else len(LONGEST_FIRST))
    _preload({job.product for job in jobs}, {job.language for job in jobs})
    gc.freeze()  # the workers' garbage collector then leaves the inherited objects (and their pages) alone
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    try:
        with ProcessPoolExecutor(max_workers=min(workers, total), mp_context=context,
                                 initializer=_die_with_parent) as pool:
            pending: dict[Future[JobResult], int] = {pool.submit(run_job, jobs[i]): i for i in order}
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in sorted(finished, key=lambda f: pending[f]):
                    index = pending.pop(future)
                    results[index] = future.result()
                    if on_done:
                        on_done(results[index], len(results), total)
    finally:
        gc.unfreeze()
    return [results[i] for i in range(total)]


def _die_with_parent() -> None:
    """A worker ends when the command is killed, so a killed build writes nothing more (Linux)."""
    try:
        import ctypes
        import signal

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # not Linux: workers finish their job, atomically
        pass


def _preload(products: set[str], languages: set[str]) -> None:
    """Import what the products need before forking, so each worker does not import it again."""
    import importlib

    from cardgen.render.fonts import ensure_font, register_fonts

    for name in register_fonts():  # every bundled face parsed once, here
        ensure_font(name)
    for product in products:
        for module in PRELOAD.get(product, ()):
            importlib.import_module(module)
    if "walkthrough" in products:
        from cardgen.walkthrough.registry import find_walkthrough, known_games

        for game in known_games():  # each writer's module (plugins name them without importing them)
            find_walkthrough(game)
    if "rulebook" in products:  # each hyphenation dictionary read once, not once per worker
        import pyphen

        from cardgen.rulebook.styles import hyphenation_language

        for language in sorted(languages):
            dictionary = hyphenation_language(language)
            if dictionary:
                pyphen.Pyphen(lang=dictionary)


PRELOAD = {
    "cards": ("cardgen.render.sheets", "cardgen.render.elements", "cardgen.i18n"),
    "rulebook": ("cardgen.rulebook.builder",),
    "walkthrough": ("cardgen.walkthrough.registry",),
}
"""The modules each product imports when it runs (loaded once in the parent, shared by the workers)."""

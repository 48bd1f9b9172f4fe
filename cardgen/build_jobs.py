"""Building many products on all cores: one job per deck × language × product, in a process pool.

Every product (``cards``, ``rulebook``, ``walkthrough`` of one deck in one language) depends only
on its deck, so they run side by side, each in a worker process that writes its own file
(atomically, through :func:`cardgen.output.atomic_path`). A worker builds exactly what the
sequential build would: the same function, the same deck, the same options; PDFs are written
``invariant``, so the files are byte for byte the same whichever order the jobs finish in.

The checks a build makes first are jobs too (:func:`plan_checks`): a deck's ``check`` (what
``validate`` runs) and its ``preflight``. A deck's preflight and products start only once its
check passed; once any check or a ``--strict`` preflight has failed, no further product starts
(the caller throws away what was built: a failed build writes nothing). So the checks of one
deck overlap the products of another, and nothing is built from a deck that failed its check.

Workers are forked from the command's process and find the decks it already loaded in
:data:`_DECKS`, so no deck is read or validated twice; where fork is unavailable they load the
deck folder again. ``jobs=1`` runs everything in this process, in order, without a pool.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.errors import CardgenError
from cardgen.model.deck import DeckSpec

if TYPE_CHECKING:
    from cardgen.preflight.problems import Problem
    from cardgen.preflight.run import PreflightOptions

CHECKS = ("check", "preflight")
"""The jobs that decide whether a build may write: a deck's checks, its preflight."""

LONGEST_FIRST = ("check", "preflight", "rulebook", "walkthrough", "cards")
"""Which job the pool starts first when several are ready: a deck's check (it lets the rest of the
deck start) and preflight (its warnings are shown early, and a ``--strict`` failure stops the build
early), then products by how long they usually take, so the short ones fill in at the end."""

_TRANSLATORS: dict[tuple[Path, str, bool], tuple[Callable[[str, str], str], list[str]]] = {}
"""Translators a process has made, by (deck folder, language, allow_untranslated), with their notes."""

_DECKS: dict[Path, DeckSpec] = {}
"""Decks loaded by the parent, inherited by forked workers (keyed by their folder)."""


@dataclass(frozen=True)
class Job:
    """One product of one deck in one language, or one of a deck's checks (``check``, ``preflight``)."""

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
    languages: tuple[str, ...] = ()
    """``check``: the languages asked for (none: every language of the deck)."""
    preflight: PreflightOptions | None = None
    """``preflight``: what it measures."""
    strict: bool = False
    """``preflight``: any problem it finds fails the build (``--strict``)."""
    size: int = 0
    """How much it has to do, to start the longest of a kind first: distinct cards, or bytes of rulebook text."""

    @property
    def label(self) -> str:
        return f"{self.deck} {self.product}" + (f" ({self.language})" if self.language else "")


@dataclass
class JobResult:
    job: Job
    path: Path | None = None
    notes: list[str] = field(default_factory=list)
    problems: list[CardgenError] = field(default_factory=list)
    findings: list[Problem] = field(default_factory=list)
    """``preflight``: what it found (warnings, or errors with ``strict``)."""
    skipped: bool = False
    """Not run: its deck failed its check, or the build had already failed (nothing would be written)."""
    worker: int = 0
    """The process that ran it (its id), and when (``time.monotonic``, the same clock in every process)."""
    started: float = 0.0
    ended: float = 0.0
    cpu: float = 0.0
    """CPU seconds it took (user + system, in its worker)."""

    @property
    def failed(self) -> bool:
        """The build must write nothing: a user error, or a preflight problem under ``--strict``."""
        return bool(self.problems) or (self.job.strict and bool(self.findings))


def default_jobs() -> int:
    """How many workers by default: the cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def plan_checks(deck: DeckSpec, folder: Path, out_dir: Path, *, languages: Sequence[str] | None = None,
                paper: str = "a4", allow_untranslated: bool = False, preflight: PreflightOptions | None = None,
                strict: bool = False) -> list[Job]:
    """The jobs that check one deck before anything is written: ``check``, then ``preflight`` if asked."""
    _DECKS[folder] = deck
    check = Job(folder=folder, deck=deck.deck, language="", product="check", out_dir=out_dir, paper=paper,
                allow_untranslated=allow_untranslated, languages=tuple(languages or ()), size=len(deck.cards))
    if preflight is None:
        return [check]
    return [check, replace(check, product="preflight", languages=(), preflight=preflight, strict=strict)]


def plan_jobs(deck: DeckSpec, folder: Path, out_dir: Path, *, languages: Sequence[str] | None = None,
              only: Sequence[str] | None = None, paper: str = "a4", allow_untranslated: bool = False,
              theme: str = "default", guides: bool = False, butted: bool = False) -> list[Job]:
    """The jobs of one deck, in the sequential build's order (language, then product)."""
    from cardgen.build import PRODUCTS
    from cardgen.i18n.messages import rulebook_path

    _DECKS[folder] = deck
    sizes = {"rulebook": _file_size(rulebook_path(deck))}
    jobs = []
    for language in languages or deck.languages:
        first = True
        for product in PRODUCTS:
            if only and product not in only:
                continue
            jobs.append(Job(folder=folder, deck=deck.deck, language=language, product=product, out_dir=out_dir,
                            paper=paper, allow_untranslated=allow_untranslated, theme=theme, guides=guides,
                            butted=butted, report_notes=first, size=sizes.get(product, len(deck.cards))))
            first = False
    return jobs


def _file_size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:  # (no rulebook: the job has nothing to do)
        return 0


def run_job(job: Job) -> JobResult:
    """Run one job (in a worker, or here); user errors come back as problems, not exceptions."""
    result = JobResult(job, worker=os.getpid(), started=time.monotonic())
    cpu = time.process_time()
    try:
        deck = _DECKS.get(job.folder)
        if deck is None:
            from cardgen.loading import load_deck

            deck = _DECKS[job.folder] = load_deck(job.folder)
        if job.product == "check":
            from cardgen.buildable import check_buildable

            checked = check_buildable(deck, languages=list(job.languages) or None, paper=job.paper,
                                      allow_untranslated=job.allow_untranslated)
            for language, translate in checked.translators.items():  # what this process builds next reuses them
                _TRANSLATORS[(job.folder, language, job.allow_untranslated)] = (
                    translate, checked.notes.get(language, []))
        elif job.product == "preflight":
            from cardgen.preflight.run import PreflightOptions, preflight_deck

            result.findings = list(preflight_deck(deck, job.preflight or PreflightOptions()).problems)
        else:
            _build_product(job, deck, result)
    except CardgenError as error:
        # CardgenError's fields do not survive pickling as an exception; send each problem's words
        result.problems = [CardgenError(problem.format()) for problem in error.problems]
    result.ended, result.cpu = time.monotonic(), time.process_time() - cpu
    return result


def _build_product(job: Job, deck: DeckSpec, result: JobResult) -> None:
    from cardgen.build import PRODUCTS, BuildContext, translator_for

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


class _Schedule:
    """Which job may start: a deck's check first; its preflight and products once the check passed;
    no product once the build has failed (a failed check or ``--strict`` preflight)."""

    def __init__(self, jobs: Sequence[Job]) -> None:
        self.jobs = jobs
        self.checks = {job.folder: index for index, job in enumerate(jobs) if job.product == "check"}
        self.results: dict[int, JobResult] = {}
        self.failed = False

    def ready(self, index: int) -> bool:
        check = self.checks.get(self.jobs[index].folder)
        return self.jobs[index].product == "check" or check is None or check in self.results

    def skip(self, index: int) -> bool:
        job = self.jobs[index]
        check = self.checks.get(job.folder)
        if job.product == "check":
            return False
        if check is not None and self.results[check].failed:
            return True
        return job.product not in CHECKS and self.failed

    def record(self, index: int, result: JobResult) -> None:
        self.results[index] = result
        if result.failed and result.job.product in CHECKS:
            self.failed = True


def run_jobs(jobs: Sequence[Job], *, workers: int, on_done: Callable[[JobResult, int, int], None] | None = None,
             in_order: Callable[[int, JobResult], None] | None = None,
             before_start: Callable[[Job], Job] | None = None) -> list[JobResult]:
    """Run ``jobs`` on ``workers`` processes (1: here, in order); results in the order of ``jobs``.

    A deck's ``check`` job must come before the rest of its jobs. ``on_done(result, done, total)``
    hears of each job as it finishes, in the order they finish; ``in_order(index, result)`` hears
    of each job in the order of ``jobs``, as soon as it and every job before it are over (skipped
    jobs too: ``result.skipped``), so what it prints is the same whatever the number of workers.
    ``before_start(job)`` is called in this process just before a job runs and returns the job to
    run (e.g. with its staging folder, made only once it is needed).
    """
    total = len(jobs)
    schedule = _Schedule(jobs)
    reported = 0
    _TRANSLATORS.clear()  # catalogs may have changed since an earlier build in this process (tests, watch)

    def finish(index: int, result: JobResult) -> None:
        nonlocal reported
        schedule.record(index, result)
        if on_done and not result.skipped:
            on_done(result, len(schedule.results), total)
        while reported < total and reported in schedule.results:
            if in_order:
                in_order(reported, schedule.results[reported])
            reported += 1

    if workers <= 1 or total <= 1:
        for index, job in enumerate(jobs):
            skipped = schedule.skip(index)
            finish(index, JobResult(job, skipped=True) if skipped else
                   run_job(before_start(job) if before_start else job))
        return [schedule.results[i] for i in range(total)]
    waiting = sorted(range(total), key=lambda i: (LONGEST_FIRST.index(jobs[i].product)
                                                  if jobs[i].product in LONGEST_FIRST else len(LONGEST_FIRST),
                                                  -jobs[i].size, i))
    _preload({job.product for job in jobs}, {job.language for job in jobs if job.language})
    gc.freeze()  # the workers' garbage collector then leaves the inherited objects (and their pages) alone
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    try:
        with ProcessPoolExecutor(max_workers=min(workers, total), mp_context=context,
                                 initializer=_die_with_parent) as pool:
            running: dict[Future[JobResult], int] = {}
            while waiting or running:
                # start jobs only as workers come free, so the most important ready job always goes next
                for index in [i for i in waiting if schedule.ready(i)]:
                    if len(running) >= workers:
                        break
                    waiting.remove(index)
                    if schedule.skip(index):
                        finish(index, JobResult(jobs[index], skipped=True))
                        continue
                    job = before_start(jobs[index]) if before_start else jobs[index]
                    running[pool.submit(run_job, job)] = index
                if not running:
                    continue  # every job left was skipped just now, or is ready next round
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in sorted(finished, key=lambda f: running[f]):
                    finish(running.pop(future), future.result())
    finally:
        gc.unfreeze()
    return [schedule.results[i] for i in range(total)]


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
    if "check" in products:  # (the check asks a game for its walkthrough's files)
        from cardgen.games import load_games

        load_games()
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
    "check": ("cardgen.buildable", "cardgen.i18n.catalogs", "cardgen.rulebook.builder", "cardgen.walkthrough.registry"),
    "preflight": ("cardgen.preflight.run", "cardgen.render.sheets", "cardgen.render.elements"),
    "cards": ("cardgen.render.sheets", "cardgen.render.elements", "cardgen.i18n"),
    "rulebook": ("cardgen.rulebook.builder",),
    "walkthrough": ("cardgen.walkthrough.registry",),
}
"""The modules each job imports when it runs (loaded once in the parent, shared by the workers)."""

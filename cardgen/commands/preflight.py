"""``cardgen preflight DECK`` and ``cardgen preflight --pdf FILE``: what a print designer checks.

One function per mode: :func:`check_deck` (a deck's faces, sheets, colours and catalogs, measured
on the real drawing) and :func:`check_pdf` (any finished PDF against PDF/X-1a:2003 or PDF/X-4 and
an ink limit, so it also checks files made by other tools). Build, sheets and export run
:func:`warn_before_writing` first: warnings on stderr, and with ``--strict`` an error before
anything is written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from cardgen.commands.options import butted_option, printer_margin_option
from cardgen.errors import CardgenError, ProblemList
from cardgen.layout.sizes import PAPER_SIZES
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import display_path
from cardgen.model.deck import DeckSpec
from cardgen.preflight.problems import Problem
from cardgen.preflight.run import (
    LAYOUTS,
    PAPERS,
    PreflightOptions,
    PreflightResult,
    preflight_deck,
)

strict_option = click.option("--strict", is_flag=True,
                             help="Treat preflight warnings as errors: exit 1 (and write nothing) when there are any.")
no_preflight_option = click.option("--no-preflight", is_flag=True,
                                   help="Skip the preflight checks (see 'cardgen preflight').")


@click.command("preflight")
@click.argument("deck_dir", required=False, type=click.Path(path_type=Path))
@click.option("--lang", "languages", multiple=True, help="Check only this language (repeatable; default: all).")
@click.option("--paper", "papers", multiple=True, type=click.Choice(sorted(PAPER_SIZES), case_sensitive=False),
              help="Check sheets on this paper (repeatable; default: a4 and letter).")
@click.option("--layout", "layouts", multiple=True, type=click.Choice(LAYOUTS),
              help="Check this sheet layout (repeatable; default: all).")
@printer_margin_option
@butted_option
@strict_option
@click.option("--allow-untranslated", is_flag=True, help="Draw missing translations in English (each is reported).")
@click.option("--books", is_flag=True,
              help="Instead of the cards and sheets, check the rulebook and walkthrough handout (built in a scratch "
                   "folder): no text under --book-min-size, read from the PDFs.")
@click.option("--booklet", is_flag=True, help="With --books: also the folded booklet ('cardgen rulebook --booklet').")
@click.option("--book-min-size", type=click.FloatRange(4, 20), default=8.0, show_default=True, metavar="PT",
              help="With --books: the smallest text allowed in a rulebook or handout.")
@click.option("--report", type=click.Path(path_type=Path, dir_okay=False),
              help="Also write a proof PDF: every face full size with its problems outlined, and greyscale and "
                   "colour-blind versions beside it.")
@click.option("--pdf", "pdf_file", type=click.Path(path_type=Path, dir_okay=False),
              help="Instead of a deck, check this PDF (from any producer) against PDF/X and an ink limit.")
@click.option("--pdfx", type=click.Choice(["x1a", "x4"], case_sensitive=False), default="x1a", show_default=True,
              help="With --pdf: x1a, PDF/X-1a:2003 (CMYK only, no transparency, PDF 1.4); x4, PDF/X-4.")
@click.option("--ink-limit", type=click.IntRange(100, 400), default=300, show_default=True, metavar="PERCENT",
              help="Total area coverage allowed (DriveThruCards asks for 240); for a deck, the print condition "
                   "of its colour notes.")
@click.option("--min-dpi", type=click.FloatRange(1, 2400), metavar="DPI",
              help="With --pdf: also report images that print coarser than this (DriveThruCards asks for 300).")
@click.pass_context
def command(ctx: click.Context, deck_dir: Path | None, languages: tuple[str, ...], papers: tuple[str, ...],
            layouts: tuple[str, ...], printer_margin: float, butted: bool, strict: bool, allow_untranslated: bool,
            books: bool, booklet: bool, book_min_size: float, report: Path | None, pdf_file: Path | None, pdfx: str, ink_limit: int, min_dpi: float | None) -> None:
    """Check DECK_DIR as a print designer would, or a PDF file for a print shop (--pdf): one line per problem."""
    if pdf_file is not None:
        if deck_dir is not None:
            raise click.BadParameter("check a deck or a PDF (--pdf), not both", param_hint="DECK_DIR")
        check_pdf(pdf_file, pdfx.lower(), ink_limit, min_dpi)
        return
    if deck_dir is None:
        raise click.UsageError("name a deck folder to check, or give --pdf FILE.pdf", ctx=ctx)
    for name in ("pdfx", "min_dpi"):
        source = ctx.get_parameter_source(name)
        if source is not None and source.name == "COMMANDLINE":
            raise click.BadParameter("only applies with --pdf", param_hint="--" + name.replace("_", "-"))
    for name in ("booklet", "book_min_size"):
        source = ctx.get_parameter_source(name)
        if not books and source is not None and source.name == "COMMANDLINE":
            raise click.BadParameter("only applies with --books", param_hint="--" + name.replace("_", "-"))
    deck = load_deck(deck_dir)
    if books:
        if report is not None:
            raise click.BadParameter("the proof report shows card faces; leave it out with --books",
                                     param_hint="--report")
        check_books(deck, languages=languages, paper=(papers[0].lower() if papers else "a4"),
                    min_size=book_min_size, booklet=booklet, strict=strict, allow_untranslated=allow_untranslated)
        return
    options = PreflightOptions(languages=languages, papers=tuple(p.lower() for p in papers) or PAPERS,
                               layouts=layouts or LAYOUTS, printer_margin=printer_margin,
                               allow_untranslated=allow_untranslated, butted=butted, ink_limit=ink_limit)
    result = check_deck(deck, options)
    for problem in result.problems:
        click.echo(problem.format())
    for note in result.notes:  # informational: --strict does not count them
        click.echo(f"note: {note.format()}")
    if report is not None:
        from cardgen.preflight.report import write_report

        write_report(deck, result, report)
        click.echo(f"wrote {display_path(report)}", err=True)
    notes = f" ({len(result.notes)} note{'s' if len(result.notes) != 1 else ''}, not counted by --strict)" \
        if result.notes else ""
    click.echo(summary(deck, result.problems) + notes, err=True)
    if strict and result.problems:
        raise click.exceptions.Exit(1)


def check_deck(deck: DeckSpec, options: PreflightOptions, drawn: Mapping[str, Any] | None = None) -> PreflightResult:
    """Mode 1: a deck's own drawing (faces, sheets, colours, catalogs); ``drawn``: faces measured already."""
    return preflight_deck(deck, options, drawn)


def check_books(deck: DeckSpec, *, languages: Sequence[str], paper: str, min_size: float, booklet: bool,
                strict: bool, allow_untranslated: bool) -> None:
    """Mode 3: the type sizes of the deck's rulebook and walkthrough (and booklet), read from the PDFs."""
    from cardgen.preflight.books import preflight_books

    problems = preflight_books(deck, languages=languages, paper=paper, min_size=min_size, booklet=booklet,
                               allow_untranslated=allow_untranslated)
    for problem in problems:
        click.echo(problem.format())
    click.echo(summary(deck, problems).replace("preflight:", "preflight (books):"), err=True)
    if strict and problems:
        raise click.exceptions.Exit(1)


def summary(deck: DeckSpec, problems: Sequence[Problem]) -> str:
    if not problems:
        return f"preflight: {deck.deck} passes"
    return f"preflight: {len(problems)} problem{'s' if len(problems) != 1 else ''} in {deck.deck}"


def warn_before_writing(deck: DeckSpec, *, languages: Sequence[str], paper: str, layout: str = "duplex",
                        printer_margin: float | None = None, strict: bool = False,
                        allow_untranslated: bool = False, butted: bool = False, crop_marks: bool = True,
                        drawn: Mapping[str, Any] | None = None) -> None:
    """Preflight of what a build is about to write: warnings on stderr; with ``strict`` an error.

    ``drawn``: per language, the faces the sheets measured as they drew them (not drawn again).
    """
    options = before_writing_options(languages=languages, paper=paper, layout=layout, printer_margin=printer_margin,
                                     allow_untranslated=allow_untranslated, butted=butted, crop_marks=crop_marks)
    report_before_writing(deck, check_deck(deck, options, drawn).problems, strict=strict)


def before_writing_options(*, languages: Sequence[str], paper: str, layout: str = "duplex",
                           printer_margin: float | None = None, allow_untranslated: bool = False,
                           butted: bool = False, crop_marks: bool = True) -> PreflightOptions:
    """What :func:`warn_before_writing` checks: the one paper and layout about to be written."""
    options = PreflightOptions(languages=tuple(languages), papers=(paper,), layouts=(layout,),
                               allow_untranslated=allow_untranslated, butted=butted, crop_marks=crop_marks,
                               print_notes=False)
    return options if printer_margin is None else replace(options, printer_margin=printer_margin)


def report_before_writing(deck: DeckSpec, problems: Sequence[Problem], *, strict: bool) -> None:
    """The preflight's ``problems`` as warnings on stderr; with ``strict`` an error (nothing written yet).

    ``cardgen build -j N`` measures in a worker and reports here, in the parent, deck by deck.
    """
    if not problems:
        return
    if strict:  # one error line per problem, then the verdict; nothing has been written yet
        items = [CardgenError(problem.format()) for problem in problems]
        raise ProblemList("preflight failed", items=items + [CardgenError(f"{summary(deck, problems)}; nothing "
                                                                          "written (--strict)")])
    for problem in problems:
        click.echo(f"warning: {problem.format()}", err=True)
    click.echo(f"{summary(deck, problems)} (cardgen preflight {display_path(deck.folder)} --report proof.pdf "
               "shows them; --strict makes them errors)", err=True)


def check_pdf(pdf_file: Path, pdfx: str, ink_limit: int, min_dpi: float | None = None) -> None:
    """Mode 2: print every PDF/X and ink violation of ``pdf_file``; exit 1 if there is one."""
    import pikepdf

    from cardgen.preflight.pdfx import VERSION_NAMES, preflight_pdf

    if not pdf_file.is_file():
        raise CardgenError("no such file", path=pdf_file, hint="give the path of a PDF")
    try:
        violations = preflight_pdf(pdf_file, version=pdfx, ink_limit=ink_limit,  # type: ignore[arg-type]
                                   min_dpi=min_dpi)
    except pikepdf.PdfError as error:
        raise CardgenError(f"not a readable PDF: {error}", path=pdf_file) from None
    for violation in violations:
        click.echo(f"{pdf_file}: {violation.format()}")
    what = f"{VERSION_NAMES[pdfx]}, ink ≤ {ink_limit}%"
    if violations:
        click.echo(f"{pdf_file}: {len(violations)} problem{'s' if len(violations) != 1 else ''} for {what}", err=True)
        raise click.exceptions.Exit(1)
    click.echo(f"{pdf_file}: passes {what}")


def preflight_before_writing(deck: DeckSpec, *, no_preflight: bool, strict: bool, **options: Any) -> None:
    """:func:`warn_before_writing`, unless ``--no-preflight`` (which ``--strict`` cannot go with)."""
    if no_preflight:
        if strict:
            raise click.BadParameter("--strict makes preflight warnings errors: it needs the preflight",
                                     param_hint="--no-preflight")
        return
    warn_before_writing(deck, strict=strict, **options)

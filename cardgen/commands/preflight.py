"""``cardgen preflight DECK``: what a print designer checks, measured on the real drawing.

One function per mode: :func:`check_deck` (a deck's faces, sheets, colours and catalogs).
Other modes (a finished PDF against PDF/X, say) add an option and a function beside it. Build,
sheets and export run :func:`warn_before_writing` first: warnings on stderr, and with
``--strict`` an error before anything is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import click

from cardgen.commands.options import deck_argument, printer_margin_option
from cardgen.errors import CardgenError, ProblemList
from cardgen.layout.sizes import PAPER_SIZES
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import display_path
from cardgen.model.deck import DeckSpec
from cardgen.preflight.problems import Problem
from cardgen.preflight.run import LAYOUTS, PAPERS, PreflightOptions, PreflightResult, preflight_deck

strict_option = click.option("--strict", is_flag=True,
                             help="Treat preflight warnings as errors: exit 1 (and write nothing) when there are any.")


@click.command("preflight")
@deck_argument
@click.option("--lang", "languages", multiple=True, help="Check only this language (repeatable; default: all).")
@click.option("--paper", "papers", multiple=True, type=click.Choice(sorted(PAPER_SIZES)),
              help="Check sheets on this paper (repeatable; default: a4 and letter).")
@click.option("--layout", "layouts", multiple=True, type=click.Choice(LAYOUTS),
              help="Check this sheet layout (repeatable; default: all).")
@printer_margin_option
@strict_option
@click.option("--allow-untranslated", is_flag=True, help="Draw missing translations in English (each is reported).")
@click.option("--report", type=click.Path(path_type=Path, dir_okay=False),
              help="Also write a proof PDF: every face full size with its problems outlined, and greyscale and "
                   "colour-blind versions beside it.")
def command(deck_dir: Path, languages: tuple[str, ...], papers: tuple[str, ...], layouts: tuple[str, ...],
            printer_margin: float, strict: bool, allow_untranslated: bool, report: Path | None) -> None:
    """Check DECK_DIR as a print designer would: one line per problem, with the file:line to fix."""
    deck = load_deck(deck_dir)
    options = PreflightOptions(languages=languages, papers=papers or PAPERS, layouts=layouts or LAYOUTS,
                               printer_margin=printer_margin, allow_untranslated=allow_untranslated)
    result = check_deck(deck, options)
    for problem in result.problems:
        click.echo(problem.format())
    if report is not None:
        from cardgen.preflight.report import write_report

        write_report(deck, result, report)
        click.echo(f"wrote {display_path(report)}", err=True)
    click.echo(summary(deck, result.problems), err=True)
    if strict and result.problems:
        raise click.exceptions.Exit(1)


def check_deck(deck: DeckSpec, options: PreflightOptions) -> PreflightResult:
    """Mode 1: a deck's own drawing (faces, sheets, colours, catalogs)."""
    return preflight_deck(deck, options)


def summary(deck: DeckSpec, problems: Sequence[Problem]) -> str:
    if not problems:
        return f"preflight: {deck.deck} passes"
    return f"preflight: {len(problems)} problem{'s' if len(problems) != 1 else ''} in {deck.deck}"


def warn_before_writing(deck: DeckSpec, *, languages: Sequence[str], paper: str, layout: str = "duplex",
                        printer_margin: float | None = None, strict: bool = False,
                        allow_untranslated: bool = False) -> None:
    """Preflight of what a build is about to write: warnings on stderr; with ``strict`` an error."""
    options = PreflightOptions(languages=tuple(languages), papers=(paper,), layouts=(layout,),
                               allow_untranslated=allow_untranslated)
    if printer_margin is not None:
        options = replace(options, printer_margin=printer_margin)
    problems = check_deck(deck, options).problems
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

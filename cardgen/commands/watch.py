"""``cardgen watch DECK [--only sheets|rulebook|cards=hit,skip]``: rebuild what changed as you save."""

from __future__ import annotations

import time
from pathlib import Path

import click

from cardgen.commands.options import OutputPath, deck_argument, theme_option
from cardgen.layout.sizes import PAPER_SIZES
from cardgen.loading.deck_loader import deck_file_for, display_path
from cardgen.watch import Selection, Watcher, WatchOptions, WatchReport
from cardgen.watch.watcher import Built


def _selection(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> Selection:
    try:
        return Selection.parse(value)
    except ValueError as error:
        raise click.BadParameter(str(error)) from None


def _seconds(value: float) -> str:
    return f"{value:.2f} s"


def _started(changed: list[str]) -> None:
    stamp = time.strftime("%H:%M:%S")
    if not changed:
        click.echo(f"[{stamp}] building")
        return
    shown = ", ".join(changed[:3]) + (f" and {len(changed) - 3} more" if len(changed) > 3 else "")
    click.echo(f"[{stamp}] {shown} changed")


def _built(output: Built) -> None:
    click.echo(f"  {display_path(output.path)}  {_seconds(output.seconds)}")


def _finished(report: WatchReport) -> None:
    for note in report.notes:
        click.echo(f"  note: {note}", err=True)
    for error in report.errors:
        click.echo(f"  error: {error.format()}", err=True)
    if report.errors and not report.built:
        click.echo("  nothing rebuilt; waiting for the next change", err=True)
        return
    rebuilt = f"{len(report.built)} rebuilt" if report.built else "everything up to date"
    rest = f", {report.up_to_date} up to date" if report.built and report.up_to_date else ""
    click.echo(f"  {rebuilt}{rest} in {_seconds(report.seconds)}")


def _check_selected_cards(deck_dir: Path, selection: Selection) -> None:
    """A card id of ``--only cards=`` that the deck lacks is a bad flag now, not a wait for the next save.

    A deck that does not load yet is left to the watcher, which reports it and waits for a fix.
    """
    if not selection.cards:
        return
    from cardgen.errors import CardgenError
    from cardgen.loading import load_deck

    try:
        ids = [card.id for card in load_deck(deck_dir).cards]
    except CardgenError:
        return
    unknown = [card_id for card_id in selection.cards if card_id not in ids]
    if unknown:
        import difflib

        close = difflib.get_close_matches(unknown[0], ids, n=1)
        hint = f"did you mean '{close[0]}'?" if close else f"cards: {', '.join(ids)}"
        raise click.BadParameter(f"cards=: no card '{unknown[0]}' in the deck — {hint}", param_hint="--only")


@click.command("watch")
@deck_argument
@click.option("--only", "selection", multiple=True, callback=_selection, metavar="OUTPUT",
              help="Keep only these built (repeatable): sheets, rulebook, any product, or cards=ID,ID for "
                   "single-card PDFs in <out>/cards/. Default: every product of 'cardgen build'.")
@click.option("-o", "--output", "--out", "out", type=OutputPath(path_type=Path, file_okay=False),
              help="Output folder (default: output/<deck>/).")
@click.option("--lang", "languages", multiple=True, help="Only this language (repeatable; default: the deck's).")
@click.option("--paper", type=click.Choice(sorted(PAPER_SIZES), case_sensitive=False), default="a4", show_default=True)
@theme_option
@click.option("--interval", type=click.FloatRange(0.05, 10), default=0.25, show_default=True,
              help="Seconds between looks at the deck folder.")
def command(deck_dir: Path, selection: Selection, out: Path | None, languages: tuple[str, ...], paper: str, theme: str,
            guides: bool, interval: float) -> None:
    """Rebuild DECK_DIR's outputs whenever one of its files changes (deck, table, layout, art, PO, rulebook).

    Only outputs whose inputs changed are rebuilt; a broken edit is reported and the watcher keeps
    going. Strings a catalog lacks fall back to English (with a note). Stop with Ctrl+C.
    """
    deck_file = deck_file_for(deck_dir)
    if not deck_file.is_file():
        raise click.BadParameter(f"no deck file at {display_path(deck_file)}", param_hint="DECK_DIR")
    _check_selected_cards(deck_dir, selection)
    watcher = Watcher(deck_dir, out_dir=out, selection=selection,
                      options=WatchOptions(languages=languages, paper=paper, theme=theme, guides=guides),
                      on_start=_started, on_built=_built)
    click.echo(f"watching {display_path(deck_file.parent)}/ (Ctrl+C to stop)")

    try:
        watcher.run(on_report=_finished, interval=interval)
    except KeyboardInterrupt:
        click.echo("stopped watching")

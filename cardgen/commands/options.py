"""Click options and parameter types shared by several commands."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from cardgen.layout.sizes import PAPER_SIZES
from cardgen.layout.units import UnitError, parse_length


class OffsetType(click.ParamType):
    """``0.4mm,-0.2mm`` → (x, y) in points."""

    name = "DX,DY"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[float, float]:
        if isinstance(value, tuple):
            return value
        parts = str(value).split(",")
        if len(parts) != 2:
            self.fail("write two lengths separated by a comma, e.g. 0.4mm,-0.2mm", param, ctx)
        try:
            return (parse_length(parts[0], allow_negative=True), parse_length(parts[1], allow_negative=True))
        except UnitError as exc:
            self.fail(str(exc), param, ctx)


class LengthType(click.ParamType):
    """``5mm``, ``0.2in``, ``14pt`` → points."""

    name = "LENGTH"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        if isinstance(value, float):
            return value
        try:
            return parse_length(str(value))
        except UnitError as exc:
            self.fail(str(exc), param, ctx)


printer_margin_option = click.option(
    "--printer-margin", type=LengthType(), default="5mm", show_default=True,
    help="Edge of the paper your printer cannot print on: cards, crop marks and labels stay clear of it.")


deck_argument = click.argument("deck_dir", type=click.Path(path_type=Path, exists=False, file_okay=True, dir_okay=True))
paper_option = click.option("--paper", type=click.Choice(sorted(PAPER_SIZES)), default="a4", show_default=True,
                            help="Paper size.")
lang_option = click.option("--lang", default="en", show_default=True, help="Language of the card text (a PO file in locale/).")


@contextmanager
def page_progress(label: str, *, enabled: bool) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on stderr for long builds; nothing when disabled or not a terminal."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    with click.progressbar(length=1, label=label, file=sys.stderr, show_pos=True) as bar:

        def update(done: int, total: int) -> None:
            bar.length = total
            bar.update(done - bar.pos)

        yield update


def theme_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``--theme NAME`` (default, ink-saver, or one of the deck's ``themes:``) and ``--guides``."""
    fn = click.option("--guides", is_flag=True, help="Overlay trim, bleed and safe-zone lines for proofing.")(fn)
    return click.option("--theme", default="default", show_default=True, metavar="NAME",
                        help="default, ink-saver (light tints, outlines, no bleed fills) or a theme "
                             "from the deck's themes: section.")(fn)


def check_theme(deck: Any, theme: str) -> None:
    """Refuse a theme the deck does not know, as a bad flag (exit 2)."""
    from cardgen.errors import CardgenError
    from cardgen.render.themes import resolve_theme

    try:
        resolve_theme(deck, theme)
    except CardgenError as error:
        raise click.BadParameter(f"{error.message}" + (f" — {error.hint}" if error.hint else ""),
                                 param_hint="--theme") from None

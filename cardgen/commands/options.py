"""Click options and parameter types shared by several commands."""

from __future__ import annotations

from collections.abc import Callable
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
paper_option = click.option("--paper", type=click.Choice(sorted(PAPER_SIZES), case_sensitive=False), default="a4", show_default=True,
                            help="Paper size.")
lang_option = click.option("--lang", default="en", show_default=True, help="Language of the card text (a PO file in locale/).")


def page_progress(label: str, *, enabled: bool) -> Any:
    """A progress bar on stderr for long builds; nothing when disabled, quiet or not a terminal."""
    from cardgen.commands.console import progress

    return progress(label, enabled=enabled)


FILE_SUFFIXES = frozenset({".pdf", ".html", ".htm", ".png", ".gif", ".jpg", ".jpeg", ".svg", ".zip", ".csv",
                           ".json", ".txt"})
"""Endings that name a file of a known kind: a folder to write into called ``cards.png`` is a slip."""


class OutputPath(click.Path):
    """A file or folder to write; ``-`` (standard output) is refused with the reason, not taken as a name.

    With ``suffixes`` (a file of that kind, the first one the usual), a name without an ending gets it
    (``-o cards`` → ``cards.pdf``) and a name ending otherwise is refused; a folder (``file_okay=False``)
    named like a file (``-o out.png``) is refused too, unless that folder is already there.
    """

    def __init__(self, *args: Any, suffixes: tuple[str, ...] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.suffixes = suffixes

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if str(value).strip() == "-":
            what = "a folder" if not self.file_okay else "a file"
            self.fail(f"'-' (standard output) cannot take this output: name {what} to write", param, ctx)
        path = super().convert(value, param, ctx)
        try:
            if self.suffixes:
                return file_path(Path(path), self.suffixes, what=f"a {self.suffixes[0][1:].upper()} file")
            if not self.file_okay:
                return folder_path(Path(path), writes="a folder of files")
        except click.BadParameter as error:
            self.fail(error.message, param, ctx)
        return path


def file_path(path: Path, suffixes: tuple[str, ...], *, what: str) -> Path:
    """``path`` as the name of a file of one kind: ``suffixes[0]`` added when the name has no ending,
    refused (a bad flag, exit 2) when it ends otherwise (``-o cards.png`` for a PDF)."""
    if path.suffix.lower() in suffixes or path.name in ("", ".", ".."):
        return path
    if not path.suffix:
        return path.with_name(path.name + suffixes[0])
    fixed = path.with_suffix(suffixes[0]) if path.suffix.lower() in FILE_SUFFIXES else path.with_name(path.name + suffixes[0])
    raise click.BadParameter(f"{path.name} does not name {what}, which ends in {suffixes[0]} — try -o {fixed}")


def folder_path(path: Path, *, writes: str) -> Path:
    """``path`` as a folder to write files into: a name ending like a file's (``w.png``) is refused (exit 2),
    unless a folder of that name is already there."""
    if path.suffix.lower() in FILE_SUFFIXES and not path.is_dir():
        raise click.BadParameter(f"{path.name} is a file's name, and this writes {writes} — name a folder, "
                                 f"e.g. -o {path.with_suffix('')}")
    return path


def output_option(*, folder: bool, required: bool = False, default: Any = None, help: str,
                  suffixes: tuple[str, ...] = (".pdf",)) -> Callable[..., Any]:
    """``-o/--output`` (``--out`` too): the one name every command uses for where it writes: a folder,
    or a file whose name ends in one of ``suffixes`` (a PDF unless told otherwise)."""
    kind = OutputPath(path_type=Path, file_okay=not folder, dir_okay=folder, suffixes=() if folder else suffixes)
    # no default= at all when there is none: Click 8.3+ takes an explicit None as a given default, which
    # satisfies required=True (`cardgen sheets DECK` without -o was an internal error, not a usage one)
    extra: dict[str, Any] = {"default": default, "show_default": True} if default is not None else {}
    return click.option("-o", "--output", "--out", "output", type=kind, required=required, help=help, **extra)


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


butted_option = click.option(
    "--butted", is_flag=True,
    help="Cards edge to edge with shared cut lines, for more per page (poker on A4: 8, or 9 with "
         "--no-crop-marks --cut-lines). There is no gutter, so each card's bleed is cut away by its "
         "neighbour: a missed cut shows a sliver of the next card. Crop marks only around the grid.")


def check_back_offset(deck: Any, offset: tuple[float, float], *, layout: str = "duplex") -> None:
    """Refuse a back offset larger than the deck's bleed, as a bad flag (exit 2).

    A back shifted further than its bleed leaves a white strip (or the next card's back) inside
    the cut card; a printer that drifts that much needs a fix, not a shift.
    """
    if layout != "duplex":
        return
    bleed = deck.print.bleed
    worst = max(abs(offset[0]), abs(offset[1]))
    if worst > bleed + 1e-6:
        mm = lambda pt: f"{pt * 25.4 / 72:g}mm"
        raise click.BadParameter(
            f"{mm(round(worst * 25.4 / 72, 2) * 72 / 25.4)} is larger than the deck's {mm(bleed)} bleed: backs "
            "shifted that far would show a white strip inside the cut cards; check the calibration sheet "
            "again, or give the deck a larger print.bleed", param_hint="--back-offset")


def _card_selection(ctx: click.Context, param: click.Parameter, value: str | None) -> dict[str, int] | None:
    from cardgen.model.selection import SelectionError, parse_selection

    if value is None:
        return None
    try:
        return parse_selection(value)
    except SelectionError as error:
        raise click.BadParameter(str(error)) from None


cards_option = click.option("--cards", "cards", metavar="ID,ID[:COPIES]", callback=_card_selection,
                            help="Only these cards: one copy of each ID, or COPIES (e.g. hit,stop:3).")


def select_deck_cards(deck: Any, chosen: dict[str, int] | None) -> Any:
    """The deck with only the ``--cards`` chosen (the deck itself without ``--cards``); a bad id exits 2."""
    from cardgen.model.selection import SelectionError, select_cards

    if chosen is None:
        return deck
    try:
        return select_cards(deck, chosen)
    except SelectionError as error:
        raise click.BadParameter(str(error), param_hint="--cards") from None

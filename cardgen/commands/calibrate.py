"""``cardgen calibrate``: a two-page duplex test sheet to measure how far a printer's backs drift."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.commands import console
from cardgen.commands.defaults import save_default
from cardgen.commands.options import OffsetType, output_option, paper_option
from cardgen.layout.sizes import PAPER_SIZES
from cardgen.loading.deck_loader import display_path
from cardgen.render.calibration import write_calibration


def _offset_text(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """The offset as typed, once it reads as two lengths (``0.5mm,-1mm``)."""
    if value is None:
        return None
    OffsetType().convert(value, param, ctx)
    return ",".join(part.strip() for part in value.split(","))


@click.command("calibrate")
@paper_option
@click.option("--flip", type=click.Choice(["long", "short"], case_sensitive=False), default="long", show_default=True)
@click.option("--orientation", type=click.Choice(["landscape", "portrait"], case_sensitive=False), default="landscape",
              show_default=True,
              help="Turn the page like the card sheets you will print (poker and bridge cards: landscape; "
                   "'cardgen sheets' prints which): a printer turns a landscape page, and its drift with it.")
@output_option(folder=False, default=Path("calibration.pdf"), help="PDF file to write.")
@click.option("--save", metavar="DX,DY", callback=_offset_text,
              help="Save the offset you read off the printed sheet as back-offset in ./cardgen.toml "
                   "(then 'cardgen sheets' uses it), instead of writing the sheet.")
def command(paper: str, flip: str, orientation: str, output: Path, save: str | None) -> None:
    """Write a duplex calibration sheet.

    Print it double-sided, hold it against a window, front towards you, and read, on each ruler,
    where the back's line falls (+ right of 0 and above 0): that is your --back-offset
    (e.g. 0.5mm,-1mm) for 'cardgen sheets', which moves the backs the other way; save it with
    'cardgen calibrate --save 0.5mm,-1mm'.
    """
    if save is not None:
        path = save_default("back-offset", save)
        console.say(f"saved back-offset = \"{save}\" in {display_path(path)}: 'cardgen sheets' uses it "
                    "unless you give --back-offset")
        return
    write_calibration(output, PAPER_SIZES[paper], flip=flip, orientation=orientation)  # type: ignore[arg-type]
    console.say(f"wrote {display_path(output)}: print it double-sided ({flip}-edge flip), then read the offsets")

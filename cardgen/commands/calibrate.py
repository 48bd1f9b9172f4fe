"""``cardgen calibrate``: a two-page duplex test sheet to measure how far a printer's backs drift."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.commands import console
from cardgen.commands.options import output_option, paper_option
from cardgen.layout.sizes import PAPER_SIZES
from cardgen.loading.deck_loader import display_path
from cardgen.render.calibration import write_calibration


@click.command("calibrate")
@paper_option
@click.option("--flip", type=click.Choice(["long", "short"], case_sensitive=False), default="long", show_default=True)
@output_option(folder=False, default=Path("calibration.pdf"), help="PDF file to write.")
def command(paper: str, flip: str, output: Path) -> None:
    """Write a duplex calibration sheet.

    Print it double-sided, hold it against a window and read, on each ruler, where the back's
    line falls: that is your --back-offset (e.g. 0.5mm,-1mm) for 'cardgen sheets'.
    """
    write_calibration(output, PAPER_SIZES[paper], flip=flip)  # type: ignore[arg-type]
    console.say(f"wrote {display_path(output)}: print it double-sided ({flip}-edge flip), then read the offsets")

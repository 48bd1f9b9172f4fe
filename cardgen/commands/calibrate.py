"""``cardgen calibrate``: a two-page duplex test sheet to measure how far a printer's backs drift."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.commands.options import paper_option
from cardgen.layout.sizes import PAPER_SIZES
from cardgen.loading.deck_loader import display_path
from cardgen.render.calibration import write_calibration


@click.command("calibrate")
@paper_option
@click.option("--flip", type=click.Choice(["long", "short"]), default="long", show_default=True)
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False), default=Path("calibration.pdf"),
              show_default=True)
def command(paper: str, flip: str, output: Path) -> None:
    """Write a duplex calibration sheet.

    Print it double-sided, hold it against a window and read, on each ruler, where the back's
    line falls: that is your --back-offset (e.g. 0.5mm,-1mm) for 'cardgen sheets'.
    """
    write_calibration(output, PAPER_SIZES[paper], flip=flip)  # type: ignore[arg-type]
    click.echo(f"wrote {display_path(output)}: print it double-sided ({flip}-edge flip), then read the offsets")

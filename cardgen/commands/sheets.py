"""``cardgen sheets DECK -o FILE``: the card sheets alone, with every print option."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.build import translator_for
from cardgen.commands.options import (OffsetType, check_theme, deck_argument, lang_option, page_progress, paper_option,
                                      printer_margin_option, theme_option)
from cardgen.commands.preflight import strict_option, warn_before_writing
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import display_path
from cardgen.render.sheets import SheetOptions, write_sheets


@click.command("sheets")
@deck_argument
@paper_option
@click.option("--layout", type=click.Choice(["duplex", "gutterfold", "single"]), default="duplex", show_default=True,
              help="duplex: fronts then mirrored backs; gutterfold: fold each page; single: one card per page with bleed.")
@click.option("--flip", type=click.Choice(["long", "short"]), default="long", show_default=True,
              help="Which edge your printer flips on for duplex.")
@click.option("--back-offset", type=OffsetType(), default="0mm,0mm", show_default=True,
              help="Shift every back by DX,DY (measure it with 'cardgen calibrate').")
@click.option("--cut-lines", is_flag=True, help="Also draw thin dashed cut lines along every trim line.")
@click.option("--no-crop-marks", is_flag=True, help="Leave out crop marks.")
@click.option("--no-backs", is_flag=True, help="Duplex: fronts only, no backs pages (single-sided pieces, e.g. markers).")
@printer_margin_option
@strict_option
@theme_option
@lang_option
@click.option("--allow-untranslated", is_flag=True, help="Use English where the catalog has no translation.")
@click.option("-o", "--output", "output", type=click.Path(path_type=Path, dir_okay=False), required=True,
              help="PDF file to write.")
def command(deck_dir: Path, paper: str, layout: str, flip: str, back_offset: tuple[float, float], cut_lines: bool,
            no_crop_marks: bool, no_backs: bool, printer_margin: float, strict: bool, theme: str, guides: bool, lang: str, allow_untranslated: bool,
            output: Path) -> None:
    """Write the card sheets of DECK_DIR to a PDF."""
    if no_backs and layout != "duplex":
        raise click.BadParameter("--no-backs applies to --layout duplex", param_hint="--no-backs")
    deck = load_deck(deck_dir)
    check_theme(deck, theme)
    translate = translator_for(deck, lang, allow_untranslated=allow_untranslated)
    warn_before_writing(deck, languages=[lang], paper=paper, layout=layout, printer_margin=printer_margin, strict=strict,
                        allow_untranslated=allow_untranslated)
    options = SheetOptions(paper=paper, layout=layout, flip=flip, back_offset=back_offset,  # type: ignore[arg-type]
                           crop_marks=not no_crop_marks, cut_lines=cut_lines, theme=theme, guides=guides,
                           printer_margin=printer_margin, backs=not no_backs)
    with page_progress("pages", enabled=deck.total_cards > 4 * 9) as progress:
        result = write_sheets(deck, output, options=options, translate=translate, language=lang, progress=progress)
    click.echo(f"wrote {display_path(output)}: {result.cards} cards on {result.pages} pages "
               f"({result.per_page} per page)")


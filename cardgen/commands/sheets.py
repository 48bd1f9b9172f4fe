"""``cardgen sheets DECK -o FILE``: the card sheets alone, with every print option."""

from __future__ import annotations

import time
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from cardgen.i18n.translator import translator_for
from cardgen.buildable import check_buildable
from cardgen.commands import console
from cardgen.commands.options import (
    OffsetType,
    butted_option,
    cards_option,
    check_back_offset,
    check_theme,
    deck_argument,
    lang_option,
    output_option,
    page_progress,
    paper_option,
    printer_margin_option,
    select_deck_cards,
    theme_option,
)
from cardgen.commands.preflight import (
    no_preflight_option,
    preflight_before_writing,
    strict_option,
    warn_before_writing,
)
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import display_path
from cardgen.model.deck import DeckSpec
from cardgen.output import remove_stale_temps, staged_folder
from cardgen.render.card_renderer import CardRenderer, Translate
from cardgen.render.sheets import SheetOptions, write_sheets

if TYPE_CHECKING:
    from cardgen.color.cmyk import PrintCondition
    from cardgen.export.pdfx import PdfxVersion


@click.command("sheets")
@deck_argument
@paper_option
@click.option("--layout", type=click.Choice(["duplex", "gutterfold", "single"], case_sensitive=False), default="duplex", show_default=True,
              help="duplex: fronts then mirrored backs; gutterfold: fold each page; single: one card per page with bleed.")
@click.option("--flip", type=click.Choice(["long", "short"], case_sensitive=False), default="long", show_default=True,
              help="Which edge your printer flips on for duplex.")
@click.option("--back-offset", type=OffsetType(), default="0mm,0mm", show_default=True,
              help="The backs' drift DX,DY read on 'cardgen calibrate' (+ right and up, seen from the front): "
                   "every back moves the opposite way.")
@click.option("--cut-lines", is_flag=True, help="Also draw thin dashed cut lines along every trim line "
              "(with --butted: along the shared trims too, where no crop mark reaches).")
@butted_option
@click.option("--no-crop-marks", is_flag=True, help="Leave out crop marks.")
@click.option("--no-backs", is_flag=True, help="Duplex: fronts only, no backs pages (single-sided pieces, e.g. markers).")
@printer_margin_option
@strict_option
@no_preflight_option
@theme_option
@lang_option
@click.option("--allow-untranslated", is_flag=True, help="Use English where the catalog has no translation.")
@click.option("--pdfx", type=click.Choice(["x1a", "x4"], case_sensitive=False), help="Write a CMYK PDF/X file for a printer: "
              "x1a (PDF/X-1a:2003, what most shops ask for) or x4 (PDF/X-4).")
@click.option("--profile", default="swop", show_default=True, metavar="NAME|FILE.icc",
              help="With --pdfx: the print condition, 'swop' (bundled, CGATS TR 001) or your printer's CMYK profile.")
@click.option("--ink-limit", type=click.IntRange(100, 400), default=300, show_default=True, metavar="PERCENT",
              help="With --pdfx: highest total ink of any colour.")
@click.option("--proof", is_flag=True, help="With --pdfx: also write soft proofs (each distinct card as designed "
              "beside how it prints) into FILE-proof/ beside the PDF.")
@cards_option
@output_option(folder=False, required=True, help="PDF file to write.")
@click.pass_context
def command(ctx: click.Context, deck_dir: Path, paper: str, layout: str, flip: str, back_offset: tuple[float, float], cut_lines: bool,
            butted: bool, no_crop_marks: bool, no_backs: bool, printer_margin: float, strict: bool, no_preflight: bool, theme: str,
            guides: bool, lang: str, allow_untranslated: bool, pdfx: str | None, profile: str, ink_limit: int,
            proof: bool,
            cards: dict[str, int] | None, output: Path) -> None:
    """Write the card sheets of DECK_DIR to a PDF."""
    if no_backs and layout != "duplex":
        raise click.BadParameter("--no-backs applies to --layout duplex", param_hint="--no-backs")
    butted = _butted(ctx, butted, layout)
    deck = select_deck_cards(load_deck(deck_dir), cards)
    check_theme(deck, theme)
    check_back_offset(deck, back_offset, layout=layout)
    check_buildable(deck, languages=[lang], paper=None if layout == "single" else paper,
                    allow_untranslated=allow_untranslated, rulebook=False, walkthrough=False)
    notes: list[str] = []
    translate = translator_for(deck, lang, allow_untranslated=allow_untranslated, notes=notes)
    for note in notes:
        console.note(note)
    options = SheetOptions(paper=paper, layout=layout, flip=flip, back_offset=back_offset,  # type: ignore[arg-type]
                           crop_marks=not no_crop_marks, cut_lines=cut_lines, theme=theme, guides=guides,
                           printer_margin=printer_margin, backs=not no_backs, butted=butted)
    condition = None
    if pdfx:
        from cardgen.color.cmyk import print_condition

        pdfx = pdfx.lower()
        condition = print_condition(profile, ink_limit)
    elif profile != "swop" or ink_limit != 300 or proof:
        raise click.BadParameter("--profile, --ink-limit and --proof only apply with --pdfx", param_hint="--pdfx")
    preflight: dict[str, Any] = dict(languages=[lang], paper=paper, layout=layout, printer_margin=printer_margin,
                                     strict=strict, allow_untranslated=allow_untranslated, butted=butted,
                                     crop_marks=not no_crop_marks)
    watch = None
    if condition is not None or no_preflight:  # PDF/X: checked before the conversion starts
        preflight_before_writing(deck, no_preflight=no_preflight, **preflight)
    else:  # one pass: the faces are measured as the sheets draw them, checked before the PDF is put in place
        from cardgen.preflight.faces import SheetFaceWatch

        watch = SheetFaceWatch(deck)
    started = time.process_time()
    proofs: list[Path] = []
    flatten_notes: list[str] = []
    with page_progress("pages", enabled=deck.total_cards > 4 * 9) as progress:
        if condition is not None:
            from cardgen.export.pdfx import write_pdfx_sheets

            # with --proof, the PDF and its proofs are staged beside it and arrive together
            if proof:
                remove_stale_temps(output.parent)  # a killed run's stage
            staged = staged_folder(output.parent, "cardgen-sheets") if proof else nullcontext(output.parent)
            with staged as folder:
                result = write_pdfx_sheets(deck, folder / output.name, sheet_options=options,
                                           pdfx=pdfx,  # type: ignore[arg-type]
                                           condition=condition, translate=translate, language=lang, progress=progress,
                                           notes=flatten_notes)
                if proof:
                    proofs = _soft_proofs(deck, folder / proof_folder(output), condition, translate=translate,
                                          language=lang, theme=theme, sent=result.path if layout == "single" else None,
                                          pdfx=pdfx)  # type: ignore[arg-type]
        else:
            def before_commit(renderer: CardRenderer) -> None:
                if watch is not None:
                    with console.above_bar():  # the warnings go above the progress bar, not over it
                        warn_before_writing(deck, drawn={lang: (watch.faces(deck, renderer), renderer)},
                                            **preflight)

            result = write_sheets(deck, output, options=options, translate=translate, language=lang,
                                  progress=progress, watch=watch, before_commit=before_commit)
    for note in flatten_notes:
        console.note(note)
    console.detail(f"{deck.deck}: {time.process_time() - started:.1f} CPU seconds")
    kind = f", {condition.output_condition_identifier} {pdfx.upper()} ink ≤ {ink_limit}%" if condition and pdfx else ""
    turned = ""
    if layout != "single":  # which way to turn the calibration sheet ('cardgen calibrate --orientation')
        turned = ", landscape" if result.paper.width_pt > result.paper.height_pt else ", portrait"
    console.say(f"wrote {display_path(output)}: {result.cards} cards on {result.pages} pages "
                f"({result.per_page} per page{turned}){kind}")
    if proofs:
        console.say(f"wrote {len(proofs)} soft proofs to {display_path(output.parent / proof_folder(output))}")


def _butted(ctx: click.Context, butted: bool, layout: str) -> bool:
    """Whether the cards are butted: ``--butted`` typed with ``--layout single`` is a usage error (one card
    per page has no neighbour to share a cut with); set in ``cardgen.toml``, where no flag can undo it, it is
    left out with a note."""
    if not butted or layout != "single":
        return butted
    source = ctx.get_parameter_source("butted")
    if source is not None and source.name == "COMMANDLINE":
        raise click.BadParameter("--butted applies to --layout duplex or gutterfold: with --layout single each card "
                                 "has a page of its own, with no neighbour to share a cut line with", param_hint="--butted")
    console.note("butted = true from cardgen.toml is left out: --layout single puts each card on a page of its own")
    return False


def proof_folder(output: Path) -> str:
    """The name of the folder of soft proofs beside ``output`` (``cards.pdf`` → ``cards-proof``)."""
    return f"{output.stem}-proof"


def _soft_proofs(deck: DeckSpec, folder: Path, condition: PrintCondition, *, translate: Translate, language: str,
                 theme: str, sent: Path | None, pdfx: PdfxVersion) -> list[Path]:
    """Each distinct card of ``deck`` as designed beside how it prints in ``condition``, into ``folder``.

    The print side is rasterised from a PDF/X file: ``sent`` itself when it holds one card per page
    (``--layout single``); else one of the distinct cards, drawn and converted as the sheets were.
    """
    from cardgen.color.cmyk import CmykConverter
    from cardgen.export.common import card_pages
    from cardgen.export.pdfx import write_pdfx_sheets
    from cardgen.export.soft_proof import (
        PrintedFile,
        single_card_places,
        write_soft_proofs,
    )

    with card_pages(deck, translate=translate, language=language, theme=theme, scratch=folder.parent) as pages:
        if sent is None:
            distinct = deck.model_copy(update={"cards": [card.model_copy(update={"count": 1}) for card in deck.cards]})
            sent = pages.path.parent / "distinct-pdfx.pdf"
            write_pdfx_sheets(distinct, sent, sheet_options=SheetOptions(layout="single", theme=theme), pdfx=pdfx,
                              condition=condition, translate=translate, language=language)
            printed = PrintedFile(sent, single_card_places(distinct))
        else:
            printed = PrintedFile(sent, single_card_places(deck))
        return write_soft_proofs(pages, folder, CmykConverter(condition), printed=printed)


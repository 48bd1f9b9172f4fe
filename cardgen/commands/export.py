"""``cardgen export DECK --to png|pod|tts|proof -o DIR``: card images for shops, tabletops, proofs."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import click

from cardgen.buildable import check_buildable
from cardgen.commands import console
from cardgen.commands.options import (
    cards_option,
    check_theme,
    deck_argument,
    lang_option,
    output_option,
    page_progress,
    select_deck_cards,
)
from cardgen.commands.preflight import (
    no_preflight_option,
    preflight_before_writing,
    strict_option,
    warn_before_writing,
)
from cardgen.i18n.translator import translator_for
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import display_path
from cardgen.output import missing_folders, remove_stale_temps, staged_folder

if TYPE_CHECKING:
    from cardgen.export.card_pages import FacesPreflight
    from cardgen.model.deck import DeckSpec
    from cardgen.render.card_renderer import CardRenderer

TARGETS = ("png", "pod", "tts", "proof")
VENDOR_NAMES = ("drivethrucards", "thegamecrafter", "makeplayingcards")
DEFAULT_DPI = {"png": 300.0, "pod": 300.0, "tts": 300.0, "proof": 100.0}
DEFAULT_BLEED = {"png": True, "pod": True, "tts": False, "proof": False}


def faces_preflight(deck: DeckSpec, language: str, checks: dict[str, Any]) -> FacesPreflight:
    """The preflight of the faces the export is about to draw, measured as they are drawn.

    Warnings go above the progress bar; with ``--strict`` a problem stops the export before any
    image is rasterised, and its staging folder is removed: nothing is written.
    """
    from cardgen.export.card_pages import FacesPreflight
    from cardgen.preflight.faces import SheetFaceWatch

    watch = SheetFaceWatch(deck)

    def check(renderer: CardRenderer) -> None:
        with console.above_bar():
            warn_before_writing(deck, drawn={language: (watch.faces(deck, renderer), renderer)}, **checks)

    return FacesPreflight(watch, check)


@contextmanager
def removed_on_failure(folders: list[Path]) -> Iterator[None]:
    """On any failure, remove ``folders`` (deepest first) that are still empty: the export made them."""
    try:
        yield
    except BaseException:
        for folder in folders:
            with suppress(OSError):
                folder.rmdir()
        raise


def _base_url(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise click.BadParameter(f"'{value}' is not a web address; write it as https://example.com/my-deck/")
    return value


@click.command("export")
@deck_argument
@click.option("--to", "target", type=click.Choice(TARGETS, case_sensitive=False), required=True,
              help="png: one image per card and back; pod: a print shop's preset (--vendor); "
                   "tts: Tabletop Simulator sheets + saved object; proof: a contact sheet.")
@click.option("--vendor", type=click.Choice(VENDOR_NAMES, case_sensitive=False), help="Print shop preset for --to pod.")
@click.option("--dpi", type=click.FloatRange(30, 1200), help="Resolution (default 300; 100 for proof; "
              "pod uses the shop's 300; tts shrinks cards to fit 4096 px sheets).")
@click.option("--bleed/--no-bleed", default=None, help="Include the bleed around each card "
              "(default: yes for png and pod, no for tts and proof).")
@lang_option
@click.option("--theme", default="default", show_default=True, metavar="NAME",
              help="default, ink-saver or a theme from the deck's themes: section.")
@click.option("--allow-untranslated", is_flag=True, help="Use English where the catalog has no translation.")
@click.option("--proof", is_flag=True, help="With --to pod: also write soft proofs (design beside print, "
              "through the shop's CMYK profile) into DIR/proof.")
@strict_option
@no_preflight_option
@click.option("-j", "--jobs", type=click.IntRange(1, 256), help="Processes to rasterise on, this one included (default: one per 16 distinct pictures, up to every core).")
@click.option("--base-url", metavar="URL", callback=_base_url,
              help="--to tts: the web address the images will be uploaded to (https://…/); "
                   "the saved object then points there instead of at local files.")
@cards_option
@output_option(folder=True, required=True, help="Folder to write into (created if needed).")
def command(deck_dir: Path, target: str, vendor: str | None, dpi: float | None, bleed: bool | None, lang: str,
            theme: str, allow_untranslated: bool, proof: bool, strict: bool, no_preflight: bool, jobs: int | None, base_url: str | None,
            cards: dict[str, int] | None, output: Path) -> None:
    """Export the cards of DECK_DIR as images into a folder, with a manifest.csv."""
    if target == "pod":
        if vendor is None:
            raise click.BadParameter(f"--to pod needs a shop: --vendor {'|'.join(VENDOR_NAMES)}", param_hint="--vendor")
        if dpi is not None and dpi != 300:
            raise click.BadParameter("print shop presets are fixed at 300 dpi; leave --dpi out", param_hint="--dpi")
        if bleed is False:
            raise click.BadParameter("print shops need the bleed; leave --no-bleed out", param_hint="--no-bleed")
    elif vendor is not None:
        raise click.BadParameter("--vendor only applies to --to pod", param_hint="--vendor")
    if proof and target != "pod":
        raise click.BadParameter("--proof only applies to --to pod", param_hint="--proof")
    if base_url is not None and target != "tts":
        raise click.BadParameter("--base-url only applies to --to tts", param_hint="--base-url")
    deck = select_deck_cards(load_deck(deck_dir), cards)
    check_theme(deck, theme)
    check_buildable(deck, languages=[lang], paper=None, allow_untranslated=allow_untranslated, rulebook=False,
                    walkthrough=False)
    notes: list[str] = []
    translate = translator_for(deck, lang, allow_untranslated=allow_untranslated, notes=notes)
    checks: dict[str, Any] = {"languages": [lang], "paper": "a4", "layout": "single", "strict": strict,
                              "allow_untranslated": allow_untranslated}  # card faces only
    common: dict[str, Any] = {"translate": translate, "language": lang, "workers": jobs, "theme": theme}
    if no_preflight or target == "pod":  # pod draws the cards at the shop's size: the deck's own are checked
        preflight_before_writing(deck, no_preflight=no_preflight, **checks)
    else:  # one pass: the faces are measured as the card pages draw them, checked before any image is made
        common["preflight"] = faces_preflight(deck, lang, checks)
    resolution = dpi if dpi is not None else DEFAULT_DPI[target]
    with_bleed = DEFAULT_BLEED[target] if bleed is None else bleed
    product = None
    if target == "pod":
        from cardgen.export.pod import choose_product

        assert vendor is not None
        product = choose_product(deck, vendor)  # refused here, before anything is written
    started = time.process_time()
    remove_stale_temps(output)  # what a killed export left (its staging folder)
    # every export is written into a folder inside the output folder and moved into place as a whole: a failed
    # export leaves the folder as it was (TTS's JSON names its images where they will be after the move)
    made = missing_folders(output)  # removed again if the export fails (and they are still empty)
    with removed_on_failure(made), page_progress(f"{deck.deck} {target}", enabled=True) as progress, \
            staged_folder(output, "cardgen-export") as folder:
        if target == "png":
            from cardgen.export.png import export_png

            result = export_png(deck, folder, dpi=resolution, bleed=with_bleed, progress=progress, staged=True,
                                **common)
        elif target == "pod":
            from cardgen.export.pod import export_pod

            assert vendor is not None and product is not None
            result = export_pod(deck, folder, vendor=vendor, progress=progress, proof=proof, **common)
            console.say(product.describe())
        elif target == "tts":
            from cardgen.export.tts import export_tts

            result = export_tts(deck, folder, dpi=resolution, bleed=with_bleed, progress=progress, base_url=base_url,
                                final_folder=output, **common)
        else:
            from cardgen.export.proof import export_proof

            result = export_proof(deck, folder, dpi=resolution, bleed=with_bleed, progress=progress, **common)
    result.images = [output / path.relative_to(folder) for path in result.images]
    result.manifest = output / result.manifest.relative_to(folder)
    result.extra = [output / path.relative_to(folder) for path in result.extra]
    for note in notes + result.notes:
        console.note(note)
    console.detail(f"{deck.deck} {target}: {time.process_time() - started:.1f} CPU seconds in this process "
                   "(rasterising runs in worker processes)")
    w, h = result.size_px
    proofs = [p for p in result.extra if p.parent.name == "proof"]
    others = "".join(f", {p.name}" for p in result.extra if p not in proofs)
    if proofs:
        others += f", {len(proofs)} soft proofs in proof/"
    size = f"{w} × {h} px{', with bleed' if with_bleed or target == 'pod' else ''}"
    if target == "proof":  # the sheets' own size, then the cards' on them
        from PIL import Image

        with Image.open(result.images[0]) as sheet:
            size = f"{sheet.width} × {sheet.height} px, cards at {size}"
    what = "proof sheet" if target == "proof" else "image"
    console.say(f"wrote {len(result.images)} {what}{'s' if len(result.images) != 1 else ''} ({size})"
               f"{others} and {result.manifest.name} to {display_path(output)}")
    if target == "tts":
        where = (f"upload the other images to {base_url} (the JSON points there)" if base_url
                 else "the images stay where they are (the JSON points at them)")
        console.say(f"for Tabletop Simulator: copy {deck.deck}.json and {deck.deck}.png into its Saved Objects "
                    f"folder; {where}")

"""``cardgen export DECK --to png|pod|tts|proof -o DIR``: card images for shops, tabletops, proofs."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.build import translator_for
from cardgen.commands.options import check_theme, deck_argument, lang_option, page_progress
from cardgen.commands.preflight import strict_option, warn_before_writing
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import display_path

TARGETS = ("png", "pod", "tts", "proof")
VENDOR_NAMES = ("drivethrucards", "thegamecrafter", "makeplayingcards")
DEFAULT_DPI = {"png": 300.0, "pod": 300.0, "tts": 300.0, "proof": 100.0}
DEFAULT_BLEED = {"png": True, "pod": True, "tts": False, "proof": False}


@click.command("export")
@deck_argument
@click.option("--to", "target", type=click.Choice(TARGETS), required=True,
              help="png: one image per card and back; pod: a print shop's preset (--vendor); "
                   "tts: Tabletop Simulator sheets + saved object; proof: a contact sheet.")
@click.option("--vendor", type=click.Choice(VENDOR_NAMES), help="Print shop preset for --to pod.")
@click.option("--dpi", type=click.FloatRange(30, 1200), help="Resolution (default 300; 100 for proof; "
              "pod uses the shop's 300; tts shrinks cards to fit 4096 px sheets).")
@click.option("--bleed/--no-bleed", default=None, help="Include the bleed around each card "
              "(default: yes for png and pod, no for tts and proof).")
@lang_option
@click.option("--theme", default="default", show_default=True, metavar="NAME",
              help="default, ink-saver or a theme from the deck's themes: section.")
@click.option("--allow-untranslated", is_flag=True, help="Use English where the catalog has no translation.")
@strict_option
@click.option("-j", "--jobs", type=click.IntRange(1, 256), help="Worker processes (default: every core).")
@click.option("-o", "--output", "output", type=click.Path(path_type=Path, file_okay=False), required=True,
              help="Folder to write into (created if needed).")
def command(deck_dir: Path, target: str, vendor: str | None, dpi: float | None, bleed: bool | None, lang: str,
            theme: str, allow_untranslated: bool, strict: bool, jobs: int | None, output: Path) -> None:
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
    deck = load_deck(deck_dir)
    check_theme(deck, theme)
    notes: list[str] = []
    translate = translator_for(deck, lang, allow_untranslated=allow_untranslated, notes=notes)
    warn_before_writing(deck, languages=[lang], paper="a4", layout="single", strict=strict,  # card faces only
                        allow_untranslated=allow_untranslated)
    common = {"translate": translate, "language": lang, "workers": jobs, "theme": theme}
    resolution = dpi if dpi is not None else DEFAULT_DPI[target]
    with_bleed = DEFAULT_BLEED[target] if bleed is None else bleed
    with page_progress(f"{deck.deck} {target}", enabled=True) as progress:
        if target == "png":
            from cardgen.export.png import export_png

            result = export_png(deck, output, dpi=resolution, bleed=with_bleed, progress=progress, **common)
        elif target == "pod":
            from cardgen.export.pod import VENDORS, export_pod

            assert vendor is not None
            result = export_pod(deck, output, vendor=vendor, progress=progress, **common)
            click.echo(VENDORS[vendor].describe())
        elif target == "tts":
            from cardgen.export.tts import export_tts

            result = export_tts(deck, output, dpi=resolution, bleed=with_bleed, progress=progress, **common)
        else:
            from cardgen.export.proof import export_proof

            result = export_proof(deck, output, dpi=resolution, bleed=with_bleed, progress=progress, **common)
    for note in notes + result.notes:
        click.echo(f"note: {note}", err=True)
    w, h = result.size_px
    others = "".join(f", {p.name}" for p in result.extra)
    size = f"{w} × {h} px{', with bleed' if with_bleed or target == 'pod' else ''}"
    if target == "proof":  # the sheets' own size, then the cards' on them
        from PIL import Image

        with Image.open(result.images[0]) as sheet:
            size = f"{sheet.width} × {sheet.height} px, cards at {size}"
    what = "proof sheet" if target == "proof" else "image"
    click.echo(f"wrote {len(result.images)} {what}{'s' if len(result.images) != 1 else ''} ({size})"
               f"{others} and {result.manifest.name} to {display_path(output)}")
    if target == "tts":
        click.echo(f"for Tabletop Simulator: copy {deck.deck}.json and {deck.deck}.png into its Saved Objects "
                   "folder; the images stay where they are (the JSON points at them)")

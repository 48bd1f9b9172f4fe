"""Soft proof: each distinct card as designed (RGB) beside how it prints.

When a PDF/X file is what goes to the printer, the proof side is rasterised from that file
itself, ink by ink (:mod:`cardgen.color.plates`), and its CMYK turned into sRGB through the print
condition's profile with LittleCMS: what the file's inks give on that press, flattening and all.
Without one (shops that take RGB images), it is the design render separated through the profile
and converted back, so out-of-gamut colours show as the press will give them. A caption strip
under the two says which is which: “as designed” and “as printed: <print condition>, <ink
limit>% ink”.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw, ImageFont

from cardgen.color.cmyk import CmykConverter, PrintCondition, print_condition
from cardgen.color.gamut import SHIFT_WARNING, key_colour_shifts
from cardgen.export.card_pages import CardPages, back_layouts
from cardgen.export.png import file_stem
from cardgen.export.png_encoder import encode_png
from cardgen.export.raster import _close as close_document
from cardgen.export.raster import pixels, render_region, write_file
from cardgen.model.deck import DeckSpec
from cardgen.render.fonts import BODY, font_path

if TYPE_CHECKING:
    from cardgen.color.plates import CmykRaster

PROOF_DPI = 100
GAP_PX = 12
CAPTION_PX = 24
"""Height of the caption strip under the design and the print (at 100 dpi: 6 mm)."""
CAPTION_FONT_PX = 13
CAPTION_MIN_FONT_PX = 8
CAPTION_INK = (60, 60, 60)
SUPERSAMPLE = 3
"""A PDF/X file is rasterised this many times finer and its colours blended after the profile: an
edge pixel half covered by black ink shows half the way to the printed black, as the eye sees the
print, not a 50 % tint (which the press's tone curve darkens, so text looked bold)."""


def captions(condition: PrintCondition) -> tuple[str, str]:
    """What the two halves of a proof are: the design, and the print condition it is proofed in."""
    return "as designed", f"as printed: {condition.output_condition_identifier}, {condition.ink_limit}% ink"


def _caption_font(text: str, width: int) -> tuple[ImageFont.FreeTypeFont, str]:
    """The body font at the largest size (down to 8 px) that fits ``width``; else the text shortened with “…”."""
    path = str(font_path(BODY))
    for size in range(CAPTION_FONT_PX, CAPTION_MIN_FONT_PX - 1, -1):
        font = ImageFont.truetype(path, size)
        if font.getlength(text) <= width:
            return font, text
    while len(text) > 1 and font.getlength(text + "…") > width:
        text = text[:-1]
    return font, text.rstrip() + "…"


def _draw_caption(draw: ImageDraw.ImageDraw, text: str, left: int, width: int, top: int) -> None:
    font, shown = _caption_font(text, width - 8)
    draw.text((left + width / 2, top + CAPTION_PX / 2), shown, font=font, fill=CAPTION_INK, anchor="mm")


@dataclass(frozen=True)
class PrintedFile:
    """A PDF/X file with one card per page and its bleed (``--layout single``, DriveThruCards' upload),
    and the page of each proofed card in it: (``front``, card id) or (``back``, layout) → page index."""

    path: Path
    places: Mapping[tuple[str, str], int]


def single_card_places(deck: DeckSpec) -> dict[tuple[str, str], int]:
    """Where each card's face and each back layout first appears in a single-card file (front, back, …)."""
    backs = back_layouts(deck)
    places: dict[tuple[str, str], int] = {}
    for number, card in enumerate(deck.expanded()):
        places.setdefault(("front", card.id), 2 * number)
        places.setdefault(("back", backs[card.id]), 2 * number + 1)
    return places


def write_soft_proofs(pages: CardPages, folder: Path, converter: CmykConverter, *, dpi: float = PROOF_DPI,
                      printed: PrintedFile | None = None) -> list[Path]:
    """One ``proof-<card>.png`` per distinct face and back in ``folder``: design left, print right, captioned.

    With ``printed``, the print side is that PDF/X file's page of the card, rasterised ink by ink.
    """
    from cardgen.color.plates import CmykRaster

    folder.mkdir(parents=True, exist_ok=True)
    box = pages.box(bleed=True)
    size = (pixels(box[2] - box[0], dpi), pixels(box[3] - box[1], dpi))
    written: list[Path] = []
    raster = None
    if printed is not None:
        raster = CmykRaster(printed.path, pages={printed.places[(page.side, page.key)] for page in pages.pages})
    try:
        _proof_pages(pages, folder, converter, box, size, dpi, written, raster, printed)
    finally:
        close_document(str(pages.path))
        if raster is not None:
            raster.close()
    return written


def _proof_pages(pages: CardPages, folder: Path, converter: CmykConverter, box: tuple[float, float, float, float],
                 size: tuple[int, int], dpi: float, written: list[Path], raster: CmykRaster | None,
                 printed_file: PrintedFile | None) -> None:
    for page in pages.pages:
        design = render_region(str(pages.path), page.index, box, size)
        if raster is not None and printed_file is not None:
            fine = (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE)
            printed = converter.proof(raster.render(printed_file.places[(page.side, page.key)], box, fine))
            printed = printed.resize(size, Image.Resampling.BOX)
        else:
            printed = converter.proof(converter.image(design))
        sheet = Image.new("RGB", (2 * size[0] + GAP_PX, size[1] + CAPTION_PX), (255, 255, 255))
        sheet.paste(design, (0, 0))
        sheet.paste(printed, (size[0] + GAP_PX, 0))
        draw = ImageDraw.Draw(sheet)
        for left, text in zip((0, size[0] + GAP_PX), captions(converter.condition)):
            _draw_caption(draw, text, left, size[0], size[1])
        prefix = "back" if page.side == "back" else "face"
        target = folder / f"proof-{prefix}-{file_stem(page.key)}.png"
        write_file(target, encode_png(sheet, dpi=dpi))
        written.append(target)


def print_colour_notes(deck: DeckSpec, ink_limit: int, profile: str | None = None) -> list[str]:
    """A note for every type key colour that moves more than ΔE 10 in print."""
    condition = print_condition(profile, ink_limit)
    converter = CmykConverter(condition)
    shifts = key_colour_shifts({key: kind.color for key, kind in deck.types.items()}, converter)
    return [s.note(condition.output_condition_identifier) for s in shifts if s.delta_e > SHIFT_WARNING]


def write_pod_proofs(deck: DeckSpec, pages: CardPages, folder: Path, ink_limit: int,
                     profile: str | None = None, printed: PrintedFile | None = None) -> list[Path]:
    return write_soft_proofs(pages, folder, CmykConverter(print_condition(profile, ink_limit)), printed=printed)

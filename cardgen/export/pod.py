"""``--to pod``: card images at the published sizes of print-on-demand shops.

Each preset is one of the shop's products with the pixel size it asks for at 300 dpi; the
difference between image and trim is the shop's bleed, and the card is redrawn with exactly
that bleed (art marked ``bleed`` reaches the image edge). A deck whose card size the product
does not match is refused with a one-line :class:`CardgenError`. DriveThruCards also gets its
PDF flow: one PDF, each card's front then its back, one card per page with TrimBox and
BleedBox, every physical card included.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.export.common import ExportResult, card_pages
from cardgen.export.manifest import write_manifest
from cardgen.export.png import image_size, write_card_images
from cardgen.export.raster import Progress
from cardgen.layout.units import INCH, MM
from cardgen.model.deck import DeckSpec
from cardgen.output import remove_stale_temps
from cardgen.render.card_renderer import Translate, no_translation

SIZE_TOLERANCE_IN = 0.01
"""How far (inches) a deck's card may differ from a product's trim size and still be accepted."""


@dataclass(frozen=True)
class VendorPreset:
    """One product of one shop: trim size (inches), full image size with bleed (pixels)."""

    key: str
    shop: str
    product: str
    trim_in: tuple[float, float]
    image_px: tuple[int, int]
    dpi: int = 300
    safe_px: int | None = None
    """The shop's safe zone, measured inwards from the image edge."""
    pdf: bool = False
    """The shop also takes a single-card PDF (front, back, front, back …)."""

    @property
    def bleed_in(self) -> float:
        return (self.image_px[0] / self.dpi - self.trim_in[0]) / 2

    @property
    def bleed_pt(self) -> float:
        return self.bleed_in * INCH

    def describe(self) -> str:
        w, h = self.trim_in
        text = (f"{self.shop} {self.product}: {w:g} × {h:g} in trim, {self.image_px[0]} × {self.image_px[1]} px "
                f"at {self.dpi} dpi ({self.bleed_in:g} in bleed)")
        if self.safe_px:
            text += f", {self.safe_px} px safe zone"
        return text


VENDORS: dict[str, VendorPreset] = {
    "drivethrucards": VendorPreset("drivethrucards", "DriveThruCards", "poker cards", (2.5, 3.5), (825, 1125), pdf=True),
    "thegamecrafter": VendorPreset("thegamecrafter", "The Game Crafter", "poker cards", (2.5, 3.5), (825, 1125),
                                   safe_px=75),
    "makeplayingcards": VendorPreset("makeplayingcards", "MakePlayingCards", "poker cards", (2.5, 3.5), (822, 1122)),
}


def _size_text(width_pt: float, height_pt: float) -> str:
    return f"{width_pt / MM:.4g} × {height_pt / MM:.4g} mm"


def check_card_size(deck: DeckSpec, preset: VendorPreset) -> None:
    """Raise a :class:`CardgenError` when ``preset`` cannot print the deck's cards."""
    size = deck.print.size
    w_in, h_in = size.width_pt / INCH, size.height_pt / INCH
    tw, th = preset.trim_in
    if abs(w_in - tw) <= SIZE_TOLERANCE_IN and abs(h_in - th) <= SIZE_TOLERANCE_IN:
        return
    preset_size = _size_text(tw * INCH, th * INCH)
    card = deck.print.card if isinstance(deck.print.card, str) else "custom"
    hint = ("use print.card: poker in deck.yaml for this shop, or 'cardgen export --to png' for images at any size"
            if abs(w_in - th) > SIZE_TOLERANCE_IN or abs(h_in - tw) > SIZE_TOLERANCE_IN
            else "this preset is portrait; lay the card out portrait (width < height) for this shop")
    raise CardgenError(f"{preset.shop} cannot print these cards: its preset is {preset.product}, "
                       f"{tw:g} × {th:g} in ({preset_size}); this deck's cards are "
                       f"{_size_text(size.width_pt, size.height_pt)} ({card})",
                       path=deck.file, field="print.card", hint=hint)


def safe_zone_note(deck: DeckSpec, preset: VendorPreset) -> str | None:
    """A warning when the deck's text margin reaches into the shop's safe zone."""
    if not preset.safe_px:
        return None
    deck_px = (deck.print.safe + preset.bleed_pt) * preset.dpi / INCH
    if deck_px + 0.5 >= preset.safe_px:
        return None
    return (f"{preset.shop} keeps text {preset.safe_px} px inside the image edge; this deck's safe margin "
            f"({deck.print.safe / MM:g} mm) puts text {deck_px:.0f} px from it — raise print.safe")


def with_bleed(deck: DeckSpec, bleed_pt: float) -> DeckSpec:
    """The same deck drawn with another bleed (folder and layouts kept)."""
    return deck.model_copy(update={"print": deck.print.model_copy(update={"bleed": bleed_pt})})


def export_pod(deck: DeckSpec, folder: Path, *, vendor: str, translate: Translate = no_translation,
               language: str = "en", workers: int | None = None, progress: Progress | None = None,
               theme: str = "default") -> ExportResult:
    """Export card images (and the shop's PDF, if it takes one) for ``vendor`` into ``folder``."""
    preset = VENDORS[vendor]
    check_card_size(deck, preset)
    shop_deck = with_bleed(deck, preset.bleed_pt)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(folder)
    with card_pages(shop_deck, translate=translate, language=language, theme=theme,
                    scratch=folder) as pages:
        size = image_size(pages, dpi=preset.dpi, bleed=True)
        if size != preset.image_px:  # pragma: no cover - the arithmetic above guarantees it
            raise AssertionError(f"{vendor}: {size} px instead of {preset.image_px}")
        files, rows = write_card_images(pages, folder, bleed=True, size=size, dpi=preset.dpi, workers=workers,
                                        progress=progress)
    result = ExportResult(folder, files, write_manifest(folder, rows), size)
    if preset.pdf:
        from cardgen.render.sheets import SheetOptions, write_sheets

        target = folder / f"{deck.deck}-{vendor}.pdf"
        write_sheets(shop_deck, target, options=SheetOptions(layout="single"), translate=translate, language=language)
        result.extra.append(target)
    note = safe_zone_note(deck, preset)
    if note:
        result.notes.append(note)
    return result

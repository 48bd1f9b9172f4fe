"""``--to pod``: card images at the published sizes of print-on-demand shops.

Each preset is one of the shop's products (poker, bridge, mini, tarot, square …) with the pixel
size it asks for at 300 dpi, chosen by the deck's card size; the
difference between image and trim is the shop's bleed, and the card is redrawn with exactly
that bleed (art marked ``bleed`` reaches the image edge). A deck whose card size the product
does not match (within about 1 mm) is refused with a one-line :class:`CardgenError` naming the
shop's nearest sizes. DriveThruCards also gets its
PDF flow: one PDF, each card's front then its back, one card per page with TrimBox and
BleedBox, every physical card included.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from cardgen.errors import CardgenError
from cardgen.export.common import ExportResult, card_pages
from cardgen.export.manifest import write_manifest
from cardgen.export.png import image_size, write_card_images
from cardgen.export.raster import Progress
from cardgen.export.soft_proof import (
    PrintedFile,
    print_colour_notes,
    single_card_places,
    write_pod_proofs,
)
from cardgen.layout.units import INCH, MM
from cardgen.model.deck import DeckSpec
from cardgen.output import remove_stale_temps
from cardgen.render.card_renderer import Translate, no_translation

SIZE_TOLERANCE_IN = 0.04
"""How far (inches, about 1 mm) a deck's card may differ from a product's trim size: such a deck is
drawn at the product's exact size (its layouts are in lengths and percentages), with a note."""


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
    pdfx: Literal["x1a", "x4"] = "x1a"
    """The PDF/X flavour of that PDF."""
    ink_limit: int = 300
    """The shop's total ink limit (percent)."""

    @property
    def bleed_in(self) -> float:
        return (self.image_px[0] / self.dpi - self.trim_in[0]) / 2

    @property
    def bleed_pt(self) -> float:
        return self.bleed_in * INCH

    @property
    def trim_points(self) -> tuple[float, float]:
        return self.trim_in[0] * INCH, self.trim_in[1] * INCH

    def describe(self) -> str:
        w, h = self.trim_in
        text = (f"{self.shop} {self.product}: {w:g} × {h:g} in trim, {self.image_px[0]} × {self.image_px[1]} px "
                f"at {self.dpi} dpi ({self.bleed_in:g} in bleed)")
        if self.safe_px:
            text += f", {self.safe_px} px safe zone"
        return text


def _dtc(product: str, trim: tuple[float, float]) -> VendorPreset:
    """DriveThruCards: 300 dpi and 1/8 in bleed on all four sides, whatever the size; PDF/X-1a at 240% ink."""
    return VendorPreset("drivethrucards", "DriveThruCards", product, trim,
                        (round((trim[0] + 0.25) * 300), round((trim[1] + 0.25) * 300)), pdf=True, ink_limit=240)


def _tgc(product: str, trim: tuple[float, float], image: tuple[int, int]) -> VendorPreset:
    return VendorPreset("thegamecrafter", "The Game Crafter", product, trim, image,
                        safe_px=round((image[0] - trim[0] * 300) / 2 + 37.5))


def _mpc(product: str, trim: tuple[float, float]) -> VendorPreset:
    """MakePlayingCards: 300 dpi and 36 px (0.12 in) of bleed on each side."""
    return VendorPreset("makeplayingcards", "MakePlayingCards", product, trim,
                        (round(trim[0] * 300) + 72, round(trim[1] * 300) + 72))


PRODUCTS: dict[str, tuple[VendorPreset, ...]] = {
    # DriveThruCards. Bleed and resolution: DriveThru's "Printed Card Specifications" help page
    # (help.drivethrupartners.com, article 12780748203543): 300 dpi images, 1/8" bleed on all four
    # sides, nothing important within 1/8" of a trim edge; one PDF per deck. Poker 825 × 1125 px
    # follows from those figures. The order of a card's two pages in that PDF (written here: front,
    # then back) is NOT verified from here — an earlier reading of the same page noted "back then
    # front" — so the README tells users to check it on the shop's proof before ordering. The other products' trim sizes are the
    # ones DriveThruCards lists in its product range; NOT verified from here (the spec page found
    # gives no size list): check the product page before ordering.
    "drivethrucards": (
        _dtc("poker cards", (2.5, 3.5)),
        _dtc("bridge cards", (2.25, 3.5)),      # trim not verified from here
        _dtc("mini cards", (1.75, 2.5)),        # trim not verified from here
        _dtc("tarot cards", (2.75, 4.75)),      # trim not verified from here
        _dtc("square cards", (2.5, 2.5)),       # trim not verified from here
    ),
    # The Game Crafter: trim and full (bleed) sizes as in a public-domain set of TGC card templates
    # that states it uses "the size stated on TGC's website" (seen through a code search, not on
    # thegamecrafter.com itself): poker-deck 2.5 × 3.5 in in 2.75 × 3.75, bridge-deck 2.25 × 3.5 in
    # 2.5 × 3.75, mini-deck full 2 × 2.75 (TGC's mini card is 1.75 × 2.5 in), tarot-deck 2.75 × 4.75
    # in 3 × 5, square-deck 3.5 × 3.5 in 3.75 × 3.75, euro-square-deck 2.76 × 2.76 in 3 × 3,
    # micro-deck 1.25 × 1.75 in 1.5 × 2, business-deck 2 × 3.5 in 2.25 × 3.75; all at 300 dpi.
    # Safe zone: 1/8 in inside the trim (75 px from the image edge on a poker card).
    "thegamecrafter": (
        _tgc("poker cards", (2.5, 3.5), (825, 1125)),
        _tgc("bridge cards", (2.25, 3.5), (750, 1125)),
        _tgc("mini cards", (1.75, 2.5), (600, 825)),
        _tgc("tarot cards", (2.75, 4.75), (900, 1500)),
        _tgc("square cards", (3.5, 3.5), (1125, 1125)),
        _tgc("euro square cards", (2.76, 2.76), (900, 900)),
        _tgc("micro cards", (1.25, 1.75), (450, 600)),
        _tgc("business cards", (2.0, 3.5), (675, 1125)),
    ),
    # MakePlayingCards: poker 822 × 1122 px (2.5 × 3.5 in with 36 px bleed a side) is the figure
    # cardgen has always used; the other sizes apply the same 36 px bleed to MPC's usual trims
    # (bridge 2.25 × 3.5, mini 1.75 × 2.5, tarot 2.75 × 4.75, square 2.5 × 2.5 and 3.5 × 3.5 in).
    # NOT verified from here against makeplayingcards.com's templates: check before ordering.
    "makeplayingcards": (
        _mpc("poker cards", (2.5, 3.5)),
        _mpc("bridge cards", (2.25, 3.5)),
        _mpc("mini cards", (1.75, 2.5)),
        _mpc("tarot cards", (2.75, 4.75)),
        _mpc("small square cards", (2.5, 2.5)),
        _mpc("square cards", (3.5, 3.5)),
    ),
}

VENDORS: dict[str, VendorPreset] = {shop: products[0] for shop, products in PRODUCTS.items()}
"""Each shop's poker-card preset (its first product)."""


def _size_text(width_pt: float, height_pt: float) -> str:
    return f"{width_pt / MM:.4g} × {height_pt / MM:.4g} mm"


def _fits(deck: DeckSpec, preset: VendorPreset) -> bool:
    size = deck.print.size
    tw, th = preset.trim_in
    return (abs(size.width_pt / INCH - tw) <= SIZE_TOLERANCE_IN
            and abs(size.height_pt / INCH - th) <= SIZE_TOLERANCE_IN)


def check_card_size(deck: DeckSpec, preset: VendorPreset) -> None:
    """Raise a :class:`CardgenError` when ``preset`` cannot print the deck's cards."""
    if _fits(deck, preset):
        return
    size = deck.print.size
    w_in, h_in = size.width_pt / INCH, size.height_pt / INCH
    tw, th = preset.trim_in
    preset_size = _size_text(tw * INCH, th * INCH)
    card = deck.print.card if isinstance(deck.print.card, str) else "custom"
    hint = ("use print.card: poker in deck.yaml for this shop, or 'cardgen export --to png' for images at any size"
            if abs(w_in - th) > SIZE_TOLERANCE_IN or abs(h_in - tw) > SIZE_TOLERANCE_IN
            else "this preset is portrait; lay the card out portrait (width < height) for this shop")
    raise CardgenError(f"{preset.shop} cannot print these cards: its preset is {preset.product}, "
                       f"{tw:g} × {th:g} in ({preset_size}); this deck's cards are "
                       f"{_size_text(size.width_pt, size.height_pt)} ({card})",
                       path=deck.file, field="print.card", hint=hint)


def choose_product(deck: DeckSpec, vendor: str) -> VendorPreset:
    """The shop's product for the deck's card size; a size the shop does not sell gets its nearest sizes."""
    products = PRODUCTS[vendor]
    for preset in products:
        if _fits(deck, preset):
            return preset
    size = deck.print.size
    w_in, h_in = size.width_pt / INCH, size.height_pt / INCH
    turned = [p for p in products if abs(w_in - p.trim_in[1]) <= SIZE_TOLERANCE_IN
              and abs(h_in - p.trim_in[0]) <= SIZE_TOLERANCE_IN]
    def distance(p: VendorPreset) -> tuple[bool, float]:  # the same shape first, then the closest size
        other_shape = abs((w_in / h_in) / (p.trim_in[0] / p.trim_in[1]) - 1) > 0.1
        return other_shape, abs(w_in - p.trim_in[0]) + abs(h_in - p.trim_in[1])

    nearest = sorted(products, key=distance)[:3]
    listed = "; ".join(f"{p.product} {p.trim_in[0]:g} × {p.trim_in[1]:g} in "
                       f"({_size_text(p.trim_in[0] * INCH, p.trim_in[1] * INCH)})" for p in nearest)
    card = deck.print.card if isinstance(deck.print.card, str) else "custom"
    if turned:
        hint = f"{turned[0].product} are portrait; lay the card out portrait (width < height) for this shop"
    else:
        hint = ("set print.card to one of these sizes in deck.yaml, or use 'cardgen export --to png' "
                "for images at any size")
    line, col = deck._positions.get(("print", "card"), (None, None))  # where deck.yaml sets the size
    raise CardgenError(f"{products[0].shop} sells no card of {_size_text(size.width_pt, size.height_pt)} ({card}); "
                       f"nearest: {listed}", path=deck.file, line=line, col=col, field="print.card", hint=hint)


def at_shop_size(deck: DeckSpec, preset: VendorPreset) -> DeckSpec:
    """The deck drawn at the product's exact trim size with the shop's bleed (folder and layouts kept)."""
    from cardgen.model.deck import CardSizeSpec

    w, h = preset.trim_points
    size = deck.print.size
    update: dict[str, object] = {"bleed": preset.bleed_pt}
    if abs(size.width_pt - w) > 0.05 or abs(size.height_pt - h) > 0.05:  # else keep it: the same bytes as before
        update["card"] = CardSizeSpec.model_construct(width=w, height=h)  # points, already checked
    return deck.model_copy(update={"print": deck.print.model_copy(update=update)})


def safe_zone_note(deck: DeckSpec, preset: VendorPreset) -> str | None:
    """A warning when the deck's text margin reaches into the shop's safe zone."""
    if not preset.safe_px:
        return None
    deck_px = (deck.print.safe + preset.bleed_pt) * preset.dpi / INCH
    if deck_px + 0.5 >= preset.safe_px:
        return None
    return (f"{preset.shop} keeps text {preset.safe_px} px inside the image edge; this deck's safe margin "
            f"({deck.print.safe / MM:g} mm) puts text {deck_px:.0f} px from it — raise print.safe")


def export_pod(deck: DeckSpec, folder: Path, *, vendor: str, translate: Translate = no_translation,
               language: str = "en", workers: int | None = None, progress: Progress | None = None,
               theme: str = "default", proof: bool = False) -> ExportResult:
    """Export card images (and the shop's PDF, if it takes one) for ``vendor`` into ``folder``.

    ``proof`` also writes soft proofs (design beside print) into ``folder/proof``.
    """
    preset = choose_product(deck, vendor)
    shop_deck = at_shop_size(deck, preset)
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
        notes: list[str] = []
        target = folder / f"{deck.deck}-{vendor}.pdf"
        if preset.pdf:
            from cardgen.color.cmyk import print_condition
            from cardgen.export.pdfx import write_pdfx_sheets
            from cardgen.render.sheets import SheetOptions

            write_pdfx_sheets(shop_deck, target, sheet_options=SheetOptions(layout="single", theme=theme),
                              pdfx=preset.pdfx, condition=print_condition(None, preset.ink_limit),
                              translate=translate, language=language, notes=notes)
        # the proof of a shop that takes the PDF/X file is rasterised from that very file
        printed = PrintedFile(target, single_card_places(shop_deck)) if preset.pdf else None
        proofs = write_pod_proofs(deck, pages, folder / "proof", preset.ink_limit, printed=printed) if proof else []
    result = ExportResult(folder, files, write_manifest(folder, rows), size, extra=proofs, notes=notes)
    if preset.pdf:
        from cardgen.export.pdfx import low_resolution_notes

        result.extra.append(target)
        result.notes.extend(print_colour_notes(deck, preset.ink_limit))
        result.notes.extend(low_resolution_notes(target, preset.dpi, preset.shop))
    size = deck.print.size
    if (abs(size.width_pt - shop_deck.print.size.width_pt) > 0.05
            or abs(size.height_pt - shop_deck.print.size.height_pt) > 0.05):
        result.notes.append(f"{preset.shop} {preset.product} are {_size_text(*preset.trim_points)}: the cards are "
                            f"drawn at that size (this deck's are {_size_text(size.width_pt, size.height_pt)})")
    note = safe_zone_note(deck, preset)
    if note:
        result.notes.append(note)
    return result

"""Print-shop presets: the published pixel sizes, the DriveThruCards PDF, and clear refusals."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from PIL import Image

from cardgen.errors import CardgenError
from cardgen.export.manifest import read_manifest
from cardgen.export.pod import VENDORS, check_card_size, choose_product, export_pod
from cardgen.layout.units import INCH
from cardgen.loading import load_deck
from tests.conftest import DATA
from tests.export.helpers import minimal_deck

MINIMAL = DATA / "decks" / "minimal"


@pytest.mark.parametrize("vendor,size", [
    ("drivethrucards", (825, 1125)),
    ("thegamecrafter", (825, 1125)),
    ("makeplayingcards", (822, 1122)),
])
def test_every_preset_writes_its_published_pixel_size(tmp_path: Path, vendor: str, size: tuple[int, int]) -> None:
    deck = load_deck(MINIMAL)
    result = export_pod(deck, tmp_path, vendor=vendor)
    assert result.size_px == size
    assert len(result.images) == deck.total_cards + 1
    for image in result.images:
        with Image.open(image) as png:
            assert png.size == size
            assert png.info["dpi"] == pytest.approx((300, 300), abs=0.05)
    rows = read_manifest(result.manifest)
    assert sum(r.count for r in rows if r.side == "front") == deck.total_cards


def test_presets_state_trim_and_bleed_in_inches() -> None:
    assert VENDORS["drivethrucards"].bleed_in == pytest.approx(1 / 8)
    assert VENDORS["thegamecrafter"].bleed_in == pytest.approx(1 / 8)
    assert VENDORS["thegamecrafter"].safe_px == 75
    assert VENDORS["makeplayingcards"].bleed_in == pytest.approx(0.12)
    assert "825 × 1125 px" in VENDORS["drivethrucards"].describe()


def test_shop_bleed_replaces_the_decks_bleed(tmp_path: Path) -> None:
    """The deck asks for 3 mm; the shop's 1/8 in is used, so the art still reaches the edge."""
    result = export_pod(load_deck(MINIMAL), tmp_path, vendor="thegamecrafter")
    with Image.open(tmp_path / "one-1.png") as png:
        band = png.convert("RGB").getpixel((2, 2))  # the red type band, reaching into the bleed
    assert band[0] > 120 and band[2] < 90
    assert result.images[0].name == "one-1.png"


def test_drivethrucards_pdf_alternates_front_and_back_with_trim_and_bleed_boxes(tmp_path: Path) -> None:
    deck = load_deck(MINIMAL)
    result = export_pod(deck, tmp_path, vendor="drivethrucards")
    pdf = tmp_path / "minimal-drivethrucards.pdf"
    assert result.extra == [pdf]
    reader = pypdf.PdfReader(pdf)
    assert len(reader.pages) == 2 * deck.total_cards
    for page in reader.pages:
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, 2.75 * INCH, 3.75 * INCH], abs=0.01)
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, 2.75 * INCH, 3.75 * INCH], abs=0.01)
        assert [float(v) for v in page.trimbox] == pytest.approx([9, 9, 9 + 2.5 * INCH, 9 + 3.5 * INCH], abs=0.01)
    forms = [sorted(str(k) for k in page["/Resources"]["/XObject"]) for page in reader.pages[:4]]
    assert "face" in forms[0][0].lower() and "back" in forms[1][0].lower()
    assert "face" in forms[2][0].lower() and "back" in forms[3][0].lower()


def test_only_drivethrucards_gets_a_pdf(tmp_path: Path) -> None:
    export_pod(load_deck(MINIMAL), tmp_path, vendor="makeplayingcards")
    assert not list(tmp_path.glob("*.pdf"))


@pytest.mark.parametrize(("vendor", "card", "size", "product"), [
    ("thegamecrafter", "mini", (600, 825), "mini cards"),            # 44 × 63 mm drawn at 1.75 × 2.5 in
    ("makeplayingcards", "tarot", (897, 1497), "tarot cards"),        # 70 × 120 mm drawn at 2.75 × 4.75 in
    ("drivethrucards", "bridge", (750, 1125), "bridge cards"),
    ("thegamecrafter", "square", (900, 900), "euro square cards"),    # 70 × 70 mm
])
def test_every_shop_size_is_a_preset(tmp_path: Path, vendor: str, card: str, size: tuple[int, int],
                                     product: str) -> None:
    deck = load_deck(minimal_deck(tmp_path, card=card))
    assert choose_product(deck, vendor).product == product
    result = export_pod(deck, tmp_path / "out", vendor=vendor, workers=1)
    assert result.size_px == size
    with Image.open(result.images[0]) as png:
        assert png.size == size


def test_a_size_no_shop_sells_is_refused_with_the_nearest_sizes(tmp_path: Path) -> None:
    deck = load_deck(minimal_deck(tmp_path, card="square"))  # 70 × 70 mm: MakePlayingCards sells 2.5 and 3.5 in
    with pytest.raises(CardgenError) as caught:
        export_pod(deck, tmp_path / "out", vendor="makeplayingcards")
    assert caught.value.format() == (
        f"{tmp_path / 'minimal' / 'deck.yaml'}:9:9: print.card: MakePlayingCards sells no card of 70 × 70 mm (square); "
        "nearest: small square cards 2.5 × 2.5 in (63.5 × 63.5 mm); square cards 3.5 × 3.5 in (88.9 × 88.9 mm); "
        "poker cards 2.5 × 3.5 in (63.5 × 88.9 mm) — set print.card to one of these sizes in deck.yaml, or use "
        "'cardgen export --to png' for images at any size")
    assert not (tmp_path / "out").exists()  # refused before anything is written


def test_the_command_says_which_product_it_used(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from cardgen.cli import main

    folder = minimal_deck(tmp_path, card="mini")
    result = runner.invoke(main, ["export", str(folder), "--to", "pod", "--vendor", "TheGameCrafter", "-j", "1",
                                  "-o", str(tmp_path / "tgc")])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "The Game Crafter mini cards: 1.75 × 2.5 in trim, 600 × 825 px at 300 dpi (0.125 in bleed), " \
           "75 px safe zone" in lines
    assert "note: The Game Crafter mini cards are 44.45 × 63.5 mm: the cards are drawn at that size (this deck's " \
           "are 44 × 63 mm)" in lines


def test_a_landscape_poker_deck_gets_its_own_hint(tmp_path: Path) -> None:
    folder = minimal_deck(tmp_path)
    text = (folder / "deck.yaml").read_text().replace("card: poker", "card: {width: 3.5in, height: 2.5in}")
    (folder / "deck.yaml").write_text(text)
    with pytest.raises(CardgenError) as caught:
        check_card_size(load_deck(folder), VENDORS["thegamecrafter"])
    assert "portrait" in (caught.value.hint or "")


def test_a_safe_margin_inside_the_shops_safe_zone_is_reported(tmp_path: Path) -> None:
    deck = load_deck(minimal_deck(tmp_path, safe="2mm"))
    result = export_pod(deck, tmp_path / "tgc", vendor="thegamecrafter")
    assert len(result.notes) == 1 and "75 px" in result.notes[0] and "print.safe" in result.notes[0]
    assert not export_pod(load_deck(MINIMAL), tmp_path / "ok", vendor="thegamecrafter").notes

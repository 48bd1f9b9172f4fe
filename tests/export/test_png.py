"""PNG export as a user checks it: sizes, one file per card copy, the manifest, fidelity to the PDF."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image
from ruamel.yaml import YAML

from cardgen.export.manifest import COLUMNS, read_manifest
from cardgen.export.png import export_png
from cardgen.loading import load_deck
from cardgen.output import TEMP_SUFFIX
from cardgen.render.sheets import SheetOptions, write_sheets
from tests.conftest import DATA, FALLING
from tests.export.helpers import difference, two_backs_deck
from tests.pdf_tools import render_page

MINIMAL = DATA / "decks" / "minimal"


@pytest.mark.parametrize("dpi,bleed,size", [
    (300, True, (821, 1121)),    # 63.5 + 2 × 3 mm = 69.5 mm → 820.9 px
    (300, False, (750, 1050)),   # 2.5 × 3.5 in exactly
    (150, False, (375, 525)),
    (72, True, (197, 269)),
])
def test_pixel_size_follows_dpi_and_bleed(tmp_path: Path, dpi: int, bleed: bool, size: tuple[int, int]) -> None:
    result = export_png(load_deck(MINIMAL), tmp_path, dpi=dpi, bleed=bleed)
    assert result.size_px == size
    for image in result.images:
        with Image.open(image) as png:
            assert png.size == size
            assert png.format == "PNG" and png.mode == "RGB"
            assert png.info["dpi"] == pytest.approx((dpi, dpi), abs=0.05)  # stored as pixels per metre


def test_one_file_per_card_copy_and_one_per_back(tmp_path: Path) -> None:
    result = export_png(load_deck(MINIMAL), tmp_path, dpi=40)
    names = sorted(p.name for p in result.images)
    assert names == ["back.png", "one-1.png", "one-2.png", "two-1.png", "two-2.png", "two-3.png"]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names + ["manifest.csv"])
    # copies are the same picture, different cards are not
    assert (tmp_path / "two-1.png").read_bytes() == (tmp_path / "two-3.png").read_bytes()
    assert (tmp_path / "one-1.png").read_bytes() != (tmp_path / "two-1.png").read_bytes()


def test_copy_numbers_are_padded_so_files_sort_in_order(tmp_path: Path) -> None:
    deck = load_deck(FALLING)
    export_png(deck, tmp_path, dpi=20)
    skips = sorted(p.name for p in tmp_path.glob("skip-*.png"))
    assert skips == [f"skip-{n}.png" for n in range(1, 10)]
    assert len(list(tmp_path.glob("*.png"))) == deck.total_cards + 1


def test_manifest_matches_deck_yaml(tmp_path: Path) -> None:
    export_png(load_deck(FALLING), tmp_path, dpi=20)
    source = YAML(typ="safe").load((FALLING / "deck.yaml").read_text())
    with open(tmp_path / "manifest.csv", encoding="utf-8") as handle:
        assert handle.readline().strip() == ",".join(COLUMNS)
    rows = read_manifest(tmp_path / "manifest.csv")
    fronts = [r for r in rows if r.side == "front"]
    counts = Counter()
    for row in fronts:
        counts[row.card_id] += row.count
    assert counts == {c["id"]: c["count"] for c in source["cards"]}
    assert {r.card_id: r.name for r in fronts} == {c["id"]: c["name"] for c in source["cards"]}
    backs = [r for r in rows if r.side == "back"]
    assert len(backs) == 1 and backs[0].file == "back.png"
    assert backs[0].count == sum(c["count"] for c in source["cards"])
    assert {r.file for r in rows} == {p.name for p in tmp_path.glob("*.png")}
    assert [r.card_id for r in fronts][:1] == [source["cards"][0]["id"]]  # deck order


def test_card_png_matches_the_pdf_sheet_rendering_of_that_card(tmp_path: Path) -> None:
    """Screen and paper match: a card image is its single-card PDF page, rasterised."""
    deck = load_deck(MINIMAL)
    dpi = 100
    export_png(deck, tmp_path / "png", dpi=dpi, bleed=True)
    sheet = tmp_path / "single.pdf"
    write_sheets(deck, sheet, options=SheetOptions(layout="single"))
    # single layout: one-front, one-back, one-front, one-back, two-front, two-back …
    for page, name in ((0, "one-1.png"), (4, "two-1.png"), (1, "back.png")):
        reference = render_page(sheet, page, scale=dpi / 72)
        with Image.open(tmp_path / "png" / name) as png:
            image = png.convert("RGB")
        assert abs(image.width - reference.width) <= 1 and abs(image.height - reference.height) <= 1
        w, h = min(image.width, reference.width), min(image.height, reference.height)
        mean, share = difference(image.crop((0, 0, w, h)), reference.crop((0, 0, w, h)))
        assert mean < 2.0, name
        assert share < 0.01, name


def test_no_bleed_image_is_the_trim_box_of_the_bleed_image(tmp_path: Path) -> None:
    deck = load_deck(MINIMAL)
    export_png(deck, tmp_path / "bleed", dpi=72, bleed=True)
    export_png(deck, tmp_path / "trim", dpi=72, bleed=False)
    with Image.open(tmp_path / "bleed" / "one-1.png") as a, Image.open(tmp_path / "trim" / "one-1.png") as b:
        inset = round(deck.print.bleed)  # 3 mm = 8.5 pt = 8.5 px at 72 dpi
        cropped = a.convert("RGB").crop((inset, inset, inset + b.width, inset + b.height))
        mean, _ = difference(cropped, b)
        assert mean < 12  # half a pixel of shift at this tiny size, nothing more


def test_export_is_the_same_on_one_core_and_on_many(tmp_path: Path) -> None:
    deck = load_deck(MINIMAL)
    export_png(deck, tmp_path / "one", dpi=40, workers=1)
    export_png(deck, tmp_path / "many", dpi=40, workers=3)
    for png in (tmp_path / "one").iterdir():
        assert png.read_bytes() == (tmp_path / "many" / png.name).read_bytes(), png.name


def test_files_are_replaced_atomically_and_no_temp_files_remain(tmp_path: Path) -> None:
    (tmp_path / "one-1.png").write_bytes(b"an old export")
    stale = tmp_path / f".one-2.png.x1{TEMP_SUFFIX}"
    stale.write_bytes(b"half a png")
    export_png(load_deck(MINIMAL), tmp_path, dpi=30)
    assert (tmp_path / "one-1.png").read_bytes().startswith(b"\x89PNG")
    assert not [p for p in os.listdir(tmp_path) if p.endswith(TEMP_SUFFIX)]


def test_names_in_the_manifest_are_translated(tmp_path: Path) -> None:
    def shout(context: str, source: str) -> str:
        return source.upper() if context.endswith(".name") else source

    export_png(load_deck(MINIMAL), tmp_path, dpi=30, translate=shout, language="xx")
    names = {r.card_id: r.name for r in read_manifest(tmp_path / "manifest.csv") if r.side == "front"}
    assert names == {"one": "ONE", "two": "TWO"}


def test_the_back_is_named_in_the_decks_language(tmp_path: Path) -> None:
    """``export --to png --lang fr``: the manifest names FALLING's back in French, from the deck's catalog."""
    from cardgen.build import translator_for

    deck = load_deck(FALLING)
    export_png(deck, tmp_path, dpi=10, translate=translator_for(deck, "fr"), language="fr")
    backs = [(r.file, r.card_id, r.name, r.count) for r in read_manifest(tmp_path / "manifest.csv") if r.side == "back"]
    assert backs == [("back.png", "base-back", "dos de FALLING", 54)]


def test_each_back_layout_is_named_in_the_decks_language(tmp_path: Path) -> None:
    def french(context: str, source: str) -> str:
        return {"proof:back": "dos de {title}", "deck:title": "Minimale"}.get(context, source)

    export_png(load_deck(two_backs_deck(tmp_path)), tmp_path / "out", dpi=30, translate=french, language="fr")
    backs = {r.card_id: r.name for r in read_manifest(tmp_path / "out" / "manifest.csv") if r.side == "back"}
    assert backs == {"base-back": "dos de Minimale (base-back)", "blue-back": "dos de Minimale (blue-back)"}


def test_progress_counts_every_file(tmp_path: Path) -> None:
    seen: list[tuple[int, int]] = []
    export_png(load_deck(MINIMAL), tmp_path, dpi=30, workers=1, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (6, 6)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_each_back_layout_gets_its_own_file(tmp_path: Path) -> None:
    export_png(load_deck(two_backs_deck(tmp_path)), tmp_path / "out", dpi=30)
    backs = {r.file: (r.card_id, r.count) for r in read_manifest(tmp_path / "out" / "manifest.csv") if r.side == "back"}
    assert backs == {"back-base-back.png": ("base-back", 2), "back-blue-back.png": ("blue-back", 3)}
    with Image.open(tmp_path / "out" / "back-blue-back.png") as blue:
        assert blue.convert("RGB").getpixel((1, 1)) == (0x1f, 0x5f, 0xbf)

"""PDF/X-1a has no transparency: translucent card elements must print as they look, and the proof must say so.

Colours are measured on the files' own inks: the PDF/X file rasterised ink by ink
(:mod:`cardgen.color.plates`) and read through the print profile, beside the RGB sheet separated
through the same profile (what the shop would get from the design).
"""

from __future__ import annotations

import io
import math
import statistics
from collections import Counter
from pathlib import Path

import pikepdf
import pytest
from PIL import Image, ImageCms

from cardgen.cli import main
from cardgen.color.cmyk import CmykConverter, print_condition
from cardgen.color.plates import CmykRaster
from cardgen.export.pdfx import write_pdfx_sheets
from cardgen.export.pod import export_pod
from cardgen.export.raster import _close, render_region
from cardgen.export.soft_proof import CAPTION_PX, GAP_PX
from cardgen.loading import load_deck
from cardgen.loading.deck_loader import load_deck_layouts
from cardgen.model.deck import DeckSpec
from cardgen.render.card_renderer import CardRenderer
from cardgen.render.sheets import SheetOptions, write_sheets
from tests.conftest import ROOT
from tests.export.helpers import minimal_deck

DPI = 100
INK_LIMIT = 240  # DriveThruCards'
SHIPPED = ["falling", "fall-damage", "falling-off"]
Box = tuple[float, float, float, float]


class Lab:
    """CMYK pixels → CIE Lab through the print condition's profile."""

    def __init__(self, converter: CmykConverter) -> None:
        profile = ImageCms.ImageCmsProfile(io.BytesIO(converter.condition.profile_bytes))
        self.converter = converter
        self._transform = ImageCms.buildTransform(profile, ImageCms.createProfile("LAB"), "CMYK", "LAB",
                                                  ImageCms.Intent.RELATIVE_COLORIMETRIC)
        self._srgb = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB"), "RGB",
                                             "LAB", ImageCms.Intent.RELATIVE_COLORIMETRIC)

    def of_cmyk(self, image: Image.Image) -> list[tuple[float, float, float]]:
        lab = self._transform.apply(image)
        return [(L * 100 / 255, a - 128, b - 128) for L, a, b in zip(*(lab.getchannel(i).tobytes() for i in range(3)))]

    def of_rgb(self, image: Image.Image) -> list[tuple[float, float, float]]:
        """An RGB design separated through the profile, as the shop would print it."""
        return self.of_cmyk(self.converter.image(image))

    def of_srgb(self, image: Image.Image) -> list[tuple[float, float, float]]:
        """What an sRGB picture (a proof) shows."""
        lab = self._srgb.apply(image)
        return [(L * 100 / 255, a - 128, b - 128) for L, a, b in zip(*(lab.getchannel(i).tobytes() for i in range(3)))]


def _delta_e(a: list[tuple[float, float, float]], b: list[tuple[float, float, float]]) -> tuple[float, float]:
    """Median and 95th percentile of the per-pixel ΔE (CIE 1976)."""
    distances = sorted(math.dist(p, q) for p, q in zip(a, b, strict=True))
    return statistics.median(distances), distances[int(0.95 * (len(distances) - 1))]


def _ground_and_pattern(designed: list[tuple[float, float, float]], printed: list[tuple[float, float, float]]
                        ) -> list[tuple[str, tuple[float, ...], tuple[float, ...]]]:
    """The region's two main colours as designed — its ground and the pattern on it (the commonest colour
    at least ΔE 3 away) — each beside the median printed colour of the very pixels that show it."""
    keys = [tuple(round(v) for v in p) for p in designed]
    counts = Counter(keys).most_common()
    ground = counts[0][0]
    pattern = next(colour for colour, _ in counts if math.dist(colour, ground) > 3)
    found = []
    for what, colour in (("commonest colour", ground), ("next colour", pattern)):
        shown = [printed[i] for i, key in enumerate(keys) if key == colour]
        found.append((what, colour, tuple(statistics.median(p[c] for p in shown) for c in range(3))))
    return found


def _one_card_per_type(deck: DeckSpec) -> DeckSpec:
    seen: dict[str, object] = {}
    for card in deck.cards:
        seen.setdefault(card.type, card.model_copy(update={"count": 1}))
    return deck.model_copy(update={"cards": list(seen.values())})


def _translucent_regions(deck: DeckSpec) -> list[tuple[int, str, Box]]:
    """(page, what, box in page points) of every translucent pattern and motif in a single-card file of ``deck``."""
    layouts = load_deck_layouts(deck)
    renderer = CardRenderer(deck, layouts[deck.layout], layouts)
    b = deck.print.bleed
    regions = []
    backs_seen: set[str] = set()
    for number, card in enumerate(deck.expanded()):
        kind = deck.types[card.type]
        back = kind.back or deck.back.layout
        pages = [(2 * number, deck.face_layout(card))]
        if back not in backs_seen:  # every card with this back shows the same picture
            backs_seen.add(back)
            pages.append((2 * number + 1, back))
        for page, layout in pages:
            for name, element in layouts[layout].elements.items():
                if element.opacity >= 1 or element.kind not in ("pattern", "back-motif"):
                    continue
                if element.kind == "pattern" and kind.pattern == "solid":
                    continue
                box = renderer.box(element)
                x0, y0, x1, y1 = box.x, box.y, box.x + box.w, box.y + box.h
                if element.bleed:  # the bleed, where the element reaches a trim edge
                    x0, y0 = (x0 - b if x0 <= 0.01 else x0), (y0 - b if y0 <= 0.01 else y0)
                    x1 = x1 + b if x1 >= renderer.width - 0.01 else x1
                    y1 = y1 + b if y1 >= renderer.height - 0.01 else y1
                regions.append((page, f"{card.id} {layout}/{name}", (x0 + b, y0 + b, x1 + b, y1 + b)))
    return regions


def _size(box: Box) -> tuple[int, int]:
    return round((box[2] - box[0]) * DPI / 72), round((box[3] - box[1]) * DPI / 72)


@pytest.fixture(scope="module", params=SHIPPED)
def shipped_x1a(request, tmp_path_factory: pytest.TempPathFactory) -> tuple[DeckSpec, Path, Path]:
    """One card of each type of a shipped deck: its RGB single-card sheets and its PDF/X-1a twin."""
    deck = _one_card_per_type(load_deck(ROOT / "decks" / request.param))
    folder = tmp_path_factory.mktemp(request.param)
    rgb, x1a = folder / "rgb.pdf", folder / "x1a.pdf"
    write_sheets(deck, rgb, options=SheetOptions(layout="single"))
    write_pdfx_sheets(deck, x1a, sheet_options=SheetOptions(layout="single"), pdfx="x1a",
                      condition=print_condition(None, INK_LIMIT))
    return deck, rgb, x1a


def test_translucent_patterns_and_motifs_print_as_on_the_rgb_sheet(shipped_x1a) -> None:
    """F7: the 45 % band patterns and 35 % back motifs kept their look (they printed as pale tints over paper)."""
    deck, rgb, x1a = shipped_x1a
    lab = Lab(CmykConverter(print_condition(None, INK_LIMIT)))
    regions = _translucent_regions(deck)
    assert {what.split("/")[1] for _, what, _ in regions} >= ({"band-pattern"} if deck.deck != "falling-off" else set())
    assert any(what.endswith("/motif") for _, what, _ in regions)
    try:
        with CmykRaster(x1a) as raster:
            for page, what, box in regions:
                size = _size(box)
                designed = lab.of_rgb(render_region(str(rgb), page, box, size))
                printed = lab.of_cmyk(raster.render(page, box, size))
                for part, colour, shown in _ground_and_pattern(designed, printed):
                    delta = math.dist(colour, shown)
                    assert delta <= 3, (f"{deck.deck} {what}: {part} L*a*b* {colour} as designed prints as "
                                        f"{tuple(round(v) for v in shown)} (ΔE {delta:.1f})")
    finally:
        _close(str(rgb))


def test_x1a_has_no_transparency_left(shipped_x1a) -> None:
    _, _, x1a = shipped_x1a
    with pikepdf.open(x1a) as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == pikepdf.Name.ExtGState:
                assert float(obj.get("/ca", 1)) == 1 and float(obj.get("/CA", 1)) == 1


def _veiled_deck(tmp: Path) -> Path:
    """The minimal deck whose card art carries a 50 % white veil: a translucent fill over an image."""
    folder = minimal_deck(tmp)
    (folder / "templates").mkdir()
    (folder / "templates" / "veiled.yaml").write_text(
        "extends: base-card\ndescription: Art under a translucent veil.\nelements:\n"
        "  veil: {kind: fill, x: 9%, y: 27%, width: 82%, height: 36%, color: \"#1b3a8c\", opacity: 0.5}\n")
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text().replace("print:\n", "layout: veiled\nprint:\n"))
    return folder


def _veil_box(deck: DeckSpec) -> Box:
    layouts = load_deck_layouts(deck)
    renderer = CardRenderer(deck, layouts[deck.layout], layouts)
    box = renderer.box(layouts["veiled"].elements["veil"])
    b = deck.print.bleed
    inset = 6  # points inside the veil's edges
    return (box.x + b + inset, box.y + b + inset, box.x + box.w + b - inset, box.y + box.h + b - inset)


def test_a_translucent_fill_over_art_is_noted_not_silently_changed(tmp_path: Path, runner) -> None:
    folder = _veiled_deck(tmp_path)
    result = runner.invoke(main, ["sheets", str(folder), "--layout", "single", "--pdfx", "x1a",
                                  "-o", str(tmp_path / "x1a.pdf")])
    assert result.exit_code == 0, result.output
    notes = [line for line in result.stderr.splitlines() if line.startswith("note:")]
    assert any("layout veiled: 'veil' (50% opaque) lies over 'art'" in line and "PDF/X-1a" in line
               for line in notes), notes
    result = runner.invoke(main, ["sheets", str(folder), "--layout", "single", "--pdfx", "x4",
                                  "-o", str(tmp_path / "x4.pdf")])
    assert result.exit_code == 0 and "note:" not in result.stderr  # X-4 keeps the transparency


def test_the_dtc_proof_shows_the_pdfx_file_not_the_rgb_drawing(tmp_path: Path) -> None:
    """Where X-1a cannot keep the look (a veil over art), the proof's print half shows what the file prints."""
    deck = load_deck(_veiled_deck(tmp_path))
    out = tmp_path / "out"
    result = export_pod(deck, out, vendor="drivethrucards", proof=True)
    assert any("'veil' (50% opaque) lies over 'art'" in note for note in result.notes)
    lab = Lab(CmykConverter(print_condition(None, INK_LIMIT)))
    box = _veil_box(deck)
    size = _size(box)
    with CmykRaster(out / "minimal-drivethrucards.pdf") as raster:  # card "two" (with art): third physical card
        sent = lab.of_cmyk(raster.render(4, box, size))
    with Image.open(out / "proof" / "proof-face-two.png") as sheet:
        half = (sheet.width - GAP_PX) // 2
        left, top = round(box[0] * DPI / 72), round(sheet.height - CAPTION_PX - box[3] * DPI / 72)
        design = sheet.crop((left, top, left + size[0], top + size[1])).convert("RGB")
        right = left + half + GAP_PX
        proof = sheet.crop((right, top, right + size[0], top + size[1])).convert("RGB")
    proofed = lab.of_srgb(proof)
    assert _delta_e(proofed, sent)[0] < 3  # the proof is the sent file …
    spread = {what: statistics.pstdev(p[0] for p in pixels) for what, pixels in
              (("design", lab.of_srgb(design)), ("proof", proofed), ("sent", sent))}
    assert spread["design"] > 5  # designed: the art's stripes show through the veil
    assert spread["proof"] < 1.5 and spread["sent"] < 1.5, spread  # printed: a flat tint hides the art, and the proof shows it


def test_sheet_proofs_show_the_pdfx_drawing(tmp_path: Path, runner) -> None:
    """``sheets --pdfx x1a --proof`` in a grid: the print half is a PDF/X rasterisation, not the RGB drawing."""
    folder = _veiled_deck(tmp_path)
    result = runner.invoke(main, ["sheets", str(folder), "--pdfx", "x1a", "--ink-limit", str(INK_LIMIT), "--proof",
                                  "-o", str(tmp_path / "cards.pdf")])
    assert result.exit_code == 0, result.output
    box = _veil_box(load_deck(folder))
    size = _size(box)
    lab = Lab(CmykConverter(print_condition(None, INK_LIMIT)))
    with Image.open(tmp_path / "cards-proof" / "proof-face-two.png") as sheet:
        half = (sheet.width - GAP_PX) // 2
        left, top = round(box[0] * DPI / 72), round(sheet.height - CAPTION_PX - box[3] * DPI / 72)
        design = lab.of_srgb(sheet.crop((left, top, left + size[0], top + size[1])).convert("RGB"))
        right = left + half + GAP_PX
        proof = lab.of_srgb(sheet.crop((right, top, right + size[0], top + size[1])).convert("RGB"))
    assert statistics.pstdev(p[0] for p in design) > 5
    assert statistics.pstdev(p[0] for p in proof) < 1.5
    assert not list(tmp_path.glob("*distinct*")) and not list(tmp_path.glob(".cardgen*"))  # no scratch left


def test_preflight_notes_a_translucent_fill_it_cannot_premix(tmp_path: Path, runner) -> None:
    folder = _veiled_deck(tmp_path)
    result = runner.invoke(main, ["preflight", str(folder), "--strict"])
    assert result.exit_code == 0, result.output  # a note: X-4 and the RGB outputs keep the design
    notes = [line for line in result.output.splitlines() if "print-transparency" in line]
    assert any(line.startswith("note: ") and "veiled.yaml:4: element veil: print-transparency: 'veil' (50% opaque) "
               "lies over 'art'" in line for line in notes), result.output

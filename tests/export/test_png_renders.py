"""PNG export renders each distinct picture once, and the speed work changed no pixel.

The pixel reference (``tests/data/export/falling-pixels.json``) holds the SHA-256 of the decoded
RGB pixels of every FALLING image at 40 dpi, recorded with the pdfium build named in it; when
pdfium is another build the comparison is skipped (its anti-aliasing may differ by a level).
Re-record after a deliberate change of the drawing with ``python -m tests.export.test_png_renders``.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from pathlib import Path

import pytest
from PIL import Image

from cardgen.export import raster
from cardgen.export.png import export_png
from cardgen.loading import load_deck
from tests.conftest import DATA, FALLING

REFERENCE = DATA / "export" / "falling-pixels.json"
DPI = 40


def pixel_digest(png: Path) -> str:
    """SHA-256 of the decoded pixels as RGB (whatever the file's colour type or compression)."""
    with Image.open(png) as image:
        rgb = image.convert("RGB")
    return hashlib.sha256(f"{rgb.size}".encode() + rgb.tobytes()).hexdigest()


def pdfium_build() -> str:
    from pypdfium2.version import PDFIUM_INFO

    return str(PDFIUM_INFO)


def falling_digests(folder: Path) -> dict[str, str]:
    export_png(load_deck(FALLING), folder, dpi=DPI, bleed=True, workers=1)
    return {png.name: pixel_digest(png) for png in sorted(folder.glob("*.png"))}


def twin_deck(tmp: Path) -> Path:
    """The minimal deck plus ``three``: card ``one`` again under another id (same name, text, icon)."""
    target = tmp / "twins"
    shutil.copytree(DATA / "decks" / "minimal", target)
    deck = target / "deck.yaml"
    deck.write_text(deck.read_text() + "  - id: three\n    name: One\n    type: red\n    count: 2\n"
                    "    icon: hit\n    text: The first card.\n")
    return target


def count_renders(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record the page of every pdfium render the export makes (in this process: ``workers=1``)."""
    pages: list[int] = []
    for name in ("render_region", "render_scanlines"):  # an image, or a PNG's scanlines
        render = getattr(raster, name)

        def counted(pdf: str, page: int, box: raster.Box, size: tuple[int, int], _render=render) -> object:
            pages.append(page)
            return _render(pdf, page, box, size)

        monkeypatch.setattr(raster, name, counted)
    return pages


def test_identical_faces_share_one_render_and_one_file_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    renders = count_renders(monkeypatch)
    result = export_png(load_deck(twin_deck(tmp_path)), tmp_path / "png", dpi=30, workers=1)
    # one (2 copies) and three (2 copies) draw the same face: one render; two; the back
    assert len(renders) == 3 and len(set(renders)) == 3
    assert len(result.images) == 2 + 3 + 2 + 1
    one = (tmp_path / "png" / "one-1.png").read_bytes()
    assert (tmp_path / "png" / "three-1.png").read_bytes() == one
    assert (tmp_path / "png" / "three-2.png").read_bytes() == one
    assert (tmp_path / "png" / "two-1.png").read_bytes() != one


def test_copies_of_a_face_are_rendered_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    renders = count_renders(monkeypatch)
    deck = load_deck(FALLING)
    export_png(deck, tmp_path, dpi=20, workers=1)
    assert len(renders) == len(deck.cards) + 1  # 8 faces and the back, for 54 cards
    assert len(list(tmp_path.glob("*.png"))) == deck.total_cards + 1


def test_falling_images_have_the_recorded_pixels(tmp_path: Path) -> None:
    reference = json.loads(REFERENCE.read_text())
    if reference["pdfium"] != pdfium_build():
        pytest.skip(f"pixels recorded with pdfium {reference['pdfium']}, this is {pdfium_build()}")
    digests = falling_digests(tmp_path)
    assert digests.keys() == reference["images"].keys()
    changed = sorted(name for name, digest in digests.items() if digest != reference["images"][name])
    assert not changed, f"pixels differ from the recorded export: {changed}"


def record(target: Path = REFERENCE) -> None:
    """Write the pixel reference from the current code."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        images = falling_digests(Path(tmp))
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps({"deck": "decks/falling", "dpi": DPI, "bleed": True, "pdfium": pdfium_build(),
                                  "images": images}, indent=1) + "\n")


if __name__ == "__main__":
    record(Path(sys.argv[1]) if len(sys.argv) > 1 else REFERENCE)

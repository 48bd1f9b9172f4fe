"""pdfium renders straight into PNG scanlines: the same pixels as a rendered image, a 0 before every row."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from cardgen.export import raster
from cardgen.export.card_pages import write_card_pages
from cardgen.export.png_encoder import encode_png, encode_scanlines
from cardgen.loading import load_deck
from tests.conftest import FALLING

Pages = tuple[str, raster.Box, tuple[int, ...]]


def mostly_unpainted_pdf(target: Path) -> Pages:
    """One 180 × 252 pt page with only a small red square: the rest shows what the bitmap was filled with."""
    canvas = Canvas(str(target), pagesize=(180, 252))
    canvas.setFillColorRGB(0.8, 0.1, 0.1)
    canvas.rect(40, 60, 50, 50, stroke=0, fill=1)
    canvas.save()
    return str(target), (0.0, 0.0, 180.0, 252.0), (0,)


@pytest.fixture(scope="module", params=["falling", "unpainted"])
def pages(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Pages:
    """FALLING's card pages (a face and the back), and a page mostly left unpainted (white in a PNG)."""
    folder = tmp_path_factory.mktemp("pages")
    if request.param == "unpainted":
        return mostly_unpainted_pdf(folder / "bare.pdf")
    cards = write_card_pages(load_deck(FALLING), folder / "cards.pdf")
    return str(cards.path), cards.box(bleed=True), (0, len({p.index for p in cards.pages}) - 1)


@pytest.mark.parametrize("size", [(821, 1121), (300, 410), (1, 1)])
def test_scanlines_hold_exactly_the_pixels_of_the_rendered_image(pages: Pages, size: tuple[int, int]) -> None:
    pdf, box, indices = pages
    width, height = size
    stride = width * 3 + 1
    for page in indices:
        scanlines = raster.render_scanlines(pdf, page, box, size)
        image = raster.render_region(pdf, page, box, size)
        assert len(scanlines) == stride * height
        assert bytes(scanlines[::stride]) == bytes(height)  # filter None before every row
        rows = b"".join(scanlines[y * stride + 1:(y + 1) * stride] for y in range(height))
        assert rows == image.tobytes()
        assert encode_scanlines(scanlines, size, dpi=300) == encode_png(image, dpi=300)
    raster._close(pdf)


def test_what_the_page_leaves_unpainted_is_white(tmp_path: Path) -> None:
    pdf, box, _ = mostly_unpainted_pdf(tmp_path / "bare.pdf")
    scanlines = raster.render_scanlines(pdf, 0, box, (180, 252))
    raster._close(pdf)
    stride = 180 * 3 + 1
    assert scanlines[1:4] == b"\xff\xff\xff"  # top left: nothing drawn there
    red = (252 - 85) * stride + 1 + 65 * 3  # inside the square (PDF y up, rows down)
    assert scanlines[red:red + 3] == bytes((204, 26, 26))


def test_scanlines_that_are_not_an_images_rows_are_refused() -> None:
    with pytest.raises(ValueError, match="not the scanlines"):
        encode_scanlines(bytearray(10), (2, 2))
    with pytest.raises(ValueError, match="filter 0"):
        encode_scanlines(bytearray(b"\x00" * 7 + b"\x01" + b"\x00" * 6), (2, 2))


@pytest.mark.parametrize("failing", [0, 3], ids=["in a worker", "in this process"])
def test_a_job_that_cannot_write_fails_the_run_wherever_it_runs(tmp_path: Path, failing: int) -> None:
    """Two processes: a forked worker takes jobs 0–1, this process jobs 2–3; a write error in either
    ends the run with that error, and nothing hangs."""
    from cardgen.output import OutputError

    cards = write_card_pages(load_deck(FALLING), tmp_path / "cards.pdf")
    box = cards.box(bleed=True)
    folder = tmp_path / "out"
    folder.mkdir()
    jobs = [raster.RasterJob(page, box, (60, 80), (folder / f"{page}.png",), 72.0) for page in range(4)]
    jobs[failing] = raster.RasterJob(failing, box, (60, 80), (tmp_path / "missing" / "x.png",), 72.0)
    with pytest.raises(OutputError):
        raster.run_jobs(cards.path, jobs, workers=2)
    assert not (tmp_path / "missing").exists()


def test_two_processes_write_what_one_writes(tmp_path: Path) -> None:
    cards = write_card_pages(load_deck(FALLING), tmp_path / "cards.pdf")
    box = cards.box(bleed=True)
    written = {}
    for workers in (1, 2, 3):
        folder = tmp_path / f"out-{workers}"
        folder.mkdir()
        done: list[int] = []
        jobs = [raster.RasterJob(page, box, (60, 80), (folder / f"{page}.png",), 72.0) for page in range(9)]
        raster.run_jobs(cards.path, jobs, workers=workers, progress=lambda n, total, done=done: done.append(n))
        assert done == list(range(1, 10))
        written[workers] = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert written[1] == written[2] == written[3]
    assert len(written[1]) == 9


PDFIUM_BEFORE_PYPDFIUM2 = """
import hashlib, json, sys
from cardgen.export import raster
pdf, page = sys.argv[1], 0
box, size = (0.0, 0.0, 180.0, 252.0), (180, 252)
first = bytes(raster.render_scanlines(pdf, page, box, size))  # pdfium started without pypdfium2
loaded_early = "pypdfium2._library_scope" in sys.modules
import pypdfium2  # initialises pdfium once more: ignored
helper = pypdfium2.PdfDocument(pdf)[page].render(scale=1, rev_byteorder=True).to_pil().convert("RGB")
raster._close(pdf)
again = bytes(raster.render_scanlines(pdf, page, box, size))
image = raster.render_region(pdf, page, box, size)
rows = b"".join(b"\\0" + helper.tobytes()[y * 540:(y + 1) * 540] for y in range(252))
print(json.dumps([loaded_early, first == again == rows, image.tobytes() == helper.tobytes()]))
"""


def test_pdfium_started_without_pypdfium2_renders_as_pypdfium2_does_before_and_after_it_loads(tmp_path: Path) -> None:
    """The PNG path calls pdfium's C functions only; pypdfium2 loaded later (TTS, proofs) starts pdfium again,
    which pdfium ignores: every render gives the same pixels."""
    import json
    import os
    import subprocess
    import sys

    from tests.conftest import ROOT

    pdf, _, _ = mostly_unpainted_pdf(tmp_path / "bare.pdf")
    out = subprocess.run([sys.executable, "-c", PDFIUM_BEFORE_PYPDFIUM2, pdf], capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=ROOT, check=True)
    assert json.loads(out.stdout) == [False, True, True]


def test_a_staged_write_goes_straight_to_a_new_name_and_never_through_an_existing_one(tmp_path: Path) -> None:
    """In a staging folder a new file is written in place; a name already there is replaced by a rename
    (never written into), and a link is replaced, not followed."""
    import os

    new = tmp_path / "new.png"
    raster.write_file(new, b"new", staged=True)
    assert new.read_bytes() == b"new"
    elsewhere = tmp_path / "elsewhere.png"
    elsewhere.write_bytes(b"keep")
    hard = tmp_path / "hard.png"
    os.link(elsewhere, hard)  # writing into this file would change elsewhere.png too
    raster.write_file(hard, b"replaced", staged=True)
    link = tmp_path / "link.png"
    link.symlink_to(elsewhere)
    raster.write_file(link, b"through the link?", staged=True)
    assert hard.read_bytes() == b"replaced" and elsewhere.read_bytes() == b"keep"
    assert not link.is_symlink() and link.read_bytes() == b"through the link?"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["elsewhere.png", "hard.png", "link.png", "new.png"]

"""The PDF/X preflight: each fixture breaks one rule and gets exactly its line; good files pass."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from cardgen.cli import main
from cardgen.export.pod import export_pod
from cardgen.loading import load_deck
from cardgen.preflight.pdfx import preflight_pdf
from tests.conftest import DATA, ROOT


@pytest.fixture(scope="module")
def good_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The minimal deck's DriveThruCards PDF/X-1a file (it has an art image)."""
    folder = tmp_path_factory.mktemp("dtc")
    export_pod(load_deck(DATA / "decks" / "minimal"), folder, vendor="drivethrucards")
    return folder / "minimal-drivethrucards.pdf"


def _append(pdf: pikepdf.Pdf, page: pikepdf.Page, content: bytes) -> None:
    page.contents_add(pdf.make_stream(content), prepend=False)


def rgb_image(pdf: pikepdf.Pdf) -> None:
    page = pdf.pages[0]
    image = pdf.make_stream(bytes([200, 30, 30]) * 4, Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image,
                            Width=2, Height=2, ColorSpace=pikepdf.Name.DeviceRGB, BitsPerComponent=8)
    page.Resources.XObject.Im9 = image
    _append(pdf, page, b"q 20 0 0 20 30 30 cm /Im9 Do Q")


def no_output_intent(pdf: pikepdf.Pdf) -> None:
    del pdf.Root["/OutputIntents"]


def transparent_fill(pdf: pikepdf.Pdf) -> None:
    page = pdf.pages[0]
    page.Resources.ExtGState = pikepdf.Dictionary(GSHalf=pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, ca=0.5))
    _append(pdf, page, b"q /GSHalf gs 0 0 0 1 k 10 10 20 20 re f Q")


def unembedded_font(pdf: pikepdf.Pdf) -> None:
    page = pdf.pages[0]
    page.Resources.Font.Helv = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                  BaseFont=pikepdf.Name.Helvetica)
    _append(pdf, page, b"BT /Helv 8 Tf 0 g 20 20 Td (x) Tj ET")


def no_trim_box(pdf: pikepdf.Pdf) -> None:
    del pdf.pages[1].obj["/TrimBox"]


def ink_320(pdf: pikepdf.Pdf) -> None:
    _append(pdf, pdf.pages[0], b"q 0.8 0.8 0.8 0.8 k 10 10 40 40 re f Q")


BROKEN: dict[str, tuple[Callable[[pikepdf.Pdf], None], str | None, str]] = {
    "rgb_image": (rgb_image, None, "page 1, image /Im9 ({obj}): RGB image (DeviceRGB)"),
    "no_output_intent": (no_output_intent, None,
                         "document, output intent: no /OutputIntents entry with /S /GTS_PDFX (which press is this for?)"),
    "transparent_fill": (transparent_fill, None, "page 1, graphics state /GSHalf: transparency: constant alpha ca 0.5"),
    "unembedded_font": (unembedded_font, None, "page 1, font /Helv (/Helvetica): font not embedded"),
    "no_trim_box": (no_trim_box, None, "page 2: no /TrimBox (or /ArtBox): the printer cannot tell where to cut"),
    "ink_320": (ink_320, None, "page 1, page content: ink 320% (fill CMYK 80/80/80/80) > limit 240%"),
    "pdf_17": (lambda pdf: None, "1.7", "document: PDF 1.7: PDF/X-1a:2003 needs PDF 1.4 or lower"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_pdf_breaking_one_rule_gets_exactly_that_line(good_pdf: Path, tmp_path: Path, case: str) -> None:
    breaker, version, expected = BROKEN[case]
    target = tmp_path / f"{case}.pdf"
    with pikepdf.open(good_pdf) as pdf:
        breaker(pdf)
        pdf.save(target, force_version=version or "1.4", min_version=version or "")
    lines = [v.format() for v in preflight_pdf(target, version="x1a", ink_limit=240)]
    if "{obj}" in expected:
        with pikepdf.open(target) as pdf:
            expected = expected.format(obj=f"{pdf.pages[0].Resources.XObject.Im9.objgen[0]} 0 R")
    assert lines == [expected]


def test_the_good_file_passes_and_the_command_says_so(good_pdf: Path, runner) -> None:
    assert preflight_pdf(good_pdf, version="x1a", ink_limit=240) == []
    result = runner.invoke(main, ["preflight", "--pdf", str(good_pdf), "--ink-limit", "240"])
    assert result.exit_code == 0 and "passes PDF/X-1a:2003, ink ≤ 240%" in result.output


def test_the_command_prints_one_line_per_problem_and_exits_1(good_pdf: Path, tmp_path: Path, runner) -> None:
    target = tmp_path / "two.pdf"
    with pikepdf.open(good_pdf) as pdf:
        no_output_intent(pdf)
        ink_320(pdf)
        pdf.save(target)
    result = runner.invoke(main, ["preflight", "--pdf", str(target), "--ink-limit", "240"])
    assert result.exit_code == 1
    lines = [line for line in result.stdout.splitlines() if line]
    assert lines == [
        f"{target}: document, output intent: no /OutputIntents entry with /S /GTS_PDFX (which press is this for?)",
        f"{target}: page 1, page content: ink 320% (fill CMYK 80/80/80/80) > limit 240%"]
    assert "2 problems" in result.stderr


def test_a_reportlab_rgb_pdf_fails_on_colour_and_metadata(tmp_path: Path) -> None:
    from cardgen.render.sheets import SheetOptions, write_sheets

    write_sheets(load_deck(DATA / "decks" / "minimal"), tmp_path / "rgb.pdf", options=SheetOptions(layout="single"))
    lines = [v.format() for v in preflight_pdf(tmp_path / "rgb.pdf")]
    assert any("RGB colour operator rg" in line for line in lines)
    assert any("RGB image" in line for line in lines)
    assert any("transparency: image with a soft mask" in line or "no /GTS_PDFXVersion" in line for line in lines)


def test_an_image_over_the_ink_limit_is_found(good_pdf: Path, tmp_path: Path) -> None:
    import io

    target = tmp_path / "heavy.pdf"
    heavy = Image.new("CMYK", (4, 4), (230, 230, 230, 255))  # 370%
    buffer = io.BytesIO()
    heavy.save(buffer, "JPEG", quality=95)
    with pikepdf.open(good_pdf) as pdf:
        page = pdf.pages[0]
        page.Resources.XObject.Im8 = pdf.make_stream(
            buffer.getvalue(), Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image, Width=4, Height=4,
            ColorSpace=pikepdf.Name.DeviceCMYK, BitsPerComponent=8, Filter=pikepdf.Name.DCTDecode,
            Decode=pikepdf.Array([1, 0] * 4))
        _append(pdf, page, b"q 20 0 0 20 30 30 cm /Im8 Do Q")
        pdf.save(target)
    lines = [v.format() for v in preflight_pdf(target, ink_limit=240)]
    assert len(lines) == 1 and "ink 371%" in lines[0] and "in the image > limit 240%" in lines[0]


@pytest.mark.parametrize("deck", ["falling", "fall-damage"])
def test_the_drivethrucards_pdf_of_every_poker_deck_passes(tmp_path: Path, deck: str) -> None:
    export_pod(load_deck(ROOT / "decks" / deck), tmp_path, vendor="drivethrucards")
    pdf = tmp_path / f"{deck}-drivethrucards.pdf"
    assert preflight_pdf(pdf, version="x1a", ink_limit=240) == []
    if shutil.which("qpdf") is None:
        pytest.skip("qpdf is not installed")
    check = subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, text=True, check=False)
    assert check.returncode == 0 and "No syntax or stream encoding errors" in check.stdout


def test_min_dpi_reports_coarse_art_once_where_it_prints_largest(good_pdf: Path, runner) -> None:
    result = runner.invoke(main, ["preflight", "--pdf", str(good_pdf), "--ink-limit", "240", "--min-dpi", "300"])
    assert result.exit_code == 1
    [line] = result.stdout.splitlines()
    assert line.startswith(f"{good_pdf}: page 5, image /FormXob.") and line.endswith(": prints at 59 dpi < 300 dpi")
    assert preflight_pdf(good_pdf, ink_limit=240, min_dpi=50) == []

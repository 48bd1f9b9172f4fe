"""Soft proofs and key-colour warnings: out-of-gamut purples are flagged and shown as they print."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from cardgen.cli import main
from cardgen.color.cmyk import CmykConverter, hex_rgb, print_condition
from cardgen.color.gamut import colour_shift
from cardgen.export.pod import export_pod
from cardgen.export.soft_proof import CAPTION_PX, captions
from cardgen.loading import load_deck
from tests.conftest import ROOT
from tests.export.helpers import minimal_deck


def test_a_saturated_purple_moves_more_than_delta_e_10_and_a_mid_red_does_not() -> None:
    converter = CmykConverter(print_condition(None, 240))
    purple = colour_shift(converter, "type extra", "#7a3fc8")
    assert purple.delta_e > 15
    red = colour_shift(converter, "type red", "#b22222")
    assert red.delta_e < 10
    printed = hex_rgb(purple.printed)
    assert max(printed) - min(printed) < max(hex_rgb("#7a3fc8")) - min(hex_rgb("#7a3fc8"))  # duller


def test_falling_pod_export_warns_about_its_purple_type(tmp_path: Path, runner) -> None:
    result = runner.invoke(main, ["export", str(ROOT / "decks" / "falling"), "--to", "pod", "--vendor",
                                  "drivethrucards", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    notes = [line for line in result.stderr.splitlines() if line.startswith("note: type")]
    extra = load_deck(ROOT / "decks" / "falling").types["extra"].color
    assert any(line.startswith(f"note: type extra colour {extra} prints as about #") for line in notes)
    assert all("ΔE" in line for line in notes)
    assert not any("type rider" in line for line in notes)  # the blue is in gamut


def test_soft_proofs_show_design_beside_print(tmp_path: Path) -> None:
    folder = minimal_deck(tmp_path)
    deck_file = folder / "deck.yaml"
    deck_file.write_text(deck_file.read_text().replace('"#b22222"', '"#7a3fc8"'))
    result = export_pod(load_deck(folder), tmp_path / "out", vendor="drivethrucards", proof=True)
    proofs = sorted(p.name for p in result.extra if p.parent.name == "proof")
    assert proofs == ["proof-back-base-back.png", "proof-face-one.png", "proof-face-two.png"]
    with Image.open(tmp_path / "out" / "proof" / "proof-face-one.png") as sheet:
        width = (sheet.width - 12) // 2
        assert sheet.height == round(3.75 * 100) + CAPTION_PX and width == round(2.75 * 100)
        band_design = sheet.getpixel((width // 2, 30))
        band_print = sheet.getpixel((width + 12 + width // 2, 30))
        paper_design = sheet.getpixel((width // 2, sheet.height // 2 + 60))
        paper_print = sheet.getpixel((width + 12 + width // 2, sheet.height // 2 + 60))
    assert abs(band_design[2] - 0xc8) < 25  # the purple band as designed
    assert band_print[2] < band_design[2] - 20  # printed: the blue in it drops out of gamut
    assert max(abs(a - b) for a, b in zip(paper_design, paper_print)) < 12  # the card's cream stays cream
    assert any("type red colour #7a3fc8" in note for note in result.notes)


def test_proof_needs_pod(tmp_path: Path, runner) -> None:
    result = runner.invoke(main, ["export", str(ROOT / "decks" / "falling"), "--to", "png", "--proof",
                                  "-o", str(tmp_path)])
    assert result.exit_code == 2 and "--proof only applies to --to pod" in result.output


def _inked_columns(strip: Image.Image) -> list[int]:
    grey = strip.convert("L")
    return [x for x in range(grey.width) if any(grey.getpixel((x, y)) < 160 for y in range(grey.height))]


def test_each_half_of_a_soft_proof_is_captioned_under_it(tmp_path: Path) -> None:
    result = export_pod(load_deck(minimal_deck(tmp_path)), tmp_path / "out", vendor="drivethrucards", proof=True)
    assert captions(print_condition(None, 240)) == ("as designed", "as printed: CGATS TR 001, 240% ink")
    with Image.open(tmp_path / "out" / "proof" / "proof-face-one.png") as sheet:
        width = (sheet.width - 12) // 2
        card_height = sheet.height - CAPTION_PX
        strip = sheet.crop((0, card_height, sheet.width, sheet.height))
        above = sheet.crop((0, card_height - 3, sheet.width, card_height))
    left = [x for x in _inked_columns(strip) if x < width]
    right = [x - width - 12 for x in _inked_columns(strip) if x >= width + 12]
    assert left and right and not any(width <= x < width + 12 for x in _inked_columns(strip))
    assert abs((min(left) + max(left)) / 2 - width / 2) < 6  # centred under the design
    assert abs((min(right) + max(right)) / 2 - width / 2) < 6  # centred under the print
    assert 2.2 < (max(right) - min(right)) / (max(left) - min(left)) < 4.5  # the longer “as printed: …” line
    assert max(right) - min(right) < width - 8  # fits its half
    assert len(_inked_columns(above)) > width  # the strip is under the cards, not over them
    assert result.extra


def test_sheets_pdfx_proof_writes_captioned_proofs_beside_the_pdf(tmp_path: Path, runner) -> None:
    folder = minimal_deck(tmp_path)
    deck_file = folder / "deck.yaml"
    deck_file.write_text(deck_file.read_text().replace('"#b22222"', '"#7a3fc8"'))
    target = tmp_path / "out" / "cards.pdf"
    plain = runner.invoke(main, ["sheets", str(folder), "--pdfx", "x1a", "--ink-limit", "240", "-o", str(target)])
    assert plain.exit_code == 0, plain.output
    alone = target.read_bytes()
    assert sorted(p.name for p in target.parent.iterdir()) == ["cards.pdf"]
    result = runner.invoke(main, ["sheets", str(folder), "--pdfx", "x1a", "--ink-limit", "240", "--proof",
                                  "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert target.read_bytes() == alone  # the PDF does not change with --proof
    assert sorted(p.name for p in target.parent.iterdir()) == ["cards-proof", "cards.pdf"]
    proofs = sorted(p.name for p in (target.parent / "cards-proof").iterdir())
    assert proofs == ["proof-back-base-back.png", "proof-face-one.png", "proof-face-two.png"]
    assert f"wrote 3 soft proofs to {target.parent / 'cards-proof'}" in result.output
    with Image.open(target.parent / "cards-proof" / "proof-face-one.png") as sheet:
        width = (sheet.width - 12) // 2  # the deck's own size with its bleed, captioned under
        assert (width, sheet.height - CAPTION_PX) == (round((63.5 + 6) / 25.4 * 100), round((88.9 + 6) / 25.4 * 100))
        band_design = sheet.getpixel((width // 2, 30))
        band_print = sheet.getpixel((width + 12 + width // 2, 30))
    assert band_print[2] < band_design[2] - 20  # the purple, as the press gives it
    refused = runner.invoke(main, ["sheets", str(folder), "--proof", "-o", str(tmp_path / "x.pdf")])
    assert refused.exit_code == 2 and "only apply with --pdfx" in refused.output

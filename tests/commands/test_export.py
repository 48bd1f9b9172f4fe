"""``cardgen export`` as a user runs it: every target, its messages, and bad flags and decks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from cardgen.cli import main
from cardgen.export.manifest import read_manifest
from tests.conftest import DATA, FALLING
from tests.export.helpers import minimal_deck

MINIMAL = DATA / "decks" / "minimal"


def test_png_export(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["export", str(MINIMAL), "--to", "png", "--dpi", "60", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "wrote 6 images (164 × 224 px, with bleed) and manifest.csv" in result.output
    assert len(read_manifest(tmp_path / "manifest.csv")) == 6
    with Image.open(tmp_path / "two-3.png") as png:
        assert png.size == (164, 224)


def test_png_export_without_bleed(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["export", str(MINIMAL), "--to", "png", "--dpi", "60", "--no-bleed", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    with Image.open(tmp_path / "one-1.png") as png:
        assert png.size == (150, 210)


@pytest.mark.parametrize("vendor,size", [("drivethrucards", "825 × 1125"), ("thegamecrafter", "825 × 1125"),
                                         ("makeplayingcards", "822 × 1122")])
def test_pod_export(runner, tmp_path: Path, vendor: str, size: str) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["export", str(MINIMAL), "--to", "pod", "--vendor", vendor, "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert f"{size} px at 300 dpi" in result.output
    assert (tmp_path / "minimal-drivethrucards.pdf").exists() == (vendor == "drivethrucards")


def test_tts_export(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["export", str(FALLING), "--to", "tts", "--dpi", "40", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "Saved Objects" in result.output
    data = json.loads((tmp_path / "falling.json").read_text())
    assert data["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"].startswith("file://")


def test_proof_export(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["export", str(FALLING), "--to", "proof", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "proof.png").exists()
    with Image.open(tmp_path / "proof.png") as sheet:  # the sheet's size, then the cards' (100 dpi, no bleed)
        assert f"wrote 1 proof sheet ({sheet.width} × {sheet.height} px, cards at 250 × 350 px)" in result.output


def test_a_size_the_shop_does_not_sell_fails_with_one_line(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    deck = minimal_deck(tmp_path, card="{width: 100mm, height: 100mm}")
    result = runner.invoke(main, ["export", str(deck), "--to", "pod", "--vendor", "thegamecrafter",
                                  "-o", str(tmp_path / "out")])
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("error: ") and "The Game Crafter sells no card of 100 × 100 mm (custom); nearest: " \
        "square cards 3.5 × 3.5 in (88.9 × 88.9 mm)" in lines[0]
    assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("args,message", [
    (["--to", "pod"], "--vendor"),
    (["--to", "png", "--vendor", "thegamecrafter"], "only applies to --to pod"),
    (["--to", "pod", "--vendor", "thegamecrafter", "--dpi", "150"], "300 dpi"),
    (["--to", "pod", "--vendor", "thegamecrafter", "--no-bleed"], "need the bleed"),
    (["--to", "png", "--dpi", "5"], "--dpi"),
    (["--to", "jpeg"], "--to"),
])
def test_bad_flags_exit_2(runner, tmp_path: Path, args: list[str], message: str) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["export", str(MINIMAL), *args, "-o", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert message in result.stderr
    assert not (tmp_path / "out").exists()


def test_missing_deck_is_one_line(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["export", str(tmp_path / "nope"), "--to", "png", "-o", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "deck file not found" in result.stderr


def test_language_without_catalog_needs_allow_untranslated(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    args = ["export", str(MINIMAL), "--to", "proof", "--dpi", "30", "--lang", "fr", "-o", str(tmp_path)]
    refused = runner.invoke(main, args)
    assert refused.exit_code == 1 and "no catalog for language 'fr'" in refused.stderr
    allowed = runner.invoke(main, [*args, "--allow-untranslated"])
    assert allowed.exit_code == 0, allowed.output
    assert "note: fr: no catalog" in allowed.stderr

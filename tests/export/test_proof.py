"""The proof contact sheet: every distinct card once, labelled, with the trim shown on request."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from cardgen.export.manifest import read_manifest
from cardgen.export.proof import PER_SHEET, TRIM, export_proof
from cardgen.loading import load_deck
from tests.conftest import FALLING
from tests.export.helpers import distinct_deck


def _has_colour(image: Image.Image, colour: str) -> bool:
    target = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return any(count and rgb == target for count, rgb in (image.convert("RGB").getcolors(1 << 20) or []))


def test_proof_shows_every_distinct_card_once(tmp_path: Path) -> None:
    deck = load_deck(FALLING)
    result = export_proof(deck, tmp_path, dpi=50)
    assert [p.name for p in result.images] == ["proof.png"]
    rows = read_manifest(result.manifest)
    assert [r.card_id for r in rows] == [c.id for c in deck.cards] + ["base-back"]
    assert {r.file for r in rows} == {"proof.png"}
    with Image.open(tmp_path / "proof.png") as proof:
        w, h = result.size_px
        assert proof.width > 4 * w and proof.height > 3 * h  # 9 cards: 4 columns, 3 rows
        assert not _has_colour(proof, TRIM)


def test_proof_with_bleed_marks_the_trim(tmp_path: Path) -> None:
    result = export_proof(load_deck(FALLING), tmp_path, dpi=50, bleed=True)
    with Image.open(result.images[0]) as proof:
        assert _has_colour(proof, TRIM)


def test_big_decks_get_several_proof_sheets(tmp_path: Path) -> None:
    deck = load_deck(distinct_deck(tmp_path, PER_SHEET + 2))
    result = export_proof(deck, tmp_path / "out", dpi=15)
    assert [p.name for p in result.images] == ["proof-1.png", "proof-2.png"]
    rows = read_manifest(result.manifest)
    assert sum(r.file == "proof-1.png" for r in rows) == PER_SHEET
    assert sum(r.file == "proof-2.png" for r in rows) == 3  # two faces and the back

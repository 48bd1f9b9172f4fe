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


def test_the_proof_header_is_in_the_decks_language(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The title and the summary line drawn over the cards: French words from the deck's catalog in
    a French proof (card ids stay as they are), the English ones unchanged."""
    from cardgen.export import proof
    from cardgen.build import translator_for

    headers: list[tuple[str, str]] = []
    compose = proof.compose

    def keep_header(*args, title: str, subtitle: str, **kwargs):  # type: ignore[no-untyped-def]
        headers.append((title, subtitle))
        return compose(*args, title=title, subtitle=subtitle, **kwargs)

    monkeypatch.setattr(proof, "compose", keep_header)
    deck = load_deck(FALLING)
    export_proof(deck, tmp_path / "en", dpi=15, bleed=True)
    export_proof(deck, tmp_path / "fr", dpi=15, bleed=True, translate=translator_for(deck, "fr"), language="fr")
    assert headers[0] == ("FALLING — proof", "54 cards · 8 faces · 1 back · en · 15 dpi · bleed shown, trim in magenta")
    title, subtitle = (" ".join(text.replace("\u202f", " ").replace("\u00a0", " ").split()) for text in headers[1])
    assert title == "FALLING — épreuve"
    assert subtitle == "54 cartes · 8 recto différents · 1 dos · fr · 15 dpi · fond perdu visible, coupe en magenta"


def test_the_back_is_labelled_in_the_decks_language(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """``export --to proof --lang fr``: the label drawn under the back and its manifest row are French."""
    from cardgen.build import translator_for
    from cardgen.export import proof

    drawn: list[str] = []
    draw_text = proof.ImageDraw.ImageDraw.text

    def keep_text(self, xy, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(text)
        return draw_text(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(proof.ImageDraw.ImageDraw, "text", keep_text)
    deck = load_deck(FALLING)
    result = export_proof(deck, tmp_path, dpi=15, translate=translator_for(deck, "fr"), language="fr")
    assert "dos de FALLING" in drawn and "base-back × 54" in drawn
    assert not [text for text in drawn if "back" in text and "base-back" not in text]
    rows = [(r.card_id, r.name) for r in read_manifest(result.manifest) if r.side == "back"]
    assert rows == [("base-back", "dos de FALLING")]

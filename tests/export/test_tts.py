"""Tabletop Simulator export: sheet grids within TTS's limits, and a saved object TTS can read."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import url2pathname

import pytest
from PIL import Image

from cardgen.export.manifest import read_manifest
from cardgen.export.tts import MAX_SHEET_PX, PER_SHEET, cell_for, export_tts, grid_for
from cardgen.loading import load_deck
from tests.conftest import FALLING
from tests.export.helpers import difference, distinct_deck, minimal_deck, two_backs_deck

POKER_W, POKER_H = 180.0, 252.0


def _file(uri: str) -> Path:
    parsed = urlparse(uri)
    assert parsed.scheme == "file"
    return Path(url2pathname(parsed.path))


@pytest.mark.parametrize("cards,grid", [(1, (2, 2)), (3, (2, 2)), (8, (3, 3)), (9, (5, 2)), (69, (10, 7)), (60, (9, 7))])
def test_grid_holds_the_cards_and_the_hidden_card_cell(cards: int, grid: tuple[int, int]) -> None:
    cols, rows = grid_for(cards, card_w=POKER_W, card_h=POKER_H)
    assert (cols, rows) == grid
    assert 2 <= cols <= 10 and 2 <= rows <= 7 and cols * rows >= cards + 1


def test_a_sheet_never_holds_seventy_cards() -> None:
    assert PER_SHEET == 69
    with pytest.raises(ValueError):
        grid_for(70, card_w=POKER_W, card_h=POKER_H)


@pytest.mark.parametrize("dpi", [72, 300, 600])
def test_full_sheet_fits_4096_pixels_at_any_dpi(dpi: int) -> None:
    w, h = cell_for(10, 7, card_w=POKER_W, card_h=POKER_H, dpi=dpi)
    assert 10 * w <= MAX_SHEET_PX and 7 * h <= MAX_SHEET_PX
    assert w / h == pytest.approx(POKER_W / POKER_H, abs=0.01)
    if dpi == 72:
        assert (w, h) == (180, 252)  # small enough: the dpi is kept


@pytest.fixture(scope="module")
def falling_tts(tmp_path_factory):  # type: ignore[no-untyped-def]
    out = tmp_path_factory.mktemp("tts")
    return out, export_tts(load_deck(FALLING), out, dpi=100)


def test_saved_object_has_the_fields_tts_reads(falling_tts) -> None:  # type: ignore[no-untyped-def]
    out, _ = falling_tts
    data = json.loads((out / "falling.json").read_text(encoding="utf-8"))
    (deck,) = data["ObjectStates"]
    assert deck["Name"] == "DeckCustom" and deck["Nickname"] == "FALLING"
    assert set(deck["CustomDeck"]) == {"1"}
    custom = deck["CustomDeck"]["1"]
    assert (custom["NumWidth"], custom["NumHeight"]) == (3, 3)
    assert custom["BackIsHidden"] is True and custom["UniqueBack"] is False
    face, back = _file(custom["FaceURL"]), _file(custom["BackURL"])
    assert face == out / "falling-sheet-1.png" and back == out / "falling-back.png"
    assert face.is_file() and back.is_file()
    assert len(deck["DeckIDs"]) == 54
    assert [c["CardID"] for c in deck["ContainedObjects"]] == deck["DeckIDs"]
    by_name = Counter(c["Nickname"] for c in deck["ContainedObjects"])
    assert by_name == {"Hit": 8, "Split": 5, "Skip": 9, "Push": 6, "Grab": 6, "Stop": 9, "Extra": 6, "Ground": 5}
    assert len({c["GUID"] for c in deck["ContainedObjects"]}) == 54


def test_card_ids_point_at_the_right_cell(falling_tts) -> None:  # type: ignore[no-untyped-def]
    """CardID 1xx is cell xx of sheet 1: the cell really shows that card."""
    out, _ = falling_tts
    deck = json.loads((out / "falling.json").read_text())["ObjectStates"][0]
    sheet = Image.open(out / "falling-sheet-1.png").convert("RGB")
    cols, rows = deck["CustomDeck"]["1"]["NumWidth"], deck["CustomDeck"]["1"]["NumHeight"]
    cw, ch = sheet.width // cols, sheet.height // rows
    export = out.parent / "png-ref"
    from cardgen.export.png import export_png

    export_png(load_deck(FALLING), export, dpi=100, bleed=False)
    for card in deck["ContainedObjects"][::6]:
        slot = card["CardID"] % 100
        cell = sheet.crop(((slot % cols) * cw, (slot // cols) * ch, (slot % cols + 1) * cw, (slot // cols + 1) * ch))
        name = card["Nickname"].lower()
        with Image.open(export / f"{name}-1.png") as single:
            reference = single.convert("RGB").resize(cell.size)
        assert difference(cell, reference)[0] < 8, name


def test_the_hidden_card_cell_shows_the_back(falling_tts) -> None:  # type: ignore[no-untyped-def]
    out, _ = falling_tts
    sheet = Image.open(out / "falling-sheet-1.png").convert("RGB")
    back = Image.open(out / "falling-back.png").convert("RGB")
    last = sheet.crop((sheet.width - back.width, sheet.height - back.height, sheet.width, sheet.height))
    assert difference(last, back) == (0.0, 0.0)


def test_sheet_size_and_manifest(falling_tts) -> None:  # type: ignore[no-untyped-def]
    out, result = falling_tts
    with Image.open(out / "falling-sheet-1.png") as sheet:
        assert sheet.size == result.size_px == (3 * 250, 3 * 350)  # 2.5 × 3.5 in at 100 dpi, no bleed
    rows = read_manifest(out / "manifest.csv")
    assert {r.card_id: r.count for r in rows if r.side == "front"} == {c.id: c.count for c in load_deck(FALLING).cards}
    assert (out / "falling.png").is_file()  # the Saved Objects thumbnail


def test_more_than_69_distinct_cards_make_more_sheets(tmp_path: Path) -> None:
    from cardgen.i18n.translator import typeset_english

    deck = load_deck(distinct_deck(tmp_path, 75))
    result = export_tts(deck, tmp_path / "out", dpi=20, translate=typeset_english)  # as `cardgen export` does
    data = json.loads((tmp_path / "out" / "many.json").read_text())["ObjectStates"][0]
    assert sorted(data["CustomDeck"]) == ["1", "2"]
    assert (data["CustomDeck"]["1"]["NumWidth"], data["CustomDeck"]["1"]["NumHeight"]) == (10, 7)
    assert data["CustomDeck"]["2"]["NumWidth"] * data["CustomDeck"]["2"]["NumHeight"] >= 75 - 69 + 1
    assert data["DeckIDs"][:2] == [100, 101] and data["DeckIDs"][69] == 200 and len(data["DeckIDs"]) == 75
    assert [p.name for p in result.images] == ["many-sheet-1.png", "many-sheet-2.png", "many-back.png"]
    # names as a player searches for them in TTS: "Card 7" with a typed space (the card prints "Card\u00a07")
    assert data["ContainedObjects"][7]["Nickname"] == "Card 7"


def test_copies_share_one_cell(tmp_path: Path) -> None:
    """A deck of 80 cards with 5 faces is one sheet: TTS repeats the id, not the picture."""
    deck = load_deck(distinct_deck(tmp_path, 5, count=16))
    export_tts(deck, tmp_path / "out", dpi=20)
    data = json.loads((tmp_path / "out" / "many.json").read_text())["ObjectStates"][0]
    assert list(data["CustomDeck"]) == ["1"] and len(data["DeckIDs"]) == 80
    assert Counter(data["DeckIDs"]) == {100 + i: 16 for i in range(5)}


def test_a_one_card_deck_is_a_single_card_object(tmp_path: Path) -> None:
    folder = minimal_deck(tmp_path)
    text = (folder / "deck.yaml").read_text()
    text = text.split("  - id: two")[0].replace("count: 2", "count: 1")
    (folder / "deck.yaml").write_text(text)
    export_tts(load_deck(folder), tmp_path / "out", dpi=20)
    (card,) = json.loads((tmp_path / "out" / "minimal.json").read_text())["ObjectStates"]
    assert card["Name"] == "Card" and card["CardID"] == 100 and "1" in card["CustomDeck"]


def test_a_full_sheet_at_300_dpi_stays_within_4096_pixels(tmp_path: Path) -> None:
    deck = load_deck(distinct_deck(tmp_path, 69))
    result = export_tts(deck, tmp_path / "out", dpi=300)
    with Image.open(result.images[0]) as sheet:
        assert sheet.width <= 4096 and sheet.height <= 4096
        assert sheet.width >= 4000  # as big as the limit allows


def test_each_back_layout_is_its_own_custom_deck(tmp_path: Path) -> None:
    export_tts(load_deck(two_backs_deck(tmp_path)), tmp_path / "out", dpi=20)
    data = json.loads((tmp_path / "out" / "minimal.json").read_text())["ObjectStates"][0]
    custom = data["CustomDeck"]
    assert sorted(custom) == ["1", "2"]
    assert _file(custom["1"]["BackURL"]).name == "minimal-back-base-back.png"
    assert _file(custom["2"]["BackURL"]).name == "minimal-back-blue-back.png"
    assert data["DeckIDs"] == [100, 100, 200, 200, 200]


def test_the_tts_export_arrives_as_a_whole_and_its_json_names_the_final_files(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Staged like every export: a failure after the JSON is written leaves the folder as it was; on
    success every FaceURL and BackURL is a file:// URI of an image in the output folder itself."""
    import json

    from click.testing import CliRunner

    import cardgen.export.tts as tts
    from cardgen.cli import main
    from tests.export.helpers import minimal_deck

    deck = minimal_deck(tmp_path)
    out = tmp_path / "tts"
    real = tts.write_manifest

    def full_disk(folder, rows):  # type: ignore[no-untyped-def]
        assert (Path(folder) / "minimal.json").is_file()  # the sheets and the JSON are already written
        raise OSError(28, "No space left on device", str(Path(folder) / "manifest.csv"))

    monkeypatch.setattr(tts, "write_manifest", full_disk)
    failed = CliRunner().invoke(main, ["export", str(deck), "--to", "tts", "--dpi", "60", "-o", str(out)])
    assert failed.exit_code == 1 and "the disk is full" in failed.output, failed.output
    assert not out.exists()  # the folder the export made is removed again, as it was: not there
    monkeypatch.setattr(tts, "write_manifest", real)
    result = CliRunner().invoke(main, ["export", str(deck), "--to", "tts", "--dpi", "60", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["manifest.csv", "minimal-back.png", "minimal-sheet-1.png",
                                                     "minimal.json", "minimal.png"]
    custom = json.loads((out / "minimal.json").read_text())["ObjectStates"][0]["CustomDeck"]["1"]
    assert custom["FaceURL"] == (out / "minimal-sheet-1.png").resolve().as_uri()
    assert custom["BackURL"] == (out / "minimal-back.png").resolve().as_uri()


def test_card_text_tooltips_use_tts_bbcode_not_markdown(falling_tts) -> None:  # type: ignore[no-untyped-def]
    """TTS shows a card's Description as its tooltip and reads BBCode, not Markdown: ``**each**``
    would show its asterisks (deck.yaml: Hit's text has ``**each**``)."""
    out, _ = falling_tts
    data = json.loads((out / "falling.json").read_text(encoding="utf-8"))
    texts = {c["Nickname"]: c["Description"] for c in data["ObjectStates"][0]["ContainedObjects"]}
    assert "[b]each[/b]" in texts["Hit"]
    assert not any("*" in text or "<" in text or "[[" in text for text in texts.values())


def test_tts_text_names_cards_drops_icons_and_keeps_user_angle_brackets() -> None:
    from cardgen.export.tts import tts_text
    from cardgen.render.card_renderer import no_translation

    deck = load_deck(FALLING)
    assert tts_text("Play [[hit]] *now*, [[icon:action]]a < b & c", deck, no_translation) == \
        "Play Hit [i]now[/i], a < b & c"


def test_a_unit_cards_tooltip_holds_its_stats_and_abilities_in_the_decks_language() -> None:
    """Fall Damage's units have no rule text: their tooltip is their stat tiles and abilities, as printed."""
    from cardgen.build import translator_for
    from cardgen.export.tts import card_description, plain_spaces
    from tests.conftest import ROOT

    deck = load_deck(ROOT / "decks" / "fall-damage")
    knight = deck.card("knight")
    english = card_description(knight, deck, translator_for(deck, "en"))
    assert english.splitlines() == [
        "Move 3 · Jump 1 · Health 8 · Attack 3 · Reach 1 · Push B1",
        "[b]Vanguard.[/b] If the Knight is the first unit activated this round, it gets +1\u00a0Move."]
    french = card_description(knight, deck, translator_for(deck, "fr"))
    assert french.startswith("Mouvement 3 · Saut 1 · Vie 8 · Attaque 3 · Portée 1 · Poussée R1\n[b]Avant-garde.[/b]")
    name = translator_for(deck, "en")("card:shield-bearer.name", "Shield Bearer")
    assert name == "Shield\u00a0Bearer" and plain_spaces(name) == "Shield Bearer"

"""Decks made for export tests: edited copies of the minimal and FALLING decks."""

from __future__ import annotations

import shutil
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from tests.conftest import DATA, FALLING


def minimal_deck(tmp: Path, *, card: str = "poker", safe: str = "4mm", name: str = "minimal") -> Path:
    """The minimal test deck (2 faces, 5 cards, 1 back) with another card size or safe margin."""
    target = tmp / name
    shutil.copytree(DATA / "decks" / "minimal", target)
    deck = target / "deck.yaml"
    text = deck.read_text().replace("card: poker", f"card: {card}").replace("safe: 4mm", f"safe: {safe}")
    deck.write_text(text)
    return target


def two_backs_deck(tmp: Path) -> Path:
    """The minimal deck where the blue type has its own back layout (``blue-back``)."""
    target = minimal_deck(tmp)
    (target / "templates").mkdir()
    (target / "templates" / "blue-back.yaml").write_text(
        "extends: base-back\ndescription: A back for blue cards.\nelements:\n"
        "  field: {kind: fill, x: 0, y: 0, width: 100%, height: 100%, color: \"#1f5fbf\", bleed: true}\n")
    deck = target / "deck.yaml"
    deck.write_text(deck.read_text().replace("symbol: square}", "symbol: square, back: blue-back}"))
    return target


def distinct_deck(tmp: Path, cards: int, *, count: int = 1, name: str = "many") -> Path:
    """A FALLING-styled deck with ``cards`` different cards of ``count`` copies each."""
    target = tmp / name
    shutil.copytree(FALLING, target)
    head = (FALLING / "deck.yaml").read_text().split("\ncards:\n", 1)[0].replace("deck: falling", f"deck: {name}")
    kinds = ["rider", "action", "extra", "ground"]
    body = "".join(f"  - id: c{i:03d}\n    name: Card {i}\n    type: {kinds[i % 4]}\n    count: {count}\n"
                   f"    text: Card {i}.\n" for i in range(cards))
    (target / "deck.yaml").write_text(head + "\ncards:\n" + body)
    return target


def difference(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """(mean absolute channel difference, share of pixels differing by more than 48 in a channel)."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    mean = sum(ImageStat.Stat(diff).mean) / 3
    strong = diff.convert("L").point(lambda v: 255 if v > 48 else 0)
    share = ImageStat.Stat(strong).mean[0] / 255
    return mean, share

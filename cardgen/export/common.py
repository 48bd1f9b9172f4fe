"""What every export returns, and the temporary card-pages PDF they share."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.export.card_pages import CardPages, write_card_pages
from cardgen.model.deck import DeckSpec
from cardgen.render.card_renderer import Translate


@dataclass
class ExportResult:
    """The files an export wrote (manifest included), their pixel size, and notes for the user."""

    folder: Path
    images: list[Path]
    manifest: Path
    size_px: tuple[int, int]
    extra: list[Path] = field(default_factory=list)
    """Other files: the vendor PDF, the TTS saved object …"""
    notes: list[str] = field(default_factory=list)


@contextmanager
def card_pages(deck: DeckSpec, *, translate: Translate, language: str, theme: str = "default") -> Iterator[CardPages]:
    """The deck's distinct card pages in a temporary PDF, deleted afterwards."""
    with tempfile.TemporaryDirectory(prefix="cardgen-export-") as tmp:
        yield write_card_pages(deck, Path(tmp) / "cards.pdf", translate=translate, language=language, theme=theme)

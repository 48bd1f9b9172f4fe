"""What every export returns, and the temporary card-pages PDF they share."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.export.card_pages import CardPages, FacesPreflight, write_card_pages
from cardgen.model.deck import DeckSpec
from cardgen.output import scratch_folder
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
def card_pages(deck: DeckSpec, *, translate: Translate, language: str, theme: str = "default",
               scratch: Path | None = None, preflight: FacesPreflight | None = None) -> Iterator[CardPages]:
    """The deck's distinct card pages in a temporary PDF, deleted afterwards.

    ``preflight``: measure the faces as they are drawn, and check them before the caller rasterises.

    The PDF lives in a temporary folder inside ``scratch`` (the export's output folder), which the
    next run removes if this one was killed; without ``scratch``, in the system's temp folder.
    """
    tmp = scratch_folder(scratch, "cardgen-export") if scratch is not None else Path(
        tempfile.mkdtemp(prefix="cardgen-export-"))
    try:
        yield write_card_pages(deck, tmp / "cards.pdf", translate=translate, language=language, theme=theme,
                               preflight=preflight)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

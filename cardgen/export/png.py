"""``--to png``: one PNG per physical card face (named by card id and copy) and one per back.

Each distinct picture is rasterised and encoded once: a face's copies, and cards whose faces draw
the same content, are the same bytes written to ``<id>-<copy>.png``. Backs are ``back.png`` (or ``back-<layout>.png`` when card types have their
own backs). ``manifest.csv`` lists every file with the card it shows.
"""

from __future__ import annotations

import re
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.export.card_pages import CardPages, FacesPreflight
from cardgen.export.common import ExportResult, card_pages
from cardgen.export.manifest import ManifestRow, write_manifest
from cardgen.export.raster import Progress, RasterJob, pixels, run_jobs
from cardgen.model.deck import DeckSpec
from cardgen.output import remove_stale_temps
from cardgen.render.card_renderer import Translate, no_translation


def image_size(pages: CardPages, *, dpi: float, bleed: bool) -> tuple[int, int]:
    """Pixels of one card image at ``dpi``, with or without its bleed."""
    x0, y0, x1, y1 = pages.box(bleed=bleed)
    return pixels(x1 - x0, dpi), pixels(y1 - y0, dpi)


def face_file(card_id: str, copy: int, count: int) -> str:
    return f"{card_id}-{copy:0{len(str(count))}d}.png"


def file_stem(name: str) -> str:
    """A layout name as a safe file-name part."""
    return re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-") or "layout"


def back_file(layout: str, *, only_back: bool) -> str:
    return "back.png" if only_back else f"back-{file_stem(layout)}.png"


def write_card_images(pages: CardPages, folder: Path, *, bleed: bool, size: tuple[int, int], dpi: float,
                      workers: int | None = None, progress: Progress | None = None,
                      staged: bool = False) -> tuple[list[Path], list[ManifestRow]]:
    """Write every face copy and every back of ``pages`` into ``folder``; returns files and manifest rows.

    ``staged``: ``folder`` is a staging folder (moved into place as a whole): files go straight to their names.
    """
    folder.mkdir(parents=True, exist_ok=True)
    box = pages.box(bleed=bleed)
    targets: dict[int, list[Path]] = {}  # page → every file showing it: one render, one encode
    rows: list[ManifestRow] = []
    for page in pages.faces:
        names = [face_file(page.key, n, page.count) for n in range(1, page.count + 1)]
        targets.setdefault(page.index, []).extend(folder / name for name in names)
        rows.extend(ManifestRow(name, page.key, page.name, 1, "front") for name in names)
    only_back = len(pages.backs) == 1
    for page in pages.backs:
        name = back_file(page.key, only_back=only_back)
        targets.setdefault(page.index, []).append(folder / name)
        rows.append(ManifestRow(name, page.key, page.name, page.count, "back"))
    jobs = [RasterJob(index, box, size, tuple(paths), dpi, staged) for index, paths in targets.items()]
    names = [row.file for row in rows]
    if len(set(names)) != len(names):
        clash = next(n for n in names if names.count(n) > 1)
        raise CardgenError(f"two exported images would both be named {clash}",
                           hint="rename the card id or back layout that makes this name")
    files = [folder / name for name in names]
    run_jobs(pages.path, jobs, workers=workers, progress=progress)
    return files, rows


def export_png(deck: DeckSpec, folder: Path, *, dpi: float = 300, bleed: bool = True,
               translate: Translate = no_translation, language: str = "en", workers: int | None = None,
               progress: Progress | None = None, theme: str = "default",
               preflight: FacesPreflight | None = None, staged: bool = False) -> ExportResult:
    """Export the deck as PNG card images at ``dpi`` into ``folder``, with ``manifest.csv``.

    ``preflight`` measures the faces as they are drawn and checks them before any image is made.
    ``staged``: ``folder`` is a staging folder that moves into place as a whole
    (:func:`cardgen.output.staged_folder`): each image is written straight to its name.
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(folder)
    with card_pages(deck, translate=translate, language=language, theme=theme,
                    scratch=folder, preflight=preflight) as pages:
        size = image_size(pages, dpi=dpi, bleed=bleed)
        files, rows = write_card_images(pages, folder, bleed=bleed, size=size, dpi=dpi, workers=workers,
                                        progress=progress, staged=staged)
    manifest = write_manifest(folder, rows)
    return ExportResult(folder, files, manifest, size)

"""``--to proof``: a contact sheet of every distinct face and back, labelled, for a quick check.

Cards sit on a grey ground with their id and copy count underneath; with ``bleed`` the whole
bleed area is shown and a thin magenta line marks the trim. Large decks get several sheets
(48 cards each).
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from cardgen.export.card_pages import CardPage, CardPages, FacesPreflight
from cardgen.export.common import ExportResult, card_pages
from cardgen.export.manifest import ManifestRow, write_manifest
from cardgen.export.png import image_size
from cardgen.export.png_encoder import encode_png
from cardgen.export.raster import Progress, RasterJob, run_jobs, write_file
from cardgen.model.deck import DeckSpec
from cardgen.output import remove_stale_temps
from cardgen.render.card_renderer import Translate, no_translation
from cardgen.render.fonts import BODY, BODY_BOLD, font_path
from cardgen.render.proof_labels import counted, proof_text

PER_SHEET = 48
MAX_COLS = 8
GROUND = "#d9d9d6"
INK = "#1b1b1b"
TRIM = "#e0189a"


def _font(name: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_path(name)), size)


def _label(page: CardPage) -> tuple[str, str]:
    return page.name, f"{page.key} × {page.count}"


def compose(pages: list[CardPage], images: list[Image.Image], *, title: str, subtitle: str,
            trim: tuple[int, int, int, int] | None) -> Image.Image:
    """One contact sheet: a title line, then the cards in a grid, each with two label lines."""
    cw, ch = images[0].size
    cols = min(MAX_COLS, max(1, math.ceil(math.sqrt(len(images) * 1.4))), len(images))
    rows = math.ceil(len(images) / cols)
    gap = max(12, cw // 12)
    label_size = max(10, cw // 16)
    label_h = int(label_size * 2.6)
    head_size = max(14, cw // 9)
    head_h = int(head_size * 1.4 + label_size * 1.6) + gap
    width = gap + cols * (cw + gap)
    height = head_h + rows * (ch + label_h + gap) + gap
    sheet = Image.new("RGB", (width, height), GROUND)
    draw = ImageDraw.Draw(sheet)
    draw.text((gap, gap), title, font=_font(BODY_BOLD, head_size), fill=INK)
    draw.text((gap, gap + int(head_size * 1.3)), subtitle, font=_font(BODY, label_size), fill=INK)
    bold, body = _font(BODY_BOLD, label_size), _font(BODY, label_size)
    for n, (page, image) in enumerate(zip(pages, images)):
        x = gap + (n % cols) * (cw + gap)
        y = head_h + (n // cols) * (ch + label_h + gap)
        sheet.paste(image, (x, y))
        if trim is not None:
            left, top, right, bottom = trim
            draw.rectangle((x + left, y + top, x + right - 1, y + bottom - 1), outline=TRIM, width=max(1, cw // 400))
        first, second = _label(page)
        draw.text((x + cw / 2, y + ch + label_size * 0.3), first, font=bold, fill=INK, anchor="ma")
        draw.text((x + cw / 2, y + ch + label_size * 1.45), second, font=body, fill=INK, anchor="ma")
    return sheet


def _trim_pixels(pages: CardPages, size: tuple[int, int]) -> tuple[int, int, int, int]:
    """Where the trim box lies inside a with-bleed image."""
    x0, y0, x1, y1 = pages.box(bleed=True)
    sx, sy = size[0] / (x1 - x0), size[1] / (y1 - y0)
    b = pages.bleed_pt
    return round(b * sx), round(b * sy), round((b + pages.width_pt) * sx), round((b + pages.height_pt) * sy)


def export_proof(deck: DeckSpec, folder: Path, *, dpi: float = 100, bleed: bool = False,
                 translate: Translate = no_translation, language: str = "en", workers: int | None = None,
                 progress: Progress | None = None, theme: str = "default",
                 preflight: FacesPreflight | None = None) -> ExportResult:
    """Write ``proof.png`` (``proof-<n>.png`` for big decks) and the manifest into ``folder``.

    ``preflight`` measures the faces as they are drawn and checks them before any image is made.
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(folder)
    with card_pages(deck, translate=translate, language=language, theme=theme,
                    scratch=folder, preflight=preflight) as pages:
        size = image_size(pages, dpi=dpi, bleed=bleed)
        shown = list(pages.faces) + list(pages.backs)
        images = run_jobs(pages.path, [RasterJob(p.index, pages.box(bleed=bleed), size) for p in shown],
                          workers=workers, progress=progress)
        trim = _trim_pixels(pages, size) if bleed else None
    title = translate("deck:title", deck.title)
    chunks = [range(i, min(i + PER_SHEET, len(shown))) for i in range(0, len(shown), PER_SHEET)]
    files: list[Path] = []
    rows: list[ManifestRow] = []
    for number, chunk in enumerate(chunks, start=1):
        name = "proof.png" if len(chunks) == 1 else f"proof-{number}.png"
        parts = [counted(translate, "proof:cards", deck.total_cards), counted(translate, "proof:faces", len(pages.faces)),
                 counted(translate, "proof:backs", len(pages.backs)), language, f"{dpi:g} dpi"]
        parts += [proof_text(translate, "proof:bleed")] if bleed else []
        parts += [proof_text(translate, "proof:sheet", number=number, count=len(chunks))] if len(chunks) > 1 else []
        sheet = compose([shown[i] for i in chunk], [images[i] for i in chunk],  # type: ignore[misc]
                        title=proof_text(translate, "proof:title", title=title), subtitle=" · ".join(parts), trim=trim)
        target = folder / name
        write_file(target, encode_png(sheet, dpi=dpi))
        files.append(target)
        rows.extend(ManifestRow(name, shown[i].key, shown[i].name, shown[i].count, shown[i].side) for i in chunk)
    return ExportResult(folder, files, write_manifest(folder, rows), size)


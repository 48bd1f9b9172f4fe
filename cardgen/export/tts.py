"""``--to tts``: Tabletop Simulator deck sheets, back image and a saved-object JSON.

A TTS custom deck is a grid image of card faces (at most 10 × 7 cells, at most 4096 px a
side) plus one back image. TTS shows the grid's last cell for hidden cards, so a sheet holds at
most 69 distinct faces; cardgen puts the back there. Copies share their cell (``DeckIDs`` repeat
a card's id), so sheets hold distinct faces: a deck with more than 69 distinct faces, or with
several back layouts, gets more sheets, each its own ``CustomDeck`` entry. ``FaceURL`` and
``BackURL`` are local ``file://`` URIs, so the JSON works in the TTS "Saved Objects" folder on
the machine that exported it (written in a staging folder, they name the folder the images
will be moved to, ``final_folder``); with ``base_url`` (``--base-url https://…/``) they are that URL
followed by each image's file name, for images uploaded to a web host so the deck can be shared.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from PIL import Image

from cardgen.export.card_pages import CardPage, CardPages, FacesPreflight, back_layouts
from cardgen.export.common import ExportResult, card_pages
from cardgen.export.manifest import ManifestRow, write_manifest
from cardgen.export.png import file_stem
from cardgen.export.png_encoder import encode_png
from cardgen.export.raster import Progress, RasterJob, pixels, run_jobs, write_file
from cardgen.model.deck import CardSpec, DeckSpec
from cardgen.output import remove_stale_temps
from cardgen.render.card_renderer import Translate, no_translation

_TTS_TAGS = {"<b>": "[b]", "</b>": "[/b]", "<i>": "[i]", "</i>": "[/i]", "<br/>": "\n"}


def plain_spaces(text: str) -> str:
    """``text`` with the typography pass's no-break spaces as plain ones: TTS searches object names
    as typed, with an ordinary space."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def card_description(card: CardSpec, deck: DeckSpec, translate: Translate) -> str:
    """A card's tooltip: its rule text, then its stats (those the deck names in ``labels``, as
    ``Move 4 · Health 5``), then its abilities (``[b]Name.[/b] text``, as the card prints them), one per line."""
    from cardgen.render.elements.abilities import ability_text

    lines = [translate(f"card:{card.id}.text", card.text)] if card.text else []
    stats = [f"{_label(deck, translate, key)} {_stat_value(card, deck, translate, key, value)}"
             for key, value in card.stats.items() if deck.labels.get(key)]
    if stats:
        lines.append(" · ".join(stats))
    lines += [ability_text(translate, card, number, ability) for number, ability in enumerate(card.abilities)]
    return tts_text("\n".join(lines), deck, translate)


def _label(deck: DeckSpec, translate: Translate, key: str) -> str:
    return translate(f"label:{key}", deck.labels[key]) if deck.labels.get(key) else ""


def _stat_value(card: CardSpec, deck: DeckSpec, translate: Translate, key: str, value: str | int) -> str:
    """A stat as its card prints it: a push with the deck's own direction letter, words translated."""
    from cardgen.model.stat_values import StatValueError, parse_push

    if isinstance(value, int):
        return str(value)
    if key == "push":
        try:
            push = parse_push(value)
        except StatValueError:
            return value
        if push.direction is None:
            return str(push)
        return f"{_label(deck, translate, f'push-{push.direction.lower()}') or push.direction}{push.distance}"
    return translate(f"card:{card.id}.stats.{key}", value)


def tts_text(text: str, deck: DeckSpec, translate: Translate) -> str:
    """Card text as a Tabletop Simulator tooltip shows it: ``**bold**`` and ``*italic*`` in TTS's
    BBCode (``[b]…[/b]``, ``[i]…[/i]``), ``[[card]]`` as that card's name, ``[[icon:…]]`` left out."""
    from html import unescape

    from cardgen.render.reportlab_canvas import markup
    from cardgen.render.rich_card_text import plain_text

    def name_of(reference: str) -> str:
        card = deck.any_card(reference)
        return translate(f"card:{card.id}.name", card.name) if card is not None else reference

    marked = markup(plain_text(text, name_of))
    for tag, code in _TTS_TAGS.items():
        marked = marked.replace(tag, code)
    return unescape(marked)


MAX_COLS, MAX_ROWS = 10, 7
MIN_COLS, MIN_ROWS = 2, 2
MAX_SHEET_PX = 4096
PER_SHEET = MAX_COLS * MAX_ROWS - 1
TTS_CARD_ASPECT = 3.5 / 2.5
"""Height/width of TTS's card model; other card shapes are scaled to keep their proportions."""


@dataclass(frozen=True)
class SheetPlan:
    """One sheet: its faces (in cell order), the back layout they share, grid and cell size."""

    number: int
    faces: tuple[CardPage, ...]
    back: CardPage
    cols: int
    rows: int
    cell: tuple[int, int]

    @property
    def size(self) -> tuple[int, int]:
        return self.cols * self.cell[0], self.rows * self.cell[1]


def grid_for(cards: int, *, card_w: float, card_h: float) -> tuple[int, int]:
    """The smallest grid (cols, rows) holding ``cards`` faces plus the hidden-card cell."""
    if not 1 <= cards <= PER_SHEET:
        raise ValueError(f"a TTS sheet holds 1 to {PER_SHEET} cards, not {cards}")
    options = [(c, r) for c in range(MIN_COLS, MAX_COLS + 1) for r in range(MIN_ROWS, MAX_ROWS + 1)
               if c * r >= cards + 1]
    return min(options, key=lambda g: (g[0] * g[1], abs(math.log(g[0] * card_w / (g[1] * card_h)))))


def cell_for(cols: int, rows: int, *, card_w: float, card_h: float, dpi: float) -> tuple[int, int]:
    """Cell pixels: the card at ``dpi``, shrunk if needed so the sheet fits 4096 × 4096."""
    scale = min(dpi / 72, MAX_SHEET_PX / (cols * card_w), MAX_SHEET_PX / (rows * card_h))
    return min(pixels(card_w, scale * 72), MAX_SHEET_PX // cols), min(pixels(card_h, scale * 72), MAX_SHEET_PX // rows)


def plan_sheets(pages: CardPages, deck: DeckSpec, *, bleed: bool, dpi: float) -> list[SheetPlan]:
    """Group faces by back layout, cut each group into sheets of at most 69, size each grid."""
    x0, y0, x1, y1 = pages.box(bleed=bleed)
    card_w, card_h = x1 - x0, y1 - y0
    backs = {page.key: page for page in pages.backs}
    layout_of = back_layouts(deck)
    groups: dict[str, list[CardPage]] = {}
    for face in pages.faces:
        groups.setdefault(layout_of[face.key], []).append(face)
    plans: list[SheetPlan] = []
    for layout, faces in groups.items():
        for start in range(0, len(faces), PER_SHEET):
            chunk = tuple(faces[start:start + PER_SHEET])
            cols, rows = grid_for(len(chunk), card_w=card_w, card_h=card_h)
            cell = cell_for(cols, rows, card_w=card_w, card_h=card_h, dpi=dpi)
            plans.append(SheetPlan(len(plans) + 1, chunk, backs[layout], cols, rows, cell))
    return plans


def _guid(*parts: object) -> str:
    """A stable six-hex-digit GUID (TTS's format), the same for the same deck."""
    return hashlib.sha1(":".join(map(str, parts)).encode()).hexdigest()[:6]


def _transform(scale_z: float) -> dict[str, float]:
    return {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": round(scale_z, 4)}


def saved_object(deck: DeckSpec, plans: list[SheetPlan], sheet_files: list[Path], back_files: dict[str, Path], *,
                 card_aspect: float, translate: Translate, base_url: str | None = None,
                 final_folder: Path | None = None) -> dict[str, Any]:
    """The TTS saved-object JSON: one ``DeckCustom`` (or a lone ``Card``) holding every card.

    Local image URIs name ``final_folder`` (where the images will be) when given, else their folder now.
    """

    def url(path: Path) -> str:
        if base_url:
            return base_url.rstrip("/") + "/" + quote(path.name)
        return ((final_folder / path.name) if final_folder is not None else path).resolve().as_uri()

    custom: dict[str, dict[str, Any]] = {}
    card_ids: dict[str, int] = {}
    for plan, sheet in zip(plans, sheet_files):
        key = str(plan.number)
        custom[key] = {"FaceURL": url(sheet), "BackURL": url(back_files[plan.back.key]),
                       "NumWidth": plan.cols, "NumHeight": plan.rows, "BackIsHidden": True, "UniqueBack": False,
                       "Type": 0}
        for slot, face in enumerate(plan.faces):
            card_ids[face.key] = plan.number * 100 + slot
    scale_z = card_aspect / TTS_CARD_ASPECT
    title = translate("deck:title", deck.title)
    cards: list[dict[str, Any]] = []
    for card in deck.cards:
        cid = card_ids[card.id]
        sheet_key = str(cid // 100)
        for copy in range(card.count):
            cards.append({
                "Name": "Card", "Transform": _transform(scale_z),
                "Nickname": plain_spaces(translate(f"card:{card.id}.name", card.name)),
                "Description": card_description(card, deck, translate),
                "CardID": cid, "CustomDeck": {sheet_key: custom[sheet_key]},
                "SidewaysCard": False, "HideWhenFaceDown": True, "Locked": False, "Tooltip": True,
                "GUID": _guid(deck.deck, card.id, copy),
            })
    if len(cards) == 1:
        obj = cards[0]
    else:
        obj = {
            "Name": "DeckCustom", "Transform": _transform(scale_z), "Nickname": title,
            "Description": f"{title} · {deck.designer}", "SidewaysCard": False, "HideWhenFaceDown": True,
            "Locked": False, "Tooltip": True, "Grid": True, "Snap": True,
            "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": custom, "ContainedObjects": cards,
            "GUID": _guid(deck.deck, "deck"),
        }
    return {"SaveName": title, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "",
            "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": [obj], "VersionNumber": ""}


def export_tts(deck: DeckSpec, folder: Path, *, dpi: float = 300, bleed: bool = False,
               translate: Translate = no_translation, language: str = "en", workers: int | None = None,
               progress: Progress | None = None, theme: str = "default", base_url: str | None = None,
               final_folder: Path | None = None, preflight: FacesPreflight | None = None) -> ExportResult:
    """Write the sheets, the back image(s), ``<deck>.json`` (+ its thumbnail) and the manifest.

    ``preflight`` measures the faces as they are drawn and checks them before any image is made.

    ``final_folder``: where the files will be moved to (``folder`` is then a staging folder); the
    JSON's ``file://`` URIs point there.
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(folder)
    with card_pages(deck, translate=translate, language=language, theme=theme,
                    scratch=folder, preflight=preflight) as pages:
        plans = plan_sheets(pages, deck, bleed=bleed, dpi=dpi)
        box = pages.box(bleed=bleed)
        jobs: list[RasterJob] = []
        for plan in plans:
            jobs.extend(RasterJob(face.index, box, plan.cell) for face in plan.faces)
        back_cells: dict[tuple[str, tuple[int, int]], int] = {}
        for plan in plans:
            back_cells.setdefault((plan.back.key, plan.cell), len(jobs) + len(back_cells))
        jobs.extend(RasterJob(next(p.index for p in pages.backs if p.key == key), box, cell)
                    for key, cell in back_cells)
        images = run_jobs(pages.path, jobs, workers=workers, progress=progress)
    sheet_files: list[Path] = []
    rows: list[ManifestRow] = []
    start = 0
    for plan in plans:
        sheet = Image.new("RGB", plan.size, "white")
        cells = list(images[start:start + len(plan.faces)]) + [images[back_cells[(plan.back.key, plan.cell)]]]
        for slot, image in enumerate(cells):
            if slot == len(plan.faces):
                slot = plan.cols * plan.rows - 1  # the hidden-card cell
            assert image is not None
            sheet.paste(image, ((slot % plan.cols) * plan.cell[0], (slot // plan.cols) * plan.cell[1]))
        start += len(plan.faces)
        target = folder / f"{deck.deck}-sheet-{plan.number}.png"
        write_file(target, encode_png(sheet))
        sheet_files.append(target)
        rows.extend(ManifestRow(target.name, face.key, face.name, face.count, "front") for face in plan.faces)
    # the back image at the largest cell size any sheet uses
    back_files: dict[str, Path] = {}
    only_back = len(pages.backs) == 1
    for page in pages.backs:
        key = max((k for k in back_cells if k[0] == page.key), key=lambda k: k[1][0] * k[1][1], default=None)
        if key is None:
            continue
        target = folder / (f"{deck.deck}-back.png" if only_back else f"{deck.deck}-back-{file_stem(page.key)}.png")
        image = images[back_cells[key]]
        assert image is not None
        write_file(target, encode_png(image))
        back_files[page.key] = target
        rows.append(ManifestRow(target.name, page.key, page.name, page.count, "back"))
    x0, y0, x1, y1 = box
    data = saved_object(deck, plans, sheet_files, back_files, card_aspect=(y1 - y0) / (x1 - x0), translate=translate,
                         base_url=base_url, final_folder=final_folder)
    saved = folder / f"{deck.deck}.json"
    write_file(saved, (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    thumbnail = folder / f"{deck.deck}.png"  # TTS shows <name>.png beside <name>.json in Saved Objects
    first = images[0]
    assert first is not None
    thumb = first.copy()
    thumb.thumbnail((256, 256))
    write_file(thumbnail, encode_png(thumb))
    manifest = write_manifest(folder, rows)
    sizes = {plan.size for plan in plans}
    return ExportResult(folder, sheet_files + list(back_files.values()), manifest, max(sizes), extra=[saved, thumbnail])

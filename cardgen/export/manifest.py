"""``manifest.csv``: every exported image, the card it shows and how many cards it stands for."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from cardgen.output import atomic_path

MANIFEST = "manifest.csv"
COLUMNS = ("file", "card_id", "name", "count", "side")


@dataclass(frozen=True)
class ManifestRow:
    """``count`` is how many physical cards this image prints (1 for one copy's file)."""

    file: str
    card_id: str
    name: str
    count: int
    side: str


def write_manifest(folder: Path, rows: list[ManifestRow]) -> Path:
    """Write ``folder/manifest.csv`` atomically (UTF-8, one header line)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow((row.file, row.card_id, row.name, row.count, row.side))
    target = Path(folder) / MANIFEST
    with atomic_path(target) as tmp:
        tmp.write_text(buffer.getvalue(), encoding="utf-8")
    return target


def read_manifest(path: Path) -> list[ManifestRow]:
    with open(path, newline="", encoding="utf-8") as handle:
        return [ManifestRow(r["file"], r["card_id"], r["name"], int(r["count"]), r["side"])
                for r in csv.DictReader(handle)]

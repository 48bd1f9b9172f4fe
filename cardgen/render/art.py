"""Art files: natural size (cached), fully decoded once, decompression-bomb limits."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from cardgen.errors import DeckError
from cardgen.loading.containment import ContainmentError, read_contained
from cardgen.render.image_decode import decode_checked


def art_size(path: Path) -> tuple[float, float]:
    """Width and height of an art file (pixels for bitmaps, points for SVG), checked as it is decoded.

    Cached while the file is unchanged (path, modification time and size), so a long-running
    ``cardgen watch`` sees an edited file anew.
    """
    try:
        info = Path(path).stat()
    except OSError:
        info = None
    return _art_size(Path(path), info.st_mtime_ns if info else 0, info.st_size if info else -1)


@lru_cache(maxsize=512)
def _art_size(path: Path, mtime_ns: int, size: int) -> tuple[float, float]:
    if path.suffix.lower() == ".svg":
        from cardgen.render.svg_art import load_svg

        drawing = load_svg(str(path))
        return float(drawing.width), float(drawing.height)
    try:
        raw = read_contained(path, "art")
    except ContainmentError as exc:
        raise DeckError(str(exc), path=path) from None
    width, height = decode_checked(raw, path)
    return float(width), float(height)

"""Art files: natural size (cached), fully decoded once, decompression-bomb limits."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from cardgen.errors import DeckError
from cardgen.loading.containment import ContainmentError, read_contained

MAX_PIXELS = 40_000_000  # 40 MP: far above any 300 dpi card, far below a decompression bomb


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


def decode_checked(raw: bytes, path: Path | str, *, what: str = "image", line: int | None = None,
                   max_pixels: int = MAX_PIXELS) -> tuple[int, int]:
    """Decode a PNG or JPEG fully under the pixel limit; its size, or a one-line :class:`DeckError`.

    ``what`` names the image in the message (``embedded image`` for one inside an SVG, whose
    ``path`` and ``line`` the error then gives).
    """
    import io
    import warnings

    from PIL import Image

    hint = "a 300 dpi poker card needs about 825×1125 pixels"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(raw), formats=("PNG", "JPEG")) as image:
                width, height = image.size
                if width * height > max_pixels:
                    raise DeckError(f"{what} is {width}×{height} pixels, more than the {_limit(max_pixels)} limit",
                                    path=path, line=line, hint=hint)
                image.load()  # decode every pixel now: a truncated file fails here, not in the middle of a build
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise DeckError(f"{what} has far too many pixels (a decompression bomb?)", path=path, line=line,
                        hint=hint) from None
    except (OSError, SyntaxError, ValueError) as exc:
        reason = "truncated" if "truncated" in str(exc) else exc.__class__.__name__
        raise DeckError(f"cannot read {what} ({reason})", path=path, line=line,
                        hint="save it again as PNG or JPEG") from None
    return width, height


def _limit(pixels: int) -> str:
    return f"{pixels / 1_000_000:g} MP"

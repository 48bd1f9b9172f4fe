"""Art files: natural size (cached), decompression-bomb limits."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from cardgen.errors import DeckError

MAX_PIXELS = 40_000_000  # 40 MP: far above any 300 dpi card, far below a decompression bomb


@lru_cache(maxsize=512)
def art_size(path: Path) -> tuple[float, float]:
    """Width and height of an art file (pixels for bitmaps, points for SVG)."""
    if path.suffix.lower() == ".svg":
        from cardgen.render.svg_art import load_svg

        drawing = load_svg(str(path))
        return float(drawing.width), float(drawing.height)
    import warnings

    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                width, height = image.size
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise DeckError("image has far too many pixels (a decompression bomb?)", path=path,
                        hint="a 300 dpi poker card needs about 825×1125 pixels") from None
    except (OSError, SyntaxError, ValueError) as exc:
        raise DeckError(f"cannot read image ({exc.__class__.__name__})", path=path, hint="save it again as PNG or JPEG") from None
    if width * height > MAX_PIXELS:
        raise DeckError(f"image is {width}×{height} pixels, more than the {MAX_PIXELS // 1_000_000} MP limit", path=path,
                        hint="a 300 dpi poker card needs about 825×1125 pixels")
    return float(width), float(height)

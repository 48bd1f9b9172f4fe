"""Decoding a PNG or JPEG from a deck in full, under a pixel limit (art files and images inside SVGs)."""

from __future__ import annotations

from pathlib import Path

from cardgen.errors import DeckError

MAX_PIXELS = 40_000_000  # 40 MP: far above any 300 dpi card, far below a decompression bomb


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

"""A fast PNG encoder for RGB images: every row with PNG's "Up" filter, then one zlib stream.

Pillow's encoder tries all five PNG row filters on every row and keeps the one with the smallest
sum of absolute differences; on cardgen's card images that search takes more CPU than the
compression itself (~12 of ~18 ms for an 821 × 1121 card at zlib level 3). Card images are
mostly flat fills and horizontal bands, where "Up" (each byte minus the byte above it) is the
filter the search picks for most rows anyway, and computing it is one C call in Pillow
(``ImageChops.subtract_modulo`` of the image and itself shifted down a row). At the same zlib
level the files come out within a few per cent of Pillow's, in half the time. Lossless (a PNG
decoder gives back exactly the pixels) and deterministic (same pixels, same bytes).
"""

from __future__ import annotations

import struct
import zlib

from PIL import Image, ImageChops

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
FILTER_UP = b"\x02"
FILTER_NONE = b"\x00"
INCH_M = 0.0254


def chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, type, data, CRC of type and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def up_filtered_rows(image: Image.Image) -> bytes:
    """The PNG scanlines of an RGB image, each ``02`` + the row minus the row above (mod 256)."""
    width = image.width
    # the image shifted down a row (its last row wraps to the top): one C call, no blank image
    data = memoryview(ImageChops.subtract_modulo(image, ImageChops.offset(image, 0, 1)).tobytes())
    stride = width * 3
    # the first row has no row above: it is written as it is, with filter 0
    parts: list[bytes | memoryview] = [FILTER_NONE, image.crop((0, 0, width, 1)).tobytes()]
    for start in range(stride, len(data), stride):
        parts.append(FILTER_UP)
        parts.append(data[start:start + stride])
    return b"".join(parts)


def encode_rgb_png(image: Image.Image, *, level: int, dpi: float | None = None) -> bytes:
    """An RGB image as PNG bytes (8 bits per channel, zlib ``level``, a pHYs chunk for ``dpi``)."""
    if image.mode != "RGB":
        raise ValueError(f"encode_rgb_png needs an RGB image, not {image.mode}")
    width, height = image.size
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunks = [PNG_SIGNATURE, chunk(b"IHDR", header)]
    if dpi:
        per_metre = int(dpi / INCH_M + 0.5)  # as Pillow writes it
        chunks.append(chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)))
    chunks.append(chunk(b"IDAT", zlib.compress(up_filtered_rows(image), level)))
    chunks.append(chunk(b"IEND", b""))
    return b"".join(chunks)

"""PNG files for rendered card images: lossless, byte-reproducible, smaller and faster than Pillow's writer.

A PNG stores each row behind a *filter* (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth) and deflates the
filtered rows. Pillow tries every filter on every row and keeps the one with the smallest sum of
absolute values; on a rendered card that search costs more CPU than the deflate, and its choice
is a poor one for flat artwork: a row of flat fills, anti-aliased outlines and repeated motifs
deflates far better unfiltered (zlib finds it again in the rows above) than as differences. So:

* an image of at most 256 colours becomes a palette PNG (one byte per pixel, unfiltered) when the
  palette maps every pixel exactly (checked: otherwise it stays RGB) and the file comes out smaller
  (a small image may not pay for its 768-byte palette);
* otherwise each band of :data:`BAND_ROWS` rows with at most :data:`FLAT_COLOURS` colours (in
  every :data:`SAMPLE_EVERY`-th row) is written unfiltered, and each run of busier bands (a photograph, a gradient) with the filters
  Pillow's search picks for those rows (taken from a stored, uncompressed Pillow PNG of them);
* the rows are deflated in one stream by libdeflate (the ``deflate`` package) at
  :data:`DEFLATE_LEVEL`.

Decoding gives back exactly the image's pixels; the same pixels give the same bytes.
"""

from __future__ import annotations

import io
import struct
import zlib

import deflate
from PIL import Image

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
FILTER_NONE = b"\x00"
DEFLATE_LEVEL = 6
"""libdeflate's level: on card images about as fast as zlib's level 3 and smaller than zlib's 6."""
BAND_ROWS = 16
SAMPLE_EVERY = 4
FLAT_COLOURS = 256
"""A band with at most this many colours is flat artwork: written unfiltered."""
INCH_M = 0.0254
_COLOUR_TYPE = {"RGB": 2, "P": 3}


def chunk(kind: bytes, data: bytes | memoryview) -> bytes:
    """One PNG chunk: length, type, data, CRC-32 of type and data."""
    return struct.pack(">I", len(data)) + kind + bytes(data) + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def png_file(size: tuple[int, int], mode: str, scanlines: bytes | bytearray, *, dpi: float | None = None,
             palette: bytes | None = None) -> bytes:
    """A whole PNG file: 8-bit ``mode`` ("RGB" or "P"), ``scanlines`` (filter byte + row, each row) deflated."""
    width, height = size
    parts = [PNG_SIGNATURE, chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, _COLOUR_TYPE[mode], 0, 0, 0))]
    if palette is not None:
        parts.append(chunk(b"PLTE", palette))
    if dpi:
        per_metre = int(dpi / INCH_M + 0.5)  # as Pillow writes it
        parts.append(chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)))
    parts.append(chunk(b"IDAT", deflate.zlib_compress(scanlines, DEFLATE_LEVEL)))
    parts.append(chunk(b"IEND", b""))
    return b"".join(parts)


def unfiltered(data: bytes, stride: int, rows: int) -> bytes:
    """``rows`` rows of raw pixel ``data`` (``stride`` bytes each) as PNG scanlines with filter None.

    A zero byte before each row, placed by Pillow in C: the rows as a greyscale image pasted one
    column into a zeroed image one column wider.
    """
    scanlines = Image.new("L", (stride + 1, rows), 0)
    scanlines.paste(Image.frombytes("L", (stride, rows), data), (1, 0))
    return scanlines.tobytes()


def pillow_scanlines(image: Image.Image, first: int, last: int) -> bytes:
    """Rows ``first``..``last - 1`` as Pillow filters them (its per-row search), filter bytes included.

    Pillow writes a stored (level 0) PNG of those rows and the row above them, so that each row's
    filter sees its true neighbour above; the extra row's scanline is dropped.
    """
    top = max(0, first - 1)
    buffer = io.BytesIO()
    image.crop((0, top, image.width, last)).save(buffer, "PNG", compress_level=0)
    data, pos, idat = buffer.getvalue(), len(PNG_SIGNATURE), []
    while pos < len(data):
        (length,) = struct.unpack_from(">I", data, pos)
        if data[pos + 4:pos + 8] == b"IDAT":
            idat.append(data[pos + 8:pos + 8 + length])
        pos += 12 + length
    stride = image.width * 3 + 1
    return zlib.decompress(b"".join(idat))[(first - top) * stride:]


def flat_bands(image: Image.Image) -> list[bool]:
    """For each band of :data:`BAND_ROWS` rows: does it look like flat artwork?

    Judged on every :data:`SAMPLE_EVERY`-th row (a guess that only steers the filters, never the pixels).
    """
    width, height = image.size
    sample = image.resize((width, -(-height // SAMPLE_EVERY)), Image.Resampling.NEAREST)
    rows = BAND_ROWS // SAMPLE_EVERY
    return [sample.crop((0, top, width, min(sample.height, top + rows))).getcolors(FLAT_COLOURS) is not None
            for top in range(0, sample.height, rows)]


def filter_busy_bands(image: Image.Image, scanlines: bytearray) -> bytearray:
    """``scanlines`` (the image's rows, unfiltered) with each run of busy bands refiltered as Pillow
    filters those rows; flat bands stay unfiltered. Edits and returns ``scanlines``."""
    width, height = image.size
    flat = flat_bands(image)
    stride = width * 3 + 1
    band = 0
    while band < len(flat):
        end = band + 1
        while end < len(flat) and flat[end] == flat[band]:
            end += 1
        if not flat[band]:
            first, last = band * BAND_ROWS, min(height, end * BAND_ROWS)
            scanlines[first * stride:last * stride] = pillow_scanlines(image, first, last)
        band = end
    return scanlines


def rgb_scanlines(image: Image.Image) -> bytearray:
    """The scanlines of an RGB image: flat bands unfiltered, busy bands as Pillow filters them."""
    return filter_busy_bands(image, bytearray(unfiltered(image.tobytes(), image.width * 3, image.height)))


def palette_image(image: Image.Image) -> tuple[Image.Image, bytes] | None:
    """``image`` as a "P" image with the same pixels and its palette (3 bytes a colour), if it has at
    most 256 colours and Pillow maps every pixel to its own colour."""
    colours = image.getcolors(256)
    if colours is None:
        return None
    palette = bytes(channel for rgb in sorted(rgb for _, rgb in colours) for channel in rgb)  # fixed order
    reference = Image.new("P", (1, 1))
    reference.putpalette(palette)
    indexed = image.quantize(palette=reference, dither=Image.Dither.NONE)
    if indexed.convert("RGB").tobytes() != image.tobytes():  # Pillow's colour cache merged two near colours
        return None
    return indexed, palette


def encode_png(image: Image.Image, *, dpi: float | None = None) -> bytes:
    """``image`` (RGB) as PNG bytes, ``dpi`` recorded in a pHYs chunk; other modes go to Pillow's writer."""
    if image.mode != "RGB":
        buffer = io.BytesIO()
        image.save(buffer, "PNG", compress_level=DEFLATE_LEVEL, **({"dpi": (dpi, dpi)} if dpi else {}))
        return buffer.getvalue()
    return _encode_rgb(image, bytearray(unfiltered(image.tobytes(), image.width * 3, image.height)), dpi)


def encode_scanlines(scanlines: bytearray, size: tuple[int, int], *, dpi: float | None = None) -> bytes:
    """PNG bytes for an RGB picture handed over as unfiltered scanlines (a 0 byte, then the row's
    RGB bytes, for every row), as :func:`cardgen.export.raster.render_scanlines` renders it: the
    pixels are not copied to be written. ``scanlines`` may be edited."""
    width, height = size
    if len(scanlines) != (width * 3 + 1) * height:
        raise ValueError(f"{len(scanlines)} bytes are not the scanlines of a {width} x {height} RGB image")
    if any(memoryview(scanlines)[::width * 3 + 1]):
        raise ValueError("every scanline must start with filter 0")
    image = Image.frombuffer("RGB", size, memoryview(scanlines)[1:], "raw", "RGB", width * 3 + 1, 1)
    return _encode_rgb(image, scanlines, dpi)


def _encode_rgb(image: Image.Image, scanlines: bytearray, dpi: float | None) -> bytes:
    """``image`` as a palette PNG when that is exact and smaller, else as RGB; ``scanlines`` are its rows, unfiltered."""
    paletted = palette_image(image)
    rgb = png_file(image.size, "RGB", filter_busy_bands(image, scanlines), dpi=dpi)
    if paletted is None:
        return rgb
    indexed, palette = paletted
    indexed_png = png_file(image.size, "P", unfiltered(indexed.tobytes(), image.width, image.height), dpi=dpi,
                           palette=palette)
    return indexed_png if len(indexed_png) < len(rgb) else rgb  # a small image may not pay for its palette

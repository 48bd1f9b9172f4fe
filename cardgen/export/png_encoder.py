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
  every :data:`SAMPLE_EVERY`-th row) is written unfiltered, and each run of busier bands (a
  photograph, a gradient) with the filters Pillow's search picks for those rows in the whole
  picture (read back from a stored, uncompressed Pillow PNG of them and the row above);
* the rows are deflated in one stream by libdeflate (the ``deflate`` package) at
  :data:`DEFLATE_LEVEL`.

Decoding gives back exactly the image's pixels; the same pixels give the same bytes. The
writer works on the picture's unfiltered scanlines, which pdfium renders into directly
(:func:`cardgen.export.raster.render_scanlines`), so the pixels are not copied to be written.
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
"""libdeflate's level. On FALLING's cards (unfiltered rows): half zlib's level-6 time, 3 % smaller;
level 1 would be twice as fast again and 12 % larger."""
BAND_ROWS = 32
SAMPLE_EVERY = 8
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


def scanline_rows(scanlines: bytearray | bytes, size: tuple[int, int], first: int, last: int,
                  every: int = 1) -> Image.Image:
    """Rows ``first``, ``first + every`` … before ``last`` of an RGB picture's unfiltered scanlines, as an image."""
    width, _ = size
    stride = width * 3 + 1
    count = -(-(last - first) // every)
    view = memoryview(scanlines)[first * stride + 1:]
    return Image.frombuffer("RGB", (width, count), view, "raw", "RGB", stride * every, 1)


def pillow_scanlines(rows: Image.Image, *, above: bool) -> bytes:
    """``rows`` as Pillow filters them (its per-row search), filter bytes included, read back from a
    stored (level 0) Pillow PNG. With ``above``, the first row is only there as the true neighbour
    above the others (each row's filter depends on it) and its own scanline is dropped."""
    buffer = io.BytesIO()
    rows.save(buffer, "PNG", compress_level=0)
    data, pos, idat = buffer.getvalue(), len(PNG_SIGNATURE), []
    while pos < len(data):
        (length,) = struct.unpack_from(">I", data, pos)
        if data[pos + 4:pos + 8] == b"IDAT":
            idat.append(data[pos + 8:pos + 8 + length])
        pos += 12 + length
    return zlib.decompress(b"".join(idat))[rows.width * 3 + 1 if above else 0:]


def flat_bands(sample: Image.Image) -> list[bool]:
    """For each band of :data:`BAND_ROWS` rows: does it look like flat artwork (at most
    :data:`FLAT_COLOURS` colours)? ``sample`` holds every :data:`SAMPLE_EVERY`-th row of the picture:
    a guess that only steers the filters, never the pixels."""
    rows = BAND_ROWS // SAMPLE_EVERY
    return [sample.crop((0, top, sample.width, min(sample.height, top + rows))).getcolors(FLAT_COLOURS) is not None
            for top in range(0, sample.height, rows)]


def filter_busy_bands(scanlines: bytearray, size: tuple[int, int], flat: list[bool]) -> bytearray:
    """``scanlines`` (unfiltered) with each run of busy bands refiltered as Pillow filters those rows
    in the whole picture; flat bands stay unfiltered. Edits and returns ``scanlines``."""
    width, height = size
    stride = width * 3 + 1
    band = 0
    while band < len(flat):
        end = band + 1
        while end < len(flat) and flat[end] == flat[band]:
            end += 1
        if not flat[band]:
            first, last = band * BAND_ROWS, min(height, end * BAND_ROWS)
            top = max(0, first - 1)  # the row above the run: each row's filter depends on it
            rows = scanline_rows(scanlines, size, top, last)  # a copy; the row above is a flat band's, unfiltered
            scanlines[first * stride:last * stride] = pillow_scanlines(rows, above=top < first)
        band = end
    return scanlines


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
    return encode_scanlines(bytearray(unfiltered(image.tobytes(), image.width * 3, image.height)), image.size,
                            dpi=dpi)


def encode_scanlines(scanlines: bytearray, size: tuple[int, int], *, dpi: float | None = None) -> bytes:
    """PNG bytes for an RGB picture handed over as unfiltered scanlines (a 0 byte, then the row's
    RGB bytes, for every row), as :func:`cardgen.export.raster.render_scanlines` renders it: the
    pixels are not copied to be written. ``scanlines`` may be edited."""
    width, height = size
    if len(scanlines) != (width * 3 + 1) * height:
        raise ValueError(f"{len(scanlines)} bytes are not the scanlines of a {width} x {height} RGB image")
    if any(memoryview(scanlines)[::width * 3 + 1]):
        raise ValueError("every scanline must start with filter 0")
    sample = scanline_rows(scanlines, size, 0, height, SAMPLE_EVERY)
    indexed_png = None
    if sample.getcolors(256) is not None:  # perhaps few enough colours for a palette: look at every row
        paletted = palette_image(scanline_rows(scanlines, size, 0, height))
        if paletted is not None:
            indexed, palette = paletted
            indexed_png = png_file(size, "P", unfiltered(indexed.tobytes(), width, height), dpi=dpi, palette=palette)
    rgb = png_file(size, "RGB", filter_busy_bands(scanlines, size, flat_bands(sample)), dpi=dpi)
    if indexed_png is not None and len(indexed_png) < len(rgb):  # a small image may not pay for its palette
        return indexed_png
    return rgb

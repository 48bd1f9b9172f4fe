"""cardgen's PNG writer: every file decodes to exactly the pixels it was given, in fewer bytes than Pillow's.

The images are what an export writes (a FALLING card rendered by pdfium), a photograph-like
picture (seeded noise over gradients), the two together, and images of few colours (palette PNGs).
"""

from __future__ import annotations

import io
import random
import struct
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFilter

from cardgen.export import png_encoder
from cardgen.export.png import export_png
from cardgen.export.png_encoder import encode_png
from cardgen.loading import load_deck
from tests.conftest import FALLING


def decoded(png: bytes) -> Image.Image:
    with Image.open(io.BytesIO(png)) as image:
        image.load()
        return image


def colour_type(png: bytes) -> int:
    """The IHDR colour type: 2 RGB, 3 palette."""
    assert png[12:16] == b"IHDR"
    return png[25]


def pillow_png(image: Image.Image, level: int) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=level)
    return buffer.getvalue()


@pytest.fixture(scope="module")
def falling_card(tmp_path_factory: pytest.TempPathFactory) -> Image.Image:
    """The Hit card of FALLING as the PNG export renders it (150 dpi, with bleed)."""
    folder: Path = tmp_path_factory.mktemp("card")
    export_png(load_deck(FALLING), folder, dpi=150, bleed=True, workers=1)
    return decoded((folder / "hit-1.png").read_bytes()).convert("RGB")


def photograph(size: tuple[int, int]) -> Image.Image:
    """A picture with a photograph's statistics: smooth gradients under fine, seeded noise."""
    width, height = size
    rng = random.Random(20)
    base = Image.linear_gradient("L").resize(size)
    red = Image.merge("RGB", (base, base.transpose(Image.Transpose.ROTATE_90).resize(size), Image.new("L", size, 90)))
    noise = Image.frombytes("RGB", size, bytes(rng.randrange(0, 24) for _ in range(width * height * 3)))
    blended = Image.blend(red, noise, 0.25).filter(ImageFilter.GaussianBlur(1.2))
    return Image.blend(blended, noise, 0.1)


def with_photograph(card: Image.Image) -> Image.Image:
    art = card.copy()
    art.paste(photograph((art.width * 3 // 4, art.height // 3)), (art.width // 8, art.height // 4))
    return art


def test_a_rendered_card_decodes_to_its_exact_pixels_and_is_smaller_than_pillows(falling_card: Image.Image) -> None:
    png = encode_png(falling_card, dpi=150)
    assert decoded(png).mode == "RGB"
    assert decoded(png).tobytes() == falling_card.tobytes()
    assert decoded(png).info["dpi"] == pytest.approx((150, 150), abs=0.05)  # whole dots per metre, as Pillow
    # the same zlib level as ours, and Pillow's fastest useful one: ours is smaller than either
    assert len(png) < 0.85 * len(pillow_png(falling_card, png_encoder.DEFLATE_LEVEL))
    assert len(png) < 0.85 * len(pillow_png(falling_card, 3))


def test_a_card_with_a_photograph_is_exact_and_no_larger_than_pillows(falling_card: Image.Image) -> None:
    art = with_photograph(falling_card)
    png = encode_png(art)
    assert decoded(png).tobytes() == art.tobytes()
    assert len(png) <= len(pillow_png(art, png_encoder.DEFLATE_LEVEL))


def test_a_photograph_alone_is_exact_and_no_larger_than_pillows() -> None:
    picture = photograph((300, 420))
    png = encode_png(picture)
    assert decoded(png).tobytes() == picture.tobytes()
    assert len(png) <= len(pillow_png(picture, png_encoder.DEFLATE_LEVEL))


def few_colours(count: int, size: tuple[int, int] = (821, 1121)) -> Image.Image:
    """An image of ``count`` colours: a background and 6 px squares, many of them near in colour."""
    image = Image.new("RGB", size, (250, 248, 240))
    draw = ImageDraw.Draw(image)
    for n in range(count - 1):
        x, y = (n % 32) * 6, (n // 32) * 6
        draw.rectangle((x, y, x + 5, y + 5), fill=(n, (n * 7) % 256, 255 - n))
    return image


@pytest.mark.parametrize("count", [2, 60, 256])
def test_an_image_of_at_most_256_colours_is_a_palette_png_with_the_same_pixels(count: int) -> None:
    image = few_colours(count)
    assert len(image.getcolors(1 << 16) or ()) == count
    png = encode_png(image, dpi=300)
    assert colour_type(png) == 3
    assert decoded(png).mode == "P"
    assert decoded(png).convert("RGB").tobytes() == image.tobytes()
    assert len(png) < len(pillow_png(image, png_encoder.DEFLATE_LEVEL))


def test_a_small_image_keeps_rgb_when_its_palette_would_cost_more_than_it_saves() -> None:
    pixels = bytes(channel for i in range(256) for channel in ((i % 16) * 16, (i // 16) * 16, 128))
    image = Image.frombytes("RGB", (16, 16), pixels)  # 256 colours far apart, one pixel each
    assert png_encoder.palette_image(image) is not None
    png = encode_png(image)
    assert colour_type(png) == 2
    assert decoded(png).tobytes() == image.tobytes()


def test_257_colours_stay_rgb() -> None:
    image = few_colours(257)
    png = encode_png(image)
    assert colour_type(png) == 2
    assert decoded(png).tobytes() == image.tobytes()


def test_near_colours_that_pillows_palette_lookup_would_merge_stay_exact() -> None:
    """Pillow maps RGB to a palette through a cache of 4 × 4 × 4 colour cells: (0,0,0) and (1,1,1)
    would become one colour. The file must still decode to both."""
    image = Image.new("RGB", (64, 64), (0, 0, 0))
    ImageDraw.Draw(image).rectangle((10, 10, 40, 40), fill=(1, 1, 1))
    png = encode_png(image)
    assert decoded(png).convert("RGB").tobytes() == image.tobytes()


def pillow_rows(image: Image.Image) -> bytes:
    """The whole image's scanlines as Pillow filters them (its stored, level 0 PNG, inflated)."""
    import zlib

    whole = io.BytesIO()
    image.save(whole, "PNG", compress_level=0)
    data, pos, idat = whole.getvalue(), 8, b""
    while pos < len(data):
        (length,) = struct.unpack_from(">I", data, pos)
        if data[pos + 4:pos + 8] == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    return zlib.decompress(idat)


def test_busy_rows_are_filtered_as_pillow_filters_them_in_the_whole_image_and_flat_rows_not_at_all(
        falling_card: Image.Image) -> None:
    """Each busy band's first row is filtered against the real row above it, as in the whole image."""
    art = with_photograph(falling_card)
    size, stride = art.size, art.width * 3 + 1
    scanlines = bytearray(png_encoder.unfiltered(art.tobytes(), art.width * 3, art.height))
    flat = png_encoder.flat_bands(png_encoder.scanline_rows(scanlines, size, 0, art.height, png_encoder.SAMPLE_EVERY))
    assert True in flat and False in flat
    filtered = png_encoder.filter_busy_bands(bytearray(scanlines), size, flat)
    whole = pillow_rows(art)
    band_rows = png_encoder.BAND_ROWS * stride
    for band, is_flat in enumerate(flat):
        rows = slice(band * band_rows, (band + 1) * band_rows)
        assert filtered[rows] == (scanlines[rows] if is_flat else whole[rows]), band


def test_the_sample_holds_every_fourth_row(falling_card: Image.Image) -> None:
    scanlines = bytearray(png_encoder.unfiltered(falling_card.tobytes(), falling_card.width * 3, falling_card.height))
    sample = png_encoder.scanline_rows(scanlines, falling_card.size, 0, falling_card.height, 4)
    assert sample.height == -(-falling_card.height // 4)
    for y in (0, 1, sample.height // 2, sample.height - 1):
        assert sample.crop((0, y, sample.width, y + 1)).tobytes() == \
            falling_card.crop((0, 4 * y, falling_card.width, 4 * y + 1)).tobytes()


def test_the_same_pixels_give_the_same_bytes(falling_card: Image.Image) -> None:
    art = with_photograph(falling_card)
    assert encode_png(art, dpi=300) == encode_png(art.copy(), dpi=300)


def test_every_chunk_has_a_valid_crc(falling_card: Image.Image) -> None:
    import zlib

    png = encode_png(with_photograph(falling_card), dpi=300)
    pos, kinds = 8, []
    while pos < len(png):
        (length,) = struct.unpack_from(">I", png, pos)
        kind, data = png[pos + 4:pos + 8], png[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack_from(">I", png, pos + 8 + length)
        assert crc == zlib.crc32(kind + data), kind
        kinds.append(kind)
        pos += 12 + length
    assert kinds == [b"IHDR", b"pHYs", b"IDAT", b"IEND"]

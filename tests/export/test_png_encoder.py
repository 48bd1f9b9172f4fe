"""The fast RGB PNG encoder: lossless, deterministic, read back as Pillow would write it."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageDraw

from cardgen.export.png_encoder import encode_rgb_png


def card_like(size: tuple[int, int]) -> Image.Image:
    """Flat fills, stripes, anti-aliased shapes and noise: what card images hold."""
    image = Image.new("RGB", size, "#fbf8f1")
    draw = ImageDraw.Draw(image)
    w, h = size
    draw.rectangle((0, 0, w, h // 5), fill="#1f5fbf")
    for x in range(-h, w, 7):
        draw.line((x, h // 5, x + h // 5, 0), fill="#174a96", width=3)
    draw.ellipse((w // 4, h // 3, 3 * w // 4, 2 * h // 3), fill="#e23b3b", outline="#14213d", width=2)
    rng = random.Random(7)
    for _ in range(200):
        image.putpixel((rng.randrange(w), rng.randrange(h)), tuple(rng.randrange(256) for _ in range(3)))
    return image


@pytest.mark.parametrize("size", [(1, 1), (1, 9), (9, 1), (83, 112), (821, 1121)])
def test_decoded_pixels_are_the_image_pixels(size: tuple[int, int]) -> None:
    image = card_like(size)
    data = encode_rgb_png(image, level=3, dpi=300)
    with Image.open(io.BytesIO(data)) as png:
        png.load()
        assert png.format == "PNG" and png.mode == "RGB" and png.size == size
        assert png.tobytes() == image.tobytes()
        assert png.info["dpi"] == pytest.approx((300, 300), abs=0.05)


def test_same_pixels_give_the_same_bytes_and_no_dpi_means_no_phys_chunk() -> None:
    image = card_like((120, 160))
    assert encode_rgb_png(image, level=3) == encode_rgb_png(image.copy(), level=3)
    assert b"pHYs" not in encode_rgb_png(image, level=3)
    with Image.open(io.BytesIO(encode_rgb_png(image, level=3))) as png:
        assert "dpi" not in png.info


def test_size_stays_near_pillows_at_the_same_zlib_level() -> None:
    image = card_like((821, 1121))
    ours = len(encode_rgb_png(image, level=3))
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=3)
    assert ours <= 1.1 * len(buffer.getvalue())


def test_only_rgb_images_are_accepted() -> None:
    with pytest.raises(ValueError, match="RGB"):
        encode_rgb_png(Image.new("RGBA", (4, 4)), level=3)

"""The print colour path: vectors, neutrals on black ink, images, and user profiles refused clearly."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from cardgen.color.cmyk import CmykConverter, hex_rgb, print_condition
from cardgen.errors import CardgenError
from cardgen.loading import load_deck
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def dtc() -> CmykConverter:
    return CmykConverter(print_condition(None, 240))


def test_neutral_text_and_strokes_are_black_ink_only(dtc: CmykConverter) -> None:
    for colour in ("#000000", "#1b1b1b", "#808080", "#f0f0f0"):
        for role in ("text", "stroke"):
            c, m, y, k = dtc.vector(hex_rgb(colour), role)
            assert c == m == y == 0 and k > 0
    assert dtc.vector(hex_rgb("#000000"), "text") == (0, 0, 0, 1)
    assert dtc.vector(hex_rgb("#ffffff"), "text") == (0, 0, 0, 0)


def test_black_fills_are_rich_black_within_the_limit(dtc: CmykConverter) -> None:
    c, m, y, k = dtc.vector(hex_rgb("#000000"), "fill")
    assert k == 1 and min(c, m, y) > 0.3
    assert c + m + y + k <= 2.40


def test_grey_on_black_ink_keeps_the_lightness(dtc: CmykConverter) -> None:
    ink = dtc.vector(hex_rgb("#808080"), "fill")
    assert abs(dtc.ink_lab(ink)[0] - dtc.lab(hex_rgb("#808080"))[0]) < 2


@pytest.mark.parametrize("deck", ["falling", "fall-damage", "falling-off"])
def test_every_type_colour_of_the_shipped_decks_is_within_240_percent(dtc: CmykConverter, deck: str) -> None:
    spec = load_deck(ROOT / "decks" / deck)
    colours = {t.color for t in spec.types.values()}
    assert colours
    for colour in colours:
        for role in ("fill", "stroke", "text"):
            assert sum(dtc.vector(hex_rgb(colour), role)) <= 2.40 + 1e-6, (colour, role)


def test_images_become_cmyk_within_the_limit(dtc: CmykConverter) -> None:
    image = Image.new("RGB", (64, 64))
    image.putdata([(x * 4, y * 4, (x * y) % 256) for y in range(64) for x in range(64)])
    cmyk = dtc.image(image)
    assert cmyk.mode == "CMYK" and cmyk.size == (64, 64)
    assert max(sum(cmyk.getpixel((x, y))) for x in range(64) for y in range(64)) <= 240 * 255 / 100 + 1


def test_a_user_profile_must_be_a_cmyk_output_profile(tmp_path: Path) -> None:
    with pytest.raises(CardgenError) as missing:
        print_condition(str(tmp_path / "press.icc"))
    assert "no such profile" in missing.value.format() and "swop" in (missing.value.hint or "")
    (tmp_path / "junk.icc").write_bytes(b"not a profile")
    with pytest.raises(CardgenError, match="not an ICC profile"):
        print_condition(str(tmp_path / "junk.icc"))
    from PIL import ImageCms
    (tmp_path / "srgb.icc").write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    with pytest.raises(CardgenError, match="needs a CMYK output"):
        print_condition(str(tmp_path / "srgb.icc"))


def test_a_bundled_cmyk_profile_file_is_accepted_as_a_user_profile() -> None:
    path = ROOT / "cardgen" / "color" / "profiles" / "cardgen-CGATS001-TAC300.icc"
    condition = print_condition(str(path), 300)
    assert not condition.bundled and condition.output_condition_identifier.startswith("cardgen CGATS")


def test_a_user_profile_with_a_lower_limit_still_keeps_images_within_it() -> None:
    path = ROOT / "cardgen" / "color" / "profiles" / "cardgen-CGATS001-TAC300.icc"
    converter = CmykConverter(print_condition(str(path), 220))
    image = Image.new("RGB", (64, 64))
    image.putdata([(x * 4, y * 4, (x * y) % 256) for y in range(64) for x in range(64)])
    cmyk = converter.image(image)
    worst = max(sum(cmyk.getpixel((x, y))) for x in range(64) for y in range(64)) / 255 * 100
    assert 200 < worst <= 220
    assert sum(converter.vector(hex_rgb("#000000"), "fill")) <= 2.2 + 1e-6

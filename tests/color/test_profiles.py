"""The bundled CMYK output profiles: licence recorded, CGATS TR 001 kept, ink limit built in."""

from __future__ import annotations

import struct

import pytest
from PIL import Image, ImageCms

from cardgen.color.build_profiles import PROFILES, SOURCE, build, profile_name
from cardgen.color.separation import ForwardModel, delta_e, gcr_ink, separate


def _tags(data: bytes) -> dict[bytes, bytes]:
    count = struct.unpack(">I", data[128:132])[0]
    out = {}
    for i in range(count):
        sig, offset, size = struct.unpack(">4sII", data[132 + 12 * i:144 + 12 * i])
        out[sig] = data[offset:offset + size]
    return out


def test_the_source_profile_is_cc0_and_its_origin_is_recorded() -> None:
    readme = (PROFILES / "README.md").read_text()
    assert "CC0 1.0" in readme and "saucecontrol/Compact-ICC-Profiles" in readme
    assert "CC0 1.0 Universal" in (PROFILES / "LICENSE-CC0.txt").read_text()
    assert "73e1ba37d2bad5bab2a964f40a9eed96209666efc067c3322626214bbef234a0" in readme


@pytest.mark.parametrize("limit", [240, 300])
def test_bundled_profiles_are_cmyk_output_profiles_with_the_cgats_characterization(limit: int) -> None:
    data = (PROFILES / profile_name(limit)).read_bytes()
    assert len(data) < 300_000
    assert data[12:20] == b"prtrCMYK" and data[20:24] == b"Lab "
    tags = _tags(data)
    assert tags[b"A2B0"] == _tags(SOURCE.read_bytes())[b"A2B0"]
    assert {b"B2A0", b"B2A1", b"B2A2", b"gamt", b"desc", b"cprt", b"wtpt"} <= set(tags)
    profile = ImageCms.getOpenProfile(str(PROFILES / profile_name(limit)))
    assert profile.profile.device_class == "prtr" and f"TAC {limit}%" in profile.profile.profile_description


@pytest.mark.parametrize("limit", [240, 300])
def test_no_srgb_colour_separates_above_the_ink_limit(limit: int) -> None:
    srgb = ImageCms.createProfile("sRGB")
    transform = ImageCms.buildTransform(srgb, ImageCms.getOpenProfile(str(PROFILES / profile_name(limit))),
                                        "RGB", "CMYK")
    cube = Image.frombytes("RGB", (4096, 8), bytes(
        v for r in range(0, 256, 8) for g in range(0, 256, 8) for b in range(0, 256, 8) for v in (r, g, b)) * 8)
    cmyk = transform.apply(cube)
    worst = max(sum(cmyk.getpixel((x, 0))) for x in range(4096)) / 255 * 100
    assert limit - 25 < worst <= limit  # the limit is reached (dark colours) but never passed


def test_in_gamut_colours_separate_within_one_delta_e_and_black_gets_grey_replacement() -> None:
    model = ForwardModel.from_profile(SOURCE.read_bytes())
    for target in [(50.0, 0.0, 0.0), (53.0, 66.0, 45.0), (90.0, -10.0, 80.0), (62.0, -40.0, -45.0)]:
        ink, error = separate(model, target, (0.5, 0.5, 0.5), 2.39)
        assert error < 1.0, (target, ink)
        assert delta_e(model.lab(ink), target) < 1.0
    c, m, y, k = gcr_ink((1, 1, 1), 2.39)
    assert k == 1 and c == m == y and c + m + y + k <= 2.39 + 1e-9


def test_the_build_is_deterministic_and_loads_in_littlecms(tmp_path) -> None:
    model = ForwardModel.from_profile(SOURCE.read_bytes())
    first, second = build(240, model, grid=5), build(240, model, grid=5)
    assert first == second
    (tmp_path / "small.icc").write_bytes(first)
    transform = ImageCms.buildTransform(ImageCms.createProfile("sRGB"),
                                        ImageCms.getOpenProfile(str(tmp_path / "small.icc")), "RGB", "CMYK")
    assert transform.apply(Image.new("RGB", (1, 1), (255, 255, 255))).getpixel((0, 0)) == (0, 0, 0, 0)

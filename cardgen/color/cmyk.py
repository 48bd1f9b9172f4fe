"""The print colour path: deck RGB → CMYK through an ICC output profile with LittleCMS.

A :class:`PrintCondition` names the profile, the ink limit and what a PDF/X output intent
says about it. :class:`CmykConverter` turns sRGB colours into CMYK for vectors (neutral greys on
black ink alone, so text and hairlines never need registration; rich black only for dark neutral
fills) and RGB images into CMYK images, and back to sRGB for the soft proof. Every colour it
returns has total ink ≤ the condition's limit.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from PIL import Image, ImageCms, ImageMath

from cardgen.color import DEFAULT_INK_LIMIT  # noqa: F401  (re-exported: the print condition's default)
from cardgen.errors import CardgenError

PROFILES = Path(__file__).parent / "profiles"
Rgb = tuple[float, float, float]
Ink = tuple[float, float, float, float]
Lab = tuple[float, float, float]

NEUTRAL_TOLERANCE = 3 / 255
"""An RGB colour whose channels differ by no more than this is a neutral grey (printed on K alone)."""
RICH_BLACK_BELOW = 0.12
"""Neutral fills darker than this (0 = black) are printed as rich black; text and strokes never are."""


@dataclass(frozen=True)
class PrintCondition:
    """An output profile and what a PDF/X ``/OutputIntents`` entry says about it."""

    name: str
    profile: Path
    ink_limit: int
    output_condition_identifier: str
    output_condition: str
    registry_name: str = "http://www.color.org"
    bundled: bool = True

    @cached_property
    def profile_bytes(self) -> bytes:
        return self.profile.read_bytes()

    @property
    def info(self) -> str:
        return f"{self.output_condition}, total ink limit {self.ink_limit}%"


BUNDLED = {
    "swop": "CGATS TR 001 (SWOP): the North American publication web offset condition; the profile bundled "
            "with cardgen (CC0)",
}


def bundled_profile(ink_limit: int) -> Path:
    """The bundled profile whose separation is closest to, and not above, ``ink_limit``."""
    return PROFILES / ("cardgen-CGATS001-TAC240.icc" if ink_limit < 300 else "cardgen-CGATS001-TAC300.icc")


def print_condition(profile: str | None = None, ink_limit: int = DEFAULT_INK_LIMIT) -> PrintCondition:
    """``profile`` is ``swop`` (the default, bundled) or the path of a CMYK output ``.icc`` file."""
    if not 100 <= ink_limit <= 400:
        raise CardgenError(f"ink limit {ink_limit}% is outside 100…400%", field="--ink-limit")
    if profile in (None, "swop"):
        return PrintCondition("swop", bundled_profile(ink_limit), ink_limit, "CGATS TR 001",
                              "SWOP (Publication) printing in USA; CGATS TR 001-1995")
    path = Path(profile)
    if not path.is_file():
        raise CardgenError(f"no such profile: {profile}", field="--profile",
                           hint="use 'swop' (bundled) or the path of a CMYK output profile (.icc) from your printer")
    try:
        opened = ImageCms.getOpenProfile(str(path))
    except (OSError, ImageCms.PyCMSError) as error:
        raise CardgenError(f"not an ICC profile: {error}", path=path, field="--profile") from None
    info = opened.profile
    if info.xcolor_space.strip() != "CMYK" or info.device_class != "prtr":
        raise CardgenError(f"a {info.device_class} profile for {info.xcolor_space.strip()}; PDF/X needs a CMYK "
                           "output (prtr) profile", path=path, field="--profile",
                           hint="ask the printer for the ICC profile of its press, or use 'swop'")
    description = (info.profile_description or path.stem).strip()
    return PrintCondition(path.stem, path, ink_limit, description, description, registry_name="", bundled=False)


def _open(condition: PrintCondition) -> ImageCms.ImageCmsProfile:
    return ImageCms.ImageCmsProfile(io.BytesIO(condition.profile_bytes))


class CmykConverter:
    """sRGB ↔ CMYK for one print condition, cached per colour."""

    def __init__(self, condition: PrintCondition) -> None:
        self.condition = condition
        self.limit = condition.ink_limit / 100
        srgb = ImageCms.createProfile("sRGB")
        lab = ImageCms.createProfile("LAB")
        cmyk = _open(condition)
        intent = ImageCms.Intent.RELATIVE_COLORIMETRIC
        self._to_cmyk = ImageCms.buildTransform(srgb, cmyk, "RGB", "CMYK", intent)
        self._to_rgb = ImageCms.buildTransform(cmyk, srgb, "CMYK", "RGB", intent)
        self._rgb_lab = ImageCms.buildTransform(srgb, lab, "RGB", "LAB", intent)
        self._cmyk_lab = ImageCms.buildTransform(cmyk, lab, "CMYK", "LAB", intent)
        self._vector: dict[tuple[Rgb, str], Ink] = {}
        ramp = Image.frombytes("CMYK", (256, 1), b"".join(bytes((0, 0, 0, k)) for k in range(256)))
        self._k_lightness = list(self._cmyk_lab.apply(ramp).getchannel("L").tobytes())

    def limit_ink(self, ink: Ink) -> Ink:
        """Take C, M and Y down together until the total is within the limit (K is kept)."""
        c, m, y, k = ink
        colour = c + m + y
        if colour + k <= self.limit + 1e-9 or colour == 0:
            return ink
        scale = max(0.0, self.limit - k) / colour
        return c * scale, m * scale, y * scale, k

    def _profile_ink(self, rgb: Rgb) -> Ink:
        px = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in rgb))
        out = self._to_cmyk.apply(px).getpixel((0, 0))
        return tuple(v / 255 for v in out)  # type: ignore[return-value]

    def _k_only(self, rgb: Rgb) -> Ink:
        """The black-ink tint as light as the grey (sRGB grey → same L*)."""
        L = self.lab(rgb)[0] * 255 / 100
        ramp = self._k_lightness  # falling from paper white to solid black
        if L >= ramp[0]:
            return 0.0, 0.0, 0.0, 0.0
        for k in range(1, 256):
            if ramp[k] <= L:
                span = ramp[k - 1] - ramp[k]
                f = (ramp[k - 1] - L) / span if span else 1.0
                return 0.0, 0.0, 0.0, round((k - 1 + f) / 255, 4)
        return 0.0, 0.0, 0.0, 1.0

    def vector(self, rgb: Rgb, role: str = "fill") -> Ink:
        """The ink of a vector colour; ``role`` is ``fill``, ``stroke`` or ``text``."""
        key = (rgb, role)
        ink = self._vector.get(key)
        if ink is None:
            neutral = max(rgb) - min(rgb) <= NEUTRAL_TOLERANCE
            if neutral and not (role == "fill" and max(rgb) < RICH_BLACK_BELOW):
                ink = self._k_only(rgb)
            else:
                ink = self.limit_ink(self._profile_ink(rgb))
            ink = tuple(round(v, 4) for v in ink)  # type: ignore[assignment]
            self._vector[key] = ink
        return ink

    def image(self, image: Image.Image) -> Image.Image:
        """An RGB (or grey) image → CMYK through the profile, C, M and Y reduced where ink passes the limit.

        The bundled profiles never pass their limit; a user's profile may have another (or none).
        """
        if image.mode != "RGB":
            image = image.convert("RGB")
        cmyk = self._to_cmyk.apply(image)
        if self.condition.bundled and self.condition.ink_limit in (240, 300):
            return cmyk
        return limit_image_ink(cmyk, self.condition.ink_limit)

    def proof(self, image: Image.Image) -> Image.Image:
        """A CMYK image → the sRGB image it should print as (soft proof)."""
        return self._to_rgb.apply(image)

    def lab(self, rgb: Rgb) -> Lab:
        px = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in rgb))
        return _lab_pixel(self._rgb_lab.apply(px).getpixel((0, 0)))

    def ink_lab(self, ink: Ink) -> Lab:
        px = Image.new("CMYK", (1, 1), tuple(round(v * 255) for v in ink))
        return _lab_pixel(self._cmyk_lab.apply(px).getpixel((0, 0)))


def limit_image_ink(image: Image.Image, ink_limit: int) -> Image.Image:
    """Scale C, M and Y of every pixel whose total ink passes ``ink_limit`` percent (K kept)."""
    c, m, y, k = (band.convert("F") for band in image.split())
    cap = ink_limit * 255 / 100 - 0.5  # below the limit after rounding to 8 bits

    def scaled(a: dict) -> object:
        colour = a["c"] + a["m"] + a["y"]
        room = a["max"](a["min"](cap - a["k"], colour), 0.0)  # the ink C, M and Y may use
        return a["band"] * room / a["max"](colour, 0.001)

    bands = [ImageMath.lambda_eval(scaled, band=band, c=c, m=m, y=y, k=k).convert("L") for band in (c, m, y)]
    return Image.merge("CMYK", (*bands, k.convert("L")))


def _lab_pixel(px: tuple[int, int, int]) -> Lab:
    """Pillow's 8-bit LAB pixel (a and b offset by 128) → Lab."""
    L, a, b = px
    return L * 100 / 255, a - 128, b - 128


def hex_rgb(color: str) -> Rgb:
    value = color.lstrip("#")
    return int(value[0:2], 16) / 255, int(value[2:4], 16) / 255, int(value[4:6], 16) / 255

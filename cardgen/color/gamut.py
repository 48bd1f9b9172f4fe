"""How far a deck's key colours move when printed: ΔE between the design and its CMYK separation."""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.color.cmyk import CmykConverter, hex_rgb
from cardgen.color.separation import delta_e

SHIFT_WARNING = 10.0
"""ΔE (CIE76) above which a key colour visibly changes in print."""


@dataclass(frozen=True)
class ColourShift:
    name: str
    """What the colour is, e.g. ``type rider``."""
    design: str
    printed: str
    """The sRGB hex the printed ink looks like (soft proof)."""
    delta_e: float

    def note(self, condition: str) -> str:
        return (f"{self.name} colour {self.design} prints as about {self.printed} in {condition} "
                f"(ΔE {self.delta_e:.0f} > {SHIFT_WARNING:g}): choose a colour nearer {self.printed} to see "
                "on screen what the press will give")


def printed_hex(converter: CmykConverter, ink: tuple[float, float, float, float]) -> str:
    from PIL import Image

    px = Image.new("CMYK", (1, 1), tuple(round(v * 255) for v in ink))
    r, g, b = converter.proof(px).getpixel((0, 0))
    return f"#{r:02x}{g:02x}{b:02x}"


def colour_shift(converter: CmykConverter, name: str, colour: str) -> ColourShift:
    rgb = hex_rgb(colour)
    ink = converter.vector(rgb, "fill")
    return ColourShift(name, colour.lower(), printed_hex(converter, ink), delta_e(converter.lab(rgb),
                                                                               converter.ink_lab(ink)))


def key_colour_shifts(types: dict[str, str], converter: CmykConverter) -> list[ColourShift]:
    """The shift of every type's key colour (``types``: type key → hex), worst first."""
    shifts = [colour_shift(converter, f"type {key}", colour) for key, colour in sorted(types.items())]
    return sorted(shifts, key=lambda s: -s.delta_e)

"""Card and paper size presets, in points."""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.layout.units import INCH, MM


@dataclass(frozen=True)
class Size:
    """A width and a height in points (a card or a sheet of paper)."""

    width_pt: float
    height_pt: float

    @property
    def landscape(self) -> "Size":
        return Size(max(self.width_pt, self.height_pt), min(self.width_pt, self.height_pt))


CARD_SIZES: dict[str, Size] = {
    "poker": Size(63.5 * MM, 88.9 * MM),
    "bridge": Size(57.2 * MM, 88.9 * MM),
    "mini": Size(44 * MM, 63 * MM),
    "tarot": Size(70 * MM, 120 * MM),
    "square": Size(70 * MM, 70 * MM),
}

PAPER_SIZES: dict[str, Size] = {
    "a4": Size(210 * MM, 297 * MM),
    "letter": Size(8.5 * INCH, 11 * INCH),
    "a3": Size(297 * MM, 420 * MM),
    "legal": Size(8.5 * INCH, 14 * INCH),
}

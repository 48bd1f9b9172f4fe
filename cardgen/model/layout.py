"""Card layouts: named elements placed in boxes on the card (Squib-style, with ``extends``)."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from cardgen.layout.units import MM, UnitError, parse_length

STAT_FORMATS = ("number", "push")
MAX_FONT_PT = 144.0
"""Largest font size in a layout (two inches): more is a typo, and would make text fitting crawl."""
MAX_PERCENT = 1000.0
MAX_OFFSET_PT = 1000 * MM
"""Box positions and sizes beyond these are far outside any card: refused when the layout loads."""
_STAT_ENTRY = re.compile(r"^[a-z0-9_-]+(:(number|push))?$")


class ElementSpec(BaseModel):
    """One named element of a layout. Boxes are measured from the card's top-left trim corner.

    Positions accept lengths (``4mm``) or percentages of the card (``50%``).
    """

    model_config = ConfigDict(extra="forbid")

    kind: str = Field(description="fill, pattern, frame, text, icon, symbol, art, rule, back-motif, or a kind "
                      "registered with cardgen.render.card_renderer.element_kind (stat-block, health-track …); "
                      "checked when the layout is loaded.")
    x: str | int = "0"
    y: str | int = "0"
    width: str | int = "100%"
    height: str | int = "100%"
    field: str | None = Field(None, description="For text: name, text, type, credit, title, version, stats.<key>, "
                              "labels.<id>, back.text.")
    fields: list[str] | None = Field(None, description="For elements showing several stats (stat-block): their keys, "
                                     "each optionally with a format: 'move', 'push:push' (number is the default).")
    columns: int | None = Field(None, ge=1, le=40, description="For grids (stat-block, health-track): items per row.")
    font: str = Field("body", description="display, display-regular, body, body-bold, body-italic, black, or a "
                      "name from the deck's fonts: section; checked when the deck's layouts are loaded.")
    size: str = "9pt"
    min_size: str | None = Field(None, description="Shrink text down to this size to fit its box.")
    leading: float = Field(1.2, ge=0.5, le=5.0)
    align: Literal["left", "center", "right"] = "left"
    valign: Literal["top", "middle", "bottom"] = "top"
    color: str = Field("#000000", description="A colour, or 'type' / 'type-text' / 'type-light' / 'type-dark'.")
    stroke: str | None = None
    stroke_width: str = "0.5pt"
    radius: str | int = "0"
    bleed: bool = Field(False, description="Extend into the bleed on the sides where the box touches the trim edge.")
    opacity: float = Field(1.0, ge=0.0, le=1.0)
    upper: bool = False
    rotate: int = 0

    @field_validator("x", "y", "width", "height")
    @classmethod
    def _box_length(cls, value: str | int, info: ValidationInfo) -> str | int:
        negative = info.field_name in ("x", "y")
        try:
            points = parse_length(value, relative_to=100.0, allow_negative=negative)
        except UnitError as exc:
            raise ValueError(str(exc)) from None
        percent = isinstance(value, str) and value.strip().endswith("%")
        if abs(points) > (MAX_PERCENT if percent else MAX_OFFSET_PT):
            raise ValueError(f"'{value}' is far outside the card: at most {MAX_PERCENT:g}% or 1000mm")
        return value

    @field_validator("size", "min_size")
    @classmethod
    def _font_size(cls, value: str | None) -> str | None:
        if value is None:
            return value
        try:
            points = parse_length(value)
        except UnitError as exc:
            raise ValueError(str(exc)) from None
        if not 1.0 <= points <= MAX_FONT_PT:
            raise ValueError(f"a font size of '{value}' is not between 1pt and {MAX_FONT_PT:g}pt")
        return value

    @field_validator("stroke_width", "radius")
    @classmethod
    def _small_length(cls, value: str | int) -> str | int:
        try:
            points = parse_length(value)
        except UnitError as exc:
            raise ValueError(str(exc)) from None
        if points > MAX_OFFSET_PT:
            raise ValueError(f"'{value}' is larger than the card could use")
        return value

    @field_validator("fields")
    @classmethod
    def _stat_entries(cls, value: list[str] | None) -> list[str] | None:
        for entry in value or []:
            if not _STAT_ENTRY.match(entry):
                raise ValueError(f"'{entry}' is not a stat key: write e.g. move, or push:push "
                                 f"(formats: {', '.join(STAT_FORMATS)})")
        return value


class LayoutSpec(BaseModel):
    """A resolved layout: its elements in drawing order."""

    model_config = ConfigDict(extra="forbid")

    name: str
    description: str | None = None
    elements: dict[str, ElementSpec]

"""Card layouts: named elements placed in boxes on the card (Squib-style, with ``extends``)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class ElementSpec(BaseModel):
    """One named element of a layout. Boxes are measured from the card's top-left trim corner.

    Positions accept lengths (``4mm``) or percentages of the card (``50%``).
    """

    model_config = ConfigDict(extra="forbid")

    kind: Literal["fill", "pattern", "frame", "text", "icon", "symbol", "art", "rule", "back-motif"]
    x: str | int = "0"
    y: str | int = "0"
    width: str | int = "100%"
    height: str | int = "100%"
    field: str | None = Field(None, description="For text: name, text, type, credit, title, version, stats.<key>, back.text.")
    font: Literal["display", "display-regular", "body", "body-bold", "body-italic", "black"] = "body"
    size: str = "9pt"
    min_size: str | None = Field(None, description="Shrink text down to this size to fit its box.")
    leading: float = 1.2
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


class LayoutSpec(BaseModel):
    """A resolved layout: its elements in drawing order."""

    model_config = ConfigDict(extra="forbid")

    name: str
    description: str | None = None
    elements: dict[str, ElementSpec]

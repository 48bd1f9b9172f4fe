"""Deck-level themes (``themes:`` in deck.yaml): how cards are coloured and inked for one printing.

A theme named like a built-in one (``ink-saver``) overrides it for this deck; any other name is
a new theme that starts from ``base`` (``default`` unless given).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from cardgen.model.fields import Colour, Ident

BUILTIN_THEMES = ("default", "ink-saver")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ThemeTypeSpec(_Strict):
    """A card type's colours under this theme."""

    color: Colour | None = None
    text_color: Colour | None = None


class ThemeBackSpec(_Strict):
    """The card back's colours under this theme."""

    color: Colour | None = None
    accent: Colour | None = None


class ThemeSpec(_Strict):
    """One theme of a deck. Fields left out keep the values of the theme it starts from."""

    base: Literal["default", "ink-saver"] | None = Field(
        None, description="The built-in theme this one starts from (default: the built-in theme of the same name, "
        "else 'default').")
    fills: Literal["solid", "tint"] | None = Field(
        None, description="solid: filled areas as designed; tint: dark fills become light tints with an outline "
        "(ink-saver).")
    tint: float | None = Field(None, ge=0.5, le=1.0, description="How close tinted fills come to white (ink-saver: 0.9).")
    bleed: bool | None = Field(None, description="Whether fills, patterns and art run into the bleed (ink-saver: no).")
    types: dict[Ident, ThemeTypeSpec] = Field(default_factory=dict, description="Per-type colour overrides.")
    back: ThemeBackSpec | None = Field(None, description="Colour overrides for the card back.")


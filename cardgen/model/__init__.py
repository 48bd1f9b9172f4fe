"""Validated, typed specs (pydantic v2) for deck files and layouts."""

from cardgen.model.deck import CardSpec, CardTypeSpec, DeckSpec, PrintSpec, TeachingStageSpec

__all__ = ["CardSpec", "CardTypeSpec", "DeckSpec", "PrintSpec", "TeachingStageSpec"]

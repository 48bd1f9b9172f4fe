"""Small helpers shared by the extra element kinds."""

from __future__ import annotations

from cardgen.model.deck import CardSpec
from cardgen.model.layout import ElementSpec
from cardgen.model.stat_values import StatValueError
from cardgen.render.element_kit import StatProblem


def stat_key(element: ElementSpec, default: str) -> str:
    """The stat an element shows: ``field: stats.<key>`` (or ``default``)."""
    field = element.field or f"stats.{default}"
    return field[len("stats."):] if field.startswith("stats.") else field


def missing(card: CardSpec, key: str, element_kind: str) -> StatProblem:
    return StatProblem(card.id, ("stats", key), f"missing stat '{key}'",
                       f"the {element_kind} of this card's layout shows it; add {key}: … under stats")


def problem(card: CardSpec, key: str, error: StatValueError) -> StatProblem:
    return StatProblem(card.id, ("stats", key), error.message, error.hint)

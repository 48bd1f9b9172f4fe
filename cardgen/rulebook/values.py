"""Jinja2 values a rulebook may use, rendered in a sandbox one unit at a time.

A unit such as ``The deck holds {{ total }} cards, {{ count.ground }} of them Grounds.`` is
translated first (the translator keeps the ``{{ … }}`` as they are), then rendered. Values:

- ``title``, ``designer``, ``publisher``, ``version`` — from the deck (title translated);
- ``total`` — cards in the deck; ``distinct`` — different cards;
- ``count.<card id>`` — copies of a card; ``name.<card id>`` — its name in the book's language;
- ``types.<type id>.label`` and ``types.<type id>.count`` — a type's name and how many cards.

The sandbox refuses attribute tricks (``__class__`` …) and work without end (see
:mod:`cardgen.templating`); unknown names are errors at file:line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import TemplateError, TemplateSyntaxError
from jinja2.sandbox import SecurityError

from cardgen.errors import DeckError, I18nError
from cardgen.model.deck import DeckSpec
from cardgen.render.card_renderer import Translate
from cardgen.templating import TemplateLimitError, render_limited


def book_values(deck: DeckSpec, translate: Translate) -> dict[str, Any]:
    """The names a rulebook's ``{{ … }}`` can use."""
    type_counts: dict[str, int] = {key: 0 for key in deck.types}
    for card in deck.cards:
        type_counts[card.type] = type_counts.get(card.type, 0) + card.count
    return {
        "title": translate("deck:title", deck.title),
        "designer": deck.designer,
        "publisher": deck.publisher or "",
        "version": deck.version,
        "total": deck.total_cards,
        "distinct": len(deck.cards),
        "count": {card.id: card.count for card in deck.cards},
        "name": {card.id: translate(f"card:{card.id}.name", card.name) for card in deck.cards},
        "types": {key: {"label": translate(f"type:{key}.label", kind.label), "count": type_counts[key]}
                  for key, kind in deck.types.items()},
    }


def render_unit(text: str, values: dict[str, Any], *, path: Path | str, line: int | None, context: str,
                translated: bool) -> str:
    """``text`` with its Jinja values filled in (text without ``{{``/``{%`` is returned as is)."""
    if "{{" not in text and "{%" not in text:
        return text
    error_class = I18nError if translated else DeckError
    try:
        return render_limited(text, values)
    except TemplateLimitError as exc:
        raise error_class(f"too much work for a rulebook value: {exc}", path=path, line=line, field=context,
                          hint="values are meant for numbers and names from the deck, not for computing") from None
    except TemplateSyntaxError as exc:
        hint = ("values are written {{ name }}; keep them exactly as in the English" if translated
                else "values are written {{ name }}, with both pairs of braces")
        raise error_class(f"template error: {exc.message}", path=path, line=line, field=context, hint=hint) from None
    except SecurityError as exc:
        raise error_class(f"not allowed in a rulebook: {exc}", path=path, line=line, field=context) from None
    except TemplateError as exc:
        missing = _missing_entry(text, str(exc), values)
        if missing is not None:
            raise error_class(f"template error: {missing[0]}", path=path, line=line, field=context,
                              hint=missing[1]) from None
        known = ", ".join(sorted(values))
        raise error_class(f"template error: {exc}", path=path, line=line, field=context,
                          hint=f"values you can use: {known}") from None


def _missing_entry(text: str, message: str, values: dict[str, Any]) -> tuple[str, str] | None:
    """``count.grond`` → ("count has no 'grond'", "did you mean count.ground?"), for Jinja's "'dict object' has
    no attribute 'grond'", which names neither the value nor what it holds."""
    import difflib
    import re

    found = re.fullmatch(r"'dict object' has no attribute '(.+)'", message)
    if found is None:
        return None
    key = found.group(1)
    for name, value in values.items():
        if isinstance(value, dict) and re.search(rf"\b{re.escape(name)}\s*(?:\.\s*{re.escape(key)}\b|\[\s*['\"]"
                                                 rf"{re.escape(key)}['\"]\s*\])", text):
            keys = [str(k) for k in value]
            close = difflib.get_close_matches(key, keys, n=1)
            hint = f"did you mean {name}.{close[0]}?" if close else f"{name}: {', '.join(sorted(keys))}"
            return f"{name} has no '{key}'", hint
    return None

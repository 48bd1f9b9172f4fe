"""Counted strings: an English pair (singular, plural) and as many forms as the language has.

A string that holds a count ("{count} cards dealt") is a gettext plural entry: ``msgid`` the
English singular, ``msgid_plural`` the English plural, and one ``msgstr[i]`` for each form of the
language. Which form a number takes is the catalog header's ``Plural-Forms`` expression (French
``plural=(n > 1)``: 0 and 1 take the singular), evaluated by gettext's own parser; Babel writes the
right header for each language a catalog is started for, so a new language needs no code.

This module loads neither Babel nor polib: drawing code imports it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Protocol

Translate = Callable[[str, str], str]
PluralRule = Callable[[int], int]
"""A number → the index of its form (``msgstr[i]``)."""


def english_form(singular: str, plural: str, n: int) -> str:
    """English (the source language): the singular for 1 only ("0 cards", "1 card", "2 cards")."""
    return singular if n == 1 else plural


def english_rule(n: int) -> int:
    """English's plural rule as an index (``plural=(n != 1)``): 0 for the singular, 1 for the plural."""
    return int(n != 1)


def npgettext(translate: Translate, context: str, singular: str, plural: str, n: int) -> str:
    """The form of a counted string for ``n`` in ``translate``'s language (the placeholders not filled).

    A translator made from a catalog (:func:`cardgen.i18n.translator.load_translator`) and the
    English one know the plural rule and give the form with the typography pass applied; any other
    ``translate`` function gets the English form's text to translate.
    """
    choose = getattr(translate, "plural", None)
    if callable(choose):
        return str(choose(context, singular, plural, n))
    return translate(context, english_form(singular, plural, n))


class Labelled(Protocol):
    """A string the code prints (:class:`cardgen.rulebook.labels.Label`): counted when it has a plural."""

    @property
    def context(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def plural(self) -> str: ...


def label_text(translate: Translate, label: Labelled, n: int | None = None) -> str:
    """A label in ``translate``'s language, placeholders not filled; a counted label (one with a
    ``plural``) in the form its language uses for ``n``."""
    if not label.plural:
        return translate(label.context, label.text)
    if n is None:
        raise ValueError(f"{label.context} is a counted label: give its number")
    return npgettext(translate, label.context, label.text, label.plural, n)


def label_english(label: Labelled, n: int | None = None) -> str:
    """A label's English, in the form for ``n`` when it is counted."""
    return english_form(label.text, label.plural, n if n is not None else 2) if label.plural else label.text


@lru_cache(maxsize=32)
def plural_rule(expression: str) -> PluralRule:
    """A ``Plural-Forms`` expression (``(n > 1)``) as a function, parsed by gettext (never ``eval``);
    ValueError when it is not a valid C expression of ``n``."""
    import gettext

    rule = gettext.c2py(expression)
    return lambda n: int(rule(n))

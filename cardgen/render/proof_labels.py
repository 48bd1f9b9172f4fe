"""The words of a proof sheet's header (``--to proof``), translated like the card sheets' furniture.

Here, beside the card sheets' own words, rather than in :mod:`cardgen.export`: extracting a deck's
strings (what ``validate`` does to check its catalogs) loads no export code.
"""

from __future__ import annotations

from collections.abc import Callable

from cardgen.i18n.plurals import english_form, npgettext

PROOF_LABELS = {
    "proof:title": "{title} — proof",
    "proof:bleed": "bleed shown, trim in magenta",
    "proof:sheet": "sheet {number}/{count}",
    "proof:back": "{title} back",
}
"""Context → English."""

PROOF_COUNTS = {
    "proof:cards": ("{count} card", "{count} cards"),
    "proof:faces": ("{count} face", "{count} faces"),
    "proof:backs": ("{count} back", "{count} backs"),
}
"""Context → English singular and plural: counted strings (gettext plural entries, :mod:`cardgen.i18n.plurals`)."""


def proof_text(translate: Callable[[str, str], str], context: str, **values: object) -> str:
    """A header word in the deck's language (English when the catalog's entry is missing or broken)."""
    source = PROOF_LABELS[context]
    try:
        return translate(context, source).format(**values)
    except (KeyError, IndexError, ValueError):
        return source.format(**values)


def counted(translate: Callable[[str, str], str], context: str, count: int) -> str:
    """``1 card``, ``2 cards``: the form the deck's language uses for ``count``."""
    singular, plural = PROOF_COUNTS[context]
    try:
        return npgettext(translate, context, singular, plural, count).format(count=count)
    except (KeyError, IndexError, ValueError):
        return english_form(singular, plural, count).format(count=count)

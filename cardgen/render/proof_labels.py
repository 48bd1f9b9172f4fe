"""The words of a proof sheet's header (``--to proof``), translated like the card sheets' furniture.

Here, beside the card sheets' own words, rather than in :mod:`cardgen.export`: extracting a deck's
strings (what ``validate`` does to check its catalogs) loads no export code.
"""

from __future__ import annotations

from collections.abc import Callable

PROOF_LABELS = {
    "proof:title": "{title} — proof",
    "proof:cards": "{count} cards",
    "proof:cards.one": "{count} card",
    "proof:faces": "{count} faces",
    "proof:faces.one": "{count} face",
    "proof:backs": "{count} backs",
    "proof:backs.one": "{count} back",
    "proof:bleed": "bleed shown, trim in magenta",
    "proof:sheet": "sheet {number}/{count}",
}
"""Context → English. ``.one``: the form for a count of 1."""


def proof_text(translate: Callable[[str, str], str], context: str, **values: object) -> str:
    """A header word in the deck's language (English when the catalog's entry is missing or broken)."""
    source = PROOF_LABELS[context]
    try:
        return translate(context, source).format(**values)
    except (KeyError, IndexError, ValueError):
        return source.format(**values)


def counted(translate: Callable[[str, str], str], context: str, count: int) -> str:
    """``{count} cards`` or, for one, ``{count} card``."""
    return proof_text(translate, f"{context}.one" if count == 1 else context, count=count)

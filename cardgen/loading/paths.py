"""Files a deck refers to must stay inside the deck folder (see :mod:`cardgen.loading.containment`)."""

from __future__ import annotations

from pathlib import Path

from cardgen.loading.containment import ContainmentError, check_reference, contained_path

ART_SUFFIXES = {".png", ".jpg", ".jpeg", ".svg"}

PathEscapeError = ContainmentError
"""The reference points outside the deck folder or is otherwise unusable."""


def resolve_inside(folder: Path, reference: str) -> Path:
    """The path for ``reference`` (deck-relative), checked for escapes but not for existence."""
    check_reference(reference)
    try:
        return contained_path(folder, reference, "art")
    except ContainmentError as exc:
        if "not found" in str(exc) or "larger than" in str(exc) or "is a folder" in str(exc):
            return Path(folder).resolve() / reference
        raise

"""Files a deck refers to must stay inside the deck folder (no absolute paths, '..', or symlinks out)."""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath

ART_SUFFIXES = {".png", ".jpg", ".jpeg", ".svg"}


class PathEscapeError(ValueError):
    """The reference points outside the deck folder or is otherwise unusable."""


def resolve_inside(folder: Path, reference: str) -> Path:
    """Return the real file for ``reference`` (deck-relative) or raise PathEscapeError."""
    if not reference or "\x00" in reference:
        raise PathEscapeError("empty file name")
    if os.path.isabs(reference) or reference.startswith(("~", "\\")) or (len(reference) > 1 and reference[1] == ":"):
        raise PathEscapeError("must be a path relative to the deck folder, not an absolute path")
    parts = PurePosixPath(reference.replace("\\", "/")).parts
    if ".." in parts:
        raise PathEscapeError("must not contain '..': a deck's files live inside its folder")
    root = folder.resolve()
    candidate = folder / Path(*parts)
    real = candidate.resolve()
    if not real.is_relative_to(root):
        raise PathEscapeError("is a link that leads outside the deck folder")
    return real

"""The one rule for every file a deck reads: inside the deck, a regular file, not too large.

A deck folder is untrusted (people build decks they downloaded). Every reader of a deck file —
``deck.yaml``, card tables, layouts, ``locale/*.po``, ``rulebook.md``, art, fonts — goes through
this module:

- :func:`contained_path` checks a deck-relative reference (as written in ``deck.yaml``) and
  returns the real path: relative, no ``..``, no symbolic link anywhere below the deck folder,
  a regular file (not a folder, FIFO or device), no larger than the limit for its kind;
- :func:`read_contained` reads such a file without following a link swapped in since, refusing
  non-regular files and reading at most the limit, so the check and the read see the same file.

Both raise :class:`ContainmentError` (:class:`FileMissing` when there is no such file); callers
turn it into a one-line error at the position of the reference.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path, PurePosixPath

MB = 1_000_000
SIZE_LIMITS: dict[str, int] = {
    "deck": 20 * MB,
    "table": 20 * MB,
    "layout": 1 * MB,
    "catalog": 10 * MB,
    "rulebook": 1 * MB,
    "art": 30 * MB,
    "font": 20 * MB,
}
"""Largest file accepted, by kind. ``deck`` allows a 100,000-card deck written in YAML."""

def size_text(size: int) -> str:
    """``20 MB``, ``100 KB``: a limit in words."""
    return f"{size / MB:g} MB" if size >= MB else f"{size / 1000:g} KB"


KIND_NAMES = {"deck": "deck file", "table": "card table", "layout": "layout", "catalog": "translation catalog",
              "rulebook": "rulebook", "art": "art file", "font": "font file"}


class ContainmentError(ValueError):
    """A reference that may not be read: outside the deck, a link, not a regular file, too large."""


class FileMissing(ContainmentError):
    """The reference is well formed but no file is there."""


def check_reference(reference: str) -> PurePosixPath:
    """The parts of a deck-relative reference, or ContainmentError for an absolute or '..' path."""
    if not reference or "\x00" in reference:
        raise ContainmentError("empty file name")
    if os.path.isabs(reference) or reference.startswith(("~", "\\")) or (len(reference) > 1 and reference[1] == ":"):
        raise ContainmentError("must be a path relative to the deck folder, not an absolute path")
    path = PurePosixPath(reference.replace("\\", "/"))
    if ".." in path.parts:
        raise ContainmentError("must not contain '..': a deck's files live inside its folder")
    return path


def contained_path(folder: Path, reference: str, kind: str) -> Path:
    """The real path of ``reference`` inside ``folder``, checked as described above.

    ``folder`` is the deck folder (or the package's own templates); ``kind`` selects the size
    limit (a key of :data:`SIZE_LIMITS`). The result depends only on the file system, so
    callers may cache it per (folder, reference, kind).
    """
    parts = check_reference(reference).parts
    root = Path(folder).resolve()
    current = root
    for part in parts:
        current = current / part
        try:
            info = os.lstat(current)
        except FileNotFoundError:
            raise FileMissing("not found") from None
        except NotADirectoryError:
            raise FileMissing("not found (a part of the path is a file, not a folder)") from None
        except OSError as exc:
            raise ContainmentError(f"cannot be read ({exc.strerror})") from None
        if stat.S_ISLNK(info.st_mode):
            if not current.resolve().is_relative_to(root):
                raise ContainmentError("is a link that leads outside the deck folder")
            raise ContainmentError("is a symbolic link; deck files must be plain files")
    check_regular(current, kind)
    return current


def check_regular(path: Path, kind: str) -> os.stat_result:
    """``path`` itself (not followed) is a regular file within the size limit of ``kind``."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        raise FileMissing("not found") from None
    except OSError as exc:
        raise ContainmentError(f"cannot be read ({exc.strerror})") from None
    return _check_stat(info, kind)


def _check_stat(info: os.stat_result, kind: str) -> os.stat_result:
    if stat.S_ISLNK(info.st_mode):
        raise ContainmentError("is a symbolic link; deck files must be plain files")
    if stat.S_ISDIR(info.st_mode):
        raise ContainmentError(f"is a folder, not a {KIND_NAMES.get(kind, 'file')}")
    if not stat.S_ISREG(info.st_mode):
        raise ContainmentError("is not a regular file (a device, pipe or socket)")
    limit = SIZE_LIMITS[kind]
    if info.st_size > limit:
        raise ContainmentError(f"is larger than the {size_text(limit)} limit for a {KIND_NAMES.get(kind, 'file')}")
    return info


def read_contained(path: Path, kind: str) -> bytes:
    """The bytes of ``path``: not through a link, a regular file, at most the limit for ``kind``."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise FileMissing("not found") from None
    except OSError as exc:
        if os.path.islink(path):
            raise ContainmentError("is a symbolic link; deck files must be plain files") from None
        raise ContainmentError(f"cannot be read ({exc.strerror})") from None
    try:
        _check_stat(os.fstat(fd), kind)
        limit = SIZE_LIMITS[kind]
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise ContainmentError(f"is larger than the {size_text(limit)} limit for a {KIND_NAMES.get(kind, 'file')}")
        return b"".join(chunks)
    except OSError as exc:
        raise ContainmentError(f"cannot be read ({exc.strerror})") from None
    finally:
        os.close(fd)


def read_deck_file(folder: Path, reference: str, kind: str) -> bytes:
    """:func:`contained_path` then :func:`read_contained`: the checked bytes of a deck file."""
    return read_contained(contained_path(folder, reference, kind), kind)

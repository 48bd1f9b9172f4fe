"""Atomic output: write to a temporary file (or folder) beside the target, then rename into place.

A failed or interrupted command never leaves a truncated file at the target, never destroys the
previous good one, and never replaces something that is not a regular file (a device such as
``/dev/full``, a FIFO, a folder). File-system failures (read-only folder, disk full, a path
through a file) become :class:`OutputError`: one line naming the path.
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from cardgen.errors import CardgenError

TEMP_SUFFIX = ".cardgen-tmp"

_REASONS = {
    errno.EROFS: "the folder is read-only",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is exhausted",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
    errno.EEXIST: "a part of the path is a file, not a folder",
    errno.EISDIR: "is a folder",
    errno.ENAMETOOLONG: "the name is too long",
}


class OutputError(CardgenError):
    """An output file or folder cannot be written."""


def output_error(exc: OSError, path: Path | str) -> OutputError:
    """A one-line error for a failed write at ``path``."""
    reason = _REASONS.get(exc.errno or 0, exc.strerror or exc.__class__.__name__)
    return OutputError(f"cannot write: {reason}", path=Path(exc.filename) if exc.filename else path,
                       hint="choose another output folder with -o/--out" if exc.errno != errno.ENOSPC
                       else "free some space and run again")


def os_problem(exc: OSError) -> CardgenError:
    """Any file-system failure as one line naming the path (for errors no reader or writer caught)."""
    reason = _REASONS.get(exc.errno or 0, exc.strerror or exc.__class__.__name__)
    return CardgenError(reason, path=exc.filename if exc.filename else None)


def make_folder(folder: Path) -> None:
    """``mkdir -p`` with a one-line error."""
    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise OutputError("cannot write: a part of the path is a file, not a folder", path=folder) from None
    except OSError as exc:
        raise output_error(exc, folder) from None


def missing_folders(folder: Path) -> list[Path]:
    """``folder`` and those of its parents that do not exist yet, deepest first (to remove them
    again, if still empty, when a command that would have made them fails)."""
    missing = []
    folder = Path(folder)
    while not folder.exists() and not folder.is_symlink() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    return missing


def check_target(target: Path) -> None:
    """Refuse to replace anything but a regular file (or a link to one)."""
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return
    except NotADirectoryError:
        raise OutputError("cannot write: a part of the path is a file, not a folder", path=target) from None
    except OSError as exc:
        raise output_error(exc, target) from None
    if stat.S_ISDIR(info.st_mode):
        raise OutputError("is a folder; refusing to replace it with a file", path=target)
    if not stat.S_ISREG(info.st_mode):
        raise OutputError("is not a regular file (a device, pipe or socket); refusing to replace it", path=target,
                          hint="write to a file in a folder")


@contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temporary path; on success it replaces ``target``, on error it is removed.

    A failed or interrupted build never leaves a truncated file at ``target`` and never
    destroys the previous good one.
    """
    target = Path(target)
    check_target(target)
    make_folder(target.parent)
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=target.parent)
    except OSError as exc:
        raise output_error(exc, target.parent) from None
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        try:
            yield tmp
        except OSError as exc:
            raise output_error(exc, target) from None
        umask = os.umask(0)
        os.umask(umask)
        try:
            os.chmod(tmp, 0o666 & ~umask)
            os.replace(tmp, target)
        except OSError as exc:
            raise output_error(exc, target) from None
    finally:
        if tmp.exists():
            tmp.unlink()


def write_bytes_atomic(target: Path, data: bytes) -> None:
    with atomic_path(target) as tmp:
        tmp.write_bytes(data)


def scratch_folder(parent: Path, prefix: str) -> Path:
    """A new temporary folder inside ``parent`` (an output folder), removed by the next run if left."""
    make_folder(parent)
    try:
        return Path(tempfile.mkdtemp(prefix=f".{prefix}-", suffix=TEMP_SUFFIX, dir=parent))
    except OSError as exc:
        raise output_error(exc, parent) from None


@contextmanager
def staged_folder(out_dir: Path, prefix: str = "cardgen-stage") -> Iterator[Path]:
    """Yield an empty folder inside ``out_dir``; on success its files move into ``out_dir`` together.

    Every product of a command is written there first, so a failure leaves ``out_dir`` as it
    was: all the new files arrive, or none. A staged folder (e.g. ``proof/``) replaces a folder
    of that name as a whole: the old one is moved aside, then removed.
    """
    out_dir = Path(out_dir)
    stage = scratch_folder(out_dir, prefix)
    aside: list[Path] = []
    try:
        yield stage
        entries = sorted(p for p in stage.iterdir() if not p.name.endswith(TEMP_SUFFIX))
        for entry in entries:
            if not _folder_over_folder(entry, out_dir / entry.name):
                check_target(out_dir / entry.name)
        for entry in entries:
            destination = out_dir / entry.name
            try:
                if _folder_over_folder(entry, destination):
                    old = Path(tempfile.mkdtemp(prefix=f".{entry.name}.old-", suffix=TEMP_SUFFIX, dir=out_dir))
                    os.replace(destination, old)  # (an empty folder: rename over it) — removed below, or next run
                    aside.append(old)
                os.replace(entry, destination)
            except OSError as exc:
                raise output_error(exc, destination) from None
    finally:
        shutil.rmtree(stage, ignore_errors=True)
        for old in aside:
            shutil.rmtree(old, ignore_errors=True)


def _folder_over_folder(entry: Path, destination: Path) -> bool:
    """A staged folder about to replace an existing folder (not a link to one)."""
    return entry.is_dir() and not entry.is_symlink() and destination.is_dir() and not destination.is_symlink()


def remove_stale_temps(folder: Path) -> int:
    """Delete temp files and folders left by a run that was killed; returns how many were removed."""
    if not folder.is_dir():
        return 0
    removed = 0
    for stale in folder.glob(f".*{TEMP_SUFFIX}"):
        if stale.is_dir() and not stale.is_symlink():
            shutil.rmtree(stale, ignore_errors=True)
        else:
            stale.unlink(missing_ok=True)
        removed += 1
    return removed

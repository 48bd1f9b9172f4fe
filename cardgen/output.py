"""Atomic output: write to a temporary file beside the target, then rename into place."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

TEMP_SUFFIX = ".cardgen-tmp"


@contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temporary path; on success it replaces ``target``, on error it is removed.

    A failed or interrupted build never leaves a truncated file at ``target`` and never
    destroys the previous good one.
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=target.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        yield tmp
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, target)
    finally:
        if tmp.exists():
            tmp.unlink()


def write_bytes_atomic(target: Path, data: bytes) -> None:
    with atomic_path(target) as tmp:
        tmp.write_bytes(data)


def remove_stale_temps(folder: Path) -> int:
    """Delete temp files left by a build that was killed; returns how many were removed."""
    if not folder.is_dir():
        return 0
    removed = 0
    for stale in folder.glob(f".*{TEMP_SUFFIX}"):
        stale.unlink(missing_ok=True)
        removed += 1
    return removed

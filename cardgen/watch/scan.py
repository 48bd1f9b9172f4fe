"""What changed in a deck folder since the last look: a cheap stat scan, no file contents read.

Polling rather than OS notifications (inotify, FSEvents): a deck folder holds a few dozen files,
so a scan costs well under a millisecond; it behaves the same on every OS, on network shares,
in containers and under WSL, where notifications are missing or unreliable; it sees editors that
save by writing a new file and renaming it; and it adds no compiled dependency.
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Iterable
from pathlib import Path
from stat import S_ISREG

Stamp = tuple[int, int, int, int]
"""(mtime in ns, size, inode, CRC-32 of the contents for small files) of a file."""
Snapshot = dict[str, Stamp]
"""Deck-relative POSIX path → stamp."""

MAX_FILES = 20_000
SMALL_FILE = 256 * 1024
"""Files up to this size are also checksummed on every scan (a few dozen microseconds each), so an
edit that keeps the size within the file system's timestamp resolution (1-2 s on some) is seen."""
_SKIP_SUFFIXES = (".cardgen-tmp", "~", ".swp", ".swo", ".swx", ".tmp", ".bak", ".crdownload", ".part")


def ignored(name: str) -> bool:
    """Hidden files, editor swap and backup files, temporary files: never deck inputs."""
    return name.startswith((".", "#", "~$")) or name.endswith(_SKIP_SUFFIXES) or name == "__pycache__"


def scan(folder: Path, *, exclude: Iterable[Path] = ()) -> Snapshot:
    """Every file under ``folder`` (not following links out of it), skipping ``exclude`` folders."""
    root = Path(folder)
    skipped = {os.path.realpath(p) for p in exclude}
    snapshot: Snapshot = {}
    stack = [root]
    while stack and len(snapshot) < MAX_FILES:
        current = stack.pop()
        try:
            entries = list(os.scandir(current))
        except OSError:
            continue  # vanished or unreadable meanwhile: the next scan will tell
        for entry in entries:
            if ignored(entry.name):
                continue
            try:
                if entry.is_dir(follow_symlinks=False):
                    if os.path.realpath(entry.path) not in skipped:
                        stack.append(Path(entry.path))
                    continue
                stat = entry.stat()  # follows a link to a file, so its target's edits count
            except OSError:
                continue
            relative = Path(entry.path).relative_to(root).as_posix()
            regular = S_ISREG(stat.st_mode)  # a FIFO or device would block or never end: never read
            snapshot[relative] = (stat.st_mtime_ns, stat.st_size, stat.st_ino,
                                  _checksum(entry.path, stat.st_size) if regular else 0)
    return snapshot


def _checksum(path: str, size: int) -> int:
    if size > SMALL_FILE:
        return 0
    try:
        with open(path, "rb") as handle:
            return zlib.crc32(handle.read())
    except OSError:
        return 0


def changes(before: Snapshot, after: Snapshot) -> list[str]:
    """Files added, removed or modified between two snapshots, sorted."""
    return sorted(name for name in before.keys() | after.keys() if before.get(name) != after.get(name))

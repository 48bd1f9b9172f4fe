"""A build killed with SIGKILL mid-way leaves the previous output intact, and the next build
cleans up the temporary file it left."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardgen.output import TEMP_SUFFIX
from tests.conftest import FALLING


def _scaled_deck(tmp_path: Path, factor: int) -> Path:
    deck = tmp_path / "big"
    shutil.copytree(FALLING, deck)
    text = (deck / "deck.yaml").read_text()
    lines = [f"    count: {int(l.split(':')[1]) * factor}" if l.startswith("    count: ") else l for l in text.splitlines()]
    (deck / "deck.yaml").write_text("\n".join(lines) + "\n")
    return deck


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_sigkill_mid_build_keeps_previous_output(tmp_path: Path) -> None:
    out = tmp_path / "out"
    small = _scaled_deck(tmp_path / "a", 1)
    command = [sys.executable, "-m", "cardgen.cli", "build", "--lang", "en", "--out", str(out)]
    subprocess.run(command + [str(small)], check=True, capture_output=True)
    previous = (out / "cards-en.pdf").read_bytes()

    big = _scaled_deck(tmp_path / "b", 200)  # 10,800 cards: a few seconds of writing
    process = subprocess.Popen(command + [str(big)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    temp_seen = False
    while time.monotonic() < deadline and process.poll() is None:
        if any(p.name.endswith(TEMP_SUFFIX) for p in out.iterdir()):
            temp_seen = True
            time.sleep(0.2)  # let it write part of the file
            break
        time.sleep(0.01)
    assert temp_seen, "the build never started writing"
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    assert process.returncode == -signal.SIGKILL
    assert (out / "cards-en.pdf").read_bytes() == previous
    leftovers = [p for p in out.iterdir() if p.name.endswith(TEMP_SUFFIX)]
    assert leftovers  # the killed build could not clean up …

    subprocess.run(command + [str(small)], check=True, capture_output=True)
    assert not [p for p in out.iterdir() if p.name.endswith(TEMP_SUFFIX)]  # … the next build does
    assert (out / "cards-en.pdf").read_bytes() == previous

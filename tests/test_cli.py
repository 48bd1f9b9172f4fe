"""The command line's last line of defence, in real processes: a bug is one line and exit 3, Ctrl+C is
"interrupted" and exit 130, and neither prints a traceback unless asked to."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from tests.conftest import FALLING, ROOT

ENV = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
ENV.pop("CARDGEN_DEBUG", None)

BUGGY = """
import sys
import cardgen.loading
import cardgen.commands.validate as validate

def broken(*args, **kwargs):
    raise RuntimeError("the loader fell over")

validate.load_deck = broken
from cardgen.cli import main
sys.argv = ["cardgen", "validate", sys.argv[1]]
main()
"""
"""``cardgen validate`` with a bug planted in it: how an unexpected exception reaches the user."""


def test_a_bug_is_one_line_exit_3_and_no_traceback() -> None:
    result = subprocess.run([sys.executable, "-c", BUGGY, str(FALLING)], capture_output=True, text=True, env=ENV,
                            timeout=60)
    assert result.returncode == 3
    assert result.stderr.splitlines() == [
        "internal error: RuntimeError: the loader fell over (set CARDGEN_DEBUG=1 for the traceback, and please report it)"]
    assert result.stdout == ""


def test_cardgen_debug_shows_the_traceback() -> None:
    result = subprocess.run([sys.executable, "-c", BUGGY, str(FALLING)], capture_output=True, text=True,
                            env={**ENV, "CARDGEN_DEBUG": "1"}, timeout=60)
    assert result.returncode == 1  # the interpreter's own exit for an uncaught exception
    assert "Traceback (most recent call last)" in result.stderr
    assert result.stderr.rstrip().endswith("RuntimeError: the loader fell over")


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or sys.platform == "win32", reason="needs POSIX signals")
def test_ctrl_c_says_interrupted_and_exits_130() -> None:
    """A slow-motion replay runs for minutes; Ctrl+C (SIGINT) stops it at once, quietly."""
    process = subprocess.Popen([sys.executable, "-m", "cardgen.cli", "simulate", str(FALLING), "--pace", "0.05"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
    assert process.stdout is not None
    first = process.stdout.readline()  # the replay has started once it prints its first line
    assert first.strip(), "the replay printed nothing"
    time.sleep(0.2)
    process.send_signal(signal.SIGINT)
    try:
        out, err = process.communicate(timeout=30)
    finally:
        process.kill()
    assert process.returncode == 130, err
    assert err.splitlines() == ["interrupted"]
    assert "Traceback" not in out + err

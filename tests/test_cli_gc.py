"""Loading a command does not make Python's garbage collector scan the imported modules over and over."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import FALLING, ROOT

EXPORT_COUNTING_COLLECTIONS = """
import gc, json, sys
counts = [0, 0, 0]
gc.callbacks.append(lambda phase, info: phase == "start" and counts.__setitem__(info["generation"],
                                                                              counts[info["generation"]] + 1))
from cardgen.cli import main
try:
    main(["export", sys.argv[1], "--to", "png", "--dpi", "30", "-j", "1", "-o", sys.argv[2]])
except SystemExit as exit:
    assert not exit.code, exit.code
print(json.dumps({"collections": counts, "frozen": gc.get_freeze_count(), "enabled": gc.isenabled()}))
"""


def test_an_export_freezes_what_its_command_loaded_and_makes_no_full_collection(tmp_path) -> None:  # type: ignore[no-untyped-def]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", EXPORT_COUNTING_COLLECTIONS, str(FALLING), str(tmp_path / "png")],
                         capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert found["enabled"]  # collected as usual afterwards
    assert found["frozen"] > 30_000  # the modules, classes and functions the command loaded (~60,000)
    young, middle, full = found["collections"]
    assert full == 0, found  # never a pass over everything (about 20 ms each)
    assert young + middle < 100, found  # (about 140, 43 ms, before)

"""A 5,400-card deck of distinct cards with art builds with bounded memory (run with -m slow)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

SCRIPT = """
import json, resource, sys, time
from pathlib import Path
from cardgen.loading import load_deck
from cardgen.render.sheets import write_sheets
start = time.perf_counter()
result = write_sheets(load_deck(Path(sys.argv[1])), Path(sys.argv[2]))
try:  # this process's own peak: ru_maxrss keeps the forking parent's (pytest's) across exec on Linux
    status = Path("/proc/self/status").read_text()
    peak_kb = int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmHWM:")))
except (OSError, StopIteration):
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"pages": result.pages, "cards": result.cards, "seconds": time.perf_counter() - start,
                  "peak_mb": peak_kb / 1024}))
"""


@pytest.mark.slow
def test_five_thousand_cards_with_art_in_bounded_memory(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from bench_deck import make_deck  # the sheet benchmark's deck: distinct cards, shared art on every card
    finally:
        sys.path.pop(0)
    small = make_deck(tmp_path, 540, distinct=True)
    big = make_deck(tmp_path, 5400, distinct=True)
    runs = {}
    for name, deck in (("small", small), ("big", big)):
        proc = subprocess.run([sys.executable, "-c", SCRIPT, str(deck), str(tmp_path / f"{name}.pdf")],
                              capture_output=True, text=True, check=True)
        runs[name] = json.loads(proc.stdout)
    assert runs["big"]["cards"] == 5400
    assert runs["big"]["pages"] == 2 * 900  # six poker cards to an A4 page, fronts and backs
    assert runs["big"]["peak_mb"] < 300
    # linear (or better) in cards: 10× the cards costs at most ~10× the time
    assert runs["big"]["seconds"] < 12 * max(runs["small"]["seconds"], 0.05)
    assert (tmp_path / "big.pdf").stat().st_size < 3_000_000


def twenty_thousand_card_deck(folder: Path, cards: int = 20_000) -> Path:
    """The minimal deck's header with ``cards`` distinct cards written out in YAML (no aliases)."""
    from tests.conftest import DATA

    header = (DATA / "decks" / "minimal" / "deck.yaml").read_text().split("cards:\n")[0]
    rows = "".join(f"  - id: card-{i}\n    name: Card {i}\n    type: {'red' if i % 2 else 'blue'}\n    count: 1\n"
                   f"    text: The card numbered {i}.\n" for i in range(cards))
    folder.mkdir(parents=True)
    (folder / "deck.yaml").write_text(header + "cards:\n" + rows)
    return folder


PEAK = """
import resource, subprocess, sys
code = subprocess.run([sys.executable, "-m", "cardgen.cli", *sys.argv[1:]], capture_output=True).returncode
print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)
"""


@pytest.mark.slow
def test_twenty_thousand_distinct_yaml_cards_validate_and_build(tmp_path: Path) -> None:
    """The YAML value cap follows the 100,000-card limit: 20,000 written-out cards are no "alias bomb"."""
    deck = twenty_thousand_card_deck(tmp_path / "big")
    peaks = {}
    for verb, extra in (("validate", []), ("build", ["--lang", "en", "--out", str(tmp_path / "out")])):
        proc = subprocess.run([sys.executable, "-c", PEAK, verb, str(deck), *extra], capture_output=True, text=True,
                              check=True, cwd=ROOT)
        code, peak = (int(part) for part in proc.stdout.split())
        assert code == 0, verb
        peaks[verb] = peak
    from pypdf import PdfReader

    pages = len(PdfReader(tmp_path / "out" / "cards-en.pdf").pages)
    assert pages == 2 * -(-20_000 // 6)  # fronts and backs, six poker cards per A4 page (two-bleed gutters)
    assert peaks["build"] < 1500, peaks
    print(f"peak RSS: validate {peaks['validate']} MB, build {peaks['build']} MB")

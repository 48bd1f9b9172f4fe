"""How long ``cardgen watch`` takes to show a single changed card of the FALLING deck.

Edits one card's text in a copy of decks/falling and times ``Watcher.poll_once`` (scan, reload,
digests, rebuilds), for several ``--only`` selections. Prints the median of N edits:
time until the first output is written and until the whole rebuild is done. The watch loop adds
its polling delay on top (half the --interval on average, 0.125 s by default, plus 0.05 s settle).

    python bench/watch.py [N]
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from cardgen.watch import Selection, WatchOptions, Watcher

ROOT = Path(__file__).resolve().parent.parent
CASES = [
    ("every output, en + fr (default)", (), ()),
    ("--only sheets", ("sheets",), ()),
    ("--only sheets --lang en", ("sheets",), ("en",)),
    ("--only cards=hit --lang en", ("cards=hit",), ("en",)),
]


def main(runs: int) -> None:
    print(f"{'selection':<34} {'first output s':>15} {'whole rebuild s':>16} {'outputs':>8}")
    for label, only, languages in CASES:
        with tempfile.TemporaryDirectory() as tmp:
            deck = Path(tmp) / "falling"
            shutil.copytree(ROOT / "decks" / "falling", deck)
            marks: list[float] = []
            watcher = Watcher(deck, out_dir=Path(tmp) / "out", selection=Selection.parse(only),
                              options=WatchOptions(languages=languages), on_built=lambda _: marks.append(time.perf_counter()))
            watcher.poll_once()
            firsts, wholes, count = [], [], 0
            for run in range(runs):
                text = (deck / "deck.yaml").read_text()
                old = "gets one more card." if run % 2 == 0 else "gets another card."
                new = "gets another card." if run % 2 == 0 else "gets one more card."
                (deck / "deck.yaml").write_text(text.replace(old, new))
                marks.clear()
                start = time.perf_counter()
                report = watcher.poll_once()
                end = time.perf_counter()
                assert report is not None and report.ok, report
                firsts.append(marks[0] - start)
                wholes.append(end - start)
                count = len(report.built)
        print(f"{label:<34} {statistics.median(firsts):>15.3f} {statistics.median(wholes):>16.3f} {count:>8}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)

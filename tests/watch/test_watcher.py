"""The watcher rebuilds exactly the outputs a change affects, and survives broken edits."""

from __future__ import annotations

import hashlib
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.scaffold import create_deck
from cardgen.watch import Selection, WatchOptions, Watcher
from tests.conftest import DATA, FALLING, ROOT

CSV_DECK = DATA / "decks" / "csv-cards"


def _state(folder: Path) -> dict[str, tuple[str, int, int]]:
    """Every output under ``folder``: (sha256, inode, mtime) — a rewrite changes the last two."""
    out = {}
    for path in sorted(folder.rglob("*.pdf")):
        stat = path.stat()
        out[path.relative_to(folder).as_posix()] = (hashlib.sha256(path.read_bytes()).hexdigest(), stat.st_ino,
                                                   stat.st_mtime_ns)
    return out


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _built(report, out: Path) -> set[str]:  # type: ignore[no-untyped-def]
    assert report is not None
    return {Path(b.path).relative_to(out).as_posix() for b in report.built}


@pytest.fixture
def deck(tmp_path: Path) -> Path:
    target = tmp_path / "falling"
    shutil.copytree(FALLING, target)
    return target


def _watcher(deck: Path, out: Path, *only: str, languages: tuple[str, ...] = ("en",)) -> Watcher:
    return Watcher(deck, out_dir=out, selection=Selection.parse(only), options=WatchOptions(languages=languages))


def test_editing_a_cards_text_rebuilds_only_what_shows_that_card(deck: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    watcher = _watcher(deck, out, "sheets", "cards=hit,skip")
    assert _built(watcher.poll_once(), out) == {"cards/hit-en.pdf", "cards/skip-en.pdf", "cards-en.pdf"}
    before = _state(out)
    assert watcher.poll_once() is None  # nothing changed, nothing done
    _edit(deck / "deck.yaml", "gets one more card.", "gets two more cards.")
    report = watcher.poll_once()
    assert report is not None and report.changed == ["deck.yaml"] and report.ok
    assert _built(report, out) == {"cards/hit-en.pdf", "cards-en.pdf"}
    after = _state(out)
    assert after["cards/skip-en.pdf"] == before["cards/skip-en.pdf"]  # untouched: same bytes, same file
    assert after["cards/hit-en.pdf"][0] != before["cards/hit-en.pdf"][0]
    assert after["cards-en.pdf"][0] != before["cards-en.pdf"][0]


@pytest.fixture
def small_deck(tmp_path: Path) -> Path:
    """A deck with a short rulebook (from 'cardgen new'), so rulebook rebuilds stay quick."""
    return create_deck("small", parent=tmp_path / "decks").folder


def test_editing_the_rulebook_leaves_the_card_sheets_alone(small_deck: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    watcher = _watcher(small_deck, out)
    assert _built(watcher.poll_once(), out) == {"cards-en.pdf", "rulebook-en.pdf"}
    before = _state(out)
    _edit(small_deck / "rulebook.md", "Shuffle the deck.", "Shuffle the deck well.")
    report = watcher.poll_once()
    assert _built(report, out) == {"rulebook-en.pdf"} and report.up_to_date == 1
    assert _state(out)["cards-en.pdf"] == before["cards-en.pdf"]


def test_editing_a_translation_leaves_english_alone(deck: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    watcher = _watcher(deck, out, "sheets", "cards=hit,skip", languages=("en", "fr"))
    assert len(watcher.poll_once().built) == 6  # type: ignore[union-attr]
    before = _state(out)
    _edit(deck / "locale" / "fr.po", 'msgstr "Frappe"', 'msgstr "Coup"')
    report = watcher.poll_once()
    assert _built(report, out) == {"cards/hit-fr.pdf", "cards-fr.pdf"}
    after = _state(out)
    for unchanged in ("cards-en.pdf", "cards/hit-en.pdf", "cards/skip-en.pdf", "cards/skip-fr.pdf"):
        assert after[unchanged] == before[unchanged], unchanged


def test_a_layout_change_rebuilds_every_card(deck: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    watcher = _watcher(deck, out, "cards=hit,skip")
    watcher.poll_once()
    _edit(deck / "templates" / "falling-card.yaml", "title: {size: 20pt}", "title: {size: 16pt}")
    assert _built(watcher.poll_once(), out) == {"cards/hit-en.pdf", "cards/skip-en.pdf"}


def test_a_table_row_or_an_art_file_rebuilds_only_its_card(tmp_path: Path) -> None:
    deck = tmp_path / "csv-cards"
    shutil.copytree(CSV_DECK, deck)
    out = tmp_path / "out"
    watcher = _watcher(deck, out, "cards=hit,stop,ground")
    assert len(watcher.poll_once().built) == 3  # type: ignore[union-attr]
    _edit(deck / "cards.csv", "You have hit the ground.", "You landed.")
    assert _built(watcher.poll_once(), out) == {"cards/ground-en.pdf"}
    from PIL import Image

    Image.new("RGB", (40, 30), "#c0392b").save(deck / "art" / "pattern.png")
    assert _built(watcher.poll_once(), out) == {"cards/stop-en.pdf"}


def test_a_broken_edit_is_reported_and_the_watcher_recovers(deck: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    watcher = _watcher(deck, out, "sheets")
    watcher.poll_once()
    before = _state(out)
    _edit(deck / "deck.yaml", "count: 8", "count: eight")
    report = watcher.poll_once()
    assert report is not None and not report.built
    assert [e.format() for e in report.errors] == [f"{deck / 'deck.yaml'}:42:12: cards[0].count: must be a positive integer"]
    assert _state(out) == before  # the last good sheets stay
    _edit(deck / "deck.yaml", "count: eight", "count: 7")
    report = watcher.poll_once()
    assert report is not None and report.ok and _built(report, out) == {"cards-en.pdf"}


def test_an_output_that_fails_does_not_stop_the_others(small_deck: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    watcher = _watcher(small_deck, out)
    watcher.poll_once()
    _edit(small_deck / "rulebook.md", "[[strike]] takes", "[[strik]] takes")
    _edit(small_deck / "deck.yaml", "loses **2** points.", "loses **3** points.")
    report = watcher.poll_once()
    assert _built(report, out) == {"cards-en.pdf"}
    assert len(report.errors) == 1 and "unknown card [[strik]] — did you mean [[strike]]?" in report.errors[0].format()
    _edit(small_deck / "rulebook.md", "[[strik]] takes", "[[strike]] takes")
    assert _built(watcher.poll_once(), out) == {"rulebook-en.pdf"}  # retried, since it failed last time


def test_a_restarted_watcher_rebuilds_only_what_is_missing(deck: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _watcher(deck, out, "cards=hit,skip").poll_once()
    (out / "cards" / "skip-en.pdf").unlink()
    report = _watcher(deck, out, "cards=hit,skip").poll_once()
    assert _built(report, out) == {"cards/skip-en.pdf"} and report.up_to_date == 1


def test_unknown_card_in_only_is_reported_with_a_hint(deck: Path, tmp_path: Path) -> None:
    report = _watcher(deck, tmp_path / "out", "cards=hti").poll_once()
    assert report is not None and "no card 'hti' in the deck — did you mean 'hit'?" in report.errors[0].format()


@pytest.mark.parametrize("only, message", [("bogus", "unknown output 'bogus'"), ("cards=", "needs card ids")])
def test_bad_only_is_a_bad_flag(only: str, message: str, runner, deck: Path) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, ["watch", str(deck), "--only", only])
    assert result.exit_code == 2 and message in result.output


def test_an_unknown_card_in_only_stops_the_command_at_once(runner, deck: Path,  # type: ignore[no-untyped-def]
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # round-5 review: a typo in --only cards= left the watcher waiting forever for a change
    from cardgen.watch.watcher import Watcher

    started = []
    monkeypatch.setattr(Watcher, "run", lambda self, **kwargs: started.append(True))
    result = runner.invoke(main, ["watch", str(deck), "--only", "cards=hti"])
    assert not started
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == ("Error: Invalid value for --only: cards=: no card 'hti' in the deck — "
                                              "did you mean 'hit'?")


def test_watch_runs_edits_and_stops_cleanly(deck: Path, tmp_path: Path) -> None:
    """End to end: the real command in a subprocess sees an edit, rebuilds, and stops on Ctrl+C."""
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "cardgen.cli", "watch", str(deck), "--only", "sheets", "--lang", "en",
                                "--out", str(out), "--interval", "0.1"], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, env=env)
    lines: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(target=lambda: [lines.put(line) for line in process.stdout], daemon=True)  # type: ignore[union-attr]
    reader.start()

    def wait_for(text: str, timeout: float = 30.0) -> list[str]:
        seen = []
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                line = lines.get(timeout=0.1)
            except queue.Empty:
                continue
            seen.append(line)
            if text in line:
                return seen
        raise AssertionError(f"no {text!r} within {timeout} s; saw {seen}")

    try:
        wait_for("1 rebuilt")
        _edit(deck / "deck.yaml", "count: 8", "count: 0")
        assert any("must be a positive integer" in line for line in wait_for("waiting for the next change"))
        _edit(deck / "deck.yaml", "count: 0", "count: 7")
        seen = wait_for("1 rebuilt")
        assert any("deck.yaml changed" in line for line in seen) and any("cards-en.pdf" in line for line in seen)
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=15) == 0
        assert "stopped watching" in "".join(wait_for("stopped watching", timeout=5))
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        reader.join(timeout=5)
        process.stdout.close()  # type: ignore[union-attr]
    assert (out / "cards-en.pdf").is_file()


def test_a_product_added_later_is_watched_on_every_file(deck: Path, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from cardgen import build

    def notes(ctx: build.BuildContext) -> Path:
        target = ctx.out_dir / f"notes-{ctx.language}.pdf"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(b"%PDF-1.4 " + ctx.deck.title.encode())
        return target

    monkeypatch.setitem(build.PRODUCTS, "notes", notes)
    out = tmp_path / "out"
    watcher = _watcher(deck, out, "notes")
    assert _built(watcher.poll_once(), out) == {"notes-en.pdf"}
    (deck / "locale" / "fr.po").write_text((deck / "locale" / "fr.po").read_text() + "\n")
    assert _built(watcher.poll_once(), out) == {"notes-en.pdf"}  # its inputs are unknown: any file counts
    assert watcher.rebuild().up_to_date == 1  # but an unchanged deck is not rebuilt


def test_a_pipe_in_the_deck_folder_does_not_block_the_scan(tmp_path: Path) -> None:
    """Opening a FIFO for reading waits for a writer: the scanner must never open one."""
    import subprocess
    import sys

    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "deck.yaml").write_text("deck: x\n")
    os.mkfifo(folder / "pipe.png")
    code = "import sys; from pathlib import Path; from cardgen.watch.scan import scan; print(sorted(scan(Path(sys.argv[1]))))"
    result = subprocess.run([sys.executable, "-c", code, str(folder)], capture_output=True, text=True, timeout=30,
                            check=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert "pipe.png" in result.stdout and "deck.yaml" in result.stdout

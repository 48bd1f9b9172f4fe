"""``cardgen build -j N``: products built side by side, byte for byte what a sequential build writes."""

from __future__ import annotations

import shutil
from pathlib import Path

from cardgen.build_jobs import Job, plan_jobs, run_jobs
from cardgen.cli import main
from cardgen.loading import load_deck
from tests.conftest import FALLING


def test_parallel_build_writes_the_same_bytes_as_the_sequential_one(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    one = runner.invoke(main, ["build", str(FALLING), "--out", str(tmp_path / "one"), "--lang", "en", "-j", "1"])
    two = runner.invoke(main, ["build", str(FALLING), "--out", str(tmp_path / "two"), "--lang", "en", "--jobs", "2"])
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    names = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert names == ["cards-en.pdf", "rulebook-en.pdf", "walkthrough-en.pdf"]
    assert sorted(p.name for p in (tmp_path / "two").iterdir()) == names
    for name in names:
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes(), name
    # each file is named once it is in place, in the sequential build's order, however the jobs finished
    assert one.output.splitlines() == [f"wrote {tmp_path / 'one' / name}" for name in
                                       ("cards-en.pdf", "rulebook-en.pdf", "walkthrough-en.pdf")]
    assert two.output.splitlines() == [line.replace("/one/", "/two/") for line in one.output.splitlines()]


def test_results_come_back_in_plan_order_and_a_bad_product_does_not_stop_the_others(tmp_path: Path) -> None:
    deck_dir = tmp_path / "falling"
    shutil.copytree(FALLING, deck_dir)
    deck = load_deck(deck_dir)
    (deck_dir / "rulebook.md").write_text("# Rules\n\nPlay a [[hti]] card.\n")  # a rulebook naming no card
    jobs = plan_jobs(deck, deck_dir, tmp_path / "out", languages=["en"], only=["cards", "rulebook"])
    assert [job.product for job in jobs] == ["cards", "rulebook"]
    seen: list[str] = []
    results = run_jobs(jobs, workers=2, on_done=lambda result, done, total: seen.append(f"{done}/{total}"))
    assert [r.job for r in results] == jobs and sorted(seen) == ["1/2", "2/2"]
    assert results[0].path == tmp_path / "out" / "cards-en.pdf" and results[0].path.stat().st_size > 10_000
    assert results[1].path is None and results[1].problems
    assert "rulebook.md:3" in results[1].problems[0].format() and "[[hit]]" in results[1].problems[0].format()


def test_one_job_runs_in_this_process(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from cardgen import build_jobs

    monkeypatch.setattr(build_jobs, "ProcessPoolExecutor", None)  # no pool may be made
    job = Job(folder=FALLING, deck="falling", language="en", product="cards", out_dir=tmp_path)
    [result] = run_jobs([job], workers=4)
    assert result.path == tmp_path / "cards-en.pdf" and not result.problems

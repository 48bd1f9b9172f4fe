"""``cardgen build -j N``: products built side by side, byte for byte what a sequential build writes."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

from cardgen.build_jobs import Job, plan_jobs, run_jobs
from cardgen.cli import main
from cardgen.loading import load_deck
from tests.conftest import DATA, FALLING


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


PREFLIGHT = DATA / "preflight"


def _build_twice(runner, tmp_path: Path, monkeypatch, decks: list[Path], *extra: str) -> dict[str, object]:  # type: ignore[no-untyped-def]
    """``cardgen build DECKS`` with -j 1 and with -j 2, each in a folder of its own; the products that started."""
    from cardgen import build

    started = tmp_path / "started.log"
    real = build.PRODUCTS["cards"]

    def logged(ctx):  # type: ignore[no-untyped-def]
        with started.open("a") as log:  # (a worker's memory is its own; a file is not)
            log.write(f"{ctx.deck.deck}\n")
        return real(ctx)

    monkeypatch.setitem(build.PRODUCTS, "cards", logged)
    runs: dict[str, object] = {}
    for jobs in ("1", "2"):
        here = tmp_path / f"j{jobs}"
        here.mkdir()
        monkeypatch.chdir(here)
        started.write_text("")
        runs[jobs] = runner.invoke(main, ["build", *map(str, decks), "-j", jobs, *extra])
        runs[f"started {jobs}"] = started.read_text().split()
    return runs


def _slow(module, name: str, deck: str, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Make ``module.name`` take a second longer for ``deck``, so the other decks' jobs run meanwhile."""
    real = getattr(module, name)

    def slow(spec, *args, **kwargs):  # type: ignore[no-untyped-def]
        if spec.deck == deck:
            time.sleep(1.0)
        return real(spec, *args, **kwargs)

    monkeypatch.setattr(module, name, slow)


def test_a_check_failing_while_other_decks_build_writes_nothing_and_says_what_one_job_at_a_time_says(
        runner, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from cardgen import buildable

    broken = tmp_path / "broken"
    shutil.copytree(PREFLIGHT / "clean", broken)
    (broken / "deck.yaml").write_text((broken / "deck.yaml").read_text().replace("deck: clean", "deck: broken"))
    (broken / "rulebook.md").write_text("# Rules\n\nPlay [[nope]].\n")  # a card the deck does not have
    _slow(buildable, "check_buildable", "broken", monkeypatch)
    runs = _build_twice(runner, tmp_path, monkeypatch, [PREFLIGHT / "greyscale", broken, PREFLIGHT / "overflow"])
    one, two = runs["1"], runs["2"]
    assert one.exit_code == two.exit_code == 1, one.output + two.output  # type: ignore[attr-defined]
    assert two.stdout == one.stdout == ""  # type: ignore[attr-defined]
    assert two.stderr == one.stderr, two.stderr  # type: ignore[attr-defined]
    errors = [line for line in one.stderr.splitlines() if "rulebook.md" in line]  # type: ignore[attr-defined]
    assert len(errors) == 1 and "[[nope]]" in errors[0]
    lines = one.stderr.splitlines()  # type: ignore[attr-defined]
    assert lines.index(next(l for l in lines if "1 problem in greyscale" in l)) < \
        lines.index(next(l for l in lines if "2 problems in overflow" in l))  # the other decks' warnings, in order
    assert runs["started 1"] == []  # one at a time, nothing is built once a check failed …
    assert "greyscale" in runs["started 2"]  # … on two cores a deck checked earlier was being built meanwhile,
    for jobs in ("1", "2"):
        assert not (tmp_path / f"j{jobs}" / "output").exists()  # … and it left nothing, not even a folder


def test_strict_preflight_failing_while_other_decks_build_writes_nothing_and_says_what_one_job_at_a_time_says(
        runner, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from cardgen.preflight import run

    _slow(run, "preflight_deck", "greyscale", monkeypatch)
    runs = _build_twice(runner, tmp_path, monkeypatch, [PREFLIGHT / "greyscale", PREFLIGHT / "clean"], "--strict")
    one, two = runs["1"], runs["2"]
    assert one.exit_code == two.exit_code == 1, one.output + two.output  # type: ignore[attr-defined]
    assert two.stdout == one.stdout == "" and two.stderr == one.stderr, two.stderr  # type: ignore[attr-defined]
    assert ": greyscale: " in one.stderr and "1 problem in greyscale; nothing written (--strict)" in one.stderr  # type: ignore[attr-defined]
    assert runs["started 1"] == [] and "clean" in runs["started 2"]  # clean was being built meanwhile
    for jobs in ("1", "2"):
        assert not (tmp_path / f"j{jobs}" / "output").exists()


def test_preflight_warnings_come_deck_by_deck_whichever_finishes_first(runner, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from cardgen.preflight import run

    _slow(run, "preflight_deck", "greyscale", monkeypatch)  # overflow's preflight ends first on two cores
    runs = _build_twice(runner, tmp_path, monkeypatch, [PREFLIGHT / "greyscale", PREFLIGHT / "overflow"])
    one, two = runs["1"], runs["2"]
    assert one.exit_code == two.exit_code == 0, one.output + two.output  # type: ignore[attr-defined]
    assert two.stderr == one.stderr and two.stdout == one.stdout.replace("/j1/", "/j2/")  # type: ignore[attr-defined]
    summaries = [line for line in one.stderr.splitlines() if line.startswith("preflight: ")]  # type: ignore[attr-defined]
    assert [s.split(" (")[0] for s in summaries] == ["preflight: 1 problem in greyscale",
                                                     "preflight: 2 problems in overflow"]
    for deck in ("greyscale", "overflow"):
        pdf = Path("output") / deck / "cards-en.pdf"
        assert (tmp_path / "j1" / pdf).read_bytes() == (tmp_path / "j2" / pdf).read_bytes()


def test_verbose_prints_when_and_where_each_job_ran_and_a_deck_is_built_only_after_its_check(
        runner, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from cardgen import buildable

    _slow(buildable, "check_buildable", "clean", monkeypatch)  # a second in which the other worker is free
    result = runner.invoke(main, ["build", str(PREFLIGHT / "clean"), "-o", str(tmp_path / "out"), "-j", "2", "-v",
                                  "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert any(line.startswith("this process: ") for line in result.stderr.splitlines())
    rows = [line.split() for line in result.stderr.splitlines() if " worker " in line]
    # "  0.40 –  0.96 s  worker 1   0.31 CPU s  clean check": start, end, worker, job
    runs = {" ".join(row[9:]): (float(row[0]), float(row[2]), row[5]) for row in rows}
    assert sorted(runs) == sorted(["clean check", "clean preflight", "clean cards (en)", "clean rulebook (en)",
                                   "clean walkthrough (en)"])
    assert {worker for _, _, worker in runs.values()} <= {"1", "2"}
    check_ended = runs["clean check"][1]
    assert all(start >= check_ended for job, (start, _, _) in runs.items() if job != "clean check")

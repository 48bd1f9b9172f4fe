"""Output files: never half-written, never replacing a device or folder, OS failures as one line."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.output import OutputError, atomic_path, staged_folder


# A FIFO stands for every special file: a test must never aim at a real device (as root, a regression
# would replace /dev/null for the whole machine).
def test_a_pipe_or_folder_is_never_replaced(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.pdf")
    (tmp_path / "folder.pdf").mkdir()
    for target in (tmp_path / "pipe.pdf", tmp_path / "folder.pdf"):
        with pytest.raises(OutputError, match="refusing to replace"), atomic_path(target) as tmp:
            tmp.write_bytes(b"x")
    assert (tmp_path / "pipe.pdf").is_fifo() and (tmp_path / "folder.pdf").is_dir()


def test_sheets_to_a_pipe_or_through_a_file_is_one_line(minimal_copy: Path, tmp_path: Path, runner) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "file").write_text("x")
    os.mkfifo(tmp_path / "pipe.pdf")
    for target, message in ((tmp_path / "pipe.pdf", "pipe.pdf: is not a regular file"),
                            (tmp_path / "file" / "x.pdf", "file/x.pdf: cannot write: a part of the path is a file")):
        result = runner.invoke(main, ["sheets", str(minimal_copy), "-o", str(target)])
        assert result.exit_code == 1, result.output
        assert message in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1
    assert (tmp_path / "pipe.pdf").is_fifo()
    assert (tmp_path / "file").read_text() == "x"


@pytest.mark.parametrize(("code", "message"), [(errno.ENOSPC, "the disk is full"), (errno.EROFS, "read-only")])
def test_disk_full_or_read_only_mid_build_writes_nothing(code: int, message: str, minimal_copy: Path, tmp_path: Path,
                                                        runner, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """The second product fails as a full disk would: the first is not left behind either."""
    from cardgen import build

    def fail(ctx):  # type: ignore[no-untyped-def]
        raise OSError(code, os.strerror(code), str(ctx.out_dir / "rulebook-en.pdf"))

    monkeypatch.setitem(build.PRODUCTS, "rulebook", fail)
    out = tmp_path / "out"
    result = runner.invoke(main, ["build", str(minimal_copy), "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert message in result.stderr and "rulebook-en.pdf" in result.stderr
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert list(out.iterdir()) == []  # cards-en.pdf was written first, in the staging folder: gone with it


def test_export_png_on_a_full_disk_leaves_no_partial_set(minimal_copy: Path, tmp_path: Path, runner,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from cardgen.export import png

    real = png.write_manifest

    def full(folder, rows):  # type: ignore[no-untyped-def]
        real(folder, rows)
        raise OSError(errno.ENOSPC, "No space left on device", str(folder / "manifest.csv"))

    monkeypatch.setattr(png, "write_manifest", full)
    out = tmp_path / "png"
    result = runner.invoke(main, ["export", str(minimal_copy), "--to", "png", "--dpi", "40", "-j", "1", "-o", str(out)])
    assert result.exit_code == 1, result.output
    assert "the disk is full" in result.stderr
    assert not out.exists()  # the images were all written, then left with the staging folder; the folder
    # the export made for them is removed again (it was not there before)
    out.mkdir()
    (out / "old.png").write_bytes(b"old")
    again = runner.invoke(main, ["export", str(minimal_copy), "--to", "png", "--dpi", "40", "-j", "1", "-o", str(out)])
    assert again.exit_code == 1 and "the disk is full" in again.stderr
    assert [(p.name, p.read_bytes()) for p in out.iterdir()] == [("old.png", b"old")]  # a folder it did not make stays as it was


def test_a_staged_set_arrives_whole(tmp_path: Path) -> None:
    with staged_folder(tmp_path) as stage:
        (stage / "a.png").write_bytes(b"a")
        (stage / "b.png").write_bytes(b"b")
        assert list(tmp_path.glob("*.png")) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.png", "b.png"]


def test_a_staged_folder_replaces_a_folder_of_its_name_as_a_whole(tmp_path: Path) -> None:
    """``export --to pod --proof`` run twice: the new ``proof/`` replaces the old one, nothing is left aside."""
    out = tmp_path / "out"
    (out / "proof").mkdir(parents=True)
    (out / "proof" / "proof-face-gone.png").write_bytes(b"old")
    (out / "keep.txt").write_text("kept")
    with staged_folder(out) as stage:
        (stage / "proof").mkdir()
        (stage / "proof" / "proof-face-one.png").write_bytes(b"new")
        (stage / "cards.png").write_bytes(b"png")
    assert sorted(p.name for p in out.iterdir()) == ["cards.png", "keep.txt", "proof"]
    assert [p.name for p in (out / "proof").iterdir()] == ["proof-face-one.png"]
    (out / "cards.png").unlink()
    (out / "cards.png").mkdir()  # a folder where a file is staged is still refused, and nothing moves
    with pytest.raises(OutputError, match="is a folder"), staged_folder(out) as stage:
        (stage / "cards.png").write_bytes(b"png")
        (stage / "proof").mkdir()
    assert [p.name for p in (out / "proof").iterdir()] == ["proof-face-one.png"]

"""Rasterising card pages with pdfium, on every core.

A :class:`RasterJob` names a page region and an exact pixel size. :func:`run_jobs` renders the
jobs (in a process pool when there are enough of them to pay for one: pdfium is not
thread-safe) and either writes the PNG files the job names (each atomically, one render and one
encode shared by every file) or returns the pixels to the caller for compositing (TTS sheets,
proof sheets). Each process opens the PDF once.
"""

from __future__ import annotations

import gc
import os
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PIL import Image

from cardgen.export.png_encoder import encode_scanlines
from cardgen.output import TEMP_SUFFIX, check_target, output_error

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext

Box = tuple[float, float, float, float]
Progress = Callable[[int, int], None]

RENDERS_PER_WORKER = 16
"""A worker process costs about as much CPU as rendering and encoding a few cards (the fork, its
page faults, opening the PDF and loading its fonts again); by default one process (this one
first) is used per this many renders, up to one per core."""


@dataclass(frozen=True)
class RasterJob:
    """Render ``box`` (points) of page ``page`` to exactly ``size`` pixels.

    With ``targets``, the worker writes one PNG per target (``dpi`` recorded in the file);
    without, it returns the pixels.
    """

    page: int
    box: Box
    size: tuple[int, int]
    targets: tuple[Path, ...] = ()
    dpi: float | None = None
    staged: bool = False
    """The targets are new names in a staging folder that moves into place as a whole: each file is
    written straight to its name (:func:`write_file`, ``staged``)."""


def cpu_count() -> int:
    """Cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def pixels(length_pt: float, dpi: float) -> int:
    """A length in points as whole pixels at ``dpi``."""
    return max(1, round(length_pt * dpi / 72 + 1e-9))


_documents: dict[str, Any] = {}
"""Open documents (pdfium's handles) by path: each process opens the PDF once."""
_pdfium_ready = False


def pdfium() -> Any:
    """pdfium's C functions (``pypdfium2_raw``), the library initialised as pypdfium2 initialises it.

    Rendering into a bitmap needs none of pypdfium2's Python helpers, whose import (its object
    tracker, logging, every helper class) costs about 11 ms of CPU on top of loading the library:
    a tenth of what rendering FALLING's nine pictures takes. Should pypdfium2 itself be imported
    later (the TTS and proof sheets use its bitmaps), pdfium ignores the second initialisation.
    """
    import sys

    import pypdfium2_raw as raw

    global _pdfium_ready
    if not _pdfium_ready:
        if "pypdfium2._library_scope" not in sys.modules:  # (that module initialises it when imported)
            raw.FPDF_InitLibraryWithConfig(raw.FPDF_LIBRARY_CONFIG(version=2, m_pUserFontPaths=None, m_pIsolate=None,
                                                                   m_v8EmbedderSlot=0))
        _pdfium_ready = True
    return raw


def _document(pdf: str) -> Any:
    doc = _documents.get(pdf)
    if doc is None:
        raw = pdfium()
        path = os.path.abspath(os.path.expanduser(pdf))
        doc = raw.FPDF_LoadDocument((path + "\x00").encode("utf-8", errors="surrogateescape"), None)
        if not doc:
            raise RuntimeError(f"pdfium could not open {pdf} (error {raw.FPDF_GetLastError()})")
        _documents[pdf] = doc
    return doc


def _render(pdf: str, page_index: int, box: Box, size: tuple[int, int], bitmap: Any) -> None:
    """Render ``box`` of a page into the white-filled ``bitmap`` (pdfium's), scaled to fill ``size`` pixels."""
    raw = pdfium()
    page = raw.FPDF_LoadPage(_document(pdf), page_index)
    if not page:
        raise RuntimeError(f"pdfium could not load page {page_index + 1} of {pdf}")
    try:
        page_w, page_h = raw.FPDF_GetPageWidthF(page), raw.FPDF_GetPageHeightF(page)
        x0, y0, x1, y1 = box
        width, height = size
        sx, sy = width / (x1 - x0), height / (y1 - y0)
        flags = raw.FPDF_ANNOT | raw.FPDF_REVERSE_BYTE_ORDER  # RGB byte order, as Pillow reads it
        raw.FPDF_RenderPageBitmap(bitmap, page, -round(x0 * sx), -round((page_h - y1) * sy),
                                  round(page_w * sx), round(page_h * sy), 0, flags)
    finally:
        raw.FPDF_ClosePage(page)


def render_region(pdf: str, page_index: int, box: Box, size: tuple[int, int]) -> Image.Image:
    """``box`` of a page, scaled to fill exactly ``size`` pixels, as an RGB image."""
    from pypdfium2 import PdfBitmap

    width, height = size
    bitmap = PdfBitmap.new_native(width, height, pdfium().FPDFBitmap_BGR, rev_byteorder=True)
    try:
        bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, height)
        _render(pdf, page_index, box, size, bitmap)
        return bitmap.to_pil()  # for a 3-byte bitmap Pillow's frombuffer already copies the pixels
    finally:
        bitmap.close()


def render_scanlines(pdf: str, page_index: int, box: Box, size: tuple[int, int]) -> bytearray:
    """What :func:`render_region` renders, laid out as a PNG's unfiltered scanlines: each row of RGB
    bytes after a 0 byte. pdfium draws straight into that layout (a bitmap whose rows start one
    byte in and lie one byte apart), so the pixels reach the PNG writer without a copy."""
    import ctypes

    pdfium_c = pdfium()
    width, height = size
    stride = width * 3 + 1
    scanlines = bytearray(stride * height)  # zeros: the filter byte before each row stays 0
    rows = (ctypes.c_ubyte * (len(scanlines) - 1)).from_buffer(scanlines, 1)
    bitmap = pdfium_c.FPDFBitmap_CreateEx(width, height, pdfium_c.FPDFBitmap_BGR, ctypes.addressof(rows), stride)
    if not bitmap:
        raise MemoryError(f"pdfium could not make a {width} x {height} bitmap")
    try:
        pdfium_c.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xFFFFFFFF)
        _render(pdf, page_index, box, size, bitmap)
    finally:
        pdfium_c.FPDFBitmap_Destroy(bitmap)  # the memory is the bytearray's: not freed by pdfium
        del rows
    return scanlines


_WRITE_NEW = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)


def write_file(target: Path, data: bytes, *, staged: bool = False) -> None:
    """Write ``data`` to ``target`` atomically: into a temp file beside it, then renamed over it.

    What :func:`cardgen.output.atomic_path` does, in fewer system calls (one export writes a file
    per physical card): the folder exists, the temp name is fixed per process (a stale one is
    replaced; the next run's ``remove_stale_temps`` sweeps any left by a killed run), and
    ``os.open`` gives the file the umask's mode.

    ``staged``: ``target`` is in a staging folder (:func:`cardgen.output.staged_folder`), which
    already makes the whole set arrive at once or not at all, so a new name is written straight
    away (a third fewer system calls and CPU: FALLING × 10 writes 540 files); a name that exists
    already, or a link, still gets the temp file and the rename.
    """
    if staged:
        try:
            fd = os.open(target, _WRITE_NEW, 0o666)
        except FileExistsError:
            pass
        except OSError as exc:
            raise output_error(exc, target) from None
        else:
            try:
                _write_all(fd, data)
            except OSError as exc:
                raise output_error(exc, target) from None
            return
    check_target(target)
    tmp = target.with_name(f".{target.name}.{os.getpid()}{TEMP_SUFFIX}")
    try:
        try:
            fd = os.open(tmp, _WRITE_NEW, 0o666)
        except FileExistsError:
            os.unlink(tmp)
            fd = os.open(tmp, _WRITE_NEW, 0o666)
        _write_all(fd, data)
        os.replace(tmp, target)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise output_error(exc, target) from None


def _write_all(fd: int, data: bytes) -> None:
    """Write every byte of ``data`` to the open file ``fd``, then close it."""
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def _run(pdf: str, job: RasterJob) -> tuple[int, tuple[int, int], bytes | None]:
    """In a worker: render one job; write its files, or hand back raw RGB pixels."""
    if not job.targets:
        image = render_region(pdf, job.page, job.box, job.size)
        return len(job.targets), image.size, image.tobytes()
    data = encode_scanlines(render_scanlines(pdf, job.page, job.box, job.size), job.size, dpi=job.dpi)
    for target in job.targets:
        write_file(target, data, staged=job.staged)
    return len(job.targets), job.size, None


def default_workers(renders: int) -> int:
    """Processes for ``renders`` renders: one per :data:`RENDERS_PER_WORKER`, at most one per core."""
    return max(1, min(cpu_count(), -(-renders // RENDERS_PER_WORKER)))


def _pool_context() -> BaseContext:
    """fork where it is safe (Linux, no other threads): a worker starts in milliseconds.

    Elsewhere the platform's default; workers then import only this module, Pillow and pdfium.
    """
    import multiprocessing  # with the pool: a run on one process never loads it

    if sys.platform.startswith("linux") and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def run_jobs(pdf: Path, jobs: Sequence[RasterJob], *, workers: int | None = None,
             progress: Progress | None = None) -> list[Image.Image | None]:
    """Run every job, on up to ``workers`` processes, this one included (default: :func:`default_workers`);
    results in job order.

    ``progress(done, total)`` counts files written plus images returned.
    """
    total = sum(max(1, len(job.targets)) for job in jobs)
    results: list[Image.Image | None] = [None] * len(jobs)
    done = 0

    def collect(index: int, result: tuple[int, tuple[int, int], bytes | None]) -> None:
        nonlocal done
        written, size, raw = result
        if raw is not None:
            results[index] = Image.frombytes("RGB", size, raw)
        done += max(1, written)
        if progress:
            progress(done, total)

    count = min(workers or default_workers(len(jobs)), len(jobs))
    if count <= 1:
        try:
            for index, job in enumerate(jobs):
                collect(index, _run(str(pdf), job))
        finally:
            _close(str(pdf))
        return results
    context = _pool_context()
    if context.get_start_method() == "fork":
        pdfium()  # loaded and started once, here: forked workers inherit it instead of loading it each
    # forked workers share the parent's memory until they write to it; with the parent's objects
    # frozen, their garbage collector leaves those pages alone (fewer copied pages, less CPU)
    freeze = context.get_start_method() == "fork" and gc.get_freeze_count() == 0
    if freeze:
        gc.freeze()
    try:
        return _run_pool(pdf, jobs, count, context, collect, results)
    finally:
        if freeze:
            gc.unfreeze()


def _run_pool(pdf: Path, jobs: Sequence[RasterJob], count: int, context: BaseContext,
              collect: Callable[[int, tuple[int, tuple[int, int], bytes | None]], None],
              results: list[Image.Image | None]) -> list[Image.Image | None]:
    """Run the jobs on ``count`` processes, this one included, handing each result to ``collect``.

    ``count - 1`` forked workers take the first jobs; this process renders the last ``1 / count``
    of them meanwhile (pdfium is opened here only after the fork), collecting the workers'
    results between its own, so the work of a whole worker process's start is saved.
    """
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

    own = len(jobs) // count
    pooled = len(jobs) - own
    with ProcessPoolExecutor(max_workers=count - 1, mp_context=context) as pool:
        futures = {pool.submit(_run, str(pdf), job): index for index, job in enumerate(jobs[:pooled])}
        pending: set[Future[tuple[int, tuple[int, int], bytes | None]]] = set(futures)

        def drain(*, block: bool) -> None:
            nonlocal pending
            while pending:
                done, pending = wait(pending, timeout=None if block else 0, return_when=FIRST_COMPLETED)
                for future in done:
                    collect(futures[future], future.result())
                if not block:
                    return

        try:
            try:
                for index in range(pooled, len(jobs)):
                    collect(index, _run(str(pdf), jobs[index]))
                    drain(block=False)
            finally:
                _close(str(pdf))
            drain(block=True)
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    return results


def _close(pdf: str) -> None:
    doc = _documents.pop(pdf, None)
    if doc is not None:
        pdfium().FPDF_CloseDocument(doc)

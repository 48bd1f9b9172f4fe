"""One animated GIF per teaching stage, for slides and chat: each frame of the stage in turn,
held long enough to read its caption (:func:`~cardgen.walkthrough.player.reading_ms`)."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from cardgen.output import atomic_path
from cardgen.render.fonts import BODY, register_fonts
from cardgen.walkthrough.frames import FramePainter, frame_size
from cardgen.walkthrough.handout import StagePlan, document_canvas
from cardgen.walkthrough.player import reading_ms
from cardgen.walkthrough.table_view import TableView

GIF_DPI = 110
"""Every game's animations are drawn at this resolution (a 515 pt wide frame → 787 px)."""


def render_frames(views: list[TableView], painter: FramePainter, *, dpi: int) -> list[Image.Image]:
    """Each view drawn at ``dpi``, all the same size (the height of the first view's table)."""
    import pypdfium2
    from reportlab.pdfgen.canvas import Canvas

    if not views:
        return []
    register_fonts()
    width, height = frame_size(len(views[0].seats))
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1, initialFontName=BODY)
    for view in views:
        painter.draw(document_canvas(canvas, painter.renderer.language), view, width=width, height=height)
        canvas.showPage()
    canvas.save()
    document = pypdfium2.PdfDocument(buffer.getvalue())
    try:
        return [document[i].render(scale=dpi / 72).to_pil().convert("RGB") for i in range(len(views))]
    finally:
        document.close()


def write_stage_gifs(stages: list[StagePlan], painter: FramePainter, folder: Path, *,
                     dpi: int = GIF_DPI) -> list[Path]:
    """``stage<n>.gif`` in ``folder`` for each stage, one GIF frame per walkthrough frame."""
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for number, stage in enumerate(stages, start=1):
        images = render_frames(list(stage.frames), painter, dpi=dpi)
        if not images:
            continue
        palette = [image.quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
                   for image in images]
        durations = [reading_ms(view.caption) + (reading_ms(view.meanwhile) - 2500 if view.meanwhile else 0)
                     for view in stage.frames]
        target = folder / f"stage{number}.gif"
        with atomic_path(target) as tmp:
            palette[0].save(tmp, format="GIF", save_all=True, append_images=palette[1:], duration=durations, loop=0,
                            optimize=False, disposal=1)
        written.append(target)
    return written

"""The Falling Off walkthrough: the example game, one diagram and caption per step.

Reads the deck's ``walkthrough.yaml``, replays its moves through the engine (so every position
is the rules' own), and lays out a handout: a title page with the introduction, then each step
as its notation, a board diagram and a text column — the step's caption and what happened
(move, pushes, stops, momentum, pieces careening). ``image_format="png"`` writes one PNG per
step instead, for slides.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image
from reportlab import rl_config
from reportlab.platypus import (BaseDocTemplate, Flowable, Frame, KeepTogether, PageBreak, PageTemplate, Paragraph,
                                Spacer, Table, TableStyle)

from cardgen.errors import DeckError
from cardgen.games.falling_off import GAME
from cardgen.games.falling_off.board import Color
from cardgen.games.falling_off.board_drawing import Marks, board_drawing, legend_drawing, marks_for
from cardgen.games.falling_off.notation import format_line, keep_move_numbers
from cardgen.games.falling_off.scenario import Frame as StepFrame
from cardgen.games.falling_off.scenario import ScenarioSpec, load_scenario, replay
from cardgen.games.falling_off.texts import PAGE, PLAYER, Words, fact_lines
from cardgen.i18n.typography import apply_typography
from cardgen.layout.sizes import PAPER_SIZES, Size
from cardgen.layout.units import MM
from cardgen.loading.deck_loader import display_path
from cardgen.model.deck import DeckSpec
from cardgen.output import atomic_path
from cardgen.render.card_renderer import Translate
from cardgen.render.fonts import BODY, BODY_BOLD, register_fonts
from cardgen.rulebook.flowables import BookDoc
from cardgen.rulebook.inline import to_markup
from cardgen.rulebook.styles import RULE, Geometry, Styles, make_styles
from cardgen.walkthrough.registry import WalkthroughOptions, WalkthroughResult, register_walkthrough
from cardgen.xml_escape import escape

DIAGRAM_SHARE = 0.54
"""Part of the text width the board takes; the caption column gets the rest."""
PNG_DPI = 200
"""The same resolution as every game's PNG frames."""
GIF_DPI = 110


@dataclass(frozen=True)
class Handout:
    """Everything the layout needs, already in the handout's language."""

    scenario: ScenarioSpec
    frames: list[StepFrame]
    translate: Translate
    language: str

    def text(self, context: str, source: str) -> str:
        """A text of the handout in its language, a move number kept with its move (``4.`` never ends a line)."""
        return keep_move_numbers(self.translate(context, source))


def _markup(text: str, source: Path, line: int | None) -> str:
    def no_cards(card_id: str) -> str:
        raise DeckError(f"walkthrough text cannot show card [[{card_id}]]", path=source, line=line)

    return to_markup(text, card_name=no_cards, icon_size=10)


class _Step:
    """Builds the flowables of one step."""

    def __init__(self, handout: Handout, styles: Styles, width: float, *, spacing: float = 1.0) -> None:
        self.handout = handout
        self.styles = styles
        self.width = width
        self.gap = 12 * spacing
        """The space after a step (``spacing`` < 1 tightens it, see :func:`write_pdf`)."""
        self.words = Words(handout.translate)
        self.notation = self.words.notation()
        # no hyphenation: narrow ragged columns
        self.caption = styles.body.clone("fo-caption", alignment=0, spaceAfter=6, hyphenationLang=None)
        self.fact = styles.body.clone("fo-fact", alignment=0, fontSize=styles.body.fontSize * 0.88,
                                      leading=styles.body.fontSize * 1.16, spaceAfter=1.5, leftIndent=8,
                                      firstLineIndent=-8, hyphenationLang=None)
        self.fact_more = self.fact.clone("fo-fact-more", firstLineIndent=0)
        self.heading = styles.section.clone("fo-step", fontName=BODY_BOLD, spaceBefore=0, spaceAfter=4)
        self.small = styles.note.clone("fo-small", alignment=2, fontSize=styles.body.fontSize * 0.8)
        self.under = styles.note.clone("fo-under", alignment=1, fontSize=styles.body.fontSize * 0.8, spaceBefore=1)

    def title(self, frame: StepFrame) -> str:
        step = frame.step
        if step.title:
            return escape(self.handout.text(f"caption:fo.step.{step.id}.title", step.title))
        rules = self.handout.scenario.rules
        return escape(format_line(frame.before, [t.move for t in frame.turns], rules, style=self.notation))

    def flowables(self, frame: StepFrame, *, legend: bool) -> list[Flowable]:
        handout, step = self.handout, frame.step
        marks = marks_for(frame.turns[-1]) if frame.turns else Marks()
        marks = Marks(marks.last_move, marks.pushes, marks.steps, marks.fallen, step.barred, step.watch)
        diagram_width = self.width * DIAGRAM_SHARE
        drawing = board_drawing(frame.position, marks, width=diagram_width, legend=self.words.legend() if legend else None)
        to_play = PAGE["white_to_play"] if frame.position.turn is Color.WHITE else PAGE["black_to_play"]
        left: list[Flowable] = [drawing]
        source = handout.scenario.located.path
        caption = handout.text(f"caption:fo.step.{step.id}", step.caption)
        right: list[Flowable] = [Paragraph(_markup(caption, source, step.line), self.caption)]
        events = frame.turns[-1].events if frame.turns else ()
        for head, lines in fact_lines(self.words, events, frame.position):
            for index, line in enumerate(lines):
                lead = f"<b>{escape(fact_head(head, handout.language))}</b> " if index == 0 else ""
                right.append(Paragraph(lead + escape(line), self.fact if index == 0 else self.fact_more))
        if frame.position.winner is None:
            right.append(Paragraph(f"<i>{escape(self.words(to_play))}</i>", self.fact.clone("fo-next", spaceBefore=4)))
        head = Table([[Paragraph(self.title(frame), self.heading),
                       Paragraph(escape(self.words(PAGE["step"], n=frame.number)), self.small)]],
                     colWidths=[self.width * 0.8, self.width * 0.2])
        head.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), BODY), ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                                  ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                  ("LINEBELOW", (0, 0), (-1, 0), 0.6, RULE), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]))
        body = Table([[left, right]], colWidths=[diagram_width + 10, self.width - diagram_width - 10])
        body.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), BODY), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                  ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (0, 0), 10),
                                  ("RIGHTPADDING", (1, 0), (1, 0), 0), ("TOPPADDING", (0, 0), (-1, -1), 6)]))
        return [KeepTogether([head, body, Spacer(1, self.gap)])]


def _geometry(paper: str) -> Geometry:
    return Geometry(PAPER_SIZES[paper], 17 * MM, 16 * MM, 18 * MM, 10.0)


def _front(handout: Handout, deck: DeckSpec, styles: Styles, width: float) -> list[Flowable]:
    scenario = handout.scenario
    source = scenario.located.path
    title = handout.text("deck:title", deck.title)
    out: list[Flowable] = [Spacer(1, 10), Paragraph(escape(title), styles.title.clone("fo-title", fontSize=40, leading=46)),
                           Paragraph(escape(handout.text("caption:fo.title", scenario.title)), styles.subtitle)]
    if scenario.subtitle:
        out.append(Paragraph(escape(handout.text("caption:fo.subtitle", scenario.subtitle)),
                             styles.subtitle.clone("fo-sub2", fontSize=styles.body.fontSize * 1.05,
                                                   leading=styles.body.fontSize * 1.4)))
    for index, paragraph in enumerate(scenario.intro):
        text = handout.text(f"caption:fo.intro.{index + 1}", paragraph)
        out.append(Paragraph(_markup(text, source, scenario.located.where(("intro", index))[0]),
                             styles.lead if index == 0 else styles.body))
        if index == len(scenario.intro) - 2:  # the legend, after the paragraph on reading the diagrams
            legend = legend_drawing(Words(handout.translate).legend(), width=width, scale=1.15)
            legend.hAlign = "CENTER"
            out += [legend, Spacer(1, 6)]
    out.append(Paragraph(_markup(handout.text("caption:fo.credit", scenario.credit), source, None), styles.note))
    out.append(Spacer(1, 8))
    return out


def _back(handout: Handout, styles: Styles) -> list[Flowable]:
    scenario = handout.scenario
    return [Paragraph(_markup(handout.text(f"caption:fo.outro.{i + 1}", text), scenario.located.path,
                              scenario.located.where(("outro", i))[0]), styles.body)
            for i, text in enumerate(scenario.outro)]


def build_handout(deck: DeckSpec, translate: Translate, language: str) -> Handout:
    scenario = load_scenario(deck.folder, display=display_path(deck.folder / "walkthrough.yaml"))
    return Handout(scenario, replay(scenario), translate, language)


COVER_FULL = 0.7
"""A cover whose text ends above this share of the page, the first step not fitting under it, is set as a
title page: its text lowered so that the space is shared above and below it instead of left at the foot."""
COVER_SLACK_ABOVE = 0.4
"""Share of a title page's free height set above its text (the optical centre sits a little high)."""
SHORT_LAST_PAGE = 0.3
"""A last page using less than this share of its frame is pulled back by tightening the spacing."""
SPACINGS = (1.0, 0.8, 0.6)
"""Space around blocks tried, in order, to pull a short last page back (as the rulebook does)."""


def _story(handout: Handout, deck: DeckSpec, geo: Geometry, *, spacing: float, cover_drop: float,
           cover_only: bool = False) -> list[Flowable]:
    """The handout's flowables; ``cover_only``: the cover and the first step, to see whether both fit on page 1."""
    styles = make_styles(geo, handout.language, spacing=spacing)
    steps = _Step(handout, styles, geo.frame_width, spacing=spacing)
    story: list[Flowable] = [Spacer(1, cover_drop)] if cover_drop else []
    story += _front(handout, deck, styles, geo.frame_width)
    for frame in handout.frames[:1] if cover_only else handout.frames:
        story += steps.flowables(frame, legend=False)
    if not cover_only:
        story += _back(handout, styles)
    return story


def _layout(handout: Handout, deck: DeckSpec, geo: Geometry, target: Any, *, spacing: float,
            cover_drop: float = 0.0, cover_only: bool = False) -> BookDoc:
    """Typeset the handout into ``target`` (a path or a buffer); the document tells how full each page is."""
    words = Words(handout.translate)
    title = handout.text("deck:title", deck.title)
    doc = BookDoc(target, geo=geo, footer=lambda page: words(PAGE["footer"], title=title, page=page),
                  title=f"{title} — {handout.text('caption:fo.title', handout.scenario.title)}",
                  author=deck.designer, subject=handout.text("caption:fo.title", handout.scenario.title),
                  creator="cardgen", lang=handout.language)
    doc.build(_story(handout, deck, geo, spacing=spacing, cover_drop=cover_drop, cover_only=cover_only))
    return doc


def write_pdf(handout: Handout, deck: DeckSpec, target: Path, *, paper: str) -> None:
    """The handout, with no near-empty page: a last page under ``SHORT_LAST_PAGE`` full (a paragraph's last
    lines alone) is pulled back by tightening the space around blocks, when that saves the page; a cover
    the first step does not fit under is set as a title page (see ``COVER_FULL``)."""
    register_fonts()
    geo = _geometry(paper)
    rl_config.useA85 = 0

    def cover_drop(spacing: float) -> float:
        """How far the cover's text is lowered: none when the first step fits under it (laid out alone to see)."""
        probe = _layout(handout, deck, geo, io.BytesIO(), spacing=spacing, cover_only=True)
        cover = probe.used.get(1, 1.0)
        return (1.0 - cover) * geo.frame_height * COVER_SLACK_ABOVE if int(probe.page) > 1 and cover < COVER_FULL else 0.0

    drop = cover_drop(SPACINGS[0])
    pdf = io.BytesIO()
    doc = _layout(handout, deck, geo, pdf, spacing=SPACINGS[0], cover_drop=drop)
    pages = int(doc.page)
    if pages > 2 and doc.used.get(pages, 1.0) < SHORT_LAST_PAGE:
        for spacing in SPACINGS[1:]:
            tighter = io.BytesIO()
            tight_drop = cover_drop(spacing)
            if int(_layout(handout, deck, geo, tighter, spacing=spacing, cover_drop=tight_drop).page) < pages:
                pdf = tighter
                break
    with atomic_path(target) as tmp:
        Path(tmp).write_bytes(pdf.getvalue())


FRAME_WIDTH = 180 * MM
"""Width of one step alone, for slides; each PNG is as tall as its step needs."""


def render_steps(handout: Handout, *, dpi: int) -> list[Image.Image]:
    """Every step alone (heading, board and text), all the same size: as tall as the tallest step."""
    import pypdfium2 as pdfium

    register_fonts()
    margin = 6 * MM
    width = FRAME_WIDTH - 2 * margin
    geo = Geometry(Size(FRAME_WIDTH, 300 * MM), margin, margin, margin, 10.0)
    styles = make_styles(geo, handout.language)
    steps = _Step(handout, styles, width)
    stories = [steps.flowables(frame, legend=index == 0)[0]._content[:2]  # heading and body, no spacer
               for index, frame in enumerate(handout.frames)]
    heights = [sum(flowable.wrap(width, 10_000)[1] for flowable in story) for story in stories]
    height = max(heights, default=0) + 2 * margin
    buffer = io.BytesIO()
    doc = BaseDocTemplate(buffer, pagesize=(FRAME_WIDTH, height), invariant=1, initialFontName=BODY,
                          leftMargin=margin, rightMargin=margin, topMargin=margin, bottomMargin=margin)
    doc.addPageTemplates([PageTemplate(id="frame", frames=[Frame(margin, margin, width, height - 2 * margin + 1,
                                                                   id="body", leftPadding=0, rightPadding=0,
                                                                   topPadding=0, bottomPadding=0)])])
    story: list[Flowable] = []
    for index, frame in enumerate(handout.frames):
        if index:
            story.append(PageBreak())
        story += steps.flowables(frame, legend=index == 0)[0]._content[:2]
    doc.build(story)
    pdf = pdfium.PdfDocument(buffer.getvalue())
    try:
        return [pdf[i].render(scale=dpi / 72).to_pil().convert("RGB") for i in range(len(pdf))]
    finally:
        pdf.close()


def write_pngs(handout: Handout, folder: Path) -> list[Path]:
    """One PNG per step (``step-01.png`` …), all the same size, written atomically into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for index, image in enumerate(render_steps(handout, dpi=PNG_DPI)):
        path = folder / f"step-{index + 1:02d}.png"
        with atomic_path(path) as tmp:
            image.save(tmp, format="PNG", dpi=(PNG_DPI, PNG_DPI))
        written.append(path)
    return written


def _step_text(handout: Handout, frame: StepFrame) -> str:
    """The step's caption and facts as plain text (for the reading time)."""
    words = Words(handout.translate)
    caption = handout.text(f"caption:fo.step.{frame.step.id}", frame.step.caption)
    events = frame.turns[-1].events if frame.turns else ()
    facts = [line for _, lines in fact_lines(words, events, frame.position) for line in lines]
    return " ".join([caption, *facts])


def fact_head(head: str, language: str) -> str:
    """The heading of a fact line (« Coup : »), in the PDF and the HTML player alike: the colon is
    the page's, so it goes through the language's typography pass with the word."""
    return apply_typography(head + ":", language)


def write_gif(handout: Handout, folder: Path) -> list[Path]:
    """``line.gif`` in ``folder``: the example line, each step held for its text's reading time."""
    from cardgen.walkthrough.player import reading_ms

    images = render_steps(handout, dpi=GIF_DPI)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "line.gif"
    palette = [image.quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE) for image in images]
    durations = [reading_ms(_step_text(handout, frame)) for frame in handout.frames]
    with atomic_path(target) as tmp:
        palette[0].save(tmp, format="GIF", save_all=True, append_images=palette[1:], duration=durations, loop=0,
                        disposal=1)
    return [target]


def write_html(handout: Handout, deck: DeckSpec, target: Path) -> Path:
    """The example line as the shared screen player: the board as a picture, the text as HTML."""
    import base64

    import pypdfium2 as pdfium
    from reportlab.graphics import renderPDF
    from reportlab.pdfgen.canvas import Canvas

    from cardgen.walkthrough.player import PlayerLabels, PlayerStep, reading_ms, render_page, write_player

    register_fonts()
    words = Words(handout.translate)
    width = 300.0
    buffer = io.BytesIO()
    pdf = Canvas(buffer, invariant=1)
    for index, frame in enumerate(handout.frames):
        marks = marks_for(frame.turns[-1]) if frame.turns else Marks()
        marks = Marks(marks.last_move, marks.pushes, marks.steps, marks.fallen, frame.step.barred, frame.step.watch)
        drawing = board_drawing(frame.position, marks, width=width, legend=words.legend() if index == 0 else None)
        pdf.setPageSize((drawing.width, drawing.height))
        renderPDF.draw(drawing, pdf, 0, 0)
        pdf.showPage()
    pdf.save()
    document = pdfium.PdfDocument(buffer.getvalue())
    steps: list[PlayerStep] = []
    step_builder = _Step(handout, make_styles(_geometry("a4"), handout.language), width)
    try:
        for index, frame in enumerate(handout.frames):
            image = document[index].render(scale=2.4).to_pil().convert("RGB")
            out = io.BytesIO()
            image.save(out, format="WEBP", quality=85, method=6)
            uri = "data:image/webp;base64," + base64.b64encode(out.getvalue()).decode("ascii")
            caption = handout.text(f"caption:fo.step.{frame.step.id}", frame.step.caption)
            events = frame.turns[-1].events if frame.turns else ()
            facts = "".join(f"<p><b>{escape(fact_head(head, handout.language))}</b> {escape(' '.join(lines))}</p>"
                            for head, lines in fact_lines(words, events, frame.position))
            heading = f"<p><strong>{step_builder.title(frame)}</strong></p>"
            body = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", escape(caption))
            steps.append(PlayerStep(stage=1, picture=f'<img src="{uri}" alt="" width="{image.width // 2}">',
                                    caption=f"{heading}<p>{body}</p>{facts}", ms=reading_ms(_step_text(handout, frame))))
    finally:
        document.close()
    labels = PlayerLabels(back=words(PLAYER["back"]), next=words(PLAYER["next"]), play=words(PLAYER["play"]),
                          pause=words(PLAYER["pause"]), pace=words(PLAYER["pace"]), slow=words(PLAYER["slow"]),
                          normal=words(PLAYER["normal"]), fast=words(PLAYER["fast"]),
                          step=words.translate(PAGE["step_of"].context, PAGE["step_of"].text), stage="",
                          stage_heading="{title}")
    title = handout.text("deck:title", deck.title)
    line = handout.text("caption:fo.title", handout.scenario.title)
    html = render_page(f"{title} — {line}", [line], steps, labels=labels, language=handout.language)
    return write_player(target, html)


def write_walkthrough(deck: DeckSpec, target: Path, *, translate: Translate, language: str,
                      options: WalkthroughOptions) -> WalkthroughResult:
    """The registered writer: ``walkthrough-<lang>.pdf``, or a folder of PNG frames."""
    handout = build_handout(deck, translate, language)
    notes = []
    if options.players not in (None, 2):
        notes.append("Falling Off is a two-player game; --players is ignored")
    if options.seed is not None:
        notes.append("the Falling Off walkthrough replays a fixed game; --seed is ignored")
    if options.image_format == "png":
        return WalkthroughResult(files=write_pngs(handout, Path(target)), notes=notes)
    if options.image_format == "gif":
        return WalkthroughResult(files=write_gif(handout, Path(target)), notes=notes)
    if options.image_format == "html":
        return WalkthroughResult(files=[write_html(handout, deck, Path(target))], notes=notes)
    write_pdf(handout, deck, Path(target), paper=options.paper)
    return WalkthroughResult(files=[Path(target)], notes=notes)


register_walkthrough(GAME)(write_walkthrough)

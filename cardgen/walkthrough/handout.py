"""The printed teaching handout: a cover, then per stage an introduction of its new cards, the
frames of a game played at that stage, its outcome and questions; the answers at the back.

Game-independent: it lays out a :class:`HandoutPlan` whose text is already in the handout's
language (escaped here before it reaches reportlab markup) and whose frames are drawn by a
:class:`FramePainter`. Every card face is stored once in the PDF and placed by reference.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab import rl_config
from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, PageBreak, Paragraph, Spacer, Table, TableStyle

from cardgen.i18n.typography import apply_typography, lining_figures
from cardgen.layout.sizes import PAPER_SIZES
from cardgen.layout.units import MM
from cardgen.model.deck import CardSpec
from cardgen.output import atomic_path
from cardgen.render.fonts import BODY, BODY_BOLD, register_fonts
from cardgen.render.reportlab_canvas import ReportlabCanvas, markup
from cardgen.rulebook.flowables import BookDoc, CardFace, Heading
from cardgen.rulebook.styles import Geometry, Styles, make_styles
from cardgen.walkthrough.frames import FramePainter, frame_height
from cardgen.walkthrough.table_view import TableView

FRAME_DESIGN_WIDTH = 515.0
"""Frames are laid out for this width and scaled to the page's text width."""


@dataclass(frozen=True)
class IntroCard:
    """A card a stage introduces: what it does and what to watch for, in the handout's language."""

    card: CardSpec
    name: str
    does: str
    watch: str = ""


@dataclass(frozen=True)
class Question:
    text: str
    answer: str


@dataclass(frozen=True)
class StagePlan:
    """One teaching stage: its new cards, the frames of its game, the outcome and questions."""

    key: str
    title: str
    intro: str
    new_cards: tuple[IntroCard, ...]
    frames: tuple[TableView, ...]
    outcome: tuple[str, ...] = ()
    questions: tuple[Question, ...] = ()
    rules_shown: tuple[str, ...] = ()


@dataclass(frozen=True)
class HandoutLabels:
    """Page furniture in the handout's language. ``{n}``/``{count}``/``{title}`` are filled in here."""

    stage_heading: str = "Game {n}: {title}"
    new_cards: str = "New in this game"
    does: str = "What it does"
    watch: str = "Watch for"
    frames_heading: str = "The game, step by step"
    step: str = "Step {n} of {count}"
    outcome_heading: str = "How it ended"
    questions_heading: str = "Questions for the table"
    answers_heading: str = "Answers"
    answers_for: str = "Game {n}: {title}"
    footer: str = "{title} · {page}"


@dataclass(frozen=True)
class HandoutPlan:
    title: str
    subtitle: str
    lead: tuple[str, ...]
    credit: str
    stages: tuple[StagePlan, ...]
    labels: HandoutLabels = field(default_factory=HandoutLabels)
    language: str = "en"


def handout_geometry(paper: str) -> Geometry:
    """Narrow margins, so a frame gets the whole width of an A4 or Letter page."""
    return Geometry(PAPER_SIZES[paper], 14 * MM, 14 * MM, 16 * MM, 10.0)


class FrameFlowable(Flowable):
    """One frame, drawn by the painter at its design width and scaled to the text width."""

    def __init__(self, painter: FramePainter, view: TableView, *, width: float, seats: int, label: str,
                 max_height: float | None = None) -> None:
        super().__init__()
        self.painter = painter
        self.view = view
        self.label = label
        self.design_height = frame_height(seats)
        self.scale = width / FRAME_DESIGN_WIDTH
        if max_height is not None:
            self.scale = min(self.scale, (max_height - 12) / self.design_height)
        self.width = FRAME_DESIGN_WIDTH * self.scale
        self.height = self.design_height * self.scale + 12
        self.hAlign = "CENTER"

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.setFont(BODY_BOLD, 7.5)
        c.setFillColorRGB(0.4, 0.4, 0.4)
        c.drawRightString(self.width, self.height - 8, apply_typography(self.label, self.painter.renderer.language))
        c.scale(self.scale, self.scale)
        self.painter.draw(document_canvas(c, self.painter.renderer.language), self.view, width=FRAME_DESIGN_WIDTH, height=self.design_height)
        c.setStrokeColorRGB(0.8, 0.78, 0.72)
        c.setLineWidth(0.6)
        c.roundRect(0, 0, FRAME_DESIGN_WIDTH, self.design_height, 4, stroke=1, fill=0)
        c.restoreState()


def document_canvas(canvas: Any, language: str = "en") -> ReportlabCanvas:
    """One Canvas-protocol wrapper per PDF canvas, so each card face is stored once per document."""
    wrapper = getattr(canvas, "_cardgen_wrapper", None)
    if wrapper is None:
        wrapper = ReportlabCanvas(canvas, language=language)
        canvas._cardgen_wrapper = wrapper
    return wrapper


def _fill(template: str, **values: object) -> str:
    out = template
    for key, value in values.items():
        out = out.replace("{" + key + "}", str(value))
    return out


class _Story:
    def __init__(self, plan: HandoutPlan, painter: FramePainter, geo: Geometry) -> None:
        self.plan = plan
        self.painter = painter
        self.geo = geo
        self.styles: Styles = make_styles(geo, plan.language)
        self.labels = plan.labels
        size = self.styles.body.fontSize
        self.numbered = self.styles.bullet.clone("numbered", leftIndent=size * 1.6, bulletIndent=0)

    def markup(self, text: str) -> str:
        """User or catalog text as paragraph markup, set with the handout language's typography."""
        return markup(apply_typography(text, self.plan.language))

    def plain(self, text: str) -> str:
        """Text escaped for paragraph markup (no **bold**), with the typography pass."""
        return escape(apply_typography(text, self.plan.language))

    def para(self, text: str, style: Any) -> Paragraph:
        """A paragraph of user or catalog text: escaped, then **bold** and *italic* allowed."""
        return Paragraph(self.markup(text), style)

    def heading(self, text: str, style: Any, *, key: str, level: int) -> Heading:
        return Heading(lining_figures(self.markup(text), BODY_BOLD), style, key=key, plain=text, outline_level=level, toc_level=None)

    def build(self) -> list[Flowable]:
        s = self.styles
        story: list[Flowable] = [Spacer(1, 30), Paragraph(self.plain(self.plan.title), s.title),
                                 self.para(self.plan.subtitle, s.subtitle), Spacer(1, 12)]
        story += [self.para(text, s.lead) for text in self.plan.lead]
        story += [Spacer(1, 8), self.para(self.plan.credit, s.note)]
        for number, stage in enumerate(self.plan.stages, start=1):
            story += self.stage(number, stage)
        story += self.answers()
        return story

    def stage(self, number: int, stage: StagePlan) -> list[Flowable]:
        s, lab = self.styles, self.labels
        out: list[Flowable] = [PageBreak(),
                               self.heading(_fill(lab.stage_heading, n=number, title=stage.title), s.chapter,
                                            key=f"stage-{stage.key}", level=0)]
        if stage.intro:
            out.append(self.para(stage.intro, s.body))
        if stage.new_cards:
            out.append(self.heading(lab.new_cards, s.section, key=f"stage-{stage.key}-cards", level=1))
            out += [self.intro_card(card) for card in stage.new_cards]
        out += [PageBreak(), self.heading(lab.frames_heading, s.section, key=f"stage-{stage.key}-frames", level=1)]
        seats = len(stage.frames[0].seats) if stage.frames else 4
        # two frames to a page, shrunk a little if need be; big tables get a page each
        half_page = (self.geo.frame_height - 2 * 8) / 2 - 1  # two frames, each followed by 8 pt
        max_height = half_page if frame_height(seats) <= half_page * 1.3 else None
        for index, view in enumerate(stage.frames, start=1):
            frame = FrameFlowable(self.painter, view, width=self.geo.frame_width, seats=seats, max_height=max_height,
                                  label=_fill(lab.step, n=index, count=len(stage.frames)))
            out += [CondPageBreak(frame.height + 4), frame, Spacer(1, 8)]
        block: list[Flowable] = []
        if stage.outcome:
            block.append(self.heading(lab.outcome_heading, s.section, key=f"stage-{stage.key}-outcome", level=1))
            block += [self.para(line, s.body) for line in stage.outcome]
        if stage.questions:
            block.append(self.heading(lab.questions_heading, s.minor, key=f"stage-{stage.key}-questions", level=1))
            block += [Paragraph(self.markup(q.text), self.numbered, bulletText=f"{i}.") for i, q in enumerate(stage.questions, 1)]
        if block:
            out.append(KeepTogether(block))
        return out

    def intro_card(self, intro: IntroCard) -> Flowable:
        s, lab = self.styles, self.labels
        face_w = 34 * MM
        text: list[Flowable] = [Paragraph(f"<b>{self.plain(intro.name)}</b>", s.section.clone("card-name", spaceBefore=0)),
                                Paragraph(f"<b>{self.plain(lab.does + ':')}</b> " + self.markup(intro.does), s.body)]
        if intro.watch:
            text.append(Paragraph(f"<b>{self.plain(lab.watch + ':')}</b> " + self.markup(intro.watch), s.body))
        table = Table([[CardFace(self.painter.renderer, intro.card, width=face_w), text]],
                      colWidths=[face_w + 5 * MM, self.geo.frame_width - face_w - 5 * MM])
        table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), BODY), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                   ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                   ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 8)]))
        return table

    def answers(self) -> list[Flowable]:
        s, lab = self.styles, self.labels
        if not any(stage.questions for stage in self.plan.stages):
            return []
        out: list[Flowable] = [PageBreak(), self.heading(lab.answers_heading, s.chapter, key="answers", level=0)]
        for number, stage in enumerate(self.plan.stages, start=1):
            if not stage.questions:
                continue
            out.append(Paragraph(self.plain(_fill(lab.answers_for, n=number, title=stage.title)), s.minor))
            out += [Paragraph(self.markup(q.answer), self.numbered, bulletText=f"{i}.") for i, q in enumerate(stage.questions, 1)]
        return out


def write_handout(plan: HandoutPlan, painter: FramePainter, target: Path, *, paper: str = "a4") -> int:
    """Typeset ``plan`` and write it atomically to ``target``; returns the number of pages."""
    register_fonts()
    geo = handout_geometry(paper)
    story = _Story(plan, painter, geo).build()
    rl_config.useA85 = 0
    with atomic_path(Path(target)) as tmp:
        doc = BookDoc(str(tmp), geo=geo, footer=lambda page: apply_typography(
                          _fill(plan.labels.footer, title=plan.title, page=page), plan.language),
                      title=plan.title, subject=plan.subtitle, creator="cardgen", lang=plan.language,
                      displayDocTitle=1)
        doc.build(story)
        pages = int(doc.page)
    return pages

"""The printed teaching handout: a cover, then per stage an introduction of its new cards, the
frames of a game played at that stage, its outcome and questions; the answers at the back.

Game-independent: it lays out a :class:`HandoutPlan` whose text is already in the handout's
language (escaped here before it reaches reportlab markup) and whose frames are drawn by a
:class:`FramePainter`. Every card face is stored once in the PDF and placed by reference.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab import rl_config
from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from cardgen.i18n.lists import format_list
from cardgen.i18n.typography import apply_typography, lining_figures
from cardgen.layout.sizes import PAPER_SIZES
from cardgen.layout.units import MM
from cardgen.model.deck import CardSpec
from cardgen.output import atomic_path
from cardgen.render.fonts import BODY, BODY_BOLD, register_fonts
from cardgen.render.reportlab_canvas import ReportlabCanvas, markup
from cardgen.rulebook.flowables import BookDoc, CardFace, Heading
from cardgen.rulebook.styles import Geometry, Styles, make_styles
from cardgen.walkthrough.frames import MIN_TEXT, FramePainter, frame_size
from cardgen.walkthrough.table_view import TableView
from cardgen.xml_escape import escape

FRAME_DESIGN_WIDTH = 515.0
"""Frames are laid out for this width and scaled to the page's text width."""
SHORT_LAST_PAGE = 0.4
"""A last page using less than this share of its frame (the answers alone after a page ending with the last
game's outcome) is pulled back onto the page before by tightening the spacing, when that saves the page."""
SPACINGS = (1.0, 0.8, 0.6)
"""Space around text blocks tried, in order, to pull a short last page back (frames keep their size)."""


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
    stages: str = "The games in this handout"
    stage_teaches: str = "Game {n}: {title}. New cards: {cards}."
    stage_teaches_one: str = "Game {n}: {title}. New card: {cards}."
    """The line of a stage that adds one card (a language may need another word, another article)."""
    key_title: str = "How to read a frame"
    key_held: str = "the card in hand"
    key_stacks: str = "the stacks; the number under each is how many cards it holds"
    key_rider: str = "the Rider place (a Rider lies sideways, an Extra on it)"
    key_move: str = "a card that moved, with a faint copy where it was"


@dataclass(frozen=True)
class HandoutPlan:
    title: str
    subtitle: str
    lead: tuple[str, ...]
    credit: str
    stages: tuple[StagePlan, ...]
    labels: HandoutLabels = field(default_factory=HandoutLabels)
    language: str = "en"
    key: KeyCards | None = None
    """The cards of the key printed before each game's first frame (none: no key)."""
    author: str = ""
    """The PDF's Author (document properties): the game's designer."""


def handout_geometry(paper: str) -> Geometry:
    """Narrow margins, so a frame gets the whole width of an A4 or Letter page."""
    return Geometry(PAPER_SIZES[paper], 14 * MM, 14 * MM, 16 * MM, 10.0)


@dataclass(frozen=True)
class KeyCards:
    """Which cards the key's sample mat shows (physical ids: ``hit-1``)."""

    held: str
    stacks: tuple[str, ...]
    rider: str
    extra: str | None
    moved: str


class KeyFlowable(Flowable):
    """The key before a game's first frame: a sample mat, its parts numbered, drawn at full size."""

    def __init__(self, painter: FramePainter, cards: KeyCards) -> None:
        super().__init__()
        self.painter, self.cards = painter, cards
        self.width, self.height = painter.KEY_SIZE

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        k = self.cards
        self.painter.draw_key(document_canvas(self.canv, self.painter.renderer.language), held=k.held, stacks=k.stacks, rider=k.rider, extra=k.extra,
                              moved=k.moved)


class FrameFlowable(Flowable):
    """One frame, drawn by the painter at its design width and scaled to the text width."""

    def __init__(self, painter: FramePainter, view: TableView, *, width: float, seats: int, label: str,
                 max_height: float | None = None) -> None:
        super().__init__()
        self.painter = painter
        self.view = view
        self.label = label
        self.design_width, self.design_height = frame_size(seats)
        self.scale = width / self.design_width
        if max_height is not None:
            self.scale = min(self.scale, (max_height - 12) / self.design_height)
        self.width = self.design_width * self.scale
        self.height = self.design_height * self.scale + 12
        self.hAlign = "CENTER"

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.setFont(BODY_BOLD, 8)  # the step label: a handout's smallest text is 8 pt
        c.setFillColorRGB(0.4, 0.4, 0.4)
        c.drawRightString(self.width, self.height - 8, apply_typography(self.label, self.painter.renderer.language))
        c.scale(self.scale, self.scale)
        # every word in the frame prints at 8 pt or more once scaled onto the page
        self.painter.min_text = MIN_TEXT / min(self.scale, 1.0)
        self.painter.where = f"page {c.getPageNumber()}, {self.label}"
        self.painter.draw(document_canvas(c, self.painter.renderer.language), self.view, width=self.design_width,
                          height=self.design_height)
        self.painter.min_text = MIN_TEXT
        self.painter.where = ""
        c.setStrokeColorRGB(0.8, 0.78, 0.72)
        c.setLineWidth(0.6)
        c.roundRect(0, 0, self.design_width, self.design_height, 4, stroke=1, fill=0)
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
    def __init__(self, plan: HandoutPlan, painter: FramePainter, geo: Geometry, *, spacing: float = 1.0) -> None:
        self.plan = plan
        self.painter = painter
        self.geo = geo
        self.spacing = spacing
        self.styles: Styles = make_styles(geo, plan.language, spacing=spacing)
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
        story += self.contents()
        for number, stage in enumerate(self.plan.stages, start=1):
            story += self.stage(number, stage)
        story += self.answers()
        return story

    def contents(self) -> list[Flowable]:
        """The cover's list of games: each stage, and the cards it teaches."""
        s, lab = self.styles, self.labels
        out: list[Flowable] = [Spacer(1, 10), self.heading(lab.stages, s.section, key="stages", level=0)]
        for number, stage in enumerate(self.plan.stages, start=1):
            cards = format_list([f"**{card.name}**" for card in stage.new_cards], self.plan.language)
            template = lab.stage_teaches_one if len(stage.new_cards) == 1 else lab.stage_teaches
            line = _fill(template, n=number, title=stage.title, cards=cards)
            out.append(Paragraph(self.markup(line), self.numbered, bulletText="•"))
            if stage.intro:
                out.append(Paragraph(self.markup(stage.intro), s.body.clone("stage-intro", leftIndent=s.body.fontSize * 1.6)))
        return out

    def key(self) -> list[Flowable]:
        s, lab = self.styles, self.labels
        if self.plan.key is None:
            return []
        items = [lab.key_held, lab.key_stacks, lab.key_rider, lab.key_move]
        text = [Paragraph(f"<b>{self.plain(lab.key_title)}</b>", s.body)] + [
            Paragraph(self.markup(item), self.numbered, bulletText=f"{i}.") for i, item in enumerate(items, start=1)]
        drawing = KeyFlowable(self.painter, self.plan.key)
        table = Table([[drawing, text]], colWidths=[drawing.width + 8, self.geo.frame_width - drawing.width - 8])
        table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), BODY), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                                   ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                   ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0),
                                   ("BOTTOMPADDING", (0, 0), (-1, -1), 6)]))
        return [table]

    def stage(self, number: int, stage: StagePlan) -> list[Flowable]:
        s, lab = self.styles, self.labels
        # a game starts on a new page unless the previous one left most of its page free
        out: list[Flowable] = [CondPageBreak(self.geo.frame_height * 0.3),
                               self.heading(_fill(lab.stage_heading, n=number, title=stage.title), s.chapter,
                                            key=f"stage-{stage.key}", level=0)]
        if stage.intro:
            out.append(self.para(stage.intro, s.body))
        if stage.new_cards:
            out.append(self.heading(lab.new_cards, s.section, key=f"stage-{stage.key}-cards", level=1))
            out += [self.intro_card(card) for card in stage.new_cards]
        seats = len(stage.frames[0].seats) if stage.frames else 4
        width, max_height = self.geo.frame_width, (self.geo.frame_height - 2 * 8) / 2 - 1  # two frames to a page
        first = FrameFlowable(self.painter, stage.frames[0], width=width, seats=seats,
                              max_height=max_height, label="") if stage.frames else None
        key = self.key()
        # the heading never ends a page alone: the key (or, without one, the first frame) comes with it
        need = 40 + (self.painter.KEY_SIZE[1] + 10 if key else 0 if first is None else first.height)
        out += [CondPageBreak(need), self.heading(lab.frames_heading, s.section, key=f"stage-{stage.key}-frames",
                                                  level=1)]
        out += key
        for index, view in enumerate(stage.frames, start=1):
            frame = FrameFlowable(self.painter, view, width=width, seats=seats, max_height=max_height,
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
        # the answers fill the lower part of the last page when they fit there, else the top of a new one
        size = max(8.5, s.body.fontSize * 0.9)  # a little smaller than the body, never under 8.5 pt
        compact = self.numbered.clone("answer", fontSize=size, leading=size * 1.25, spaceAfter=1)
        block: list[Flowable] = [self.heading(lab.answers_heading, s.section, key="answers", level=0)]
        for number, stage in enumerate(self.plan.stages, start=1):
            if not stage.questions:
                continue
            block.append(Paragraph(self.plain(_fill(lab.answers_for, n=number, title=stage.title)),
                                   s.minor.clone("answer-for", spaceBefore=4)))
            block += [Paragraph(self.markup(q.answer), compact, bulletText=f"{i}.")
                      for i, q in enumerate(stage.questions, 1)]
        return [Spacer(1, 12 * self.spacing), KeepTogether(block)]


def write_handout(plan: HandoutPlan, painter: FramePainter, target: Path, *, paper: str = "a4") -> int:
    """Typeset ``plan`` and write it atomically to ``target``; returns the number of pages.

    A last page under ``SHORT_LAST_PAGE`` full is pulled back by tightening the space around text blocks
    (``SPACINGS``), when that saves the page; what the painter found cut is kept from the layout written."""
    register_fonts()
    geo = handout_geometry(paper)
    rl_config.useA85 = 0

    def layout(spacing: float) -> tuple[io.BytesIO, int, float]:
        """The PDF at ``spacing``, its pages and how full its last page is."""
        buffer = io.BytesIO()
        doc = BookDoc(buffer, geo=geo, footer=lambda page: apply_typography(
                          _fill(plan.labels.footer, title=plan.title, page=page), plan.language),
                      title=plan.title, author=plan.author, subject=plan.subtitle, creator="cardgen", lang=plan.language,
                      displayDocTitle=1)
        doc.build(_Story(plan, painter, geo, spacing=spacing).build())
        pages = int(doc.page)
        return buffer, pages, doc.used.get(pages, 1.0)

    start = len(painter.cut_text)
    pdf, pages, last = layout(SPACINGS[0])
    if pages > 2 and last < SHORT_LAST_PAGE:
        for spacing in SPACINGS[1:]:
            mark = len(painter.cut_text)
            tighter, tight_pages, _ = layout(spacing)
            if tight_pages < pages:
                del painter.cut_text[start:mark]  # the notes of the layout set aside
                pdf, pages = tighter, tight_pages
                break
            del painter.cut_text[mark:]
    with atomic_path(Path(target)) as tmp:
        Path(tmp).write_bytes(pdf.getvalue())
    return pages

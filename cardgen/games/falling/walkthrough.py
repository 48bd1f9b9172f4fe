"""``walkthrough-<lang>.pdf`` for FALLING (and ``--format png``: one image per frame).

Registered for decks whose ``game:`` is ``falling``. The stages come from the deck's
``teaching:`` list; each is played by the engine until a game shows every rule the stage adds.
"""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from cardgen.errors import DeckError
from cardgen.loading.deck_loader import load_deck_layouts
from cardgen.model.deck import DeckSpec
from cardgen.render.card_renderer import CardRenderer, Translate
from cardgen.render.fonts import BODY, register_fonts
from cardgen.games.falling.captions import fill
from cardgen.games.falling.walkthrough_plan import DEFAULT_PLAYERS, DEFAULT_SEED, StageGame, find_game, stage_plan
from cardgen.games.falling.texts import BY_CONTEXT
from cardgen.walkthrough.frames import FramePainter, frame_height
from cardgen.walkthrough.handout import (FRAME_DESIGN_WIDTH, HandoutLabels, HandoutPlan, StagePlan, document_canvas,
                                         write_handout)
from cardgen.walkthrough.registry import WalkthroughOptions, WalkthroughResult, register_walkthrough

PNG_DPI = 200


def _text(translate: Translate, context: str, **values: object) -> str:
    return fill(translate(context, BY_CONTEXT[context].text), values)


def play_stages(deck: DeckSpec, *, players: int, seed: int) -> list[StageGame]:
    """One game per teaching stage, each showing the rules its new cards bring."""
    stages = deck.teaching_stages()
    if not stages:
        raise DeckError("the deck has no teaching stages", path=deck.file, field="teaching",
                        hint="list stages under teaching: (cards: for the first, add: for the next ones)")
    games: list[StageGame] = []
    previous: list[str] = []
    for spec, kinds in stages:
        new_kinds = [kind for kind in kinds if kind not in previous]
        games.append(find_game(deck, spec.stage, kinds, new_kinds, players=players, start_seed=seed))
        previous = kinds
    return games


def report(games: list[StageGame]) -> list[str]:
    """One line per stage: the seed used, the rules shown, and any it could not show."""
    lines = []
    for number, game in enumerate(games, start=1):
        shown = ", ".join(rule for rule in game.rules if rule in game.shown) or "none"
        line = f"stage {number} ({game.stage}): seed {game.seed}, shows {shown}"
        if game.missing:
            line += f"; not shown after {game.seeds_tried} seeds: {', '.join(game.missing)}"
        lines.append(line)
    return lines


def _labels(translate: Translate) -> HandoutLabels:
    def t(context: str) -> str:
        return translate(context, BY_CONTEXT[context].text)

    return HandoutLabels(stage_heading=t("walkthrough:stage"), new_cards=t("walkthrough:new_cards"),
                         does=t("walkthrough:does"), watch=t("walkthrough:watch"), frames_heading=t("walkthrough:frames"),
                         step=t("walkthrough:step"), outcome_heading=t("walkthrough:outcome"),
                         questions_heading=t("walkthrough:questions"), answers_heading=t("walkthrough:answers"),
                         answers_for=t("walkthrough:answers_for"), footer=t("walkthrough:footer"))


@register_walkthrough("falling")
def write_falling_walkthrough(deck: DeckSpec, target: Path, *, translate: Translate, language: str,
                              options: WalkthroughOptions) -> WalkthroughResult:
    players = options.players or DEFAULT_PLAYERS
    seed = DEFAULT_SEED if options.seed is None else options.seed
    games = play_stages(deck, players=players, seed=seed)
    stages = [stage_plan(deck, game, translate=translate, number=n) for n, game in enumerate(games, start=1)]
    layouts = load_deck_layouts(deck)
    painter = FramePainter(CardRenderer(deck, layouts[deck.layout], layouts, translate=translate, language=language))
    notes = report(games)
    if options.image_format == "png":
        files = write_frames_png(stages, painter, Path(target))
        return WalkthroughResult(files=files, notes=notes)
    title = translate("deck:title", deck.title)
    plan = HandoutPlan(
        title=_text(translate, "walkthrough:title", title=title),
        subtitle=_text(translate, "walkthrough:subtitle"),
        lead=(_text(translate, "walkthrough:lead.1", title=title, count=players, stages=len(stages)),
              _text(translate, "walkthrough:lead.2")),
        credit=_text(translate, "walkthrough:credit", title=title,
                     designer=deck.designer + (f" ({deck.publisher})" if deck.publisher else "")),
        stages=tuple(stages), labels=_labels(translate), language=language)
    write_handout(plan, painter, Path(target), paper=options.paper)
    return WalkthroughResult(files=[Path(target)], notes=notes)


def write_frames_png(stages: list[StagePlan], painter: FramePainter, folder: Path) -> list[Path]:
    """Every frame as ``stage<n>-<step>.png`` in ``folder`` (each written atomically)."""
    from cardgen.export.raster import RasterJob, pixels, run_jobs
    from cardgen.output import atomic_path

    register_fonts()
    frames = [(n, k, view) for n, stage in enumerate(stages, start=1) for k, view in enumerate(stage.frames, start=1)]
    if not frames:
        return []
    seats = len(frames[0][2].seats)
    width, height = FRAME_DESIGN_WIDTH, frame_height(seats)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1, initialFontName=BODY)
    for _, _, view in frames:
        painter.draw(document_canvas(canvas, painter.renderer.language), view, width=width, height=height)
        canvas.showPage()
    canvas.save()
    folder.mkdir(parents=True, exist_ok=True)
    targets = [folder / f"stage{n}-{k:02d}.png" for n, k, _ in frames]
    with atomic_path(folder / ".frames.pdf") as pdf:
        pdf.write_bytes(buffer.getvalue())
        size = (pixels(width, PNG_DPI), pixels(height, PNG_DPI))
        jobs = [RasterJob(page=i, box=(0, 0, width, height), size=size, targets=(target,), dpi=PNG_DPI)
                for i, target in enumerate(targets)]
        run_jobs(pdf, jobs, workers=1)
    (folder / ".frames.pdf").unlink(missing_ok=True)
    return targets

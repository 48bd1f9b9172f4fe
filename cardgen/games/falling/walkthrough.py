"""``walkthrough-<lang>.pdf`` for FALLING (and ``--format png``: one image per frame).

Registered for decks whose ``game:`` is ``falling``. The stages come from the deck's
``teaching:`` list; each is played by the engine until a game shows every rule the stage adds.
"""

from __future__ import annotations

import io
from dataclasses import replace
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
from cardgen.i18n.plurals import label_text
from cardgen.walkthrough.frames import FramePainter, frame_size
from cardgen.walkthrough.handout import HandoutLabels, HandoutPlan, KeyCards, StagePlan, document_canvas, write_handout
from cardgen.walkthrough.animation import write_stage_gifs
from cardgen.walkthrough.player import PlayerLabels, build_player, write_player
from cardgen.walkthrough.registry import WalkthroughOptions, WalkthroughResult, register_walkthrough

PNG_DPI = 200


def _text(translate: Translate, context: str, **values: object) -> str:
    """A label filled with ``values``; a counted label in the form for its ``count``."""
    count = values.get("count")
    return fill(label_text(translate, BY_CONTEXT[context], count if isinstance(count, int) else None), values)


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
                         answers_for=t("walkthrough:answers_for"), footer=t("walkthrough:footer"),
                         stages=t("walkthrough:stages"), stage_teaches=t("walkthrough:stage_teaches"),
                         stage_teaches_one=t("walkthrough:stage_teaches.one"),
                         key_title=t("legend:title"), key_held=t("legend:held"), key_stacks=t("legend:stacks"),
                         key_rider=t("legend:rider"), key_move=t("legend:move"))


@register_walkthrough("falling")
def write_falling_walkthrough(deck: DeckSpec, target: Path, *, translate: Translate, language: str,
                              options: WalkthroughOptions) -> WalkthroughResult:
    players = options.players or DEFAULT_PLAYERS
    seed = DEFAULT_SEED if options.seed is None else options.seed
    games = play_stages(deck, players=players, seed=seed)
    stages = [stage_plan(deck, game, translate=translate, number=n, language=language)
              for n, game in enumerate(games, start=1)]
    layouts = load_deck_layouts(deck)
    painter = FramePainter(CardRenderer(deck, layouts[deck.layout], layouts, translate=translate, language=language))
    notes = report(games)
    title = translate("deck:title", deck.title)
    if options.image_format == "png":
        files = write_frames_png(_labelled(stages, translate), painter, Path(target))
        return WalkthroughResult(files=files, notes=notes, cut_text=_cuts(painter))
    if options.image_format == "html":
        html = build_player(_text(translate, "walkthrough:title", title=title), stages, painter,
                            labels=_player_labels(translate), language=language)
        return WalkthroughResult(files=[write_player(Path(target), html)], notes=notes)
    if options.image_format == "gif":
        files = write_stage_gifs(_labelled(stages, translate), painter, Path(target))
        return WalkthroughResult(files=files, notes=notes, cut_text=_cuts(painter))
    designer = deck.designer + (f" ({deck.publisher})" if deck.publisher else "")
    plan = HandoutPlan(
        title=_text(translate, "walkthrough:title", title=title),
        subtitle=_text(translate, "walkthrough:subtitle"),
        lead=(" ".join((_text(translate, "walkthrough:lead.1", title=title),
                        _text(translate, "walkthrough:lead.players", count=players),
                        _text(translate, "walkthrough:lead.games", count=len(stages)))),
              _text(translate, "walkthrough:lead.2")),
        credit=_text(translate, "walkthrough:credit", title=title, designer=designer),
        author=designer,
        stages=tuple(stages), labels=_labels(translate), language=language,
        key=KeyCards(held="stop-1", stacks=("hit-1", "skip-1", "split-2"), rider="split-1", extra="extra-1",
                     moved="hit-2"))
    write_handout(plan, painter, Path(target), paper=options.paper)
    return WalkthroughResult(files=[Path(target)], notes=notes, cut_text=_cuts(painter))


def _cuts(painter: FramePainter) -> list[str]:
    """What the painter found cut, each once (a handout is laid out more than once)."""
    return list(dict.fromkeys(cut.describe() for cut in painter.cut_text))


def _player_labels(translate: Translate) -> PlayerLabels:
    def t(context: str) -> str:
        return translate(context, BY_CONTEXT[context].text)

    return PlayerLabels(back=t("player:back"), next=t("player:next"), play=t("player:play"), pause=t("player:pause"),
                        pace=t("player:pace"), stage=t("player:stage"), step=t("walkthrough:step"),
                        stage_heading=t("walkthrough:stage"), slow=t("player:slow"), normal=t("player:normal"),
                        fast=t("player:fast"))


def _labelled(stages: list[StagePlan], translate: Translate) -> list[StagePlan]:
    """The stages with each frame carrying its game and step number, for frames shown on their own."""
    template = translate("walkthrough:step_of_stage", BY_CONTEXT["walkthrough:step_of_stage"].text)
    return [replace(stage, frames=tuple(
        replace(view, stage_label=fill(template, {"n": n, "title": stage.title, "step": k, "count": len(stage.frames)}))
        for k, view in enumerate(stage.frames, start=1))) for n, stage in enumerate(stages, start=1)]


def write_frames_png(stages: list[StagePlan], painter: FramePainter, folder: Path) -> list[Path]:
    """Every frame as ``stage<n>-<step>.png`` in ``folder`` (each written atomically)."""
    from cardgen.export.raster import RasterJob, pixels, run_jobs
    from cardgen.output import atomic_path

    register_fonts()
    frames = [(n, k, view) for n, stage in enumerate(stages, start=1) for k, view in enumerate(stage.frames, start=1)]
    if not frames:
        return []
    seats = len(frames[0][2].seats)
    width, height = frame_size(seats)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1, initialFontName=BODY)
    for n, k, view in frames:
        painter.where = f"stage{n}-{k:02d}.png"
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

"""Planning a FALLING walkthrough: per teaching stage, a simulated game that shows every rule
the stage introduces, and the frames, outcome and questions taken from it.

Frames are chosen, not dumped: the first occurrence of each new rule (with the play that set it
up, and for a Hit or Split the cards it brought), a few moments of context from the start of the
game (the first deal, a pick-up, a Rider laid down, a play that failed), every player hitting the
Ground, and the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.games.falling import Event, GameRecord, TableSnapshot, kind_of, play_game, replay
from cardgen.model.deck import DeckSpec
from cardgen.render.card_renderer import Translate
from cardgen.games.falling.captions import Narrator
from cardgen.games.falling.frame_moves import card_moves, meanwhile
from cardgen.games.falling.rules_shown import rules_for, shown_rules
from cardgen.games.falling.texts import BY_CONTEXT
from cardgen.walkthrough.handout import IntroCard, Question, StagePlan
from cardgen.walkthrough.table_view import TableView, format_clock

DEFAULT_PLAYERS = 4
DEFAULT_SEED = 1
MAX_SEEDS = 400
"""How many seeds the search tries before settling for the game that shows the most rules."""
MAX_FRAMES = 16


@dataclass(frozen=True)
class StageGame:
    """The game chosen for a stage: its record and which new rules it shows where."""

    stage: str
    kinds: tuple[str, ...]
    new_kinds: tuple[str, ...]
    rules: tuple[str, ...]
    seed: int
    record: GameRecord
    shown: dict[str, list[int]]
    seeds_tried: int

    @property
    def missing(self) -> list[str]:
        return [rule for rule in self.rules if rule not in self.shown]


def find_game(deck: DeckSpec, stage: str, kinds: Sequence[str], new_kinds: Sequence[str], *, players: int,
              start_seed: int, max_seeds: int = MAX_SEEDS) -> StageGame:
    """The first seed from ``start_seed`` whose game shows every rule of ``new_kinds`` (or, if none
    does within ``max_seeds``, the one that shows the most; ties go to the shorter game)."""
    rules = tuple(rules_for(new_kinds))
    best: StageGame | None = None
    for tried, seed in enumerate(range(start_seed, start_seed + max_seeds), start=1):
        record = play_game(deck, seed=seed, players=players, agents=["heuristic"], kinds=list(kinds))
        shown = {rule: found for rule, found in shown_rules(record.events).items() if rule in rules}
        game = StageGame(stage, tuple(kinds), tuple(new_kinds), rules, seed, record, shown, tried)
        if best is None or (len(game.shown), -len(record.events)) > (len(best.shown), -len(best.record.events)):
            best = game
        if not game.missing:
            return game
    assert best is not None
    return StageGame(best.stage, best.kinds, best.new_kinds, best.rules, best.seed, best.record, best.shown, max_seeds)


def _result_index(events: Sequence[Event], index: int) -> int:
    """For a Hit or Split at work, the moment its cards have landed (the frame shows the result)."""
    event = events[index]
    if event.kind != "RiderApplied" or kind_of(event["rider"]) not in ("hit", "split"):
        return index
    player = event["player"]
    end = index
    for later in range(index + 1, len(events)):
        e = events[later]
        if e.kind in ("StackStarted", "CardDealt") and e["player"] == player:
            end = later
        elif e.kind in ("StackStarted", "CardDealt", "CardPickedUp", "StackEmptied"):
            continue
        else:
            break
    return end


def _setup_index(events: Sequence[Event], index: int) -> int | None:
    """The play that brought about event ``index``: the Rider (or Extra) it acts on being laid down."""
    event = events[index]
    rider = event.get("rider")
    if event.kind == "RiderApplied" and event["extras"]:
        wanted = {"ExtraAttached": event["extras"][0]}
    elif rider is not None:
        wanted = {"RiderPlaced": rider}
    else:
        return None
    for earlier in range(index - 1, -1, -1):
        e = events[earlier]
        if e.kind in wanted and e["card"] == wanted[e.kind]:
            return earlier
    return None


def _first(events: Sequence[Event], kinds: tuple[str, ...], *, after: int = 0) -> int | None:
    return next((i for i in range(after, len(events)) if events[i].kind in kinds), None)


def choose_frames(game: StageGame) -> list[tuple[int, int]]:
    """(table index, caption index) pairs in time order: what each frame shows and what it tells."""
    events = game.record.events
    chosen: dict[int, int] = {0: 0}  # caption index → table index
    for rule in game.rules:
        for index in game.shown.get(rule, [])[:1]:
            chosen[index] = _result_index(events, index)
            setup = _setup_index(events, index)
            if setup is not None:
                chosen.setdefault(setup, setup)
            if rule == "extra_skip":
                sweep = _first(events, ("CardsSwept",), after=index + 1)
                if sweep is not None:
                    chosen.setdefault(sweep, sweep)
    grounds = [i for i, e in enumerate(events) if e.kind in ("PlayerGrounded", "GameEnded")]
    for index in grounds:
        chosen.setdefault(index, index)
    context = [_first(events, ("CardDealt",), after=1), _first(events, ("CardPickedUp",)),
               _first(events, ("RiderPlaced",)), _first(events, ("PlayFailed",))]
    for index in context:
        if index is not None and len(chosen) < MAX_FRAMES:
            chosen.setdefault(index, index)
    settled = {caption: _settled(events, table) for caption, table in chosen.items()}
    return sorted(((table, caption) for caption, table in settled.items()), key=lambda pair: (pair[1], pair[0]))


def _settled(events: Sequence[Event], index: int) -> int:
    """Past the bookkeeping of the same instant (an emptied stack vanishing), so a frame never
    shows a stack of no cards."""
    while index + 1 < len(events) and events[index + 1].kind == "StackEmptied" \
            and events[index + 1].t_ms == events[index].t_ms:
        index += 1
    return index


def tables(record: GameRecord) -> list[TableSnapshot]:
    """The table after each event of the game (rebuilt from its log)."""
    return [table for _, table in replay(record.events)]


def _placer(events: Sequence[Event], index: int, rider: str) -> int | None:
    """Who put ``rider`` where it is at event ``index``."""
    for earlier in range(index - 1, -1, -1):
        e = events[earlier]
        if e.kind == "RiderPlaced" and e["card"] == rider:
            return int(e["by"])
        if e.kind in ("RiderPushed", "RiderGrabbed") and e["rider"] == rider:
            return int(e["by"])
    return None


def questions(game: StageGame, narrator: Narrator, *, limit: int = 3,
              frame_clock: dict[int, int] | None = None) -> list[Question]:
    """Questions about the rules this game showed, answered from its own events.

    A question names the moment by the clock of the frame that shows it (``frame_clock``: event
    told → the clock its frame prints), so the group can find that frame; a frame shows a Hit once
    its cards have landed, a little after the Hit's own event."""
    events = game.record.events
    out: list[Question] = []
    for rule in game.rules:
        if len(out) >= limit or rule == "ground" or rule not in game.shown:
            continue
        index = game.shown[rule][0]
        e = events[index]
        time = format_clock((frame_clock or {}).get(index, e.t_ms))
        values: dict[str, object] = {"time": time}
        answer = f"answer:{rule}"
        if e.kind == "RiderApplied":
            player = int(e["player"])
            by = _placer(events, index, e["rider"])
            values.update(player=narrator.name(player), rider=narrator.card(e["rider"]),
                          by=narrator.name(player if by is None else by))
            if (by is None or by == player) and f"{answer}.self" in BY_CONTEXT:
                answer = f"{answer}.self"
        elif e.kind == "RiderPushed":
            values.update(by=narrator.name(e["by"]), to=narrator.name(e["to"]), card=narrator.card(e["card"]))
        elif e.kind == "RiderGrabbed":
            values.update(by=narrator.name(e["by"]), card=narrator.card(e["card"]), rider=narrator.card(e["rider"]),
                          **{"from": narrator.name(e["from"])})
        elif e.kind == "RiderDestroyed":
            values.update(by=narrator.name(e["by"]), on=narrator.name(e["on"]), card=narrator.card(e["card"]),
                          rider=narrator.card(e["rider"]))
        elif e.kind == "GroundStopped":
            values.update(player=narrator.name(e["player"]), card=narrator.card(e["card"]))
        out.append(Question(narrator.text(f"question:{rule}", **values), narrator.text(answer, **values)))
    if len(out) < 2 and game.record.winner is not None:
        winner = narrator.name(game.record.winner)
        out.append(Question(narrator.text("question:winner"), narrator.text("answer:winner", player=winner)))
    return out


def outcome(game: StageGame, narrator: Narrator) -> tuple[str, ...]:
    record = game.record
    order = ", ".join(narrator.name(seat) for seat in record.order)
    dealt = sum(1 for e in record.events if e.kind == "CardDealt")
    return (narrator.text("walkthrough:order", players=order, winner=narrator.name(record.winner)),
            narrator.text("walkthrough:length", time=format_clock(record.duration_ms), count=dealt))


def stage_plan(deck: DeckSpec, game: StageGame, *, translate: Translate, number: int,
               language: str = "en") -> StagePlan:
    """Everything the handout prints for one stage, in the handout's language."""
    spec = next(s for s, _ in deck.teaching_stages() if s.stage == game.stage)
    narrator = Narrator(deck, translate, game.record.events, stage_rules=game.rules, language=language)
    snapshots = tables(game.record)
    frames: list[TableView] = []
    frame_clock: dict[int, int] = {}
    shown_until = 0
    for table, caption in choose_frames(game):
        frame_clock[caption] = snapshots[table].clock_ms
        summary = meanwhile(game.record.events, shown_until + 1, caption - 1, text=narrator.text, name=narrator.name,
                            card=narrator.card, join=narrator.join) if frames else ""
        frames.append(narrator.view(table, snapshots[table], caption_index=caption, meanwhile=summary,
                                    moves=card_moves(game.record.events, snapshots, caption, table)))
        shown_until = max(shown_until, table)
    new_cards = tuple(
        IntroCard(card=deck.card(kind), name=translate(f"card:{kind}.name", deck.card(kind).name),
                  does=translate(f"card:{kind}.text", deck.card(kind).text),
                  watch=translate(f"teaching:{spec.stage}.notes.{kind}", spec.notes[kind]) if kind in spec.notes else "")
        for kind in game.new_kinds)
    title = translate(f"teaching:{spec.stage}.title", spec.title) if spec.title else spec.stage
    intro = translate(f"teaching:{spec.stage}.intro", spec.intro) if spec.intro else ""
    return StagePlan(key=spec.stage, title=title, intro=intro, new_cards=new_cards, frames=tuple(frames),
                     outcome=outcome(game, narrator), questions=tuple(questions(game, narrator, frame_clock=frame_clock)),
                     rules_shown=tuple(rule for rule in game.rules if rule in game.shown))

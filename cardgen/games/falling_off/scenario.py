"""The walkthrough script of a Falling Off deck: ``walkthrough.yaml`` beside ``deck.yaml``.

It holds the prose (in English; other languages come from the deck's catalog) and, per step,
the moves to play in the notation of :mod:`~cardgen.games.falling_off.notation`. Replaying it
checks every move against the rules; a mistake is reported at its file, line and column.
Plain data and engine calls only: nothing here draws.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.errors import DeckError, RulesError
from cardgen.games.falling_off.board import Position, Square, parse_square
from cardgen.games.falling_off.notation import NotationError, parse_moves, resolve
from cardgen.games.falling_off.rules import Turn, play
from cardgen.games.falling_off.variants import FallingOffRules, find_variant
from cardgen.loading.yaml_source import Located, read_yaml

FILE = "walkthrough.yaml"
_TOP = {"title": str, "subtitle": str, "credit": str, "variant": str, "intro": list, "steps": list, "outro": list}
_STEP = {"id": str, "title": str, "moves": str, "caption": str, "barred": str, "watch": list}
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@dataclass(frozen=True)
class StepSpec:
    """One step: moves to play (may be empty: an aside on the current position) and its caption."""

    id: str
    caption: str
    moves: str = ""
    title: str = ""
    barred: tuple[tuple[Square, Square], ...] = ()
    watch: tuple[Square, ...] = ()
    line: int | None = None


@dataclass(frozen=True)
class ScenarioSpec:
    title: str
    subtitle: str
    credit: str
    intro: tuple[str, ...]
    steps: tuple[StepSpec, ...]
    outro: tuple[str, ...]
    rules: FallingOffRules
    located: Located

    def messages(self) -> list[tuple[str, str, int | None]]:
        """(context, English, line) of every string to translate, in reading order."""
        where = self.located.where
        out = [("caption:fo.title", self.title, where(("title",))[0])]
        if self.subtitle:
            out.append(("caption:fo.subtitle", self.subtitle, where(("subtitle",))[0]))
        out.append(("caption:fo.credit", self.credit, where(("credit",))[0]))
        out += [(f"caption:fo.intro.{i + 1}", text, where(("intro", i))[0]) for i, text in enumerate(self.intro)]
        for index, step in enumerate(self.steps):
            if step.title:
                out.append((f"caption:fo.step.{step.id}.title", step.title, where(("steps", index, "title"))[0]))
            out.append((f"caption:fo.step.{step.id}", step.caption, where(("steps", index, "caption"))[0]))
        out += [(f"caption:fo.outro.{i + 1}", text, where(("outro", i))[0]) for i, text in enumerate(self.outro)]
        return out


@dataclass(frozen=True)
class Frame:
    """A step replayed: the turns it played and the position it shows."""

    step: StepSpec
    number: int
    turns: tuple[Turn, ...]
    before: Position
    position: Position


def scenario_path(folder: Path) -> Path:
    return folder / FILE


def _check(located: Located, key: tuple[str | int, ...], value: Any, kind: type, *, required: bool = True) -> Any:
    if value is None:
        if required:
            raise located.error(key, "is required")
        return None
    if not isinstance(value, kind) or (kind is str and not value.strip()):
        raise located.error(key, f"must be {'text' if kind is str else 'a list'}")
    return value


def _unknown(located: Located, key: tuple[str | int, ...], data: dict[str, Any], allowed: dict[str, type]) -> None:
    import difflib

    for name in data:
        if name not in allowed:
            close = difflib.get_close_matches(name, list(allowed), n=1)
            raise located.error(key + (name, "<key>"), f"unknown key '{name}'",
                                hint=f"did you mean '{close[0]}'?" if close else "keys: " + ", ".join(allowed),
                                field_name=".".join(str(k) for k in key + (name,)) if key else name)


def _squares(located: Located, key: tuple[str | int, ...], names: list[Any]) -> tuple[Square, ...]:
    out = []
    for index, name in enumerate(names):
        square = parse_square(str(name))
        if square is None:
            raise located.error(key + (index,), f"'{name}' is not a square", hint="a square is a file a–h and a rank 1–8")
        out.append(square)
    return tuple(out)


def load_scenario(folder: Path, *, display: Path | None = None) -> ScenarioSpec:
    """Read and check ``walkthrough.yaml`` (structure only; :func:`replay` checks the moves)."""
    path = scenario_path(folder)
    located = read_yaml(path, display_path=display or path)
    data = located.data
    if not isinstance(data, dict):
        raise DeckError("a walkthrough file is a mapping with title, intro and steps", path=located.path, line=1, col=1)
    _unknown(located, (), data, _TOP)
    steps: list[StepSpec] = []
    seen: set[str] = set()
    raw_steps = _check(located, ("steps",), data.get("steps"), list)
    for index, raw in enumerate(raw_steps):
        key: tuple[str | int, ...] = ("steps", index)
        if not isinstance(raw, dict):
            raise located.error(key, "a step is a mapping with id, caption and moves")
        _unknown(located, key, raw, _STEP)
        step_id = _check(located, key + ("id",), raw.get("id"), str)
        if not _ID.match(step_id):
            raise located.error(key + ("id",), f"'{step_id}' is not a step id", hint="lowercase letters, digits and -")
        if step_id in seen:
            raise located.error(key + ("id",), f"duplicate step id '{step_id}'")
        seen.add(step_id)
        moves = _check(located, key + ("moves",), raw.get("moves"), str, required=False) or ""
        title = _check(located, key + ("title",), raw.get("title"), str, required=not moves) or ""
        barred: tuple[tuple[Square, Square], ...] = ()
        if raw.get("barred") is not None:
            text = _check(located, key + ("barred",), raw.get("barred"), str)
            ends = _squares(located, key + ("barred",), text.split("-")) if text.count("-") == 1 else ()
            if len(ends) != 2:
                raise located.error(key + ("barred",), f"'{text}' is not a move from one square to another",
                                    hint="write it like b6-a8")
            barred = ((ends[0], ends[1]),)
        watch = _squares(located, key + ("watch",), _check(located, key + ("watch",), raw.get("watch"), list,
                                                            required=False) or [])
        steps.append(StepSpec(step_id, _check(located, key + ("caption",), raw.get("caption"), str), moves, title,
                              barred, watch, located.where(key)[0]))
    variant = _check(located, ("variant",), data.get("variant"), str, required=False)
    try:
        rules = find_variant(variant) if variant else FallingOffRules()
    except RulesError as exc:
        raise located.error(("variant",), exc.message, hint=exc.hint) from None

    def texts(name: str) -> tuple[str, ...]:
        items = _check(located, (name,), data.get(name), list, required=False) or []
        return tuple(_check(located, (name, i), item, str) for i, item in enumerate(items))

    return ScenarioSpec(
        title=_check(located, ("title",), data.get("title"), str),
        subtitle=_check(located, ("subtitle",), data.get("subtitle"), str, required=False) or "",
        credit=_check(located, ("credit",), data.get("credit"), str),
        intro=texts("intro"), steps=tuple(steps), outro=texts("outro"), rules=rules, located=located)


def replay(scenario: ScenarioSpec) -> list[Frame]:
    """Play every step's moves from the usual starting position, checking each one."""
    located = scenario.located
    position = Position.initial()
    frames: list[Frame] = []
    for index, step in enumerate(scenario.steps):
        key = ("steps", index, "moves")
        before = position
        turns: list[Turn] = []
        try:
            for token in parse_moves(step.moves):
                move = resolve(position, token, scenario.rules)
                after, events = play(position, move, scenario.rules)
                turns.append(Turn(move, position, after, events))
                position = after
        except NotationError as exc:
            line, col = located.where(key)
            if line is not None and col is not None and exc.col is not None:
                col += exc.col - 1 + _quote_offset(located.path, line, col)
            raise DeckError(exc.message, path=located.path, line=line, col=col, field=f"steps[{index}].moves",
                            hint=exc.hint) from None
        frames.append(Frame(step, index + 1, tuple(turns), before, position))
    return frames


def _quote_offset(path: Path, line: int, col: int) -> int:
    """1 when the YAML value at (line, col) opens with a quote (the text starts one column later)."""
    try:
        text = Path(path).read_text(encoding="utf-8").splitlines()[line - 1]
    except (OSError, IndexError):
        return 0
    return 1 if text[col - 1:col] in ("'", '"') else 0

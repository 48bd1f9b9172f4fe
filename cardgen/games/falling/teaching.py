"""Teaching stages (R54): which card kinds are in play at each stage of a deck's ``teaching`` list."""

from __future__ import annotations

from typing import Any

from cardgen.errors import RulesError

DEFAULT_STAGES: tuple[tuple[str, ...], ...] = (
    ("ground", "hit", "split", "skip"),
    ("ground", "hit", "split", "skip", "push", "grab", "stop"),
    ("ground", "hit", "split", "skip", "push", "grab", "stop", "extra"),
)
"""Grounds and Riders; then the Actions; then the Extra (used when a deck lists no stages)."""


def stage_kinds(deck: Any, stage: int | str) -> list[str]:
    """The card kinds of a teaching stage, by number (1 = first) or by the deck's stage name."""
    stages = deck.teaching_stages() if getattr(deck, "teaching", None) else [
        (None, list(kinds)) for kinds in DEFAULT_STAGES]
    names = [getattr(spec, "stage", None) for spec, _ in stages]
    if isinstance(stage, int) and not isinstance(stage, bool):
        if 1 <= stage <= len(stages):
            return list(stages[stage - 1][1])
    elif stage in names:
        return list(stages[names.index(stage)][1])
    known = ", ".join(f"{i + 1}" + (f" ({n})" if n else "") for i, n in enumerate(names))
    raise RulesError(f"no teaching stage {stage!r}", field="teaching", hint=f"stages are {known}")

"""What Falling Off adds to cardgen: its walkthrough, its rulebook diagrams, its strings.

Imported by :func:`cardgen.games.load_games`. Everything here is registration; the work is
done in :mod:`.walkthrough`, :mod:`.diagrams` and the engine modules.
"""

from __future__ import annotations

from cardgen.games.falling_off import GAME
from cardgen.games.falling_off.scenario import load_scenario, replay, scenario_path
from cardgen.games.falling_off.texts import ALL_LABELS
from cardgen.i18n.messages import SourceMessage, register_extractor
from cardgen.i18n.placeholders import signature
from cardgen.model.deck import DeckSpec
from cardgen.walkthrough.registry import register_walkthrough_check, register_walkthrough_module

from cardgen.games.falling_off import diagrams  # noqa: F401  (registers the diagrams)

register_walkthrough_module(GAME, "cardgen.games.falling_off.walkthrough")  # imported when a walkthrough is written


@register_walkthrough_check(GAME)
def check_walkthrough(deck: DeckSpec) -> None:
    """The scenario file reads and replays (what ``validate`` checks; the handout is not drawn)."""
    from cardgen.loading.deck_loader import display_path

    replay(load_scenario(deck.folder, display=display_path(deck.folder / "walkthrough.yaml")))


def _keep(text: str) -> str:
    sig = signature(text)
    keep = list(sig.placeholders) + list(sig.markup)
    return "Keep as they are: " + ", ".join(keep) if keep else ""


@register_extractor
def walkthrough_messages(deck: DeckSpec) -> list[SourceMessage]:
    """The walkthrough's prose (walkthrough.yaml) and the short texts its code draws."""
    if deck.game != GAME or not scenario_path(deck.folder).is_file():
        return []
    scenario = load_scenario(deck.folder)
    out = [SourceMessage(context, text, scenario_path(deck.folder).name, line, _keep(text))
           for context, text, line in scenario.messages()]
    out += [SourceMessage(label.context, label.text, label.file, label.line, label.comment or _keep(label.text),
                          label.plural)
            for label in ALL_LABELS]
    return out

"""Rule variants of FALLING, by name, and their options (the names the rulebook's house rules use).

A variant is a named set of option values, found by name or alias as in python-chess
(``find_variant('memory')``). Each option of ``../shared/RULES.md`` (D1–D11, A1–A7) is one field
of :class:`Options`, spelled exactly as the rulebook's "House rules" chapter spells it:

============================  =====================================  ===========================
option                        values                                 rule
============================  =====================================  ===========================
``max_extras``                ``1`` | ``unlimited`` (or a number)    D1, R51
``extra_hit_per_extra``       ``+1/stack``                           D2, R22
``stop_mode``                 ``destroy_in_place`` | ``counter_on_play``   D5, R45
``conflict``                  ``dealer`` | ``first_wins``            D6, R11
``push_scope``                ``own`` | ``any``                      D7, A1, R43
``lockout``                   ``on`` | ``off``                       D11, R27–R28
``ground_return``             ``top_of_deck``                        D9, A2, R46
``ground_window_ms``          milliseconds (default 800)             A3
============================  =====================================  ===========================

Timing parameters of the simulation (not house rules): ``deal_interval_ms`` (the dealer's pace,
see :data:`DEFAULT_DEAL_INTERVAL_MS`), ``hit_interval_ms`` (300: the dealer's quick extra cards of
a Hit, R21/R37, so only a fast hand snatches the first one), ``counter_window_ms`` (500: how long a card counts as "being played" for a
``counter_on_play`` Stop) and ``dealer_judgement_ms`` (100: under ``conflict: dealer`` the dealer
cannot tell apart plays closer together than this and rules on them; see :mod:`.clock`).
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar, Literal

from cardgen.errors import RulesError

UNLIMITED = "unlimited"

CHOICES: dict[str, tuple[Any, ...]] = {
    "max_extras": (1, UNLIMITED),
    "extra_hit_per_extra": ("+1/stack",),
    "stop_mode": ("destroy_in_place", "counter_on_play"),
    "conflict": ("dealer", "first_wins"),
    "push_scope": ("own", "any"),
    "lockout": ("on", "off"),
    "ground_return": ("top_of_deck",),
}
"""The values each house-rule option takes (``max_extras`` also accepts any whole number ≥ 1)."""

MILLISECONDS = ("ground_window_ms", "deal_interval_ms", "hit_interval_ms", "counter_window_ms",
                "dealer_judgement_ms")
_MS_RANGE = {"ground_window_ms": (0, 60_000), "deal_interval_ms": (1, 60_000), "hit_interval_ms": (1, 60_000),
             "counter_window_ms": (0, 60_000), "dealer_judgement_ms": (0, 10_000)}

DEFAULT_DEAL_INTERVAL_MS = 1750
"""The dealer's default pace, calibrated against the rules' "about a minute and a half" (R5).

Chosen by simulation: with the shipped deck and heuristic players, 1,750 ms a card makes the
mean game last 90 s averaged over 4, 6 and 8 players (about 85, 90 and 94 s; 300 games each,
``bench``-free check in ``tests/games/falling/test_simulation.py``). At the former 1,000 ms the
games lasted 50–56 s."""


@dataclass(frozen=True, slots=True)
class Options:
    """Every option of the engine; the defaults are the published rules (variant ``official``)."""

    max_extras: int | Literal["unlimited"] = 1
    extra_hit_per_extra: Literal["+1/stack"] = "+1/stack"
    stop_mode: Literal["destroy_in_place", "counter_on_play"] = "destroy_in_place"
    conflict: Literal["dealer", "first_wins"] = "dealer"
    push_scope: Literal["own", "any"] = "own"
    lockout: Literal["on", "off"] = "on"
    ground_return: Literal["top_of_deck"] = "top_of_deck"
    ground_window_ms: int = 800
    deal_interval_ms: int = DEFAULT_DEAL_INTERVAL_MS
    hit_interval_ms: int = 300
    counter_window_ms: int = 500
    dealer_judgement_ms: int = 100

    @property
    def extra_limit(self) -> int:
        """How many Extras one Rider may carry (a large number for ``unlimited``)."""
        return 1_000_000 if self.max_extras == UNLIMITED else int(self.max_extras)

    def as_dict(self) -> dict[str, Any]:
        """Option name → value, in declaration order (what a log's ``GameStarted`` records)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def with_overrides(self, overrides: Mapping[str, Any]) -> Options:
        """A copy with some options changed; values may be strings as typed on a command line."""
        changes = {name: parse_value(name, value) for name, value in overrides.items()}
        return replace(self, **changes)


OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Options))


def parse_value(name: str, value: Any) -> Any:
    """Check one option value (``'off'``, ``'unlimited'``, ``'2'``, ``800`` …) and return it typed."""
    if name not in OPTION_NAMES:
        close = difflib.get_close_matches(name, OPTION_NAMES, n=1)
        hint = f"did you mean '{close[0]}'?" if close else f"options are {', '.join(OPTION_NAMES)}"
        raise RulesError(f"unknown option '{name}'", field="options", hint=hint)
    text = str(value).strip()
    if name in MILLISECONDS:
        low, high = _MS_RANGE[name]
        if isinstance(value, bool) or not text.lstrip("-").isdigit() or not low <= int(text) <= high:
            raise RulesError(f"{name} must be a whole number of milliseconds from {low} to {high}, not {text!r}",
                             field=f"options.{name}")
        return int(text)
    if name == "max_extras":
        if text == UNLIMITED:
            return UNLIMITED
        if text.isdigit() and int(text) >= 1 and not isinstance(value, bool):
            return int(text)
        raise RulesError(f"max_extras must be 1, another whole number ≥ 1, or unlimited, not {text!r}",
                         field="options.max_extras")
    choices = CHOICES[name]
    if text not in choices:
        raise RulesError(f"{name} cannot be {text!r}", field=f"options.{name}",
                         hint=f"choose {' or '.join(str(c) for c in choices)}")
    return text


class Variant:
    """A named rule set: the published rules, or a house-rule set. Subclass to add one."""

    name: ClassVar[str] = "official"
    aliases: ClassVar[tuple[str, ...]] = ("official", "published", "standard")
    description: ClassVar[str] = "The published rules (R10–R52) with the defaults A1–A7."
    options: ClassVar[Options] = Options()


class OfficialVariant(Variant):
    """The published rules."""


class MemoryVariant(Variant):
    """The rules as remembered by players (D1–D11): several Extras, Stop as a counter, no lockout."""

    name = "memory"
    aliases = ("memory", "from-memory", "remembered")
    description = ("From-memory house rules: several Extras per Rider (D1), Stop counters a card as it is "
                   "played (D5), the first card played wins (D6), no timing lockout (D11).")
    options = Options(max_extras="unlimited", stop_mode="counter_on_play", conflict="first_wins", lockout="off")


VARIANTS: tuple[type[Variant], ...] = (OfficialVariant, MemoryVariant)


def find_variant(name: str) -> type[Variant]:
    """The variant called ``name`` (or one of its aliases), case-insensitively."""
    wanted = name.strip().lower()
    for variant in VARIANTS:
        if wanted in variant.aliases:
            return variant
    names = [v.name for v in VARIANTS]
    close = difflib.get_close_matches(wanted, [a for v in VARIANTS for a in v.aliases], n=1)
    hint = f"did you mean '{close[0]}'?" if close else f"variants are {', '.join(names)}"
    raise RulesError(f"unknown variant '{name}'", field="variant", hint=hint)


def resolve_options(variant: str | type[Variant] = "official", overrides: Mapping[str, Any] | None = None) -> Options:
    """A variant's options with some of them overridden (``{'lockout': 'off'}``)."""
    chosen = find_variant(variant) if isinstance(variant, str) else variant
    return chosen.options.with_overrides(overrides or {})


def parse_overrides(items: list[str] | tuple[str, ...]) -> dict[str, str]:
    """``['lockout=off', 'max_extras=unlimited']`` → a dict, checking the ``name=value`` syntax."""
    result: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise RulesError(f"option '{item}' is not name=value", field="options", hint="e.g. --option lockout=off")
        parse_value(name.strip(), value.strip())
        result[name.strip()] = value.strip()
    return result

"""The points Betza's rules leave open, as options with this edition's defaults.

``FallingOffRules()`` is the game as this kit plays it. Each option is named in the rules sheet
with its values; :func:`find_variant` resolves a named preset and :func:`rules_from_options`
builds rules from ``name: value`` pairs (as a deck or a command line would give them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Literal, get_args

from cardgen.errors import RulesError

MomentumMeeting = Literal["pass", "stop-careening", "stop-all"]


@dataclass(frozen=True)
class FallingOffRules:
    """Options of the engine. Defaults are the rules printed in this kit.

    - ``castling``: castling is allowed while the king and that rook have never left their
      squares (moved, pushed or stepped). Nothing blocks it and there is no check (FO1, FO7);
      it pushes nobody (FO8) and stops friendly careening pieces on the squares it lands on.
    - ``en_passant``: right after a pawn's double step, an enemy pawn beside it may move
      diagonally onto the square it skipped; this pushes the pawn that made the double step.
    - ``double_step``: a pawn on its second rank may advance two squares.
    - ``momentum_meeting``: what happens when momentum brings a careening piece onto a square
      with friendly pieces — ``pass``: nothing, only a move stops a careening piece (FO5);
      ``stop-careening``: careening pieces of one side that end a momentum step together on
      one square all stop; ``stop-all``: a careening piece stops when its momentum step ends
      on any square holding another piece of its side.
    """

    name: str = "falling-off"
    castling: bool = True
    en_passant: bool = True
    double_step: bool = True
    momentum_meeting: MomentumMeeting = "pass"


VARIANTS: dict[str, FallingOffRules] = {
    "falling-off": FallingOffRules(),
    "no-castling": FallingOffRules(name="no-castling", castling=False),
    "no-en-passant": FallingOffRules(name="no-en-passant", en_passant=False),
    "catching": FallingOffRules(name="catching", momentum_meeting="stop-all"),
    "meeting": FallingOffRules(name="meeting", momentum_meeting="stop-careening"),
}
ALIASES = {"default": "falling-off", "standard": "falling-off", "fallingoff": "falling-off"}

_BOOLEAN = {"on": True, "off": False, "true": True, "false": False, "yes": True, "no": False}


def find_variant(name: str) -> FallingOffRules:
    """A named preset (``falling-off``, ``no-castling``, ``catching`` …) or its alias."""
    key = ALIASES.get(name.lower(), name.lower())
    if key not in VARIANTS:
        import difflib

        close = difflib.get_close_matches(key, sorted(VARIANTS), n=1)
        raise RulesError(f"unknown variant '{name}'",
                         hint=f"did you mean '{close[0]}'?" if close else "variants: " + ", ".join(sorted(VARIANTS)))
    return VARIANTS[key]


def rules_from_options(options: Mapping[str, object], *, base: FallingOffRules | None = None) -> FallingOffRules:
    """Rules with ``options`` (``castling: off``, ``momentum_meeting: stop-all`` …) applied to ``base``."""
    known = {f.name: f for f in fields(FallingOffRules) if f.name != "name"}
    changes: dict[str, object] = {}
    for key, value in options.items():
        if key not in known:
            raise RulesError(f"unknown option '{key}'", field=key, hint="options: " + ", ".join(known))
        if key == "momentum_meeting":
            allowed = get_args(MomentumMeeting)
            if value not in allowed:
                raise RulesError(f"'{value}' is not a value of {key}", field=key, hint="values: " + ", ".join(allowed))
            changes[key] = value
        else:
            flag = value if isinstance(value, bool) else _BOOLEAN.get(str(value).lower())
            if flag is None:
                raise RulesError(f"'{value}' is not on or off", field=key, hint="write on or off")
            changes[key] = flag
    return replace(base or FallingOffRules(), **changes)  # type: ignore[arg-type]

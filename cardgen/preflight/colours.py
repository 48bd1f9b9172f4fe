"""Preflight of card-type colours: apart in greyscale, apart for colour-blind players.

Lightness is CIE L* (D65) of the type's key colour; a greyscale print keeps L* and loses hue,
so two types closer than ``MIN_DELTA_L`` look alike on a black-and-white printer. The
colour-vision check simulates protanopia, deuteranopia (Viénot, Brettel & Mollon 1999) and
tritanopia (Brettel 1997, single-plane approximation) with 3 × 3 matrices on linear sRGB and
compares the results by CIE76 ΔE. Types are compared within a family (the types that share a
face layout); a family of many types needs L* steps it cannot have, so the required step is
``min(MIN_DELTA_L, 75 / (n - 1))`` for n types — still a full greyscale ramp.

:func:`print_colour_notes` is informational, not a problem: a key colour that moves more than
ΔE 10 when separated to CMYK for print (out-of-gamut blues and purples). How far it moves depends
on the printer's profile and ink limit, not only on the deck, and the press gives the same nearby
colour every time, so ``--strict`` does not fail on it; the designer decides.
"""

from __future__ import annotations

from collections import defaultdict

from cardgen.color import DEFAULT_INK_LIMIT
from cardgen.model.deck import DeckSpec
from cardgen.preflight.problems import Problem, type_source

MIN_DELTA_L = 20.0
MIN_DELTA_E = 12.0

Rgb = tuple[float, float, float]

SIMULATIONS: dict[str, tuple[Rgb, Rgb, Rgb]] = {
    # rows of the matrix applied to linear RGB (full dichromacy)
    "protanopia": ((0.10889, 0.89111, 0.0), (0.10889, 0.89111, 0.0), (0.00447, -0.00447, 1.0)),
    "deuteranopia": ((0.29031, 0.70969, 0.0), (0.29031, 0.70969, 0.0), (-0.02197, 0.02197, 1.0)),
    "tritanopia": ((1.0, 0.14461, -0.14461), (0.0, 0.85924, 0.14076), (0.0, 0.85924, 0.14076)),
}


def _linear(hex_colour: str) -> Rgb:
    value = hex_colour.lstrip("#")
    channels = [int(value[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    return tuple(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)  # type: ignore[return-value]


def _lab(rgb: Rgb) -> Rgb:
    r, g, b = (min(1.0, max(0.0, c)) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def lightness(hex_colour: str) -> float:
    """CIE L* (0 black … 100 white) of an sRGB colour."""
    return _lab(_linear(hex_colour))[0]


def simulate(hex_colour: str, vision: str) -> Rgb:
    """The colour as seen with ``vision`` (a key of ``SIMULATIONS``), in CIE L*a*b*."""
    rgb = _linear(hex_colour)
    matrix = SIMULATIONS[vision]
    return _lab(tuple(sum(m * c for m, c in zip(row, rgb)) for row in matrix))  # type: ignore[arg-type]


def _delta_e(a: Rgb, b: Rgb) -> float:
    return sum((p - q) ** 2 for p, q in zip(a, b)) ** 0.5


def families(deck: DeckSpec) -> dict[str, list[str]]:
    """Type names grouped by the face layout their cards use (types without cards count too)."""
    groups: dict[str, list[str]] = defaultdict(list)
    for name, kind in deck.types.items():
        groups[kind.layout or deck.layout].append(name)
    return dict(groups)


def check_colours(deck: DeckSpec, *, min_delta_l: float = MIN_DELTA_L, min_delta_e: float = MIN_DELTA_E) -> list[Problem]:
    """``greyscale`` and ``colour-vision`` problems for every pair of types in a family."""
    problems: list[Problem] = []
    for names in families(deck).values():
        if len(names) < 2:
            continue
        step = min(min_delta_l, 75.0 / (len(names) - 1))
        for i, first in enumerate(names):
            for second in names[i + 1:]:
                a, b = deck.types[first].color, deck.types[second].color
                la, lb = lightness(a), lightness(b)
                source = type_source(deck, second)
                if abs(la - lb) < step - 0.05:
                    problems.append(Problem(
                        "greyscale", f"types {first} ({a}, L* {la:.0f}) and {second} ({b}, L* {lb:.0f}) differ by "
                                     f"ΔL* {abs(la - lb):.0f}, under {step:.0f}: they print as the same grey — make one "
                                     "lighter or darker", source, element=f"types.{second}.color"))
                    continue
                for vision in SIMULATIONS:
                    difference = _delta_e(simulate(a, vision), simulate(b, vision))
                    if difference < min_delta_e:
                        problems.append(Problem(
                            "colour-vision", f"types {first} ({a}) and {second} ({b}) look alike with {vision} "
                                             f"(ΔE {difference:.0f}, under {min_delta_e:.0f})", source,
                            element=f"types.{second}.color"))
                        break
    return problems


def print_colour_notes(deck: DeckSpec, ink_limit: int = DEFAULT_INK_LIMIT, profile: str | None = None) -> list[Problem]:
    """A ``print-colour`` note for every type key colour that moves more than ΔE 10 in CMYK, worst first."""
    from cardgen.color.cmyk import CmykConverter, print_condition  # Pillow's colour engine: only for the notes
    from cardgen.color.gamut import SHIFT_WARNING, colour_shift

    condition = print_condition(profile, ink_limit)
    converter = CmykConverter(condition)
    where = f"{condition.output_condition_identifier}, {ink_limit}% ink"
    shifts = [(name, colour_shift(converter, f"type {name}", kind.color)) for name, kind in sorted(deck.types.items())]
    return [Problem("print-colour", shift.note(where), type_source(deck, name), element=f"types.{name}.color")
            for name, shift in sorted(shifts, key=lambda pair: -pair[1].delta_e) if shift.delta_e > SHIFT_WARNING]


def print_transparency_notes(deck: DeckSpec) -> list[Problem]:
    """A ``print-transparency`` note for every translucent element PDF/X-1a cannot keep as designed.

    For PDF/X-1a (``sheets --pdfx x1a``, the DriveThruCards upload) cards are drawn opaque: a
    translucent element is drawn as its blend over the one flat fill under it. Over art, text or
    anything else it becomes a tint over white paper instead (lighter, and hiding what is under it).
    Informational: PDF/X-4 and every RGB output keep the design.
    """
    from cardgen.loading.deck_loader import load_deck_layouts
    from cardgen.preflight.problems import element_source
    from cardgen.render.card_renderer import CardRenderer

    layouts = load_deck_layouts(deck)
    renderer = CardRenderer(deck, layouts[deck.layout], layouts, opaque=True)
    return [Problem("print-transparency", gap.message, element_source(deck, gap.layout, gap.element, "opacity"),
                    element=gap.element) for gap in renderer.check_opaque()]

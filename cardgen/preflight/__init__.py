"""Preflight: what a print designer checks before a file goes to press.

:func:`preflight_deck` runs every rule on a deck's real drawing (faces, sheets, colours, glyphs,
translations) and returns one :class:`Problem` per finding; :mod:`cardgen.preflight.report` writes
the proof PDF. :mod:`cardgen.preflight.pdfx` checks any finished PDF against PDF/X and an ink limit.
"""

from cardgen.preflight.problems import Problem
from cardgen.preflight.run import PreflightOptions, PreflightResult, preflight_deck

__all__ = ["Problem", "PreflightOptions", "PreflightResult", "preflight_deck"]

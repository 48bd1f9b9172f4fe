"""Preflight: what a print designer checks before a file goes to press, measured on the real drawing.

:func:`preflight_deck` runs every rule (faces, sheets, colours, glyphs, translations) and
returns one :class:`Problem` per finding; :mod:`cardgen.preflight.report` writes the proof PDF.
"""

from cardgen.preflight.problems import Problem
from cardgen.preflight.run import PreflightOptions, PreflightResult, preflight_deck

__all__ = ["Problem", "PreflightOptions", "PreflightResult", "preflight_deck"]

"""Walkthrough writers, one per game, found by the deck's ``game:`` name.

A game's plugin registers its writer with :func:`register_walkthrough`; ``cardgen build`` and
``cardgen walkthrough`` look it up with :func:`find_walkthrough`. A deck whose game has no
writer simply has no walkthrough product.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Protocol

from cardgen.model.deck import DeckSpec

if TYPE_CHECKING:
    from cardgen.render.card_renderer import Translate

ImageFormat = Literal["pdf", "png", "html", "gif"]


@dataclass(frozen=True)
class WalkthroughOptions:
    """What the user may choose; ``None`` lets the game pick its own default."""

    players: int | None = None
    seed: int | None = None
    paper: str = "a4"
    image_format: ImageFormat = "pdf"


@dataclass
class WalkthroughResult:
    """The files written (one PDF or HTML file, one PNG per frame, one GIF per stage) and what the user
    should be told."""

    files: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    cut_text: list[str] = field(default_factory=list)
    """Each caption or summary line printed cut or covered (``page 16, step 11 of 14: the meanwhile …``):
    a defect, which ``preflight --books`` reports and a build warns about."""


class WalkthroughWriter(Protocol):
    def __call__(self, deck: DeckSpec, target: Path, *, translate: Translate, language: str,
                 options: WalkthroughOptions) -> WalkthroughResult:
        """Write the walkthrough to ``target`` (a PDF or HTML file, or a folder for PNG frames or GIFs)."""
        ...


_WRITERS: dict[str, WalkthroughWriter] = {}
_WRITER_MODULES: dict[str, str] = {}
"""Game → the module that registers its writer when imported (see :func:`register_walkthrough_module`)."""


def register_walkthrough(game: str) -> Callable[[WalkthroughWriter], WalkthroughWriter]:
    """Decorator: ``writer`` makes the walkthrough of decks whose ``game:`` is ``game``."""

    def register(writer: WalkthroughWriter) -> WalkthroughWriter:
        _WRITERS[game] = writer
        return writer

    return register


def register_walkthrough_module(game: str, module: str) -> None:
    """``game`` has a walkthrough whose writer ``module`` registers (with :func:`register_walkthrough`)
    when :func:`find_walkthrough` first asks for it: a plugin names the module instead of importing it,
    so that commands that write no walkthrough (``validate``, ``sheets``) do not load the drawing code."""
    _WRITER_MODULES[game] = module


WalkthroughCheck = Callable[[DeckSpec], None]
"""Checks what a game's walkthrough reads from the deck (a scenario file …); raises CardgenError."""

_CHECKS: dict[str, WalkthroughCheck] = {}


def register_walkthrough_check(game: str) -> Callable[[WalkthroughCheck], WalkthroughCheck]:
    """Decorator: ``check`` is run by ``validate`` and before ``build`` for decks of ``game``."""

    def register(check: WalkthroughCheck) -> WalkthroughCheck:
        _CHECKS[game] = check
        return check

    return register


def find_walkthrough_check(game: str | None) -> WalkthroughCheck | None:
    if not game:  # a deck of no game: nothing to load
        return None
    from cardgen.games import load_games

    load_games(game)
    return _CHECKS.get(game)


def find_walkthrough(game: str | None) -> WalkthroughWriter | None:
    if not game:  # a deck of no game has no walkthrough: no game's code is loaded
        return None
    from cardgen.games import load_games

    load_games(game)
    if game in _WRITER_MODULES and game not in _WRITERS:
        import importlib

        importlib.import_module(_WRITER_MODULES[game])
    return _WRITERS.get(game)


def known_games() -> list[str]:
    from cardgen.games import load_games

    load_games()
    return sorted(set(_WRITERS) | set(_WRITER_MODULES))

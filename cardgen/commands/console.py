"""What commands tell the user: status lines, notes, details and a progress bar that never mix.

Every command gets ``-q/--quiet`` (errors only) and ``-v/--verbose`` (also timings and details)
from :func:`add_verbosity_options`. Status lines ("wrote …") go to stdout; notes, details and
the progress bar go to stderr. While a bar is on screen, a status line first clears the bar's
line and the bar is drawn again below it, so a terminal never shows ``…12/12wrote …``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import click


@dataclass
class _State:
    """How much the running command says (``--quiet``, ``--verbose``) and its progress bar."""

    quiet: bool = False
    verbose: bool = False
    bar: Any = None


_state = _State()


def reset() -> None:
    """Back to the defaults (a new command starts)."""
    _state.quiet = _state.verbose = False
    _state.bar = None


def is_quiet() -> bool:
    return _state.quiet


def is_verbose() -> bool:
    return _state.verbose and not _state.quiet


def _clear_bar() -> None:
    if _state.bar is not None:
        sys.stderr.write("\r\033[K")
        sys.stderr.flush()


def _redraw_bar() -> None:
    if _state.bar is not None:
        _state.bar._last_line = None  # Click skips drawing a line it drew last; the line was wiped
        _state.bar.render_progress()


def say(line: str) -> None:
    """A status line on stdout ("wrote …"); nothing with --quiet."""
    if _state.quiet:
        return
    _clear_bar()
    click.echo(line)
    _redraw_bar()


def note(line: str) -> None:
    """Something the user should know that is not an error, on stderr; nothing with --quiet."""
    if _state.quiet:
        return
    _clear_bar()
    click.echo(f"note: {line}", err=True)
    _redraw_bar()


def detail(line: str) -> None:
    """Only with --verbose, on stderr: timings, what was read."""
    if not is_verbose():
        return
    _clear_bar()
    click.echo(line, err=True)
    _redraw_bar()


@contextmanager
def above_bar() -> Iterator[None]:
    """Lines echoed inside go above the progress bar, if one is on screen (as :func:`say` does)."""
    _clear_bar()
    try:
        yield
    finally:
        _redraw_bar()


@contextmanager
def progress(label: str, *, enabled: bool = True) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on stderr; nothing with --quiet, when disabled or when stderr is not a terminal."""
    if not enabled or _state.quiet or not sys.stderr.isatty():
        yield None
        return
    with click.progressbar(length=1, label=label, file=sys.stderr, show_pos=True) as bar:
        _state.bar = bar

        def update(done: int, total: int) -> None:
            bar.length = total
            bar.update(done - bar.pos)

        try:
            yield update
        finally:
            _state.bar = None


def _set(name: str) -> Callable[[click.Context, click.Parameter, bool], None]:
    def callback(ctx: click.Context, param: click.Parameter, value: bool) -> None:
        if value:
            setattr(_state, name, True)
    return callback


def add_verbosity_options(command: click.Command) -> click.Command:
    """Give ``command`` (and a group's subcommands) ``-q/--quiet`` and ``-v/--verbose``, once."""
    taken = {opt for param in command.params for opt in getattr(param, "opts", [])}
    if "--quiet" not in taken:
        command.params.append(click.Option(["-q", "--quiet"], is_flag=True, expose_value=False, is_eager=True,
                                           callback=_set("quiet"), help="Print errors only."))
    if "--verbose" not in taken:
        command.params.append(click.Option(["-v", "--verbose"], is_flag=True, expose_value=False, is_eager=True,
                                           callback=_set("verbose"), help="Also print timings and details."))
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            add_verbosity_options(sub)
    return command

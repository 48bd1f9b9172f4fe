"""The ``cardgen`` command line. The only module that talks to the terminal.

Each command lives in ``cardgen/commands/<name>.py`` and is named in ``COMMANDS``. Library code
raises :class:`~cardgen.errors.CardgenError`; :class:`CardgenGroup` turns it into one line per
problem on stderr and exit code 1 (bad flags exit 2, as Click does).
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from types import ModuleType
from typing import Any

import click

from cardgen import __version__
from cardgen.errors import CardgenError


COMMANDS = ("build", "calibrate", "export", "i18n", "new", "preflight", "rulebook", "schema", "sheets", "simulate",
            "validate", "walkthrough", "watch")
"""Each is ``cardgen/commands/<name>.py`` exposing ``command``; keep this list sorted."""

SUMMARIES = {
    "build": "Build card sheets (and every other product) for DECK_DIRS, or for every deck in decks/.",
    "calibrate": "Write a duplex calibration sheet.",
    "export": "Export the cards of DECK_DIR as images into a folder, with a manifest.csv.",
    "i18n": "Translate a deck: card text, rulebook and diagram labels, one PO file per language.",
    "preflight": "Check DECK_DIR as a print designer would, or a PDF file for a print shop (--pdf): one line per problem.",
    "new": "Create the deck folder NAME: deck.yaml, a card layout, example cards, locale/ and rulebook.md.",
    "rulebook": "Typeset the rulebook of DECK_DIR (its rulebook.md) in one language.",
    "schema": "Print the JSON Schema of deck files (or, with --layout, of layout files).",
    "sheets": "Write the card sheets of DECK_DIR to a PDF.",
    "simulate": "Simulate FALLING with DECK_DIR's cards: one game in slow motion, or --games N for statistics.",
    "validate": "Check DECK_DIR's deck.yaml, layouts, art, catalogs and rulebook; print one line per problem.",
    "walkthrough": "Write an illustrated, step-by-step teaching walkthrough of DECK_DIR's game.",
    "watch": "Rebuild DECK_DIR's outputs whenever one of its files changes (deck, table, layout, art, PO, rulebook).",
}
"""The first paragraph of each command's help, for ``cardgen --help`` without importing every command
(tests/commands/test_cli_startup.py checks that they match). A command missing here is imported to list it."""


def import_command(name: str) -> ModuleType:
    """``cardgen.commands.<name>``; the first command module a process loads is imported with Python's
    cyclic garbage collector paused, and what is loaded by then is frozen out of later collections.

    A command's imports (pydantic and the deck model, reportlab, …) make tens of thousands of objects
    the collector tracks (about 60,000 for ``export``) that live as long as the process: modules,
    classes, functions. Collected as usual, they are scanned again and again — during ``cardgen
    export`` of FALLING, 139 collections took 43 ms of its 0.6 s of CPU, one of them a full one over
    everything. Paused while they load and then frozen (``gc.freeze``), they are never scanned: 65
    small collections, 7 ms. Objects made afterwards are collected as always. (Forked workers then
    also leave those objects' memory pages shared instead of copying them.)
    """
    global _command_loaded
    if _command_loaded:
        return importlib.import_module(f"cardgen.commands.{name}")
    _command_loaded = True
    collecting = gc.isenabled()
    gc.disable()
    try:
        return importlib.import_module(f"cardgen.commands.{name}")
    finally:
        gc.freeze()
        if collecting:
            gc.enable()


_command_loaded = False


class CardgenGroup(click.Group):
    """A Click group that reports user errors as one line each, never as a traceback.

    Commands are imported only when they run (or for ``--help``): ``cardgen schema`` does not pay
    for reportlab, nor ``cardgen export`` for the rulebook typesetter (Click's lazy-loading pattern).
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMANDS) | set(self.commands))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            from cardgen.commands.console import add_verbosity_options

            module = import_command(cmd_name)
            self.add_command(add_verbosity_options(module.command), cmd_name)
        return self.commands.get(cmd_name)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        """The command, with its defaults from ``cardgen.toml`` (working and deck folder) as Click's default_map."""
        name, command, rest = super().resolve_command(ctx, args)
        if name and command is not None and not isinstance(command, click.Group) \
                and not {"-h", "--help"} & set(rest):
            from cardgen.commands.defaults import command_defaults, config_files

            files = config_files(rest)
            if files:
                every = {n: c for n in self.list_commands(ctx) if (c := self.get_command(ctx, n)) is not None}
                defaults = command_defaults(command, name, files, every)
                ctx.default_map = {**(ctx.default_map or {}), name: defaults}
        return name, command, rest

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list of ``cardgen --help``, from :data:`SUMMARIES` where it can (no imports)."""
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = []
        for name in names:
            if name in SUMMARIES and name not in self.commands:
                rows.append((name, click.Command(name, help=SUMMARIES[name]).get_short_help_str(limit)))
                continue
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> Any:
        from cardgen.commands import console

        console.reset()
        try:
            return super().invoke(ctx)
        except CardgenError as error:
            for problem in error.problems:
                click.echo(f"error: {problem.format()}", err=True)
            ctx.exit(1)
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            ctx.exit(130)
        except BrokenPipeError:  # `cardgen … | head` closed our stdout: stop quietly, as `git log | head` does
            _silence_stdout()
            ctx.exit(141)  # 128 + SIGPIPE, what a shell reports for a tool killed by the closed pipe
        except (click.exceptions.Exit, click.ClickException, click.exceptions.Abort):
            raise
        except OSError as error:  # read-only folder, full disk, a path through a file …: the user's to fix
            from cardgen.output import os_problem

            click.echo(f"error: {os_problem(error).format()}", err=True)
            ctx.exit(1)
        except Exception as error:  # a bug, not a user mistake: still one line unless debugging
            if os.environ.get("CARDGEN_DEBUG"):
                raise
            click.echo(f"internal error: {error.__class__.__name__}: {error} "
                       "(set CARDGEN_DEBUG=1 for the traceback, and please report it)", err=True)
            ctx.exit(3)


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):  # no real file descriptor (tests): nothing to flush
        pass


@click.group(cls=CardgenGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardgen")
def main() -> None:
    """Print-and-play decks, localised rulebooks and teaching kits from YAML deck files."""


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

"""The ``cardgen`` command line. The only module that talks to the terminal.

Each command lives in ``cardgen/commands/<name>.py`` and is named in ``COMMANDS``. Library code
raises :class:`~cardgen.errors.CardgenError`; :class:`CardgenGroup` turns it into one line per
problem on stderr and exit code 1 (bad flags exit 2, as Click does).
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

import click

from cardgen import __version__
from cardgen.errors import CardgenError


COMMANDS = ("build", "calibrate", "export", "i18n", "new", "preflight", "rulebook", "schema", "sheets", "simulate",
            "validate", "walkthrough", "watch")
"""Each is ``cardgen/commands/<name>.py`` exposing ``command``; keep this list sorted."""


class CardgenGroup(click.Group):
    """A Click group that reports user errors as one line each, never as a traceback.

    Commands are imported only when they run (or for ``--help``): ``cardgen schema`` does not pay
    for reportlab, nor ``cardgen export`` for the rulebook typesetter (Click's lazy-loading pattern).
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMANDS) | set(self.commands))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            module = importlib.import_module(f"cardgen.commands.{cmd_name}")
            self.add_command(module.command, cmd_name)
        return self.commands.get(cmd_name)

    def invoke(self, ctx: click.Context) -> Any:
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

"""The ``beatlog`` command: a thin click layer over the library.

Every command lives in a module of this package named for what it does. Expected
errors (:class:`~recorder.errors.BeatlogError`, unreadable files, and usage
mistakes such as an unknown option or a missing argument) are printed as one
line on stderr with exit code 1 -- never a traceback.
"""

from __future__ import annotations

import sys

import click

from recorder import __version__
from recorder.errors import BeatlogError


class UsageLine(click.ClickException):
    """A command-line usage mistake, shown like every expected error: one line, exit code 1."""

    exit_code = 1


def usage_line(exc: click.UsageError, path: str = "beatlog") -> UsageLine:
    """Click's usage error (usage, hint and message on three lines, exit 2) as one line naming the help.

    ``path`` is the command's name (``beatlog check``) for errors raised before its context existed.
    """
    text = " ".join(exc.format_message().split()).removesuffix(".")
    if exc.ctx is not None:
        path = exc.ctx.command_path
    return UsageLine(f"{text} (see {path} -h)")


class BeatlogCommand(click.Command):
    """Every subcommand: its option and argument mistakes become one line naming its own help."""

    def make_context(self, info_name, args, parent=None, **extra):  # type: ignore[override]
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.exceptions.NoArgsIsHelpError as exc:
            raise _no_args_help(exc) from None
        except click.UsageError as exc:
            path = f"{parent.command_path} {info_name}" if parent is not None else str(info_name)
            raise usage_line(exc, path) from None


def _no_args_help(exc: click.exceptions.NoArgsIsHelpError) -> click.exceptions.Exit:
    """``beatlog`` alone asks for the help: print it, as ``beatlog -h`` does."""
    click.echo(exc.format_message())
    return click.exceptions.Exit(0)


class BeatlogGroup(click.Group):
    command_class = BeatlogCommand

    def make_context(self, info_name, args, parent=None, **extra):  # type: ignore[override]
        # The group's own options and command name are parsed here (``beatlog --bogus``, ``beatlog``).
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.exceptions.NoArgsIsHelpError as exc:
            raise _no_args_help(exc) from None
        except click.UsageError as exc:
            raise usage_line(exc) from None

    def invoke(self, ctx: click.Context):  # type: ignore[override]
        try:
            return super().invoke(ctx)
        except click.exceptions.NoArgsIsHelpError as exc:
            raise _no_args_help(exc) from None
        except click.UsageError as exc:  # a subcommand's options and arguments, or an unknown command
            raise usage_line(exc) from None
        except BeatlogError as exc:
            click.echo(f"Error: {exc}", err=True)
            sys.exit(1)
        except (FileNotFoundError, IsADirectoryError, PermissionError) as exc:
            click.echo(f"Error: {exc.strerror}: {exc.filename!r}", err=True)
            sys.exit(1)


@click.group("beatlog", cls=BeatlogGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="beatlog")
def main() -> None:
    """beatlog: record, verify, explain and view tactical duel matches.

    Start with the demo, then `beatlog COMMAND -h` for any command.

    \b
    Example: beatlog demo -o demo && beatlog stats --db demo/demo.db
    """


def _register() -> None:
    # Import for their side effect of adding commands to ``main``.
    from . import commands  # noqa: F401


_register()

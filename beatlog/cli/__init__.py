"""The ``beatlog`` command: a thin click layer over the library.

Every command lives in a module of this package named for what it does, and
that module is imported only when its command runs (:data:`COMMANDS`), so
``beatlog verify`` loads no plotting, signing or page rendering. Expected
errors (:class:`~recorder.errors.BeatlogError`, unreadable files, and usage
mistakes such as an unknown option or a missing argument) are printed as one
line on stderr with exit code 1 -- never a traceback.
"""

from __future__ import annotations

import importlib
import sys

import click

from recorder import __version__
from recorder.errors import BeatlogError
from recorder.untrusted import escape, escape_lines


class UsageLine(click.ClickException):
    """A command-line usage mistake, shown like every expected error: one line, exit code 1."""

    exit_code = 1


def say(text: object = "", *, err: bool = False, nl: bool = True) -> None:
    """Print text that may quote a log or an input (names, sides, descriptions): every line of the CLI's
    output goes through here, so no control character in it reaches the terminal (recorder/untrusted.py).
    Its own newlines and tabs are kept: a value is escaped whole where it is formatted, when it is one line."""
    click.echo(escape_lines(str(text)), err=err, nl=nl)


def usage_line(exc: click.UsageError, path: str = "beatlog") -> UsageLine:
    """Click's usage error (usage, hint and message on three lines, exit 2) as one line naming the help.

    ``path`` is the command's name (``beatlog check``) for errors raised before its context existed.
    """
    text = escape(" ".join(exc.format_message().split()).removesuffix("."))
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


# Each command's module (beatlog.cli.<module>), imported when the command is used or listed. A module
# registers its commands on ``main`` (``@main.command``); tests/test_cli_usage.py checks this table
# against what the modules register.
COMMANDS = {
    "record": "record_commands", "play": "record_commands", "sides": "record_commands",
    "fighters": "record_commands",
    "verify": "replay_commands", "keygen": "replay_commands", "seal": "replay_commands",
    "explain": "replay_commands", "whatif": "replay_commands", "diff": "replay_commands",
    "state": "replay_commands",
    "simulate": "stats_commands", "stats": "stats_commands", "demo": "stats_commands",
    "export": "store_commands", "import": "store_commands", "check": "store_commands", "copy": "store_commands",
    "render": "view_commands", "extract": "view_commands",
    "schema-dump": "log_commands",
    "annotate": "note_commands",
}


def load_commands(names: "list[str] | None" = None) -> None:
    """Import the modules of the commands ``names`` (every command module when None)."""
    modules = {COMMANDS[n] for n in names if n in COMMANDS} if names is not None else set(COMMANDS.values())
    for module in sorted(modules):
        importlib.import_module(f"{__name__}.{module}")


class BeatlogGroup(click.Group):
    command_class = BeatlogCommand

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *self.commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            # Its own module only; a name not in the table (a typo, or a command added without an entry)
            # loads them all, so the answer is the same as if every command had been imported.
            load_commands([cmd_name] if cmd_name in COMMANDS else None)
        return self.commands.get(cmd_name)

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
            # Errors quote their input (a name, a file's line): shown, never obeyed by the terminal.
            click.echo(f"Error: {escape(str(exc))}", err=True)
            sys.exit(1)
        except (FileNotFoundError, IsADirectoryError, PermissionError) as exc:
            click.echo(f"Error: {exc.strerror}: {escape(repr(exc.filename))}", err=True)
            sys.exit(1)


@click.group("beatlog", cls=BeatlogGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="beatlog")
def main() -> None:
    """beatlog: record, verify, explain and view tactical duel matches.

    Start with the demo, then `beatlog COMMAND -h` for any command.

    \b
    Example: beatlog demo -o demo && beatlog stats --db demo/demo.db
    """

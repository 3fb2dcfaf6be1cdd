"""The ``beatlog`` command: a thin click layer over the library.

Every command lives in a module of this package named for what it does. Expected
errors (:class:`~recorder.errors.BeatlogError`, unreadable files) are printed as
one line on stderr with exit code 1 -- never a traceback.
"""

from __future__ import annotations

import sys

import click

from .. import __version__
from ..errors import BeatlogError


class BeatlogGroup(click.Group):
    def invoke(self, ctx: click.Context):  # type: ignore[override]
        try:
            return super().invoke(ctx)
        except BeatlogError as exc:
            click.echo(f"Error: {exc}", err=True)
            sys.exit(1)
        except (FileNotFoundError, IsADirectoryError, PermissionError) as exc:
            click.echo(f"Error: {exc.strerror}: {exc.filename!r}", err=True)
            sys.exit(1)


@click.group(cls=BeatlogGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="beatlog")
def main() -> None:
    """beatlog: record, verify, explain and view tactical duel matches."""


def _register() -> None:
    # Import for their side effect of adding commands to ``main``.
    from . import commands  # noqa: F401


_register()

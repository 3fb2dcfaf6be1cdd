"""Commands on logs as files: ``check``."""

from __future__ import annotations

import click

from . import main, say


@main.command("schema-dump", hidden=True)
@click.option("-o", "--out", "out_dir", default="schemas", show_default=True, help="Folder to write into.")
def schema_dump(out_dir: str) -> None:
    """Regenerate the JSON Schema files from the event classes.

    Example: beatlog schema-dump -o schemas
    """
    from recorder.schemagen import write_all

    for path in write_all(out_dir):
        say(path)

"""The ``beatlog`` console script: ``beatlog --version`` answered before the command line is loaded.

Loading click and the command table (:mod:`beatlog.cli`) is most of what a short command costs at start-up
(about 25 ms of CPU, more than the interpreter itself); ``beatlog --version`` alone needs none of it, so it is
answered here with exactly the line click's version option prints. Everything else goes to
:func:`beatlog.cli.main`.
"""

from __future__ import annotations

import sys

from recorder import __version__
from recorder.collector import for_batch_work

# click.version_option's message ("%(prog)s, version %(version)s"): tests/test_cli_usage.py holds the two equal.
VERSION_LINE = f"beatlog, version {__version__}"


def main() -> None:
    if sys.argv[1:] == ["--version"]:
        sys.stdout.write(VERSION_LINE + "\n")
        return
    from beatlog.cli import main as command_line  # lazy: click and the commands, for a command that needs them

    for_batch_work()  # a command runs, verifies or reads matches one after another (recorder/collector.py)
    command_line()

"""Record the sample logs in ``sample_logs/cogs/`` (deterministic).

Three Sailpower: Cogs of Valor matches with the shipped fleets: two 2-player
matches (sensible bot against random bot, and sensible against sensible) and
one 3-player cog-matching match (respawns) -- every phase of the turn,
boarding, captures, sinking and treasure happen in them. Seeds are fixed and
the header's ``created_at`` is pinned, so running this again gives
byte-identical files unless the rules engine changed (``beatlog verify
sample_logs/cogs/*.jsonl``).

    python sample_logs/make_cogs_samples.py          # rewrite the files
    python sample_logs/make_cogs_samples.py --check  # exit 1 if any file would change
    python sample_logs/make_cogs_samples.py --doc    # also refresh docs/protocol-cogs.md's event sections

``--doc`` and ``--check``: see ``sampling.py`` beside this script.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from recorder.games.cogs.describe import CITES
from recorder.games.cogs.events import EVENTS
from sampling import main

HERE = Path(__file__).resolve().parent / "cogs"
DOC = HERE.parent.parent / "docs" / "protocol-cogs.md"

# name -> (players, sides, bots, seed, options)
MATCHES: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], int, dict[str, Any]]] = {
    "lions-vs-herons": (("Ann", "Ben"), ("lions", "herons"), ("sensible", "random"), 3, {}),
    "merchants-vs-griffins": (("Ann", "Ben"), ("merchants", "griffins"), ("sensible", "sensible"), 12,
                              {"turns": 10}),
    "cog-match-3p": (("Ann", "Ben", "Cy"), ("lions", "herons", "griffins"), ("sensible", "sensible", "random"), 8,
                     {"cog_match": True, "turns": 8}),
}


if __name__ == "__main__":
    sys.exit(main(__doc__.splitlines()[0], "cogs", MATCHES, HERE, DOC, EVENTS, CITES))

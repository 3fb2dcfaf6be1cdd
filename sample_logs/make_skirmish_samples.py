"""Record the sample logs in ``sample_logs/skirmish/`` (deterministic).

Grid skirmish matches with beatlog's starter kit, one per scenario: Skirmish, Caravan Escort, Domination,
Endless Battlefield (Capture), Endless Battlefield (Deathmatch) as a three-player free-for-all, and Endless
Battlefield (Domination). Seeds are fixed and the header's ``created_at`` is
pinned, so running this again gives byte-identical files unless the rules engine changed (``beatlog
verify sample_logs/skirmish/*.jsonl``).

    python sample_logs/make_skirmish_samples.py          # rewrite the files
    python sample_logs/make_skirmish_samples.py --check  # exit 1 if any file would change
    python sample_logs/make_skirmish_samples.py --doc    # also refresh docs/protocol-skirmish.md's event sections

``--doc`` and ``--check``: see ``sampling.py`` beside this script.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from recorder.games.skirmish.describe import CITES
from recorder.games.skirmish.events import EVENTS
from sampling import main

HERE = Path(__file__).resolve().parent / "skirmish"
DOC = HERE.parent.parent / "docs" / "protocol-skirmish.md"

# name -> (players, sides, bots, seed, options)
MATCHES: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], int, dict[str, Any]]] = {
    "skirmish-vanguard-vs-arcane": (("Ann", "Ben"), ("vanguard", "arcane"), ("sensible", "random"), 1, {"turns": 20}),
    "domination-shadows-vs-vanguard": (("Ann", "Ben"), ("shadows", "vanguard"), ("sensible", "random"), 2,
                                       {"scenario": "domination", "turns": 20}),
    "caravan-vanguard-vs-shadows": (("Ann", "Ben"), ("vanguard", "shadows"), ("sensible", "sensible"), 3,
                                    {"scenario": "caravan"}),
    "eb-capture-vanguard-vs-shadows": (("Ann", "Ben"), ("vanguard", "shadows"), ("sensible", "sensible"), 7,
                                       {"scenario": "eb_capture"}),
    "eb-deathmatch-ffa-3p": (("Ann", "Ben", "Cy"), ("vanguard", "arcane", "shadows"), ("sensible", "random", "sensible"),
                             12, {"scenario": "eb_deathmatch", "turns": 12}),
    "eb-domination-arcane-vs-shadows": (("Ann", "Ben"), ("arcane", "shadows"), ("sensible", "sensible"), 4,
                                        {"scenario": "eb_domination", "turns": 20}),
}


if __name__ == "__main__":
    sys.exit(main(__doc__.splitlines()[0], "skirmish", MATCHES, HERE, DOC, EVENTS, CITES))

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
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from recorder.game import load_game
from recorder.header import Player
from recorder.jsonl import encode_jsonl
from recorder.recording import MemorySink, record

HERE = Path(__file__).resolve().parent / "cogs"
CREATED_AT = "2024-01-01T00:00:00Z"  # pinned: samples must regenerate byte for byte

# name -> (players, sides, bots, seed, options)
MATCHES: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], int, dict[str, Any]]] = {
    "lions-vs-herons": (("Ann", "Ben"), ("lions", "herons"), ("sensible", "random"), 3, {}),
    "merchants-vs-griffins": (("Ann", "Ben"), ("merchants", "griffins"), ("sensible", "sensible"), 12,
                              {"turns": 10}),
    "cog-match-3p": (("Ann", "Ben", "Cy"), ("lions", "herons", "griffins"), ("sensible", "sensible", "random"), 5,
                     {"cog_match": True, "turns": 8}),
}


def samples() -> dict[str, bytes]:
    game = load_game("cogs")
    out = {}
    for name, (names, sides, bots, seed, options) in MATCHES.items():
        players = tuple(Player(n, s) for n, s in zip(names, sides))
        header = game.make_header(players=players, edition="standard", seed=seed, options=options)
        sources = {seat: game.bot(bot, seed, seat) for seat, bot in enumerate(bots)}
        sink = MemorySink()
        rec = record(game, header, sources, sink, clock=lambda: CREATED_AT)
        assert rec.finished, f"{header.match_id} did not finish"
        out[f"{name}.jsonl"] = encode_jsonl(sink.header, sink.records)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare with the files on disk")
    args = parser.parse_args(argv)
    HERE.mkdir(exist_ok=True)
    stale = []
    for name, data in samples().items():
        path = HERE / name
        if path.exists() and path.read_bytes() == data:
            continue
        stale.append(name)
        if not args.check:
            path.write_bytes(data)
            print(f"wrote {path.relative_to(HERE.parent.parent)}")
    if args.check and stale:
        print("stale sample logs: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

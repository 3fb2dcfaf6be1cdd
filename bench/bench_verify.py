"""How fast does ``verify`` re-execute BattleCON logs? (A benchmark, not a test.)

Records bot matches (single duels, several seeds) in memory, then verifies
each several times and prints the median time per 15-beat duel (a full-length
WoI duel; shorter ones are scaled up by their beat count) and events per second.

    python bench/bench_verify.py [--matches 8] [--runs 5] [--bots random,random]
"""

from __future__ import annotations

import argparse
import statistics
import time

from recorder.games.battlecon import GAME
from recorder.header import Player
from recorder.match import Match, run, sealed
from replay.verify import verify

FULL_DUEL = 15  # beats


def make_logs(n: int, bots: tuple[str, str]):
    logs = []
    for seed in range(1, n + 1):
        header = GAME.make_header(players=(Player("A", "hikaru"), Player("B", "khadath")),
                                  edition="woi", seed=seed, options={"duels": 1})
        match = Match(GAME, header)
        run(match, {p: GAME.bot(bots[p], seed * 10 + p, p) for p in (0, 1)})
        records = sealed(match)
        beats = len({(r.duel, r.beat) for r in records if r.beat > 0})
        logs.append((header, records, beats))
    return logs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=8)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--bots", default="random,random")
    args = parser.parse_args()
    logs = make_logs(args.matches, tuple(args.bots.split(",")))
    events = sum(len(r) for _, r, _ in logs)
    beats = sum(b for _, _, b in logs)
    print(f"{len(logs)} matches, {beats} beats, {events} events, {args.runs} runs each ({args.bots})")
    for label, schemas in (("verify (re-execution + schema checks)", True),
                           ("verify of a log already read by a strict reader", False)):
        per_duel, rates = [], []
        for _ in range(args.runs):
            for header, records, beats_ in logs:
                start = time.perf_counter()
                report = verify(header, records, game=GAME, schemas=schemas)
                elapsed = time.perf_counter() - start
                assert report.ok, report.summary()
                per_duel.append(elapsed * 1000 * FULL_DUEL / max(beats_, 1))
                rates.append(len(records) / elapsed)
        print(f"{label}: median {statistics.median(per_duel):.1f} ms per {FULL_DUEL}-beat duel, "
              f"median {statistics.median(rates):,.0f} events/s")

if __name__ == "__main__":
    main()

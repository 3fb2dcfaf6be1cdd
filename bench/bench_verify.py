"""How fast does ``verify`` re-execute BattleCON logs? (A benchmark, not a test.)

Records bot matches (single duels, several seeds) in memory, then verifies
each several times and prints the median time per 15-beat duel (a full-length
WoI duel; shorter ones are scaled up by their beat count) and events per second,
both in wall-clock time and in CPU time (steadier on a shared machine). Three ways:

* records handed over as objects, with the storage layer's schema checks;
* the same records already read by a strict reader (no schema pass);
* the log as ``beatlog verify LOG.jsonl`` takes it: JSONL bytes read strictly, then verified.

    python bench/bench_verify.py [--matches 8] [--runs 5] [--bots random,random]
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Callable

from recorder.games.battlecon import GAME
from recorder.header import Header, Player
from recorder.jsonl import encode_jsonl
from recorder.match import Match, run, sealed
from replay.verify import VerifyReport, verify

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


def verify_bytes(data: bytes, name: str = "bench.jsonl") -> VerifyReport:
    """What ``beatlog verify FILE`` does with a file's bytes (reading the file aside)."""
    from replay.verify_file import verify_bytes as verify

    return verify(data, name)


def measure(runs: int, logs: list, once: Callable[[Header, list, bytes], VerifyReport]) -> dict[str, float]:
    """Medians over every run of every log: ms per full duel (wall and CPU) and events/s (wall)."""
    wall, cpu, rates = [], [], []
    blobs = [encode_jsonl(header, records) for header, records, _ in logs]
    for _ in range(runs):
        for (header, records, beats), blob in zip(logs, blobs):
            start, start_cpu = time.perf_counter(), time.process_time()
            report = once(header, records, blob)
            elapsed, elapsed_cpu = time.perf_counter() - start, time.process_time() - start_cpu
            assert report.ok, report.summary()
            wall.append(elapsed * 1000 * FULL_DUEL / max(beats, 1))
            cpu.append(elapsed_cpu * 1000 * FULL_DUEL / max(beats, 1))
            rates.append(len(records) / elapsed)
    return {"ms": statistics.median(wall), "cpu_ms": statistics.median(cpu), "events_s": statistics.median(rates)}


WAYS = {
    "verify (re-execution + schema checks)": lambda h, r, b: verify(h, r, game=GAME),
    "verify of a log already read by a strict reader": lambda h, r, b: verify(h, r, game=GAME, schemas=False),
    "read JSONL strictly + verify (beatlog verify FILE)": lambda h, r, b: verify_bytes(b),
}


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
    for label, once in WAYS.items():
        m = measure(args.runs, logs, once)
        print(f"{label}: median {m['ms']:.1f} ms per {FULL_DUEL}-beat duel ({m['cpu_ms']:.1f} ms CPU), "
              f"median {m['events_s']:,.0f} events/s")


if __name__ == "__main__":
    main()

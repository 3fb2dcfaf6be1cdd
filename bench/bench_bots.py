"""How many bot duels per second does one core play? (A benchmark, not a test.)

Plays single WoI duels over every pairing of fighters, seeds varying, in this
one process, and prints duels per second three ways: the engine and bots alone
(``Match`` + ``run``), recorded (sealed onto the hash chain into memory, as
``simulate`` does), and recorded with the per-match statistics walk, per
second of this process's CPU time (and of wall-clock time, which other work on
the machine slows). Target: at least 300 random-bot duels per CPU second for
the engine alone.

    python bench/bench_bots.py [--duels 300] [--bots random,random] [--edition woi]
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time

from recorder.games.battlecon import GAME
from recorder.header import Player
from recorder.match import Match, run
from recorder.recording import MemorySink, record
from replay.stats import match_stats

TARGET = 300  # random-bot duels per second


def headers(n: int, edition: str):
    pairs = list(itertools.permutations(GAME.fighters, 2))
    for i in range(n):
        a, b = pairs[i % len(pairs)]
        yield GAME.make_header(players=(Player("A", a), Player("B", b)), edition=edition, seed=1000 + i,
                               options={"duels": 1})


def engine_only(header, bots) -> None:
    run(Match(GAME, header), {p: GAME.bot(bots[p], header.seed, p) for p in (0, 1)})


def recorded(header, bots) -> MemorySink:
    sink = MemorySink()
    record(GAME, header, {p: GAME.bot(bots[p], header.seed, p) for p in (0, 1)}, sink, clock=lambda: "")
    return sink


def with_stats(header, bots) -> None:
    sink = recorded(header, bots)
    match_stats(sink.header, sink.records, GAME)


def rate(fn, hs, bots, runs: int) -> tuple[float, float]:
    """Median duels per second of CPU time (this process) and of wall-clock time over ``runs`` passes.

    CPU time is what "on one core" means on a shared machine: other processes
    slow the wall clock but not this process's CPU seconds.
    """
    cpu, wall = [], []
    for _ in range(runs):
        c0, w0 = time.process_time(), time.perf_counter()
        for h in hs:
            fn(h, bots)
        cpu.append(len(hs) / (time.process_time() - c0))
        wall.append(len(hs) / (time.perf_counter() - w0))
    return statistics.median(cpu), statistics.median(wall)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duels", type=int, default=300, help="duels per pass")
    parser.add_argument("--runs", type=int, default=3, help="passes (the median is printed)")
    parser.add_argument("--bots", default="random,random")
    parser.add_argument("--edition", default="woi")
    args = parser.parse_args()
    bots = tuple(args.bots.split(","))
    hs = list(headers(args.duels, args.edition))
    engine_only(hs[0], bots)  # warm-up: card data, schemas
    print(f"{args.duels} single {args.edition} duels per pass, {args.bots}, one core, median of {args.runs}")
    engine, wall = rate(engine_only, hs, bots, args.runs)
    flag = "ok" if engine >= TARGET or bots != ("random", "random") else f"BELOW the target of {TARGET}"
    print(f"  engine + bots:           {engine:8.1f} duels/s of CPU  ({wall:.1f}/s wall clock; {flag})")
    for label, fn in (("recorded (hash chain):", recorded), ("recorded + stats walk:", with_stats)):
        cpu, wall = rate(fn, hs, bots, args.runs)
        print(f"  {label:<24} {cpu:8.1f} duels/s of CPU  ({wall:.1f}/s wall clock)")


if __name__ == "__main__":
    main()

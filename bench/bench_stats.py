"""How long do statistics over a 10,000-match store take? (A benchmark, not a test.)

Builds the store once (a random-bot round robin, ``simulate``'s code) in a
temporary folder -- or reuses ``--db`` if it exists -- then times:
``stats`` (every match read with its chain checked, walked once with the
stats visitor, added up) on one process and on ``--jobs`` processes, and the
SQL views (``player_standings``, ``matchups``) that answer the common
questions without beatlog.

    python bench/bench_stats.py [--matches 10000] [--duels 3] [--jobs 2] [--db keep.db]
"""

from __future__ import annotations

import argparse
import math
import os
import sqlite3
import tempfile
import time
from pathlib import Path

from recorder.store import Store
from beatlog.tournament import plan_tournament, run_tournament, schedule
from replay.stats_sources import store_stats
from replay.stats_summary import summarize


def build(db: Path, matches: int, duels: int | None, jobs: int) -> None:
    plan = plan_tournament(game_name="battlecon", matches=1, bots="random", seed=1, options={} if duels is None else {"duels": duels})
    per_pairing = math.ceil(matches / len(schedule(plan)))
    plan = plan_tournament(game_name="battlecon", matches=per_pairing, bots="random", seed=1, options={} if duels is None else {"duels": duels})
    started = time.perf_counter()
    with Store(db) as store:
        report = run_tournament(plan, store, jobs=jobs)
    took = time.perf_counter() - started
    print(f"built {db}: {report.played} matches played ({report.skipped} already there) in {took:.1f} s "
          f"on {jobs} process(es), {os.path.getsize(db) / 2**20:.0f} MB")


def timed(label: str, fn):
    started = time.perf_counter()
    value = fn()
    print(f"  {label:<44} {time.perf_counter() - started:8.2f} s")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--duels", type=int, choices=(1, 3), default=None, help="default: the game's (best of 3)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--db", type=Path, help="keep the store here (reused when it exists)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or Path(tmp) / "bench.db"
        if not db.exists():
            build(db, args.matches, args.duels, args.jobs)
        with Store(db, create=False) as store:
            n = len(store.match_ids())
            events = store.conn.execute("SELECT count(*) FROM events").fetchone()[0]
        print(f"{n} matches, {events} events in {db}")
        matches = timed("stats, 1 process (read + walk + sum)", lambda: store_stats(db, jobs=1))
        if args.jobs > 1:
            timed(f"stats, {args.jobs} processes", lambda: store_stats(db, jobs=args.jobs))
        timed("summarize (adding up only)", lambda: summarize(matches))
        conn = sqlite3.connect(db)
        timed("SQL view player_standings", lambda: conn.execute("SELECT * FROM player_standings").fetchall())
        timed("SQL view matchups", lambda: conn.execute("SELECT * FROM matchups").fetchall())
        conn.close()


if __name__ == "__main__":
    main()

"""How fast does ``render`` write match pages, and how big is a single-file page? (A benchmark, not a test.)

Uses the sample logs (best-of-three matches) and records single WoI duels by
random bots until it has some that run the full 15 beats, then prints:

- match pages per second (walk + frames + statistics + HTML, site and single-file), by wall
  clock and per CPU second,
- a whole site (index, matches, players, assets) rendered into a temporary folder,
- the size of a single-file page for each full 15-beat duel (the target is 150 KB), and of the
  match log packed inside it.

    python bench/bench_render.py [--runs 3] [--duels 4]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from recorder.games.battlecon import GAME
from recorder.header import Player
from recorder.integrity import LogFile
from recorder.jsonl import encode_jsonl, read_jsonl
from recorder.match import Match, run, sealed
from viewer.embed import script_json
from viewer.page import build_page
from viewer.site import match_html, render_site
from viewer.sources import Source

SAMPLES = Path(__file__).resolve().parent.parent / "sample_logs" / "battlecon"
FIGHTERS = ("hikaru", "khadath", "cadenza", "kallistar")
FULL_DUEL = 15


def full_duels(n: int) -> list[LogFile]:
    """``n`` single duels that last all 15 beats (random bots, seeds tried in order)."""
    out = []
    seed = 0
    while len(out) < n and seed < 500:
        seed += 1
        a, b = FIGHTERS[seed % 4], FIGHTERS[(seed + 1 + seed // 4) % 4]
        if a == b:
            continue
        header = GAME.make_header(players=(Player("Ann", a), Player("Ben", b)), edition="woi", seed=seed,
                                  options={"duels": 1})
        match = Match(GAME, header)
        run(match, {p: GAME.bot("random", seed * 10 + p, p) for p in (0, 1)})
        records = sealed(match)
        if len({r.beat for r in records if r.beat > 0}) >= FULL_DUEL:
            out.append(LogFile(header, records))
    return out


def pages_per_second(sources: list[Source], single_file: bool, runs: int) -> tuple[float, float]:
    """Median match pages per second of wall clock, and per CPU second (steadier on a shared machine)."""
    rates, cpu_rates = [], []
    for _ in range(runs):
        start, cpu = time.perf_counter(), time.process_time()
        for source in sources:
            match_html(build_page(source), single_file=single_file, linked=not single_file)
        rates.append(len(sources) / (time.perf_counter() - start))
        cpu_rates.append(len(sources) / (time.process_time() - cpu))
    return statistics.median(rates), statistics.median(cpu_rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--duels", type=int, default=4, help="full 15-beat duels to record and measure")
    args = parser.parse_args()

    samples = [Source(p.name, read_jsonl(p)) for p in sorted(SAMPLES.glob("*.jsonl"))]
    events = sum(len(s.log.records) for s in samples)
    print(f"{len(samples)} sample matches, {events} events ({events / max(len(samples), 1):.0f} a match)")
    for single in (False, True):
        rate, cpu_rate = pages_per_second(samples, single, args.runs)
        print(f"  match pages/s ({'single-file' if single else 'site'}): {rate:.1f} "
              f"({cpu_rate:.1f} per CPU second)")
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        written = render_site(samples, tmp)
        took = time.perf_counter() - start
        print(f"  whole site: {len(written.matches)} matches + {written.players} players + index in {took:.2f} s "
              f"({len(written.matches) / took:.1f} match pages/s, assets copied included)")

    duels = full_duels(args.duels)
    print(f"{len(duels)} single duels of {FULL_DUEL} beats (random bots)")
    sizes = []
    for log in duels:
        page = build_page(Source(log.header.match_id, log))
        html = match_html(page, single_file=True, linked=False)
        size = len(html.encode("utf-8"))
        sizes.append(size)
        packed = len(script_json(page.data["log"]).encode("utf-8"))
        jsonl = len(encode_jsonl(log.header, log.records))
        print(f"  {log.header.match_id}: {len(log.records)} events, single-file page {size / 1024:.0f} KB "
              f"(the log in it: {packed / 1024:.0f} KB; as JSONL {jsonl / 1024:.0f} KB)")
    if sizes:
        print(f"  single-file page for a 15-beat duel: median {statistics.median(sizes) / 1024:.0f} KB, "
              f"largest {max(sizes) / 1024:.0f} KB (target <= 150 KB)")


if __name__ == "__main__":
    main()

"""beatlog's benchmark suite: ``python -m bench [--quick] [--runs N]``.

Prints one table -- the median of several runs for each figure, beside its
target -- and the machine it ran on. The bench runs as beatlog's own processes do (the ``beatlog`` command and the
worker processes of simulate, tournaments and statistics): with the cyclic collector set for batch work
(recorder/collector.py); the engine is also timed in a library caller's process, with CPython's defaults. These are figures to read, not tests to
pass: nothing here fails when a target is missed. The per-area benchmarks in
this folder (``bench_verify.py``...) are reused where they exist.

Figures:
  engine      random-bot duels per CPU second (and per second of wall time) over every ordered pairing
              of the WoI roster, beside the same for the first four fighters alone (BattleCON,
              single WoI duels, in memory); beats/s; and the same duels in a process with the collector's
              defaults (a program that imports beatlog as a library)
  verify      ms per 15-beat duel and events/s (re-execution with schema checks); verify of
              best-of-three JSONL logs against the floor of reading them (orjson.loads + SHA-256
              of every line), as a ratio measured in the same run
  cli         what a user waits for: beatlog --version, beatlog verify --help and beatlog verify
              LOG.jsonl as processes (start-up included), wall and CPU; verify also with Python's bytecode
              cache on (as an installed package has it) where the environment turns it off, and how much of
              that is importing the modules it loads (timed as a process importing only those)
  store       events/s appended as a recording does (one transaction and fsync per beat),
              as import does (one transaction; with and without re-running each
              log), and raw sqlite3 executemany of the
              same rows in one transaction (the limit)
  render      match pages/s and the size of one single-file page (needs the viewer)
  board       time to board: ms from the start of loading a match page (the site's, and a single-file
              page, which inflates its data first) to its board being drawn, in Chromium on a cold
              cache (bench/bench_board.py; needs chromium and Playwright)
  stats       seconds for ``beatlog stats`` over a 10,000-match store (1,000 with --quick,
              --stats-matches N for another size; the goal is < 5 s at 100,000), adding up the
              statistics rows kept in the store, and ms to walk one match (what --recompute does);
              ms per match of ``simulate`` (what building such a store costs); --stats-copies K also
              times a store of that store's statistics rows copied K times under new match ids (how
              the bench reaches 100,000: K=20 on 5,000); the same rows on PostgreSQL, on a throw-away
              server the bench starts as the tests do (--stats-pg URL: a database of yours; --no-pg:
              not at all; a line says why when no server can be started), with the server's CPU
  site        seconds to write the index, player and list pages of the stats store from its rows (and
              of the copied store with --stats-copies; its matches have no events, so none is walked)
  forensics   verify of a forged long Cogs log (about 6,000 events; 60 turns with --quick), the worst of
              three late forgeries, as a multiple of verifying it clean (bench/bench_forensics.py)
"""

from __future__ import annotations

import argparse
import gc
import itertools
import hashlib
import os
import platform
import resource
import shutil
import subprocess
import sqlite3
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import orjson

from beatlog.importing import import_logs
from recorder.collector import for_batch_work
from recorder.envelope import FIELDS, Record
from recorder.games.battlecon import GAME
from recorder.header import Header, Player
from recorder.integrity import LogFile
from recorder.match import Match, run, sealed

FULL_DUEL = 15  # beats of a full-length WoI duel
DEFAULT_COLLECTOR = gc.get_threshold()  # the interpreter's own, before main() sets them as beatlog's processes do
FIGHTERS = ("hikaru", "khadath", "cadenza", "kallistar")  # the first four (best-of-three matches)
# Every ordered pairing of the fighters the War of Indines offers: the engine's duels cycle through them all.
PAIRINGS = tuple(itertools.permutations(GAME.sides_in("woi"), 2))


@dataclass
class Row:
    figure: str
    value: str
    target: str = ""
    note: str = ""


# -- machine -------------------------------------------------------------------------


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    cores = os.cpu_count() or 1
    return (f"{cpu}, {cores} cores (logical), {platform.python_implementation()} "
            f"{platform.python_version()}, SQLite {sqlite3.sqlite_version}, {platform.system()} {platform.release()}")


def median_of(runs: int, once: Callable[[], float]) -> float:
    return statistics.median(once() for _ in range(runs))


# -- matches -------------------------------------------------------------------------


def duel_header(seed: int, pairings: tuple[tuple[str, str], ...] = PAIRINGS) -> Header:
    a, b = pairings[seed % len(pairings)]
    return GAME.make_header(players=(Player("A", a), Player("B", b)), edition="woi", seed=seed,
                            options={"duels": 1})


def play_duel(seed: int, pairings: tuple[tuple[str, str], ...] = PAIRINGS) -> Match:
    header = duel_header(seed, pairings)
    match = Match(GAME, header)
    run(match, {p: GAME.bot("random", seed, p) for p in (0, 1)})
    return match


def beats_of(records: list[Record]) -> int:
    return len({(r.duel, r.beat) for r in records if r.beat > 0})


def match_header(seed: int) -> Header:
    """A best-of-three WoI match (the length of a tournament game)."""
    a, b = FIGHTERS[seed % 4], FIGHTERS[(seed // 4 + 1 + seed % 4) % 4]
    if a == b:
        b = FIGHTERS[(FIGHTERS.index(a) + 1) % 4]
    return GAME.make_header(players=(Player("A", a), Player("B", b)), edition="woi", seed=seed,
                            options={"duels": 3})


def best_of_three_logs(n: int) -> list[LogFile]:
    out = []
    for seed in range(1, n + 1):
        match = Match(GAME, match_header(seed))
        run(match, {p: GAME.bot("random", seed, p) for p in (0, 1)})
        out.append(LogFile(match.header, sealed(match)))
    return out


def recorded_logs(n: int, first_seed: int = 1) -> list[LogFile]:
    out = []
    for seed in range(first_seed, first_seed + n):
        match = play_duel(seed)
        out.append(LogFile(match.header, sealed(match)))
    return out


# -- engine ----------------------------------------------------------------------------


def _engine_runs(runs: int, pairings: tuple[tuple[str, str], ...], rounds: int,
                 seeds: Iterator[int]) -> tuple[float, float, float]:
    """Median beats/s (wall), duels/s (wall) and duels per CPU second of ``rounds`` duels of every pairing; each
    duel is a new one (its seed the next of ``seeds``), as a league's are: none of them is played twice, so no run
    finds the engine's caches already holding its hands and sums."""
    duels = rounds * len(pairings)
    results = []
    for _ in range(runs):
        elapsed = cpu = 0.0
        beats = 0
        for seed in itertools.islice(seeds, duels):  # consecutive seeds: each pairing ``rounds`` times
            start, start_cpu = time.perf_counter(), time.process_time()
            match = play_duel(seed, pairings)
            elapsed, cpu = elapsed + time.perf_counter() - start, cpu + time.process_time() - start_cpu
            beats += len({(e.duel, e.beat) for e in match.entries if e.beat})  # counting them is not timed
        results.append((beats / elapsed, duels / elapsed, duels / cpu))
    return tuple(statistics.median(r[i] for r in results) for i in range(3))  # type: ignore[return-value]


# Duels played before the first timed one, on seeds of their own: a process that has been playing a while.
ENGINE_WARM_UP = 200
# #13's roster: the first four and the Basic flight it added. Its bar: random-bot duels over all its pairings not
# below the first four's rate when it was filed -- 487 per CPU second, the engine of that commit (362c50d) timed by
# this method (new duels after the warm-up, CPU time, the collector set for batch work, median of 5) on the bench
# machine (README, Performance). Later fighters came with a bar of their own: >= 300 over all pairings (#14).
BASIC_FLIGHT = ("luc", "magdalena", "vanaah")
FIRST_FOUR_AT_13 = 487


def bench_engine(runs: int, rounds: int) -> list[Row]:
    """Random-bot duels over every ordered pairing of the WoI roster, over #13's seven fighters' and over the first
    four's alone; then all pairings again in a library caller's process (the collector at CPython's defaults).

    Per CPU second is the figure to read on a shared machine (wall time counts other processes' turns).
    """
    fighters = len(GAME.sides_in("woi"))
    seeds = itertools.count(1)
    for seed in itertools.islice(seeds, ENGINE_WARM_UP):
        play_duel(seed)
    beats_s, duels_s, duels_cpu = _engine_runs(runs, PAIRINGS, rounds, seeds)
    some = max(1, rounds * len(PAIRINGS) // 2)  # duels per run of a smaller roster
    seven = tuple(itertools.permutations(FIGHTERS + BASIC_FLIGHT, 2))
    _, seven_s, seven_cpu = _engine_runs(runs, seven, max(1, some // len(seven)), seeds)
    first = tuple(itertools.permutations(FIGHTERS, 2))
    _, four_s, four_cpu = _engine_runs(runs, first, max(1, some // len(first)), seeds)
    batch = gc.get_threshold()
    gc.set_threshold(*DEFAULT_COLLECTOR)
    try:
        _, _, library_cpu = _engine_runs(runs, PAIRINGS, rounds, seeds)
    finally:
        gc.set_threshold(*batch)
    return [
        Row("engine: beats/s (wall)", f"{beats_s:,.0f}", "",
            f"{rounds * len(PAIRINGS)} random-bot WoI duels per run: {rounds} x each of the {len(PAIRINGS)} "
            f"ordered pairings of {fighters} fighters; every duel of the bench a new one (its own seed), "
            f"after {ENGINE_WARM_UP} others"),
        Row(f"engine: random-bot duels per CPU second, all {fighters} fighters", f"{duels_cpu:,.0f}",
            ">= 300", _verdict(duels_cpu >= 300) + f" (#14); {duels_s:,.0f}/s wall; one core; as beatlog's "
            f"processes run matches (the collector set for batch work)"),
        Row(f"engine: random-bot duels per CPU second, #13's {len(FIGHTERS + BASIC_FLIGHT)} fighters "
            f"({len(seven)} pairings)", f"{seven_cpu:,.0f}", f">= {FIRST_FOUR_AT_13}",
            _verdict(seven_cpu >= FIRST_FOUR_AT_13) + f" (#13: the first four's rate when it was filed); "
            f"{seven_s:,.0f}/s wall; the first four and {', '.join(BASIC_FLIGHT)}"),
        Row(f"engine: random-bot duels per CPU second, first four ({len(first)} pairings)", f"{four_cpu:,.0f}",
            "", f"{four_s:,.0f}/s wall; {', '.join(FIGHTERS)}; {four_cpu / FIRST_FOUR_AT_13 - 1:+.0%} on the "
            f"same four at #13's filing"),
        Row(f"engine: the same duels of all {fighters} in a library caller's process, per CPU second",
            f"{library_cpu:,.0f}", "", f"the collector at CPython's defaults {DEFAULT_COLLECTOR}"),
    ]


# -- verify ----------------------------------------------------------------------------


def bench_verify(runs: int, logs: list[LogFile]) -> list[Row]:
    from bench.bench_verify import verify_bytes
    from recorder.jsonl import encode_jsonl
    from replay.verify import verify

    blobs = [encode_jsonl(log.header, log.records) for log in logs]
    per_duel, cpu, rates, from_file = [], [], [], []
    for _ in range(runs):
        for log, blob in zip(logs, blobs):
            scale = 1000 * FULL_DUEL / max(beats_of(log.records), 1)
            start, start_cpu = time.perf_counter(), time.process_time()
            report = verify(log.header, log.records, game=GAME)
            elapsed = time.perf_counter() - start
            cpu.append((time.process_time() - start_cpu) * scale)
            assert report.ok, report.summary()
            per_duel.append(elapsed * scale)
            rates.append(len(log.records) / elapsed)
            start = time.perf_counter()
            assert verify_bytes(blob).ok
            from_file.append((time.perf_counter() - start) * scale)
    ms = statistics.median(per_duel)
    return [
        Row(f"verify: ms per {FULL_DUEL}-beat duel", f"{ms:.2f}", "<= 1.5", _verdict(ms <= 1.5)
            + f"; {statistics.median(cpu):.2f} ms CPU; records as objects, schema checks included"),
        Row("verify: events/s", f"{statistics.median(rates):,.0f}", "", f"{len(logs)} logs x {runs} runs"),
        Row(f"verify from JSONL: ms per {FULL_DUEL}-beat duel", f"{statistics.median(from_file):.2f}", "",
            "read of the file's bytes + re-execution, as beatlog verify FILE"),
    ]


def _floor(blob: bytes) -> None:
    """The least any reader of a log does: parse every line and hash it."""
    for line in blob.splitlines():
        orjson.loads(line)
        hashlib.sha256(line).digest()


def _answers(log: LogFile) -> list:
    """The answers a log's decisions were given, in order (what re-execution feeds the engine)."""
    from replay.rerun import answer_of

    match = Match(GAME, log.header)
    at = len(match.advance())
    answers = []
    while not match.finished:
        answers.append(answer_of(log.records[at]))
        at += len(match.advance(answers[-1]))
    return answers


def _rerun(header: Header, answers: list) -> None:
    """The engine alone re-executing a match from its answers: the least verify must do besides reading."""
    match = Match(GAME, header)
    match.advance()
    for answer in answers:
        match.advance(answer)


def bench_verify_floor(runs: int, logs: list[LogFile]) -> list[Row]:
    """verify of best-of-three JSONL logs (as ``beatlog verify FILE``, reading aside) against the floor, and
    the engine's re-execution alone against the same floor (the share of the ratio that is the engine's)."""
    from recorder.jsonl import encode_jsonl
    from replay.verify_file import verify_lines

    blobs = [encode_jsonl(log.header, log.records) for log in logs]
    for blob in blobs:  # every one of them takes the one-pass way
        report = verify_lines(blob, "bench.jsonl")
        assert report is not None and report.ok
    answers = [_answers(log) for log in logs]
    verify_ms, floor_ms, ratios, engine_ratios = [], [], [], []
    for _ in range(runs):
        for log, blob, given in zip(logs, blobs, answers):
            start = time.process_time()
            verify_lines(blob, "bench.jsonl")
            spent = time.process_time() - start
            start = time.process_time()
            for _ in range(5):  # the floor is short: five times for a steadier clock
                _floor(blob)
            floor = (time.process_time() - start) / 5
            start = time.process_time()
            _rerun(log.header, given)
            engine = time.process_time() - start
            verify_ms.append(spent * 1000)
            floor_ms.append(floor * 1000)
            ratios.append(spent / floor if floor else float("inf"))
            engine_ratios.append(engine / floor if floor else float("inf"))
    ratio = statistics.median(ratios)
    engine_ratio = statistics.median(engine_ratios)
    events = statistics.median(len(log.records) for log in logs)
    return [
        Row("verify JSONL, best-of-three match: CPU ms", f"{statistics.median(verify_ms):.2f}", "",
            f"{len(logs)} matches x {runs} runs, median {events:,.0f} events"),
        Row("floor (orjson.loads + sha256 per line): CPU ms", f"{statistics.median(floor_ms):.2f}", "",
            "the same lines, the same run"),
        Row("verify / floor", f"{ratio:.1f}x", "<= 6x", _verdict(ratio <= 6)
            + f"; CPU time; of which the engine re-executing the answers alone: {engine_ratio:.1f}x the floor, "
            f"and the rest (reading the lines, checking inputs, writing and hashing the engine's lines to compare): "
            f"{ratio - engine_ratio:.1f}x"),
    ]


# -- the command line as a user runs it ----------------------------------------------------


def _command() -> list[str]:
    script = Path(sys.executable).parent / "beatlog"
    return [str(script)] if script.exists() else [shutil.which("beatlog") or "beatlog"]


def time_process(argv: list[str], runs: int, env: dict[str, str] | None = None) -> tuple[float, float]:
    """Median wall and CPU (user + system, of the child) in ms of running ``argv`` ``runs`` times."""
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
        walls.append((time.perf_counter() - start) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
    return statistics.median(walls), statistics.median(cpus)


def bytecode_cached(folder: str) -> dict[str, str]:
    """The environment with Python's bytecode cache on, kept in ``folder`` (nothing written beside the sources).

    An installed package has its modules compiled at install time; a process started where
    PYTHONDONTWRITEBYTECODE is set (as on some CI machines) compiles every module of beatlog it imports,
    each time it starts.
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = folder
    return env


def bench_cli(runs: int, logs: list[LogFile]) -> list[Row]:
    from recorder.jsonl import write_jsonl

    beatlog = _command()
    runs = max(runs, 10)
    rows = []
    python_wall, python_cpu = time_process([sys.executable, "-c", "pass"], runs)
    compiled = "no bytecode cache: PYTHONDONTWRITEBYTECODE is set" if os.environ.get("PYTHONDONTWRITEBYTECODE") \
        else "bytecode cached as usual"
    rows.append(Row("python -c pass (the interpreter alone): ms", f"{python_wall:.0f}", "",
                    f"{python_cpu:.0f} ms CPU; {runs} runs; {compiled}"))
    for args in (["--version"], ["verify", "--help"]):
        wall, cpu = time_process([*beatlog, *args], runs)
        # On a shared machine the wall time is mostly other processes' turns: the CPU time is judged too.
        rows.append(Row(f"beatlog {' '.join(args)}: ms", f"{wall:.0f}", "< 80", _verdict(wall < 80)
                        + f" (wall); {cpu:.0f} ms CPU, {_verdict(cpu < 80)} (CPU); start-up included; {runs} runs; "
                        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "match.jsonl"
        log = logs[0]
        write_jsonl(path, log.header, log.records)
        wall, cpu = time_process([*beatlog, "verify", str(path)], runs)
        rows.append(Row("beatlog verify LOG.jsonl (one best-of-three match): ms", f"{wall:.0f}", "",
                        f"{cpu:.0f} ms CPU, start-up included; {len(log.records)} events; {runs} runs; {compiled}"))
        env = bytecode_cached(str(Path(folder) / "pycache"))
        time_process([*beatlog, "verify", str(path)], 1, env)  # writes the cache
        wall, cpu = time_process([*beatlog, "verify", str(path)], runs, env)
        rows.append(Row("beatlog verify LOG.jsonl, bytecode cached (as installed): ms", f"{wall:.0f}", "",
                        f"{cpu:.0f} ms CPU, start-up included (most of it importing the game); {runs} runs"))
        modules = modules_loaded(["verify", str(path)], env)
        import_wall, import_cpu = time_process([sys.executable, "-c", "import sys\nfor name in sys.argv[1:]: "
                                                "__import__(name)", *modules], runs, env)
        rows.append(Row("  of which importing what it loads (bytecode cached): ms CPU", f"{import_cpu:.0f}", "",
                        f"the {len(modules)} modules it loads that python -c pass does not (beatlog's, its dependencies', "
                        f"the standard library's), imported by a process of their own "
                        f"({import_wall:.0f} ms wall; the interpreter alone {python_cpu:.0f} ms CPU); the rest, "
                        f"reading and re-running the match and its output: {cpu - import_cpu:.0f} ms CPU"))
    return rows


def modules_loaded(args: list[str], env: dict[str, str] | None = None) -> list[str]:
    """The modules ``beatlog ARGS`` imports that ``python -c pass`` does not, in the order it first loads them."""
    code = ("import sys; before = set(sys.modules); sys.argv = ['beatlog', *sys.argv[1:]]\n"
            "from beatlog.console import main\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(' '.join(m for m in sys.modules if m not in before and not m.startswith('__')), file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=True, env=env)
    return out.stderr.split()


# -- store -----------------------------------------------------------------------------


def _batches(log: LogFile) -> list[list[Record]]:
    """The log cut as a recording appends it (recording.BeatBatches): one batch per beat.

    A batch starts with the set-up and then at each beat's first decision.
    """
    out: list[list[Record]] = []
    beat = None
    for record in log.records:
        decision = record.kind == "input" and "source" in record.data
        if not out or (decision and (record.duel, record.beat) != beat):
            out.append([])
        if decision:
            beat = (record.duel, record.beat)
        out[-1].append(record)
    return out


def bench_store(runs: int, logs: list[LogFile]) -> list[Row]:
    from recorder.store import Store, _row

    events = sum(len(log.records) for log in logs)
    recording, importing, unverified, raw = [], [], [], []
    # How a recording appends, one beat per transaction: (durability, re-validate each batch).
    ways = {("full", True): [], ("full", False): [], ("normal", False): []}
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            for (durability, validate), rates in ways.items():
                db = Path(folder) / f"rec-{durability}-{validate}.db"
                with Store(db, durability=durability) as store:
                    for log in logs:
                        store.add_match(log.header)
                    start = time.perf_counter()
                    for log in logs:
                        for batch in _batches(log):
                            store.append(log.match_id, batch, validate=validate)
                    rates.append(events / (time.perf_counter() - start))
            recording = ways[("full", False)]
            with Store(Path(folder) / "imp.db") as store:
                start = time.perf_counter()
                import_logs(store, logs)
                importing.append(events / (time.perf_counter() - start))
            with Store(Path(folder) / "nov.db") as store:  # import --no-verify: the store's own work
                start = time.perf_counter()
                import_logs(store, logs, verify=False)
                unverified.append(events / (time.perf_counter() - start))
            conn = sqlite3.connect(Path(folder) / "raw.db", isolation_level=None)
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute(f"CREATE TABLE events ({', '.join(FIELDS)}, PRIMARY KEY (match_id, seq)) WITHOUT ROWID")
            rows = [_row(r) for log in logs for r in log.records]
            start = time.perf_counter()
            conn.execute("BEGIN")
            conn.executemany(f"INSERT INTO events VALUES ({', '.join('?' * len(FIELDS))})", rows)
            conn.execute("COMMIT")
            raw.append(events / (time.perf_counter() - start))
            conn.close()
    rec, imp, nov, lim = (statistics.median(x) for x in (recording, importing, unverified, raw))
    batches = sum(len(_batches(log)) for log in logs)
    return [
        Row("store: appends, events/s (recording, durability full)", f"{rec:,.0f}", ">= 100,000",
            _verdict(rec >= 100_000) + f"; {batches} transactions of {events / batches:.1f} events, fsync each; "
            "the engine's just-sealed records not re-validated (the recorder's way)"),
        Row("store: appends re-validating each batch, durability full", f"{statistics.median(ways[('full', True)]):,.0f}",
            "", "schema + hash of every record again (before: what a recording did)"),
        Row("store: appends, durability normal (synchronous=NORMAL)",
            f"{statistics.median(ways[('normal', False)]):,.0f}", "",
            "--durability normal: safe against a crash of beatlog, not of the machine"),
        Row("store: import, events/s (one transaction)", f"{imp:,.0f}", "", "as beatlog import: checks hashes +"
            " schemas, folds and re-runs (verifies) each log"),
        Row("store: import --no-verify, events/s", f"{nov:,.0f}", ">= 100,000", _verdict(nov >= 100_000)
            + "; checks hashes + schemas, folds each log"),
        Row("store: raw sqlite3 executemany, events/s", f"{lim:,.0f}", "(limit)", "same rows, no checks or triggers"),
    ]


# -- render ----------------------------------------------------------------------------


def bench_render(runs: int, logs: list[LogFile]) -> list[Row]:
    try:
        from viewer.page import build_page
        from viewer.site import environment, match_html
        from viewer.sources import Source
    except ImportError:
        return [Row("render: match pages/s", "n/a (viewer not installed)", ">= 50"),
                Row("render: single-file page", "n/a (viewer not installed)", "<= 150 KB")]
    sources = [Source(f"bench-{i}.jsonl", log) for i, log in enumerate(logs)]
    rates, sizes = [], []
    env = environment()  # compiled once, as render_site does
    for _ in range(runs):
        start = time.perf_counter()
        for source in sources:
            html = match_html(build_page(source), single_file=True, linked=False, env=env)
            sizes.append(len(html.encode("utf-8")))
        rates.append(len(sources) / (time.perf_counter() - start))
    rate = statistics.median(rates)
    size = statistics.median(sizes) / 1024
    return [
        Row("render: match pages/s (single-file)", f"{rate:,.1f}", ">= 50", _verdict(rate >= 50)),
        Row("render: single-file page, KB (median)", f"{size:,.0f}", "<= 150", _verdict(size <= 150)
            + f"; largest {max(sizes) / 1024:,.0f} KB"),
    ]


def bench_board(runs: int, logs: list[LogFile]) -> list[Row]:
    from bench.bench_board import times_to_board

    found = times_to_board(logs, runs)
    if isinstance(found, str):
        return [Row("board: ms to the board, site page (cold cache)", found, "<= 300")]
    rows = []
    for kind, ms in found.items():
        median = statistics.median(ms)
        rows.append(Row(f"board: ms to the board, {kind} page (cold cache, Chromium)", f"{median:,.0f}", "<= 300",
                        _verdict(median <= 300) + f"; largest {max(ms):,.0f} ms over {len(ms)} loads"))
    return rows


# -- stats -----------------------------------------------------------------------------


def stats_store(matches: int, cache: Path) -> Path:
    """A store of about ``matches`` simulated matches (``simulate``'s code: a random-bot round robin of
    single WoI duels, statistics kept as they are played), built once in ``cache`` and reused."""
    from beatlog.tournament import plan_tournament, run_tournament, schedule
    from recorder.store import Store

    plan = plan_tournament(game_name="battlecon", matches=1, bots="random", seed=1, options={"duels": 1})
    per_pairing = -(-matches // len(schedule(plan)))
    plan = plan_tournament(game_name="battlecon", matches=per_pairing, bots="random", seed=1, options={"duels": 1})
    db = cache / f"stats-sim-{matches}.db"
    with Store(db) as store:
        if len(store.match_ids()) < len(schedule(plan)):  # built, or finished if a build was interrupted
            start = time.perf_counter()
            report = run_tournament(plan, store, jobs=1)  # one writer: no waiting on a busy machine
            print(f"  (built {db}: {report.played:,} matches played in {time.perf_counter() - start:.0f} s)",
                  file=sys.stderr)
    return db


def _timed(fn: Callable[[], object]) -> tuple[float, float]:
    start, start_cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - start, time.process_time() - start_cpu


def bench_stats(runs: int, matches: int, cache: Path) -> list[Row]:
    try:
        from replay.stats_sources import store_stats
    except ImportError:
        return [Row(f"stats over {matches:,} matches", "n/a (stats not installed)")]
    from click.testing import CliRunner

    from beatlog.cli import main as cli
    from recorder.store import Store

    db = stats_store(matches, cache)
    with Store(db, readonly=True) as store:
        ids = store.match_ids()
        events = store.conn.execute("SELECT count(*) FROM events").fetchone()[0]
    size = os.path.getsize(db) / 2**20

    def stats_run() -> None:
        result = CliRunner().invoke(cli, ["stats", "--db", str(db), "--format", "json"])
        assert result.exit_code == 0 and not result.stderr, result.output + (result.stderr or "")

    stats_run()  # fills any rows the store lacks (a store built by an older beatlog)
    times = [_timed(stats_run) for _ in range(runs)]
    wall = statistics.median(t[0] for t in times)
    cpu = statistics.median(t[1] for t in times)
    sample = ids[:: max(1, len(ids) // 300)]
    walk, _ = _timed(lambda: store_stats(db, sample))
    per_match = walk / len(sample)
    at_100k = wall * 100_000 / len(ids)
    return [
        Row(f"stats: {len(ids):,}-match store (stored rows + SQL), s", f"{wall:.2f}",
            "< 5 at 100,000", f"{cpu:.2f} s CPU; {events:,} events, {size:,.0f} MB; "
            + (_verdict(wall < 5) if len(ids) >= 100_000 else f"~{at_100k:.1f} s at 100,000 if linear")),
        Row("stats: walking a match (--recompute, a log), ms", f"{1000 * per_match:.1f}", "",
            f"{len(sample)} matches read + walked, 1 process: ~{per_match * len(ids):,.0f} s for this store"),
    ]


def bench_simulate(runs: int, matches: int = 40) -> list[Row]:
    """What building a store with ``simulate`` costs per match: a random-bot round robin of single WoI duels
    played, recorded into a store and counted (its statistics rows kept), as ``stats_store`` builds its store."""
    from beatlog.tournament import plan_tournament, run_tournament, schedule
    from recorder.store import Store

    plan = plan_tournament(game_name="battlecon", matches=1, bots="random", seed=7, options={"duels": 1})
    plan = plan_tournament(game_name="battlecon", matches=max(1, -(-matches // len(schedule(plan)))), bots="random",
                           seed=7, options={"duels": 1})
    results = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            with Store(Path(folder) / "sim.db") as store:
                start, start_cpu = time.perf_counter(), time.process_time()
                played = run_tournament(plan, store, jobs=1).played
                results.append(((time.perf_counter() - start) / played, (time.process_time() - start_cpu) / played))
    wall = statistics.median(r[0] for r in results)
    cpu = statistics.median(r[1] for r in results)
    return [Row("simulate: ms per match (play + record + count)", f"{1000 * wall:.1f}", "",
                f"{1000 * cpu:.1f} ms CPU; {played} single WoI duels, 1 process: 100,000 matches would take "
                f"~{100_000 * wall / 60:,.0f} min ({100_000 * cpu / 60:,.0f} min CPU), so the 100,000-match stores "
                "below copy a simulated store's rows instead")]


def replicated_store(source: Path, copies: int, cache: Path) -> Path:
    """A store whose statistics rows are ``source``'s, ``copies`` times over under new match ids.

    Only what ``stats`` reads is copied -- each match's row (with no events: its final hash is its
    header's) and its statistics rows -- so the SQL path can be timed at a size ``simulate`` takes hours
    to build on a small machine. The events, and so --recompute and render, are not in it.
    """
    from recorder.store import Store
    from replay.stats_store import create_tables

    db = cache / f"{source.stem}-x{copies}.db"
    if db.exists():
        return db
    tmp = db.with_suffix(".tmp")
    for path in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
        path.unlink(missing_ok=True)
    Store(tmp).close()
    conn = sqlite3.connect(tmp, isolation_level=None)
    conn.execute("ATTACH ? AS src", (str(source),))
    conn.execute("BEGIN")
    create_tables(conn)
    conn.execute("INSERT INTO stat_keys SELECT * FROM src.stat_keys")
    conn.execute("INSERT INTO stat_names SELECT * FROM src.stat_names")
    offset = conn.execute("SELECT max(stats_id) FROM src.match_stats").fetchone()[0]
    columns = ("format, game, edition, engine_version, rules_version, seed, players, options, header_hash, "
               "header, created_at")
    for k in range(copies):
        conn.execute(f"INSERT INTO matches (match_id, {columns}, event_count, final_hash, finished) "
                     f"SELECT match_id || '-{k}', {columns}, 0, header_hash, 0 FROM src.matches")
        conn.execute(
            "INSERT INTO match_stats SELECT s.stats_id + ?, s.match_id || '-' || ?, m.header_hash, s.engine_version, "
            "s.stats_version, s.game, s.edition, s.seed, s.created_at, s.finished, s.winner, s.reason, s.events, "
            "s.duels, s.beats, s.error FROM src.match_stats s JOIN src.matches m ON m.match_id = s.match_id "
            "AND m.final_hash = s.final_hash", (k * offset, k))
        conn.execute("INSERT INTO seat_stats SELECT stats_id + ?, seat, key_id, player, side, outcome "
                     "FROM src.seat_stats", (k * offset,))
        conn.execute("INSERT INTO seat_values SELECT key_id, name_id, stats_id + ?, seat, value, n "
                     "FROM src.seat_values", (k * offset,))
    conn.execute("COMMIT")
    conn.close()
    tmp.replace(db)
    for suffix in ("-wal", "-shm"):
        Path(f"{tmp}{suffix}").unlink(missing_ok=True)
    return db


def bench_stats_replicated(runs: int, source: Path, copies: int, cache: Path) -> list[Row]:
    from click.testing import CliRunner

    from beatlog.cli import main as cli
    from recorder.store import Store

    db = replicated_store(source, copies, cache)
    with Store(db, readonly=True) as store:
        n = len(store.match_ids())

    def stats_run() -> None:
        result = CliRunner().invoke(cli, ["stats", "--db", str(db), "--format", "json"])
        assert result.exit_code == 0 and not result.stderr, result.output + (result.stderr or "")

    stats_run()
    times = [_timed(stats_run) for _ in range(runs)]
    wall = statistics.median(t[0] for t in times)
    cpu = statistics.median(t[1] for t in times)
    return [Row(f"stats: {n:,} matches (rows of {source.name} x{copies}), s", f"{wall:.2f}", "< 5",
                f"{cpu:.2f} s CPU; {_verdict(wall < 5)}; {os.path.getsize(db) / 2**20:,.0f} MB; statistics rows only "
                "(no events): the SQL path at this size")]


def replicated_postgres(source: Path, copies: int, url: str) -> tuple[str, str]:
    """``url`` (an empty PostgreSQL database, or one this filled before) holding :func:`replicated_store`'s
    rows: ``source``'s matches (without events) and statistics rows, ``copies`` times over. Returns the URL
    and how the rows went in (for the bench's note).

    ``source``'s rows go in once through COPY; the other copies are made inside the server
    (``INSERT ... SELECT`` with the ids moved on), which is what makes 100,000 matches a matter of seconds
    instead of minutes. As a superuser (the bench's own server) the load runs with
    ``session_replication_role = replica`` -- no trigger fires, foreign keys included, as ``pg_restore
    --disable-triggers`` loads -- since the rows are copies of rows the store already checked.
    """
    from recorder.store import Store
    from replay.stats_store import create_tables

    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    wanted = src.execute("SELECT count(*) FROM matches").fetchone()[0] * copies
    how = "COPY of the source's rows, the other copies INSERT ... SELECT inside the server"
    with Store(url) as store:
        have = store.query("SELECT count(*) FROM matches")[0][0]
        if have == wanted:
            return url, "kept from an earlier run"
        if have:
            raise SystemExit(f"--stats-pg: the database holds {have:,} matches, not {wanted:,}: give an empty one")
        superuser = store.query("SELECT current_setting('is_superuser')")[0][0] == "on"
        if superuser:
            how += ", triggers and foreign-key checks off (replica role)"
        columns = ("format, game, edition, engine_version, rules_version, seed, players, options, header_hash, "
                   "header, created_at")
        matches = src.execute(f"SELECT match_id, {columns} FROM matches").fetchall()
        offset = src.execute("SELECT max(stats_id) FROM match_stats").fetchone()[0]
        heads = dict(src.execute("SELECT match_id, header_hash FROM matches"))
        stats = src.execute("SELECT * FROM match_stats s WHERE final_hash = (SELECT final_hash FROM matches m "
                            "WHERE m.match_id = s.match_id)").fetchall()
        sids = [row[0] for row in stats]

        def load() -> None:
            sql = store.sql
            create_tables(sql)
            with store.conn.cursor() as cur:
                if superuser:
                    cur.execute("SET LOCAL session_replication_role = replica")
                for table in ("stat_keys", "stat_names"):
                    with cur.copy(f"COPY {table} FROM STDIN") as copy:
                        for row in src.execute(f"SELECT * FROM {table}"):
                            copy.write_row(row)
                with cur.copy(f"COPY matches (match_id, {columns}, event_count, final_hash, finished) "
                              "FROM STDIN") as copy:
                    for row in matches:
                        copy.write_row((f"{row[0]}-0", *row[1:], 0, row[9], 0))
                with cur.copy("COPY match_stats FROM STDIN") as copy:
                    for row in stats:
                        copy.write_row((row[0], f"{row[1]}-0", heads[row[1]], *row[3:]))
                with cur.copy("COPY seat_stats FROM STDIN") as copy:
                    for row in src.execute("SELECT * FROM seat_stats"):
                        if row[0] in set_sids:
                            copy.write_row(row)
                with cur.copy("COPY seat_values FROM STDIN") as copy:
                    for row in src.execute("SELECT * FROM seat_values"):
                        if row[2] in set_sids:
                            copy.write_row(row)
                for k in range(1, copies):
                    cur.execute(f"INSERT INTO matches (match_id, {columns}, event_count, final_hash, finished) "
                                f"SELECT left(match_id, -2) || '-' || %s, {columns}, 0, final_hash, 0 FROM matches "
                                "WHERE match_id LIKE '%%-0'", (str(k),))
                    cur.execute("INSERT INTO match_stats SELECT stats_id + %s, left(match_id, -2) || '-' || %s, "
                                "final_hash, engine_version, stats_version, game, edition, seed, created_at, finished, "
                                "winner, reason, events, duels, beats, error FROM match_stats WHERE stats_id <= %s",
                                (k * offset, str(k), offset))
                    cur.execute("INSERT INTO seat_stats SELECT stats_id + %s, seat, key_id, player, side, outcome "
                                "FROM seat_stats WHERE stats_id <= %s", (k * offset, offset))
                    cur.execute("INSERT INTO seat_values SELECT key_id, name_id, stats_id + %s, seat, value, n "
                                "FROM seat_values WHERE stats_id <= %s", (k * offset, offset))
                for table, key in (("stat_keys", "key_id"), ("stat_names", "name_id"), ("match_stats", "stats_id")):
                    cur.execute(f"SELECT setval(pg_get_serial_sequence('{table}', '{key}'), "
                                f"(SELECT max({key}) FROM {table}))")

        set_sids = set(sids)
        store._write(load)
        store.conn.execute("ANALYZE")
    src.close()
    return url, how


def postgres_server() -> tuple[Callable[[], None], str, Path]:
    """A throw-away PostgreSQL server, started as the tests start theirs (tests/pg_server.py: initdb and
    pg_ctl into a temporary folder, a Unix socket only, fsync off): its stop function, an empty
    database's URL and its data folder. Raises RuntimeError saying why none can be started."""
    from tests import pg_server

    server = pg_server.start()
    try:
        return server.stop, pg_server.new_database(server), server.folder / "data"
    except Exception:
        server.stop()
        raise


def server_cpu(data: Path) -> float:
    """CPU seconds the server whose data folder is ``data`` has used so far: the postmaster, its live
    processes, and those it has reaped (a query's parallel workers, a closed connection's backend)."""
    tick = os.sysconf("SC_CLK_TCK")
    postmaster = int((data / "postmaster.pid").read_text().split()[0])

    def fields(pid: int) -> list[str]:
        text = Path(f"/proc/{pid}/stat").read_text()
        return text[text.rindex(")") + 2:].split()  # after the command's name: state, ppid, ...

    own = fields(postmaster)
    total = sum(int(x) for x in own[11:15])  # utime, stime, cutime, cstime
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit() and int(proc.name) != postmaster:
            try:
                stat = fields(int(proc.name))
            except (OSError, ValueError):
                continue
            if int(stat[1]) == postmaster:
                total += int(stat[11]) + int(stat[12])
    return total / tick


def bench_stats_postgres(runs: int, source: Path, copies: int, url: str | None, cache: Path) -> list[Row]:
    """``stats`` on PostgreSQL over ``source``'s rows x ``copies``: in the database ``url``, or (None) on a
    server of the bench's own, stopped (and deleted) afterwards."""
    from click.testing import CliRunner

    from beatlog.cli import main as cli
    from recorder.store import Store
    from recorder.store_postgres import redacted

    label = f"stats: {len(_ids(source)) * copies:,} matches on PostgreSQL (rows of {source.name} x{copies}), s"
    stop, data = None, None
    if url is None:
        try:
            stop, url, data = postgres_server()
        except (RuntimeError, ImportError, OSError, subprocess.SubprocessError) as exc:
            return [Row(label, "skipped", "< 5", f"no PostgreSQL server could be started: {exc}"
                        " (install postgresql and beatlog[postgres], or give --stats-pg URL)")]
    try:
        start = time.perf_counter()
        url, how = replicated_postgres(source, copies, url)
        load = time.perf_counter() - start
        with Store(url, readonly=True) as store:
            n = store.query("SELECT count(*) FROM matches")[0][0]
            size = store.query("SELECT pg_database_size(current_database())")[0][0] / 2**20
            version = store.query("SHOW server_version")[0][0].split()[0]

        def stats_run(db: str = url) -> str:
            result = CliRunner().invoke(cli, ["stats", "--db", db, "--format", "json"])
            assert result.exit_code == 0 and not result.stderr, result.output + (result.stderr or "")
            return result.stdout

        same = stats_run() == stats_run(str(replicated_store(source, copies, cache)))
        times, server = [], []
        for _ in range(runs):
            before = server_cpu(data) if data is not None else 0.0
            times.append(_timed(stats_run))
            if data is not None:
                server.append(server_cpu(data) - before)
        load_average = os.getloadavg()[0]
    finally:
        if stop is not None:
            stop()
    wall = statistics.median(t[0] for t in times)
    cpu = statistics.median(t[1] for t in times)
    where = "a server the bench started and stopped" if stop is not None else redacted(url)
    return [Row(label, f"{wall:.2f}", "< 5",
                f"{cpu:.2f} s CPU (client)" + (f" + {statistics.median(server):.2f} s CPU (server)" if server else "")
                + f"; {_verdict(wall < 5)} at load average {load_average:.1f}; PostgreSQL {version}, {size:,.0f} MB database on "
                f"{where}; rows loaded in {load:.0f} s ({how}); statistics rows only (no events); "
                + ("the same JSON as the SQLite copy" if same else "DIFFERENT JSON from the SQLite copy"))]


def _ids(db: Path) -> list[str]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return [row[0] for row in conn.execute("SELECT match_id FROM matches")]
    finally:
        conn.close()


def bench_site(runs: int, db: Path, cache: Path, recent: int | None = None) -> list[Row]:
    """Seconds to write a store's index and player pages from its statistics rows (no match pages)."""
    import shutil

    import viewer.site_store as site_store
    from recorder.store import Store

    with Store(db, readonly=True) as store:
        n = len(store.match_ids())
    out = cache / f"site-{db.stem}"
    saved = site_store.RECENT
    if recent is not None:
        site_store.RECENT = recent
    try:
        times = []
        for _ in range(runs):
            shutil.rmtree(out, ignore_errors=True)
            times.append(_timed(lambda: site_store.render_store(db, out, match_pages=False)))
    finally:
        site_store.RECENT = saved
    wall = statistics.median(t[0] for t in times)
    cpu = statistics.median(t[1] for t in times)
    size = sum(p.stat().st_size for p in out.rglob("*.html")) / 2**20
    walked = "no match walked again" if recent == 0 else f"each player's {site_store.RECENT} latest matches walked"
    return [Row(f"site: index + player pages of {n:,} matches, s", f"{wall:.2f}", "< 60 at 100,000",
                f"{cpu:.2f} s CPU; {walked}; {size:,.0f} MB of pages"
                + ("" if n < 100_000 else f"; {_verdict(wall < 60)}"))]


# -- table -----------------------------------------------------------------------------


def bench_forensics(runs: int, turns: int) -> list[Row]:
    from bench.bench_forensics import measure

    results = [measure(turns) for _ in range(runs)]
    multiple = statistics.median(r["multiple"] for r in results)
    last = results[-1]
    return [Row("verify: a forged long log, worst case, x a clean verify", f"{multiple:.1f}", "<= 3",
                _verdict(multiple <= 3) + f"; CPU time; {last['events']:,}-event Cogs log, clean "
                f"{statistics.median(r['clean'] for r in results):.3f} s; worst: {last['worst']}")]


def _verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def table(rows: list[Row]) -> str:
    head = Row("figure", "median", "target", "note")
    widths = [max(len(getattr(r, f)) for r in [head, *rows]) for f in ("figure", "value", "target")]
    lines = []
    for i, r in enumerate([head, *rows]):
        lines.append(f"| {r.figure:<{widths[0]}} | {r.value:>{widths[1]}} | {r.target:<{widths[2]}} | {r.note}")
        if i == 0:
            lines.append(f"|{'-' * (widths[0] + 2)}|{'-' * (widths[1] + 2)}|{'-' * (widths[2] + 2)}|------")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller inputs (stats over 1,000 matches)")
    parser.add_argument("--runs", type=int, default=5, help="runs per figure; the median is printed")
    parser.add_argument("--only", metavar="AREA", action="append",
                        choices=["engine", "verify", "cli", "store", "render", "board", "stats", "site", "forensics"],
                        help="run only this area")
    parser.add_argument("--cache", metavar="DIR", default=str(Path(tempfile.gettempdir()) / "beatlog-bench"),
                        help="where the stats store is kept between runs")
    parser.add_argument("--stats-copies", metavar="K", type=int, default=0,
                        help="also time stats over the stats store's rows copied K times (K=20 on 5,000: 100,000)")
    parser.add_argument("--stats-matches", metavar="N", type=int,
                        help="matches in the stats store (default 10,000; 1,000 with --quick); the goal is "
                             "stated for 100,000 (built once into --cache, which takes long)")
    parser.add_argument("--stats-pg", metavar="URL",
                        help="time stats on PostgreSQL in this empty database (the rows are kept there for the next "
                             "run) instead of on a throw-away server the bench starts (as the tests do) and stops")
    parser.add_argument("--no-pg", action="store_true", help="leave the PostgreSQL figure out")
    args = parser.parse_args(argv)
    for_batch_work()  # as the beatlog command and its worker processes run (recorder/collector.py)
    areas = args.only or ["engine", "verify", "cli", "store", "render", "board", "stats", "site", "forensics"]
    cache = Path(args.cache)
    cache.mkdir(parents=True, exist_ok=True)
    rounds = 1 if args.quick else 2  # duels of every pairing per engine run
    logs = recorded_logs(20 if args.quick else 40)
    matches = best_of_three_logs(10 if args.quick else 20) if {"verify", "cli"} & set(areas) else []
    print(f"machine: {machine()}")
    print(f"inputs: BattleCON WoI single duels and best-of-three matches, random bots; {args.runs} runs per "
          "figure (at least 10 for processes), median shown")
    rows: list[Row] = []
    if "engine" in areas:
        rows += bench_engine(args.runs, rounds)
    if "verify" in areas:
        rows += bench_verify(args.runs, logs)
        rows += bench_verify_floor(args.runs, matches)
    if "cli" in areas:
        rows += bench_cli(args.runs, matches)
    if "store" in areas:
        rows += bench_store(args.runs, logs)
    if "render" in areas:
        rows += bench_render(args.runs, logs[:10])
    if "board" in areas:
        rows += bench_board(max(1, min(args.runs, 3)), logs[:5])
    if "stats" in areas:
        size = args.stats_matches or (1_000 if args.quick else 10_000)
        rows += bench_stats(max(1, min(args.runs, 3)), size, cache)
        rows += bench_simulate(max(1, min(args.runs, 3)), 20 if args.quick else 40)
        if args.stats_copies:
            rows += bench_stats_replicated(max(1, min(args.runs, 3)), stats_store(size, cache), args.stats_copies, cache)
        if not args.no_pg:  # beside the SQLite figure: the same rows (x --stats-copies) on PostgreSQL
            rows += bench_stats_postgres(max(1, min(args.runs, 3)), stats_store(size, cache),
                                         max(1, args.stats_copies), args.stats_pg, cache)
    if "site" in areas:
        size = args.stats_matches or (1_000 if args.quick else 10_000)
        rows += bench_site(max(1, min(args.runs, 3)), stats_store(size, cache), cache)
        if args.stats_copies:  # the copied rows have no events: the pages come from rows alone
            rows += bench_site(1, replicated_store(stats_store(size, cache), args.stats_copies, cache), cache, recent=0)
    if "forensics" in areas:
        rows += bench_forensics(1 if args.quick else min(args.runs, 3), 60 if args.quick else 200)
    print(table(rows))


if __name__ == "__main__":
    main()

"""How long does ``verify`` take to refuse a forged long log, against verifying it clean? (A benchmark.)

A long Cogs of Valor match (three fleets of random bots, up to 200 turns: about
6,000 events) is recorded in memory, then forged late, as a cheat would, with
every hash recomputed: a ScoreAwarded's points, a CourseSet's speed, the last
CoursesRevealed's speeds. Each forgery is verified from its JSONL bytes, as
``beatlog verify FILE`` does; the figure is the slowest as a multiple of the
clean log's verification, in CPU time (each the median of three, after one
untimed verify of the clean log). Explaining a failure (which decision was edited)
has a budget of two re-executions (replay/budget.py), so the multiple stays
bounded however late the edit (about 3 here: the one pass, the strict reading
of the file, then the forensics, going on from where the one pass stopped).

    python -m bench.bench_forensics [--turns 200]
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from typing import Any, Callable

from recorder import canonical
from recorder.envelope import Record
from recorder.game import load_game
from recorder.header import Header, Player
from recorder.jsonl import encode_jsonl
from recorder.match import Match, run, sealed

SIDES = ("lions", "herons", "griffins")
SEED = 2


def long_cogs_log(turns: int = 200) -> tuple[Header, list[Record]]:
    game = load_game("cogs")
    players = tuple(Player(f"P{i + 1}", side) for i, side in enumerate(SIDES))
    header = game.make_header(players=players, edition="standard", seed=SEED, options={"turns": turns})
    match = Match(game, header)
    run(match, {p: game.bot("random", SEED * 10 + p, p) for p in range(len(SIDES))})
    return header, sealed(match)


def forge(header: Header, records: list[Record], type_: str, change: Callable[[dict[str, Any]], None],
          nth_last: int = 1) -> bytes:
    """The log's bytes with the ``nth_last``-to-last ``type_`` event changed and every hash recomputed."""
    at = [i for i, r in enumerate(records) if r.type == type_][-nth_last]
    out = list(records)
    data = dict(out[at].data)
    change(data)
    out[at] = dataclasses.replace(out[at], data=data)
    prev, chained = header.hash, []
    for record in out:
        body = {**record.body(), "prev": prev}
        record = Record(hash=canonical.digest(body), **body)
        chained.append(record)
        prev = record.hash
    return encode_jsonl(header, chained)


def forgeries(header: Header, records: list[Record]) -> dict[str, bytes]:
    def points(d: dict[str, Any]) -> None:
        d["points"] += 1

    def speed(d: dict[str, Any]) -> None:
        d["speed"] = 0 if d.get("speed") else 1

    def speeds(d: dict[str, Any]) -> None:
        d["speeds"] = [s + 1 for s in d["speeds"]]

    return {"late ScoreAwarded": forge(header, records, "ScoreAwarded", points),
            "late CourseSet": forge(header, records, "CourseSet", speed, nth_last=5),
            "last CoursesRevealed": forge(header, records, "CoursesRevealed", speeds)}


def timed(blob: bytes, times: int = 3) -> tuple[float, bool]:
    """CPU seconds to verify ``blob`` as ``beatlog verify FILE`` does (the median of ``times``), and the verdict."""
    from bench.bench_verify import verify_bytes

    spent, ok = [], False
    for _ in range(times):
        start = time.process_time()
        ok = verify_bytes(blob).ok
        spent.append(time.process_time() - start)
    return sorted(spent)[len(spent) // 2], ok


def measure(turns: int = 200) -> dict[str, Any]:
    """{"events", "clean" (CPU s), "forged": {name: CPU s}, "worst", "multiple"}. The clean log is verified once
    untimed first, so that neither side pays for what the first verify of a game loads and warms."""
    header, records = long_cogs_log(turns)
    blob = encode_jsonl(header, records)
    timed(blob, 1)
    clean, ok = timed(blob)
    assert ok
    forged = {}
    for name, blob in forgeries(header, records).items():
        seconds, ok = timed(blob)
        assert not ok, name
        forged[name] = seconds
    worst = max(forged, key=forged.__getitem__)
    return {"events": len(records), "clean": clean, "forged": forged, "worst": worst,
            "multiple": forged[worst] / clean}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=200)
    args = parser.parse_args()
    result = measure(args.turns)
    print(f"clean: {result['events']:,} events verified in {result['clean']:.3f} s CPU")
    for name, seconds in result["forged"].items():
        print(f"{name}: refused in {seconds:.3f} s CPU ({seconds / result['clean']:.2f}x)")


if __name__ == "__main__":
    main()

"""Helpers for the replay tests: toy-game logs in memory and on disk, and ways to tamper with them."""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from recorder import canonical
from recorder.decisions import Answer
from recorder.envelope import Record
from recorder.header import Header, Player
from recorder.match import Match, run, sealed
from tests.toygame import GAME, toy_header


class Picks:
    """Answers each pick from a fixed list, per player."""

    def __init__(self, numbers: Sequence[int]) -> None:
        self.numbers = list(numbers)

    def answer(self, request, match):
        return Answer({"number": self.numbers.pop(0)}, "test")


def toy_log(seed: int = 7, a=(3, 1, 2), b=(1, 2, 2), **options) -> tuple[Header, list[Record]]:
    header = toy_header(seed=seed, **options)
    match = Match(GAME, header)
    run(match, {0: Picks(a), 1: Picks(b)})
    return header, sealed(match)


def rechain(header: Header, records: Sequence[Record], renumber: bool = True) -> list[Record]:
    """Recompute seq (optionally), prev and hash of every record: what a forger would do."""
    out = []
    prev = header.hash
    for i, record in enumerate(records):
        body = record.body()
        body["prev"] = prev
        if renumber:
            body["seq"] = i + 1
        new = Record(hash=canonical.digest(body), **body)
        out.append(new)
        prev = new.hash
    return out


def edit(record: Record, **data) -> Record:
    """The record with payload fields changed and its hash left as it was (an edit after sealing)."""
    return dataclasses.replace(record, data={**record.data, **data})


def write_log(path: Path, header: Header, records: Sequence[Record]) -> Path:
    lines = [header.line()] + [r.line() for r in records]
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


@lru_cache(maxsize=None)
def walkthrough() -> tuple[Header, tuple[Record, ...]]:
    """The BattleCON rulebook walkthrough recorded from its sample script (chosen starting discards)."""
    from recorder.games.battlecon import GAME as BATTLECON
    from recorder.script import ScriptSource, load_script

    script = load_script(Path(__file__).parent.parent / "sample_logs" / "battlecon" / "walkthrough.script.json")
    players = tuple(Player(seat.name or f"Player {i + 1}", seat.side) for i, seat in enumerate(script.seats))
    header = BATTLECON.make_header(players=players, edition=script.edition or "woi", seed=script.seed or 0,
                                   options=script.options)
    source = ScriptSource(BATTLECON, script, header)
    match = Match(BATTLECON, header)
    run(match, {0: source, 1: source})
    return header, tuple(sealed(match))


@lru_cache(maxsize=None)
def battlecon_duel(seed: int) -> tuple[Header, tuple[Record, ...]]:
    """A single WoI duel, Hikaru against Khadath, random bots: a real BattleCON log to tamper with."""
    from recorder.games.battlecon import GAME as BATTLECON

    header = BATTLECON.make_header(players=(Player("Ann", "hikaru"), Player("Ben", "khadath")),
                                   edition="woi", seed=seed, options={"duels": 1})
    match = Match(BATTLECON, header)
    run(match, {0: BATTLECON.bot("random", seed, 0), 1: BATTLECON.bot("random", seed + 1, 1)})
    return header, tuple(sealed(match))


def problem_of(header: Header, records: Sequence[Record], **kwargs):
    """The problem verify reports for a tampered log: caught, and one line (never 'after sealing')."""
    from replay.verify import verify

    report = verify(header, list(records), **kwargs)
    assert not report.ok, "tampering not caught"
    p = report.problem
    assert "\n" not in p.message and "after sealing" not in p.message
    return p


def rehash_own(record: Record) -> Record:
    """The record with its own hash recomputed (and nothing after it)."""
    body = record.body()
    return Record(hash=canonical.digest(body), **body)

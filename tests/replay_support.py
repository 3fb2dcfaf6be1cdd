"""Helpers for the replay tests: toy-game logs in memory and on disk, and ways to tamper with them."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Sequence

from recorder import canonical
from recorder.decisions import Answer
from recorder.envelope import Record
from recorder.header import Header
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

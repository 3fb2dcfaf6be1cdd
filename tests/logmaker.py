"""Real logs of the toy game for the storage tests, and tools to damage them."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, Callable

from recorder import canonical
from recorder.decisions import Answer
from recorder.envelope import Record
from recorder.header import Header, Player
from recorder.integrity import LogFile
from recorder.jsonl import encode_jsonl
from recorder.match import Match, run, sealed
from tests.toygame import GAME, toy_header


class Cycle:
    """Picks 1, 2, 3, 1, ... so that rounds score differently."""

    def __init__(self, start: int) -> None:
        self.n = start

    def answer(self, request, match) -> Answer:
        self.n = self.n % 3 + 1
        return Answer({"number": self.n}, "test")


def make_log(seed: int = 7, rounds: int = 3, header: Header | None = None) -> LogFile:
    """A finished toy match: 4 events a round plus the end (13 for 3 rounds)."""
    header = header or toy_header(seed=seed, rounds=rounds)
    match = Match(GAME, header)
    run(match, {0: Cycle(0), 1: Cycle(1)})
    return LogFile(header, sealed(match))


def partial(log: LogFile, n: int) -> LogFile:
    """The first ``n`` events of a log, as a crash would leave it."""
    return LogFile(log.header, log.records[:n])


HOSTILE_NAMES = (
    "Zoë « l'Épée » 🎲",
    "Robert'); DROP TABLE events;--",
    '"quoted" \\ back\\slash\ttab\nnewline',
    "nul\u0000byte",
    "\u202eright-to-left override",
    "ٱلْعَرَبِيَّة 中文 🏳️‍🌈",
)


def hostile_log(seed: int = 11) -> LogFile:
    players = (Player(HOSTILE_NAMES[0], "<script>alert(1)</script>"), Player(HOSTILE_NAMES[1], "side\u2028two"))
    header = GAME.make_header(players=players, edition="standard", seed=seed,
                              options={"rounds": 3, "note": HOSTILE_NAMES[2] + HOSTILE_NAMES[3]})
    return make_log(header=header)


def write(path: Path, log: LogFile) -> Path:
    path.write_bytes(encode_jsonl(log.header, log.records))
    return path


def lines_of(log: LogFile) -> list[bytes]:
    """The log's lines without newlines (line 1 = header)."""
    return encode_jsonl(log.header, log.records).split(b"\n")[:-1]


def join(lines: list[bytes]) -> bytes:
    return b"".join(line + b"\n" for line in lines)


def forge(log: LogFile, seq: int, change: Callable[[dict[str, Any]], None]) -> bytes:
    """The log's bytes with event ``seq`` changed and the chain re-hashed after it.

    This is what a careful forger (or a newer beatlog) would produce: every
    hash and prev is consistent, so only the content checks can object.
    """
    raws = copy.deepcopy([r.to_dict() for r in log.records])  # data dicts are shared
    change(raws[seq - 1])
    prev = log.header.hash
    out = [log.header.line()]
    for raw in raws:
        raw["prev"] = prev
        body = {k: v for k, v in raw.items() if k != "hash"}
        raw["hash"] = canonical.digest(body)
        prev = raw["hash"]
        out.append(canonical.dumps(raw))
    return join(out)


def record_dict(log: LogFile, seq: int) -> dict[str, Any]:
    return copy.deepcopy(log.records[seq - 1].to_dict())


def reline(raw: dict[str, Any]) -> bytes:
    return canonical.dumps(raw)


def rehash(raw: dict[str, Any]) -> dict[str, Any]:
    """``raw`` with its own hash recomputed (its prev left as it is)."""
    body = {k: v for k, v in raw.items() if k != "hash"}
    return {**raw, "hash": canonical.digest(body)}


def header_dict(log: LogFile) -> dict[str, Any]:
    return log.header.to_dict()


def as_records(raws: list[dict[str, Any]]) -> list[Record]:
    return [Record(**raw) for raw in raws]

"""Logs for the viewer tests: the recorded samples, fresh BattleCON matches, and what the fold says."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from recorder.game import load_game
from recorder.header import Player
from recorder.integrity import LogFile
from recorder.jsonl import encode_jsonl, read_jsonl
from recorder.recording import MemorySink, record
from replay.walk import Visitor, walk

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_logs" / "battlecon"
WALKTHROUGH = SAMPLES / "walkthrough.jsonl"
CREATED_AT = "2024-01-01T00:00:00Z"

HOSTILE = ("<img src=x onerror=alert(1)>", "</script><script>alert(1)</script>")


def battlecon_log(names: tuple[str, str] = ("Ann", "Ben"), fighters: tuple[str, str] = ("hikaru", "khadath"),
                  seed: int = 5, duels: int = 1, bots: tuple[str, str] = ("greedy", "random"),
                  options: dict[str, Any] | None = None, sources: dict[int, Any] | None = None) -> LogFile:
    """A finished BattleCON match played by bots (deterministic: fixed seed and clock). ``options``: more match
    options; ``sources``: a seat's own answer source instead of its bot (one that steers it to a card)."""
    game = load_game("battlecon")
    players = (Player(names[0], fighters[0]), Player(names[1], fighters[1]))
    header = game.make_header(players=players, edition="woi", seed=seed, options={"duels": duels, **(options or {})})
    sink = MemorySink()
    seats = {p: game.bot(bots[p], seed, p) for p in (0, 1)}
    record(game, header, {**seats, **(sources or {})}, sink, clock=lambda: CREATED_AT)
    assert sink.header is not None
    return LogFile(sink.header, sink.records)


FULL_DUEL_PAIRS = (("hikaru", "khadath"), ("cadenza", "kallistar"), ("kallistar", "hikaru"))


def full_duels(n: int, pairs: tuple[tuple[str, str], ...] = FULL_DUEL_PAIRS) -> list[LogFile]:
    """``n`` single duels (``--duels 1``) that run all 15 beats: random bots, seeds tried in order."""
    out: list[LogFile] = []
    for seed in range(1, 400):
        fighters = pairs[seed % len(pairs)]
        log = battlecon_log(fighters=fighters, seed=seed, duels=1, bots=("random", "random"))
        if len({r.beat for r in log.records if r.beat > 0}) == 15:
            out.append(log)
            if len(out) == n:
                break
    return out


def write(path: Path, log: LogFile) -> Path:
    path.write_bytes(encode_jsonl(log.header, log.records))
    return path


def read(path: Path) -> LogFile:
    return read_jsonl(path)


class _Snapshots(Visitor):
    def __init__(self, game) -> None:
        self.game = game
        self.snapshots: list[dict[str, Any]] = []

    def on_header(self, header, state) -> None:
        self.snapshots.append(self.game.snapshot(state))

    def after(self, record, state) -> None:
        self.snapshots.append(self.game.snapshot(state))


def snapshots(log: LogFile) -> list[dict[str, Any]]:
    """The game's snapshot after each event (index 0: before the first), straight from the fold."""
    game = load_game(log.header.game)
    visitor = _Snapshots(game)
    walk(log.header, log.records, [visitor], game)
    return visitor.snapshots


def beats(log: LogFile) -> list[tuple[int, int, int, int]]:
    """``(duel, beat, first seq, last seq)`` of every beat, in order."""
    out: list[list[int]] = []
    for r in log.records:
        if not out or (out[-1][0], out[-1][1]) != (r.duel, r.beat):
            out.append([r.duel, r.beat, r.seq, r.seq])
        out[-1][3] = r.seq
    return [tuple(b) for b in out]  # type: ignore[misc]

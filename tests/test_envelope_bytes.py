"""``recorder.envelope.entry_bytes``: the bytes a record's hash covers, written straight from the event.

verify hashes each entry the engine re-derives through it (replay/rerun.py) and writes the engine's own line
from it (replay/verify_file.py) instead of building the JSON-shaped record first, so it must be, byte for byte,
what :func:`recorder.envelope.sealed_body` and :func:`recorder.envelope.seal` make of the same entry: for
every event of every sample and frozen log, of every game.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from recorder import canonical
from recorder.envelope import entry_bytes, seal, sealed_body
from recorder.game import game_for
from recorder.jsonl import parse_jsonl
from recorder.match import Match
from replay.rerun import answer_of

ROOT = Path(__file__).resolve().parent.parent
LOGS = sorted([*(ROOT / "sample_logs").rglob("*.jsonl"), *(ROOT / "tests" / "compat").rglob("*.jsonl")])


def test_there_are_logs_of_every_game():
    games = {parse_jsonl(path.read_bytes(), name=path.name).header.game for path in LOGS}
    assert {"battlecon", "cogs", "skirmish"} <= games


def _entries(game, log) -> list:
    match = Match(game, log.header)
    entries = list(match.advance())
    while not match.finished:
        entries += match.advance(answer_of(log.records[len(entries)]))
    return entries


def _rederived(log) -> list:
    """The entries of the game that re-derives the log: the rules its header names, else (a log of an earlier
    state of that engine version, tests/test_battlecon_engine5_revisions.py) the revision that does."""
    game = game_for(log.header)
    revisions = getattr(game, "revisions", None)
    candidates = [game, *(revisions(log.header.engine_version, log.header.rules_version) if revisions else ())]
    for candidate in candidates:
        entries = _entries(candidate, log)
        prev, same = log.header.hash, True
        for entry, record in zip(entries, log.records):
            body, prev = sealed_body(log.header.match_id, entry, prev)
            same = same and prev == record.hash
        if same and len(entries) == len(log.records):
            return entries
    return _entries(game, log)


@pytest.mark.parametrize("path", LOGS, ids=[str(p.relative_to(ROOT)) for p in LOGS])
def test_entry_bytes_are_the_sealed_body(path: Path):
    log = parse_jsonl(path.read_bytes(), name=path.name)
    entries = _rederived(log)
    prev = log.header.hash
    assert len(entries) == len(log.records)
    for entry, record in zip(entries, log.records):
        written = entry_bytes(log.header.match_id, entry, prev)
        body, digest = sealed_body(log.header.match_id, entry, prev)
        assert written == canonical.dumps(body) == canonical.dumps(record.body())
        assert canonical.sha256_hex(written) == digest == record.hash == seal(log.header.match_id, entry, prev).hash
        prev = digest

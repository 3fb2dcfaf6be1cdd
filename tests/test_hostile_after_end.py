"""Nothing follows a match's end: a log holds one match.

An outside run concatenated 12 recorded matches under one header, rehashed the
chain (109,501 events) and had ``import --no-verify`` take it and ``stats``
count it as one match. Every reader now refuses the first event after the
MatchEnded, in one line.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.errors import CorruptLog
from recorder.integrity import check
from recorder.jsonl import encode_jsonl, read_jsonl
from tests.replay_support import rechain

ROOT = Path(__file__).resolve().parent.parent
LOGS = {"battlecon": ROOT / "sample_logs" / "battlecon" / "woi-hikaru-vs-khadath.jsonl",
        "cogs": ROOT / "sample_logs" / "cogs" / "lions-vs-herons.jsonl",
        "skirmish": sorted((ROOT / "sample_logs" / "skirmish").glob("*.jsonl"))[0]}


def concatenated(path: Path, times: int = 2):
    log = read_jsonl(path)
    records = [dataclasses.replace(r, match_id=log.header.match_id) for _ in range(times) for r in log.records]
    return log, rechain(log.header, records)


@pytest.mark.parametrize("game", sorted(LOGS))
def test_an_event_after_match_ended_is_refused_by_the_structural_check(game):
    log, records = concatenated(LOGS[game])
    end = len(log.records)
    assert records[end - 1].type == "MatchEnded"
    with pytest.raises(CorruptLog) as caught:
        check(log.header, records)
    message = str(caught.value)
    assert f"seq {end + 1}" in message and f"after the end of the match (seq {end}, MatchEnded)" in message


def test_every_command_refuses_a_concatenation_in_one_line(tmp_path):
    log, records = concatenated(LOGS["battlecon"], times=3)
    path = tmp_path / "twelve.jsonl"
    path.write_bytes(encode_jsonl(log.header, records))
    end = len(log.records)
    for args in (["check", str(path)], ["verify", str(path)], ["stats", str(path)],
                 ["import", str(path), "--db", str(tmp_path / "a.db")],
                 ["import", str(path), "--db", str(tmp_path / "b.db"), "--no-verify"],
                 ["render", str(path), "-o", str(tmp_path / "site")]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 1, (args, result.output)
        assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, (args, result.stderr)
        assert f"seq {end + 1}" in result.stderr and "after the end of the match" in result.stderr, result.stderr
    assert not (tmp_path / "a.db").exists() and not (tmp_path / "b.db").exists()

"""A store's durability is an explicit option: full (the default, a judge's store) or normal.

See docs/recording.md ("How durable a store is"). What each costs is measured by ``python -m bench``.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.errors import UsageError
from recorder.jsonl import read_jsonl
from recorder.recording import StoreSink
from recorder.store import Store

FULL, NORMAL = 2, 1  # PRAGMA synchronous


def synchronous(store: Store) -> int:
    return store.conn.execute("PRAGMA synchronous").fetchone()[0]


def test_a_store_is_fully_durable_unless_asked(tmp_path):
    with Store(tmp_path / "judge.db") as store:
        assert store.durability == "full" and synchronous(store) == FULL
    with Store(tmp_path / "bulk.db", durability="normal") as store:
        assert store.durability == "normal" and synchronous(store) == NORMAL
    sink = StoreSink(tmp_path / "sink.db", durability="normal")
    assert synchronous(sink.store) == NORMAL
    sink.close()


def test_an_unknown_durability_is_refused_by_name(tmp_path):
    with pytest.raises(UsageError, match="unknown durability 'fast'; choose full or normal"):
        Store(tmp_path / "x.db", durability="fast")
    assert not (tmp_path / "x.db").exists()


@pytest.mark.parametrize("durability", ["full", "normal"])
def test_record_into_a_store_at_either_durability(tmp_path, monkeypatch, durability):
    monkeypatch.chdir(tmp_path)
    args = ["record", "--fighters", "hikaru,khadath", "--duels", "1", "--seed", "5", "--db", "m.db", "-o", "m.jsonl",
            "--durability", durability]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    log = read_jsonl(tmp_path / "m.jsonl")
    with Store(tmp_path / "m.db", create=False) as store:
        assert store.read(log.match_id).records == log.records
        assert store.summary(log.match_id).finished


def test_a_wrong_durability_on_the_command_line_is_one_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["simulate", "--db", "t.db", "--durability", "fast"])
    assert result.exit_code == 1
    assert "'fast' is not one of 'full', 'normal'" in result.output
    assert len(result.output.strip().splitlines()) == 1

"""Importing simulated logs into a store: duplicates, corrupt and partial files, and the stats after."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.jsonl import write_jsonl
from recorder.store import Store
from beatlog.tournament import plan_tournament, play_fixture, schedule
from replay.stats_sources import file_stats, store_stats
from replay.stats_summary import summarize


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    """Three finished matches as JSONL files."""
    folder = tmp_path_factory.mktemp("logs")
    plan = plan_tournament(game_name="battlecon", fighters="hikaru,khadath,cadenza", matches=1, seed=21, flags={"duels": ["1"]})
    paths = []
    for fixture in schedule(plan):
        log = play_fixture(plan, fixture)
        paths.append(folder / f"{log.match_id}.jsonl")
        write_jsonl(paths[-1], log.header, log.records)
    return paths


def _import(db, *paths):
    return CliRunner().invoke(main, ["import", *map(str, paths), "--db", str(db)])


def _standings(db):
    with Store(db, create=False) as store:  # import made the views: nothing here creates them
        return store.conn.execute("SELECT side, matches, wins, losses, draws, unfinished FROM fighter_standings "
                                  "ORDER BY side").fetchall()


def test_duplicates_are_skipped_and_counted_once(logs, tmp_path):
    db = tmp_path / "club.db"
    first = _import(db, *logs)
    assert first.exit_code == 0, first.output
    assert first.stdout.count("imported ") == 3
    again = _import(db, logs[0], logs[0], logs[1])
    assert again.exit_code == 0, again.output
    assert again.stdout.count("skipped ") == 3
    assert summarize(store_stats(db)) == summarize(file_stats(logs))
    assert sum(row[1] for row in _standings(db)) == 6  # 3 matches, 2 seats each


def test_a_corrupt_file_leaves_the_store_unchanged(logs, tmp_path):
    db = tmp_path / "club.db"
    assert _import(db, logs[0]).exit_code == 0
    lines = logs[1].read_bytes().split(b"\n")
    edited = json.loads(lines[5])
    edited["beat"] += 1  # an edited event: its hash no longer matches
    lines[5] = json.dumps(edited, sort_keys=True, separators=(",", ":")).encode()
    bad = tmp_path / "edited.jsonl"
    bad.write_bytes(b"\n".join(lines))
    result = _import(db, logs[2], bad)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {bad}, line 6") and "Traceback" not in result.output
    with Store(db, create=False) as store:
        assert store.match_ids() == [logs[0].stem]  # the good file of the same command was not written either
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_bytes(b"this is not a log\n")
    result = _import(db, garbage)
    assert result.exit_code == 1 and result.stderr.startswith(f"Error: {garbage}, line 1")


def test_a_partial_log_counts_as_unfinished_until_extended(logs, tmp_path):
    db = tmp_path / "club.db"
    lines = logs[0].read_bytes().split(b"\n")
    partial = tmp_path / "partial.jsonl"
    partial.write_bytes(b"\n".join(lines[:40]) + b"\n")  # a crash after 39 events
    assert _import(db, partial).exit_code == 0
    [match] = store_stats(db)
    assert not match["finished"] and [s["outcome"] for s in match["seats"]] == ["unfinished", "unfinished"]
    assert [row[5] for row in _standings(db)] == [1, 1]
    extended = _import(db, logs[0])
    assert extended.exit_code == 0 and "extended" in extended.stdout
    [match] = store_stats(db)
    assert match["finished"] and match == file_stats([logs[0]])[0]
    assert [row[5] for row in _standings(db)] == [0, 0]


# -- forged logs: a rehashed chain over events the rules would never produce ---------------------

def _forged(logs, tmp_path, type_, change, name):
    """The first log with its first ``type_`` event changed and every hash after it recomputed."""
    from recorder.jsonl import read_jsonl
    from tests.logmaker import forge

    log = read_jsonl(logs[0])
    seq = next(r.seq for r in log.records if r.type == type_)
    path = tmp_path / name
    path.write_bytes(forge(log, seq, lambda raw: change(raw["data"])))
    return path, seq


def _set(key, value):
    def change(data):
        data[key] = value(data[key]) if callable(value) else value
    return change


def test_a_forged_seat_is_refused_even_without_verify_and_never_reaches_the_store(logs, tmp_path):
    """HitScored.player = 7 folds (the fold does not look), but stats cannot count it: one such match
    in an append-only store would break `beatlog stats --db` for good."""
    bad, seq = _forged(logs, tmp_path, "HitScored", _set("player", 7), "seat7.jsonl")
    db = tmp_path / "club.db"
    for extra in ([], ["--no-verify"]):
        result = CliRunner().invoke(main, ["import", str(bad), str(logs[1]), "--db", str(db), *extra])
        assert result.exit_code == 1, result.output
        assert result.stderr.startswith(f"Error: {bad}: match ") and f"seq {seq}" in result.stderr
        assert "seat 7" in result.stderr and result.stderr.count("\n") == 1
        assert not db.exists()  # checked before the store was even created


@pytest.mark.parametrize("type_, change", [
    ("DamageDealt", _set("amount", lambda n: n + 3)),
    ("MatchEnded", _set("winner", lambda w: 1 - w)),
], ids=["damage", "winner"])
def test_events_that_fold_but_are_not_what_the_rules_derive_are_refused(logs, tmp_path, type_, change):
    bad, seq = _forged(logs, tmp_path, type_, change, "forged.jsonl")
    db = tmp_path / "club.db"
    result = CliRunner().invoke(main, ["import", str(bad), "--db", str(db)])
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith(f"Error: {bad}: ") and f"seq {seq}" in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1 and not db.exists()
    # --no-verify trusts the content (the chain is intact and the events fold): it is imported, and
    # the store's statistics still work.
    skipped = CliRunner().invoke(main, ["import", str(bad), "--db", str(db), "--no-verify"])
    assert skipped.exit_code == 0, skipped.output
    assert len(store_stats(db)) == 1


def test_a_damaged_stored_copy_is_reported_not_skipped(logs, tmp_path):
    import sqlite3

    db = tmp_path / "club.db"
    assert _import(db, logs[0]).exit_code == 0
    # Someone edits an event in place, dropping and restoring the append-only triggers around it.
    conn = sqlite3.connect(db, isolation_level=None)
    triggers = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").fetchall()
    for name, _ in triggers:
        conn.execute(f"DROP TRIGGER {name}")
    conn.execute("UPDATE events SET data = json_set(data, '$.amount', 99) WHERE type = 'DamageDealt' "
                 "AND seq = (SELECT min(seq) FROM events WHERE type = 'DamageDealt')")
    for _, sql in triggers:
        conn.execute(sql)
    conn.close()
    again = _import(db, logs[0])
    assert again.exit_code == 1, again.output
    assert again.stderr.startswith(f"Error: {db}: match {logs[0].stem}, seq ")
    assert "the stored copy of this match is damaged, so nothing was imported" in again.stderr
    assert "skipped" not in again.stdout


def test_the_same_match_twice_in_one_command_says_so(logs, tmp_path):
    db = tmp_path / "club.db"
    copy = tmp_path / "copy.jsonl"
    copy.write_bytes(logs[0].read_bytes())
    result = _import(db, logs[0], logs[0], copy)
    assert result.exit_code == 0, result.output
    mid = logs[0].stem
    assert result.stdout.splitlines() == [
        f"imported {mid} ({len(logs[0].read_bytes().splitlines()) - 1} events)",
        f"skipped {mid}: {logs[0]} is given more than once",
        f"skipped {mid}: {copy} holds nothing that {logs[0]} did not",
    ]
    assert _import(db, copy).stdout == f"skipped {mid}: already in {db}\n"


def test_a_fresh_import_has_the_sql_views(logs, tmp_path):
    db = tmp_path / "club.db"
    assert _import(db, *logs).exit_code == 0
    import sqlite3

    conn = sqlite3.connect(db)
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'view'")}
    conn.close()
    assert {"match_results", "player_results", "player_opponents", "player_standings", "fighter_standings",
            "matchups", "battlecon_damage", "battlecon_pairs", "cogs_scores", "cogs_attacks"} <= names

"""The single walk and its visitor protocol; loading logs from files and stores."""

from __future__ import annotations

from click.testing import CliRunner

from beatlog.cli import main
from recorder.store import Store
from replay.source import load_jsonl, load_store
from replay.walk import Describer, StopWalk, Visitor, walk
from tests.replay_support import edit, toy_log, write_log
from tests.toygame import GAME


class Recorder(Visitor):
    def __init__(self):
        self.calls = []

    def on_header(self, header, state):
        self.calls.append(("header", header.match_id, state.round))

    def before(self, record, state):
        self.calls.append(("before", record.seq, state.round))

    def after(self, record, state):
        self.calls.append(("after", record.seq, state.round))

    def on_end(self, state):
        self.calls.append(("end", state.round))


def test_visitor_order_and_state_before_after():
    header, records = toy_log()
    v = Recorder()
    state = walk(header, records, [v])
    assert state.scores == [2, 1] and state.over
    assert v.calls[0] == ("header", header.match_id, 0)
    assert v.calls[1:9] == [("before", 1, 0), ("after", 1, 0), ("before", 2, 0), ("after", 2, 0),
                            ("before", 3, 0), ("after", 3, 0), ("before", 4, 0), ("after", 4, 1)]
    assert v.calls[-1] == ("end", 3)


def test_stop_walk_ends_early_and_still_calls_on_end():
    header, records = toy_log()

    class Stop(Recorder):
        def before(self, record, state):
            if record.seq == 5:
                raise StopWalk
            super().before(record, state)

    v = Stop()
    state = walk(header, records, [v])
    assert state.round == 1 and v.calls[-1] == ("end", 1)


def test_describer_uses_the_state_before():
    header, records = toy_log()
    d = Describer(GAME)
    walk(header, records, [d])
    assert sorted(d.lines) == list(range(1, 14))


def test_load_jsonl_keeps_the_strict_error(tmp_path):
    header, records = toy_log()
    records[3] = edit(records[3], points=5)
    loaded = load_jsonl(write_log(tmp_path / "x.jsonl", header, records))
    assert loaded.strict_error is not None and "hash mismatch" in str(loaded.strict_error)
    assert len(loaded.records) == 13


def _store(tmp_path):
    db = tmp_path / "m.db"
    store = Store(db)
    logs = [toy_log(seed=s) for s in (1, 2)]
    for header, records in logs:
        store.add_match(header)
        store.append(header.match_id, records)
        store.mark_finished(header.match_id)
    store.close()
    return db, logs


def test_verify_and_seal_a_store(tmp_path):
    db, logs = _store(tmp_path)
    runner = CliRunner()
    result = runner.invoke(main, ["verify", "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert [line.split(":")[0] for line in result.output.splitlines()] == sorted(
        f"verified {h.match_id}" for h, _ in logs)
    mid = logs[1][0].match_id
    result = runner.invoke(main, ["verify", "--db", str(db), "--match", mid])
    assert result.exit_code == 0 and result.output.count("verified") == 1
    runner.invoke(main, ["keygen", "-o", str(tmp_path / "judge")])
    result = runner.invoke(main, ["seal", "--db", str(db), "--match", mid, "--key", str(tmp_path / "judge.key")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / f"{mid}.seal").exists()
    result = runner.invoke(main, ["verify", "--db", str(db), "--match", mid, "--pubkey", str(tmp_path / "judge.pub")])
    assert result.exit_code == 0 and "sealed by judge" in result.output


def test_store_errors(tmp_path):
    db, _ = _store(tmp_path)
    runner = CliRunner()
    result = runner.invoke(main, ["verify", "--db", str(db), "--match", "m-nope"])
    assert result.exit_code == 1 and "no match 'm-nope'" in result.stderr
    result = runner.invoke(main, ["verify", "--db", str(tmp_path / "none.db")])
    assert result.exit_code == 1 and "no such database" in result.stderr
    assert not (tmp_path / "none.db").exists()
    result = runner.invoke(main, ["verify", "--match", "x", "a.jsonl"])
    assert result.exit_code == 1 and "--match only applies with --db" in result.stderr


def test_load_store_lenient_on_a_damaged_store(tmp_path):
    db, logs = _store(tmp_path)
    store = Store(db)
    mid = logs[0][0].match_id
    # Bypass the append-only triggers the way an attacker with the file would, then put them back.
    triggers = list(store.conn.execute("SELECT name, sql FROM sqlite_master WHERE type='trigger'"))
    for name, _ in triggers:
        store.conn.execute(f"DROP TRIGGER {name}")
    store.conn.execute("DELETE FROM events WHERE match_id = ? AND seq = 6", (mid,))
    for _, sql in triggers:
        store.conn.execute(sql)
    store.close()
    loaded = {x.header.match_id: x for x in load_store(db, None)}
    assert loaded[mid].strict_error is not None and len(loaded[mid].records) == 12
    result = CliRunner().invoke(main, ["verify", "--db", str(db)])
    assert result.exit_code == 1 and f"{mid}, duel 1, beat 2, seq 6: event deleted" in result.stderr


def test_store_with_its_last_events_cut_fails_even_with_partial(tmp_path):
    db, logs = _store(tmp_path)
    store = Store(db)
    mid = logs[0][0].match_id
    triggers = list(store.conn.execute("SELECT name, sql FROM sqlite_master WHERE type='trigger'"))
    for name, _ in triggers:
        store.conn.execute(f"DROP TRIGGER {name}")
    store.conn.execute("DELETE FROM events WHERE match_id = ? AND seq > 10", (mid,))
    for _, sql in triggers:
        store.conn.execute(sql)
    store.close()
    result = CliRunner().invoke(main, ["verify", "--db", str(db), "--match", mid, "--partial"])
    assert result.exit_code == 1 and "the matches table says 13 events" in result.stderr


def test_every_replay_command_has_a_summary_and_an_example():
    runner = CliRunner()
    for name in ("verify", "keygen", "seal", "explain", "whatif", "diff", "state"):
        result = runner.invoke(main, [name, "--help"])
        assert result.exit_code == 0, name
        assert f"Example: beatlog {name} " in result.output.replace("\n  ", " "), name

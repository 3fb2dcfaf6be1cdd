"""recorder.recording: per-beat batches on the hash chain, sinks, stopping early."""

import pytest

from recorder.decisions import Answer, FirstOption
from recorder.match import Match, run, sealed
from recorder.recording import MemorySink, Stop, Tee, record, utc_now
from recorder.script import ScriptSource, parse_script
from tests.toygame import GAME, toy_header

FIXED = "2024-05-04T12:00:00Z"


def first_sources():
    return {0: FirstOption(), 1: FirstOption()}


def test_recording_equals_the_sealed_match_and_sets_created_at():
    header = toy_header()
    sink = MemorySink()
    rec = record(GAME, header, first_sources(), sink, clock=lambda: FIXED)
    plain = Match(GAME, header)
    run(plain, first_sources())
    assert [r.line() for r in sink.records] == [r.line() for r in sealed(plain)]
    assert sink.header.created_at == FIXED and rec.header.created_at == FIXED
    assert sink.header.hash == header.hash  # created_at is outside the hash
    assert sink.finished and rec.finished
    assert rec.events == len(sink.records) and rec.last_hash == sink.records[-1].hash
    assert rec.result == {"winner": None, "reason": "points"}


class BatchSink(MemorySink):
    def __init__(self) -> None:
        super().__init__()
        self.appended: list[list] = []

    def append(self, records) -> None:
        super().append(records)
        self.appended.append(list(records))


def test_one_batch_per_beat():
    sink = BatchSink()
    record(GAME, toy_header(), first_sources(), sink, clock=lambda: FIXED)
    # 3 rounds (beats) of 2 picks each; the first advance emits nothing, so
    # every batch is one whole beat: both decisions and what they caused.
    assert sink.batches == 3
    for beat, batch in enumerate(sink.appended, 1):
        assert {(r.duel, r.beat) for r in batch} == {(1, beat)}
        assert [r.type for r in batch[:4]] == ["NumberPicked", "NumberPicked", "ChanceDrawn", "RoundScored"]
    assert [r.type for r in sink.records[-4:]] == ["NumberPicked", "ChanceDrawn", "RoundScored", "ToyMatchEnded"]


class Crash:
    """A source that fails (as a bug or a lost connection would) after ``n`` answers."""

    def __init__(self, n: int) -> None:
        self.n = n

    def answer(self, request, match):
        if self.n == 0:
            raise RuntimeError("connection lost")
        self.n -= 1
        return Answer(request.options[0], "test")


def test_a_failure_mid_beat_leaves_only_whole_beats():
    sink = MemorySink()
    crash = Crash(3)  # beat 1's two picks, then beat 2's first: the failure comes mid-beat 2
    with pytest.raises(RuntimeError):
        record(GAME, toy_header(), {0: crash, 1: crash}, sink, clock=lambda: FIXED)
    assert [(r.beat, r.type) for r in sink.records] == [
        (1, "NumberPicked"), (1, "NumberPicked"), (1, "ChanceDrawn"), (1, "RoundScored")]


def test_utc_now_is_iso_utc():
    stamp = utc_now()
    assert stamp.endswith("Z") and stamp[10] == "T" and len(stamp) == 20


class QuitAfter:
    def __init__(self, n):
        self.n = n

    def answer(self, request, match):
        if self.n == 0:
            raise Stop()
        self.n -= 1
        return Answer(request.options[0], "test")


def test_stop_keeps_what_was_recorded_and_does_not_finish():
    sink = MemorySink()
    quitter = QuitAfter(3)
    rec = record(GAME, toy_header(), {0: quitter, 1: quitter}, sink, clock=lambda: FIXED)
    assert not rec.finished and not sink.finished and rec.result is None
    assert rec.events == len(sink.records) == 5  # 3 picks, 1 chance, 1 score
    assert (rec.duel, rec.beat) == (1, 2)


def test_tee_feeds_every_sink():
    a, b = MemorySink(), MemorySink()
    record(GAME, toy_header(), first_sources(), Tee([a, b]), clock=lambda: FIXED)
    assert a.records == b.records and a.finished and b.finished


def test_script_leftovers_are_checked_when_the_match_ends():
    header = toy_header()
    script = parse_script({"game": "toy", "players": [{"side": "red"}, {"side": "blue"}],
                           "beats": [{"beat": 4, "player": 0, "picks": [1]}]}, "s.json")
    source = ScriptSource(GAME, script, header)
    sink = MemorySink()
    with pytest.raises(Exception, match=r"s.json: 1 scripted answer never asked for"):
        record(GAME, header, {0: source, 1: source}, sink, clock=lambda: FIXED)
    assert sink.finished  # the log itself is complete and truthful


def test_jsonl_and_store_sinks(tmp_path):
    jsonl = pytest.importorskip("recorder.jsonl")
    store_mod = pytest.importorskip("recorder.store")
    from recorder.recording import JsonlSink, StoreSink

    header = toy_header()
    path = tmp_path / "m.jsonl"
    db = tmp_path / "m.db"
    store = store_mod.Store(db)
    record(GAME, header, first_sources(), Tee([JsonlSink(path), StoreSink(store)]), clock=lambda: FIXED)
    from_file = jsonl.read_jsonl(path)
    from_db = store.read(header.match_id)
    assert from_file.header.created_at == FIXED
    assert [r.line() for r in from_file.records] == [r.line() for r in from_db.records]
    assert len(from_file.records) == 13
    assert store.match_ids() == [header.match_id]
    assert store.summary(header.match_id).finished


class ShowSink(BatchSink):
    def __init__(self) -> None:
        super().__init__()
        self.shown: list = []

    def show(self, records) -> None:
        self.shown.extend(records)


def test_a_sink_with_show_sees_every_decision_at_once_and_appends_per_beat():
    sink = ShowSink()
    seen: list[tuple[int, int]] = []  # (shown, appended) when each decision is asked

    class Watch:
        def answer(self, request, match):
            seen.append((len(sink.shown), len(sink.records)))
            return Answer(request.options[0], "test")

    record(GAME, toy_header(), {0: Watch(), 1: Watch()}, Tee([sink]), clock=lambda: FIXED)
    # Ben's pick in beat 1 is asked with Ann's shown but nothing appended yet; then beat by beat.
    assert seen[:4] == [(0, 0), (1, 0), (4, 4), (5, 4)]
    assert sink.shown == sink.records and sink.batches == 3

"""A kit's statistics of an event type the shared table counts too add to the shared tallies, never replace them
(Seth's right guesses on PriorityCompared once replaced everyone's priority_won)."""

from __future__ import annotations

from pathlib import Path

from recorder.games.battlecon.fighters import STAT_EVENTS as KIT_STAT_EVENTS
from recorder.games.battlecon.stat_events import TALLIES, MatchTally
from recorder.jsonl import read_jsonl

SAMPLES = Path(__file__).resolve().parent.parent / "sample_logs" / "battlecon"


def test_a_kit_counting_a_shared_event_keeps_the_shared_tallies():
    assert "PriorityCompared" in KIT_STAT_EVENTS  # a kit counts it (else this test checks nothing)
    checked = 0
    for path in sorted(SAMPLES.glob("woi-*.jsonl")):
        log = read_jsonl(path)
        tally = MatchTally(log.header)
        for r in log.records:
            if r.type == "PriorityCompared" and r.data["active"] is not None:
                got = list(TALLIES["PriorityCompared"](tally, r.duel, r.beat, r.data))
                assert (r.data["active"], "priority_won", 1) in got, (path.name, r.seq, got)
                checked += 1
    assert checked > 100

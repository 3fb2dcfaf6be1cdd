"""recorder.fold: rebuilding state from a log whose chain is intact but whose content may be forged."""

from __future__ import annotations

import dataclasses

import pytest

from recorder.decisions import Answer
from recorder.errors import CorruptLog, UnknownEventType
from recorder.fold import apply_record, fold, rebuild
from recorder.match import Match, run, sealed
from tests.toygame import GAME, toy_header


class _First:
    def answer(self, request, match):
        return Answer(request.options[0], "bot:first")


def recorded():
    header = toy_header(seed=5, rounds=3)
    match = Match(GAME, header)
    run(match, {0: _First(), 1: _First()})
    return header, sealed(match), match.state


def test_folding_a_recorded_log_gives_the_engines_state():
    header, records, state = recorded()
    assert fold(GAME, header, records) == state


def test_an_event_the_rules_cannot_apply_is_one_corrupt_log_line():
    header, records, _ = recorded()
    i = next(i for i, r in enumerate(records) if r.type == "RoundScored")
    forged = dataclasses.replace(records[i], data={**records[i].data, "scorer": 7})  # no seat 7
    records[i] = forged
    with pytest.raises(CorruptLog) as caught:
        fold(GAME, header, records, "club/forged.jsonl")
    message = str(caught.value)
    assert message.startswith(f"club/forged.jsonl: match {header.match_id}, seq {forged.seq} (RoundScored): "
                              "the rules cannot apply this event (IndexError: ")
    assert message.endswith("; run beatlog verify") and "\n" not in message


def test_payloads_that_cannot_be_rebuilt_say_where():
    header, records, _ = recorded()
    record = records[0]
    with pytest.raises(CorruptLog, match=rf"^f\.jsonl: match {header.match_id}, seq 1 \(NumberPicked\): "):
        rebuild(GAME, dataclasses.replace(record, data={"oops": 1}), "f.jsonl")
    with pytest.raises(UnknownEventType, match=rf"^match {header.match_id}, seq 1 \(Nope\): unknown event type"):
        rebuild(GAME, dataclasses.replace(record, type="Nope"))


def test_apply_record_takes_an_already_rebuilt_event():
    header, records, state = recorded()
    folded = GAME.new_state(header)
    for record in records:
        apply_record(GAME, folded, record, rebuild(GAME, record))
    assert folded == state

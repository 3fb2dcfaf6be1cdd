"""verify: re-execution of logs and the tamper corpus (toy game)."""

from __future__ import annotations

import dataclasses

import pytest

from recorder.errors import CorruptLog, IncompleteLog, VerificationFailed
from replay import tamper
from replay.verify import verify
from tests.replay_support import edit, rechain, toy_log


def types(records):
    return [r.type for r in records]


def test_clean_log_verifies():
    header, records = toy_log()
    report = verify(header, records)
    assert report.ok and report.complete and report.problem is None
    assert report.events == len(records) == 13
    assert report.final_hash == records[-1].hash
    assert report.summary() == f"verified {header.match_id}: 13 events, digest {report.digest}"
    assert report.result == {"winner": 0, "reason": "points"}
    assert '"ok":true' in report.to_json()
    report.raise_for_problem()


def test_layout_of_the_toy_log():
    # The corpus below relies on this order: pick, pick, chance, score per round.
    _, records = toy_log()
    assert types(records)[:4] == ["NumberPicked", "NumberPicked", "ChanceDrawn", "RoundScored"]


def check(header, records, kind, seq, error=CorruptLog, change=None):
    report = verify(header, records)
    assert not report.ok
    p = report.problem
    assert (p.kind, p.seq, p.change) == (kind, seq, change), p.message
    assert p.error is error
    with pytest.raises(error) as info:
        report.raise_for_problem()
    assert str(info.value) == p.message
    assert f"seq {seq}" in p.message and "\n" not in p.message
    return p


def test_edited_outcome():
    header, records = toy_log()
    records[3] = edit(records[3], points=5)
    p = check(header, records, tamper.OUTCOME_CHANGED, 4)
    assert "match m-" in p.message and "duel 1, beat 1, seq 4" in p.message
    assert "differs in data.points" in p.message
    assert '"points":2' in p.expected and '"points":5' in p.recorded


def test_edited_input():
    header, records = toy_log()
    records[4] = edit(records[4], number=3)  # round 2: Ann picked 1
    p = check(header, records, tamper.INPUT_CHANGED, 5)
    assert "input changed" in p.message


def test_edited_input_to_an_illegal_choice():
    header, records = toy_log()
    records[0] = edit(records[0], number=9)
    p = check(header, records, tamper.INPUT_CHANGED, 1)
    assert "is not legal" in p.message


def test_edited_chance_draw():
    header, records = toy_log()
    value = records[2].data["value"]
    records[2] = edit(records[2], value=1 - value)
    check(header, records, tamper.INPUT_CHANGED, 3)


def test_inserted_event():
    header, records = toy_log()
    fake = dataclasses.replace(records[3], data={**records[3].data, "points": 9})
    records = records[:4] + rechain(header, records[:4] + [fake])[4:] + records[4:]
    check(header, records, tamper.INSERTED, 5)


def test_inserted_after_the_end():
    header, records = toy_log()
    records = rechain(header, records + [records[-1]])
    report = verify(header, records)
    assert report.problem.seq == 14
    assert report.problem.kind == tamper.FORGED


def test_deleted_outcome():
    header, records = toy_log()
    del records[3]
    p = check(header, records, tamper.DELETED, 4)  # the missing one, not the next
    assert "before ChanceDrawn" not in p.message and "(recorded as seq 5)" in p.message


def test_deleted_input():
    header, records = toy_log()
    del records[4]
    p = check(header, records, tamper.DELETED, 5)
    assert "duel 1, beat 2, seq 5: event deleted: expected a pick decision by Ann (seat 0, red) (NumberPicked)" in p.message


def test_duplicated_event():
    # Reported where the copy sits (the 5th record), not by the seq field it carries (4).
    header, records = toy_log()
    records.insert(4, records[3])
    p = check(header, records, tamper.DUPLICATED, 5)
    assert "beat 2, seq 5: event duplicated" in p.message and "repeats seq 4" in p.message


def test_reordered_events():
    header, records = toy_log()
    records[2], records[3] = records[3], records[2]
    check(header, records, tamper.REORDERED, 3)  # the first position that differs


def test_reordered_inputs():
    header, records = toy_log()
    records[4], records[5] = records[5], records[4]
    check(header, records, tamper.REORDERED, 5)


def test_forged_chain_after_an_edit():
    header, records = toy_log()
    records = rechain(header, records[:3] + [edit(records[3], points=5)] + records[4:])
    p = check(header, records, tamper.FORGED, 4, VerificationFailed, change=tamper.OUTCOME_CHANGED)
    assert "chain forged (hashes recomputed but events not re-derivable)" in p.message


def test_forged_chain_after_an_input_edit():
    # Ann's changed pick is legal, so the engine first disagrees at the round's score (seq 8); her
    # recorded pick of 1 re-derives it, so the change is the input at seq 5, not the outcome.
    header, records = toy_log()
    records = rechain(header, records[:4] + [edit(records[4], number=3)] + records[5:])
    p = check(header, records, tamper.FORGED, 5, VerificationFailed, change=tamper.INPUT_CHANGED)
    assert 'the recorded outcomes from seq 8 on follow from {"number":1} instead' in p.message
    assert p.expected is None and '"number":1' in p.inferred


def test_forged_chain_after_a_deletion():
    header, records = toy_log()
    records = rechain(header, records[:3] + records[4:])
    check(header, records, tamper.FORGED, 4, VerificationFailed, change=tamper.DELETED)


def test_forged_chain_after_an_insertion_and_a_duplication():
    header, records = toy_log()
    forged = rechain(header, records[:6] + [records[5]] + records[6:])
    check(header, forged, tamper.FORGED, 7, VerificationFailed, change=tamper.DUPLICATED)


@pytest.mark.parametrize("index", [3, 4, 12])  # an outcome, an input, the last record
def test_hash_field_edited(index):
    header, records = toy_log()
    records[index] = dataclasses.replace(records[index], hash="0" * 64)
    p = check(header, records, tamper.CHAIN_BROKEN, index + 1)
    assert "hash chain broken" in p.message


def test_prev_field_edited():
    header, records = toy_log()
    records[5] = dataclasses.replace(records[5], prev="1" * 64)
    p = check(header, records, tamper.CHAIN_BROKEN, 6)
    assert "prev field was changed" in p.message


def test_other_rules_version_is_refused_by_name():
    header, records = toy_log()
    other = dataclasses.replace(header, rules_version="toy-rules-0")
    records = rechain(other, records)
    report = verify(other, records)
    assert report.problem.kind == tamper.VERSION and report.problem.error is VerificationFailed
    assert "'toy-rules-0'" in report.problem.message and "'toy-rules-1'" in report.problem.message


def test_other_engine_version_is_refused_by_name():
    header, records = toy_log()
    other = dataclasses.replace(header, engine_version="toy-0")
    report = verify(other, rechain(other, records))
    assert "'toy-0'" in report.problem.message and "'toy-1'" in report.problem.message


def test_header_changed_is_named():
    # The match id is derived from the seed, so another seed is a changed header (before any chain link).
    header, records = toy_log()
    other = dataclasses.replace(header, seed=8)
    report = verify(other, records)
    assert not report.ok and report.problem.kind == tamper.HEADER and report.problem.seq is None
    assert report.problem.error is VerificationFailed and report.problem.line == 1


def test_truncated_log_is_incomplete():
    header, records = toy_log()
    report = verify(header, records[:6])
    assert report.problem.kind == tamper.INCOMPLETE and report.problem.error is IncompleteLog
    assert report.problem.message == f"incomplete: match {header.match_id} stops at duel 1, beat 2 after seq 6"


def test_truncated_log_passes_with_partial():
    header, records = toy_log()
    report = verify(header, records[:6], partial=True)
    assert report.ok and not report.complete and report.events == 6
    assert report.summary().endswith("(partial: the match is not over)")


def test_partial_still_catches_tampering():
    header, records = toy_log()
    records = records[:6]
    records[3] = edit(records[3], points=4)
    report = verify(header, records, partial=True)
    assert report.problem.kind == tamper.OUTCOME_CHANGED


def test_empty_log_is_incomplete():
    header, _ = toy_log()
    report = verify(header, [])
    assert report.problem.message == f"incomplete: match {header.match_id} stops at duel 1, beat 1 after seq 0"


# -- any single change is caught, at or before the place it was made ---------------

from hypothesis import given, settings, strategies as st  # noqa: E402

OPS = ("delete", "duplicate", "swap", "edit", "edit-rechain", "delete-rechain")


@settings(max_examples=150, deadline=None)
@given(op=st.sampled_from(OPS), index=st.integers(0, 12), delta=st.integers(1, 3), seed=st.integers(0, 5))
def test_any_single_change_is_caught(op, index, delta, seed):
    header, records = toy_log(seed=seed)
    original = list(records)
    if op.startswith("delete"):
        del records[index]
    elif op == "duplicate":
        records.insert(index + 1, records[index])
    elif op == "swap":
        if index == 12:
            index = 11
        records[index], records[index + 1] = records[index + 1], records[index]
    else:
        record = records[index]
        key = next(k for k, v in sorted(record.data.items()) if isinstance(v, int) and not isinstance(v, bool)
                   ) if any(isinstance(v, int) and not isinstance(v, bool) for v in record.data.values()) else None
        if key is None:
            return
        records[index] = edit(record, **{key: record.data[key] + delta})
    if op.endswith("rechain"):
        records = rechain(header, records)
    if [r.line() for r in records] == [r.line() for r in original]:
        return
    report = verify(header, records)  # (cutting the last event off is a truncation: incomplete)
    assert not report.ok, (op, index)
    assert report.problem.seq <= index + 2, report.problem.message
    assert "\n" not in report.problem.message and "after sealing" not in report.problem.message

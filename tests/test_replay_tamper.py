"""verify names each change by where it sits in the log and by what was changed (toy game).

Every edit is derived from a freshly recorded log, never from fixed hashes.
Positions: the N-th record is seq N (line N + 1 of a file) whatever seq field
it carries, and its duel and beat are the engine's at that place.
"""

from __future__ import annotations

import dataclasses

from recorder.errors import CorruptLog, VerificationFailed
from recorder.header import Player
from replay import tamper
from replay.verify import verify
from tests.replay_support import edit, problem_of, rechain, rehash_own, toy_log

# The toy log: per round (= beat) pick 0, pick 1, chance, score; then the end. 13 records.


def test_a_copy_far_from_its_original_is_reported_where_it_sits():
    header, records = toy_log()
    records.insert(9, records[1])  # Ben's round-1 pick copied into round 3
    p = problem_of(header, records)
    assert (p.kind, p.seq, p.beat, p.line) == (tamper.DUPLICATED, 10, 3, 11), p.message
    assert "duel 1, beat 3, seq 10: event duplicated" in p.message and "repeats seq 2" in p.message


def test_non_adjacent_swap_is_a_reorder_at_the_first_position():
    header, records = toy_log()
    records[3], records[7] = records[7], records[3]  # round 1's and round 2's scores
    p = problem_of(header, records)
    assert (p.kind, p.seq, p.beat) == (tamper.REORDERED, 4, 1), p.message
    assert "seq 4 and seq 8 are swapped" in p.message


def test_non_adjacent_swap_with_the_chain_recomputed():
    header, records = toy_log()
    records[3], records[7] = records[7], records[3]
    p = problem_of(header, rechain(header, records))
    assert (p.kind, p.change, p.seq) == (tamper.FORGED, tamper.REORDERED, 4), p.message


def test_a_block_cut_out_of_the_file_is_reported_from_its_start():
    header, records = toy_log()
    del records[4:9]  # rounds 2 and the start of 3: seq 5-9
    p = problem_of(header, records)
    assert (p.kind, p.seq, p.beat) == (tamper.DELETED, 5, 2), p.message
    assert "events deleted: seq 5-9 (5 events) are missing; the record after seq 4 is seq 10" in p.message


def test_a_line_inserted_and_edited_by_hand_is_an_insertion():
    header, records = toy_log()
    fake = edit(records[3], points=9)  # a copy of seq 4 with another score, its hash left stale
    records.insert(4, fake)
    p = problem_of(header, records)
    assert (p.kind, p.seq, p.beat) == (tamper.INSERTED, 5, 2), p.message
    assert "event inserted: RoundScored" in p.message


def test_input_edited_in_place_names_the_input_without_pretending_to_know_the_original():
    header, records = toy_log()
    records[4] = edit(records[4], number=3)  # Ann picked 1 in round 2
    p = problem_of(header, records)
    assert (p.kind, p.seq) == (tamper.INPUT_CHANGED, 5), p.message
    assert "input changed since it was recorded (its hash no longer matches its content)" in p.message
    assert p.expected is None  # the hash says it changed, not what it was
    assert p.inferred is not None and '"number":1' in p.inferred  # ...but this answer re-derives what follows
    assert 'the recorded outcomes follow from {"number":1} instead' in p.message


def test_input_edited_with_its_own_hash_recomputed():
    header, records = toy_log()
    records[4] = rehash_own(edit(records[4], number=3))
    p = problem_of(header, records)
    assert (p.kind, p.seq) == (tamper.INPUT_CHANGED, 5), p.message
    assert "its hash was recomputed, but seq 6's prev still links to the original" in p.message


def test_outcome_edited_with_its_own_hash_recomputed():
    header, records = toy_log()
    records[3] = rehash_own(edit(records[3], points=5))
    p = problem_of(header, records)
    assert (p.kind, p.seq) == (tamper.OUTCOME_CHANGED, 4), p.message
    assert "seq 5's prev still links to the original" in p.message


def test_forged_chance_draw_is_an_input():
    header, records = toy_log()
    records[2] = edit(records[2], value=1 - records[2].data["value"])
    p = problem_of(header, rechain(header, records))
    assert (p.kind, p.change, p.seq) == (tamper.FORGED, tamper.INPUT_CHANGED, 3), p.message
    assert "the recorded chance draw is not the seeded random source's" in p.message
    assert '"value"' in p.expected  # the seeded draw is known


def test_edited_outcome_says_since_it_was_recorded():
    header, records = toy_log()
    records[7] = edit(records[7], points=records[7].data["points"] + 1)
    p = problem_of(header, records)
    assert p.kind == tamper.OUTCOME_CHANGED and "outcome changed since it was recorded" in p.message


def test_header_with_players_swapped_and_every_hash_recomputed():
    header, records = toy_log()
    a, b = header.players
    forged = dataclasses.replace(header, players=(Player(b.name, a.side), Player(a.name, b.side)))
    p = problem_of(forged, rechain(forged, records))
    assert p.kind == tamper.HEADER and p.error is VerificationFailed
    assert f"header changed: match id {header.match_id} does not belong to these players/seed/options" in p.message


def test_header_with_another_seed_and_every_hash_recomputed():
    header, records = toy_log()
    forged = dataclasses.replace(header, seed=header.seed + 1)
    p = problem_of(forged, rechain(forged, records))
    assert p.kind == tamper.HEADER and "header changed" in p.message


def test_hostile_payloads_are_quoted_briefly():
    header, records = toy_log()
    records[3] = edit(records[3], note="x" * 100_000, **{f"k{i}": i for i in range(50)})
    p = problem_of(header, records)
    assert p.kind == tamper.OUTCOME_CHANGED and len(p.message) <= tamper.MAX_TEXT
    assert "and 43 more" in p.message  # the differing field names are listed up to a limit


def test_problem_json_has_line_and_inferred():
    header, records = toy_log()
    records[4] = edit(records[4], number=3)
    d = verify(header, records).problem.to_dict()
    assert d["seq"] == 5 and d["line"] == 6 and d["kind"] == "input changed" and d["expected"] is None
    assert d["error"] == CorruptLog.__name__


def test_a_pasted_block_is_one_duplication():
    header, records = toy_log()
    records[8:8] = records[4:8]  # round 2 pasted again after itself
    for log in (records, rechain(header, records)):
        p = problem_of(header, log)
        assert p.seq == 9 and tamper.DUPLICATED in (p.kind, p.change), p.message
        assert "events duplicated: seq 9-12 (4 events) repeat seq 5-8" in p.message

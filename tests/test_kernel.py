"""The kernel: canonical JSON, hashing, the chain, the runner, decisions."""

import hashlib

import pytest

from recorder import canonical
from recorder.decisions import Answer, OptionPicker
from recorder.errors import IllegalDecision, UnknownGame
from recorder.game import load_game
from recorder.match import Match, run, sealed
from recorder.rng import ChanceSource
from tests.toygame import GAME, toy_header


class Fixed:
    def __init__(self, n):
        self.n = n

    def answer(self, request, match):
        return Answer({"number": self.n}, "test")


def test_canonical_is_sorted_compact_utf8():
    assert canonical.dumps({"b": 1, "a": "é"}) == '{"a":"é","b":1}'.encode()


def test_short_digest_shape():
    d = canonical.short_digest("ff" * 32)
    assert len(d) == 14 and d.count("-") == 2


def test_rng_is_stable_across_runs():
    a = ChanceSource(42, "m-x")
    b = ChanceSource(42, "m-x")
    assert [a.draw(6) for _ in range(20)] == [b.draw(6) for _ in range(20)]


def test_rng_stream_is_pinned():
    """Literal draws pin the algorithm itself: a change here would change every recorded log."""
    one = ChanceSource(1, "s")
    assert [one.draw(10) for _ in range(8)] == [2, 1, 9, 3, 7, 1, 9, 2]
    dice = ChanceSource(42, "m-x")
    assert [dice.draw(6) for _ in range(8)] == [1, 0, 2, 0, 4, 0, 1, 3]
    assert ChanceSource(7, "t").shuffle(list(range(6))) == [3, 2, 0, 4, 1, 5]
    # The first draw of (1, "s") recomputed by hand: sha256("1:s:1"), first 8 bytes, mod 10.
    raw = int.from_bytes(hashlib.sha256(b"1:s:1").digest()[:8], "big")
    assert raw < (2**64 // 10) * 10 and raw % 10 == 2


def test_match_runs_and_chains_to_header():
    header = toy_header()
    match = Match(GAME, header)
    run(match, {0: Fixed(3), 1: Fixed(1)})
    records = sealed(match)
    assert match.finished
    assert records[0].prev == header.hash
    for prev, rec in zip(records, records[1:]):
        assert rec.prev == prev.hash
        assert rec.seq == prev.seq + 1
    assert all(r.hash == r.expected_hash() for r in records)
    assert records[-1].type == "ToyMatchEnded"
    assert match.state.scores[0] == 6


def test_secret_inputs_carry_player_visibility():
    match = Match(GAME, toy_header())
    run(match, {0: Fixed(2), 1: Fixed(2)})
    picks = [e for e in match.entries if e.type == "NumberPicked"]
    assert {e.visibility for e in picks} == {0, 1}
    assert all(e.kind == "input" for e in picks)


def test_same_seed_same_inputs_same_log():
    def record():
        m = Match(GAME, toy_header(seed=9))
        run(m, {0: Fixed(1), 1: Fixed(3)})
        return [r.line() for r in sealed(m)]

    assert record() == record()


def test_illegal_answer_is_rejected_and_match_continues():
    match = Match(GAME, toy_header())
    match.advance()
    before = len(match.entries)
    with pytest.raises(IllegalDecision) as info:
        match.advance(Answer({"number": 9}, "test"))
    msg = str(info.value)
    assert "duel 1, beat 1" in msg and "Ann's pick {'number': 9} is not legal" in msg
    assert "number 1; number 2; number 3" in msg
    assert len(match.entries) == before
    match.advance(Answer({"number": 2}, "test"))
    assert len(match.entries) == before + 1


class Place(OptionPicker):
    """Takes the option at a fixed place: a source that answers by an option's index, as the bots do."""

    name = "bot:place"

    def __init__(self, index):
        self.index = index

    def pick(self, request, match):
        return self.index


def test_a_picked_option_is_the_option_itself_under_the_source_name():
    by_pick = Match(GAME, toy_header(seed=5))
    run(by_pick, {0: Place(1), 1: Place(2)})
    by_answer = Match(GAME, toy_header(seed=5))
    by_answer.advance()
    while not by_answer.finished:
        request = by_answer.pending
        by_answer.advance(Answer(request.options[1 if request.player == 0 else 2], "bot:place"))
    assert [r.line() for r in sealed(by_pick)] == [r.line() for r in sealed(by_answer)]
    picked = [e.event for e in by_pick.entries if e.actor is not None]
    assert picked and all(e.source == "bot:place" for e in picked)


def test_a_pick_outside_the_options_is_refused_and_the_match_continues():
    match = Match(GAME, toy_header())
    match.advance()
    before = len(match.entries)
    for index in (3, -1):
        with pytest.raises(IllegalDecision) as info:
            match.advance_from(Place(index))
        assert str(info.value).endswith(
            f"duel 1, beat 1: bot:place picked option {index} of a pick decision with 3 options (0 to 2)")
        assert len(match.entries) == before
    assert len(match.advance_from(Place(0))) == 1  # the answer's event: the toy asks again at once


def test_advance_from_checks_a_source_that_answers_with_data():
    match = Match(GAME, toy_header())
    match.advance()
    with pytest.raises(IllegalDecision, match="is not legal"):
        match.advance_from(Fixed(9))
    match.advance_from(Fixed(2))
    assert match.entries[-1].event.number == 2


def test_a_picker_whose_answer_is_its_own_is_asked_through_it():
    class Last(Place):  # a subclass overriding answer(): what it answers is what counts, checked as any answer
        def answer(self, request, match):
            return Answer(request.options[-1], "bot:last")

    match = Match(GAME, toy_header())
    match.advance()
    match.advance_from(Last(0))
    assert match.entries[-1].event.number == 3 and match.entries[-1].event.source == "bot:last"


def test_advance_from_needs_a_pending_decision():
    match = Match(GAME, toy_header())
    with pytest.raises(IllegalDecision, match="no decision is pending"):
        match.advance_from(Place(0))  # not started: its first advance() takes no answer
    run(match, {0: Place(0), 1: Place(0)})
    with pytest.raises(IllegalDecision, match="has already ended"):
        match.advance_from(Place(0))


def test_unknown_game():
    with pytest.raises(UnknownGame, match="unknown game 'chess'; known games: "):
        load_game("chess")

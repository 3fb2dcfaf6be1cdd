"""A walk's citations remember earlier records in the walk's cite context (recorder/citing.py), which the visitor
that cites the log owns (replay.walk.Describer), never in the game's state: citing a record changes no state."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import pytest

from recorder.citing import CiteContext
from recorder.envelope import Record
from recorder.game import game_for
from replay.explain import explain
from replay.source import load_jsonl
from replay.walk import Describer, Visitor, walk

SAMPLES = Path(__file__).resolve().parent.parent / "sample_logs"
LIXIS = SAMPLES / "battlecon" / "woi-lixis-vs-khadath.jsonl"
WITHERING = "Lixis: Withering Touch, Pruning (the opponent chooses and discards a base from their hand)"


def test_a_context_makes_each_memo_once_under_its_name():
    context = CiteContext()
    origins = context.memo("battlecon.origins", dict)
    origins[3] = 1
    assert context.memo("battlecon.origins", dict) is origins == {3: 1}
    assert context.memo("other", list) == [] and CiteContext().memo("battlecon.origins", dict) == {}


class _CitedAlone(Visitor):
    """Cites each record with a fresh context (as if no record came before it), and checks that citing it leaves
    the state as it was, byte for byte."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.cites: dict[int, str | None] = {}

    def before(self, record: Record, state: Any) -> None:
        was = pickle.dumps(state)
        self.cites[record.seq] = self.game.cite(state, record, CiteContext())
        assert pickle.dumps(state) == was, f"citing seq {record.seq} ({record.type}) changed the state"


def test_a_decision_an_effect_asked_for_cites_the_effect_through_the_walks_context():
    # Lixis's Withering Touch (her trigger) makes Khadath choose and discard a base: his records cite her card,
    # found by following their cause in the walk's context, not in the state
    loaded = load_jsonl(LIXIS)
    game = game_for(loaded.header)
    described, alone = Describer(game), _CitedAlone(game)
    walk(loaded.header, loaded.records, [described, alone], game)
    by_seq = {r.seq: r for r in loaded.records}
    followed = [seq for seq, cite in described.cites.items() if cite != alone.cites[seq]]
    assert followed and all(described.cites[seq] == WITHERING and alone.cites[seq] == "the card's effect"
                            for seq in followed)
    assert all(by_seq[seq].type in ("CardChosen", "CardMoved") and by_seq[by_seq[seq].cause].type == "TriggerResolved"
               for seq in followed)


def test_explain_cites_a_beat_with_the_context_of_its_walk_from_the_first_record():
    loaded = load_jsonl(LIXIS)
    chosen = next(r for r in loaded.records if r.type == "CardChosen" and r.cause is not None)
    report = explain(loaded.header, loaded.records, chosen.beat, chosen.duel)
    (step,) = [s for s in report.steps if s.seq == chosen.seq]
    assert step.citation == WITHERING


@pytest.mark.parametrize("log", ["battlecon/woi-lixis-vs-kallistar.jsonl", "cogs/lions-vs-herons.jsonl",
                                 "skirmish/skirmish-vanguard-vs-arcane.jsonl"])
def test_citing_never_changes_the_state_of_any_game(log):
    loaded = load_jsonl(SAMPLES / log)
    game = game_for(loaded.header)
    alone = _CitedAlone(game)
    walk(loaded.header, loaded.records, [alone], game)
    assert len(alone.cites) == len(loaded.records)


def test_a_describer_starts_each_walk_with_a_fresh_context():
    loaded = load_jsonl(LIXIS)
    game = game_for(loaded.header)
    described = Describer(game)
    walk(loaded.header, loaded.records, [described], game)
    first = dict(described.cites)
    learned = described.citing
    walk(loaded.header, loaded.records, [described], game)
    assert described.citing is not learned and described.cites == first

"""verify's shortcut: an outcome the engine re-derived byte for byte is not schema-checked again.

The shortcut (``recorder.integrity.check(..., derived=...)``) rests on one
property of the engines: fed valid inputs, they write only valid outcomes.
These tests hold every game to that property over random legal play, and
show that verify's verdict and message are the same with and without the
shortcut on logs damaged in many ways (most of them forged with recomputed
hashes, so that only the schema checks can catch them).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from recorder import integrity
from recorder.games.battlecon import GAME as BATTLECON
from recorder.games.cogs import GAME as COGS
from recorder.header import Player
from recorder.match import Match, run, sealed
from replay.verify import verify
from tests.replay_support import rechain, toy_log
from tests.test_battlecon_properties import CASES, VARIANTS, play
from tests.toygame import GAME as TOY

# -- the property the shortcut rests on -----------------------------------------------------


@pytest.mark.parametrize("pairing,edition", CASES, ids=[f"{a}-{b}-{e}" for (a, b), e in CASES])
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(duels=st.sampled_from((1, 3)), discards=st.sampled_from(("suggested", "chosen")),
       variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32), data=st.data())
def test_battlecon_writes_only_valid_events(pairing, edition, duels, discards, variant, seed, data):
    if edition != "woi":
        variant = {k: v for k, v in variant.items() if k != "ante_finishers"}
    header = BATTLECON.make_header(players=(Player("Ann", pairing[0]), Player("Ben", pairing[1])),
                                   edition=edition, seed=seed, options={"duels": duels, "discards": discards,
                                                                        **variant})
    integrity.check(header, sealed(play(header, data)), BATTLECON.events)  # every check, every record


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), fleets=st.lists(st.sampled_from(("griffins", "herons", "lions", "merchants")),
                                                   min_size=2, max_size=3),
       bot=st.sampled_from(("random", "sensible")), cog_match=st.booleans())
def test_cogs_writes_only_valid_events(seed, fleets, bot, cog_match):
    players = tuple(Player(n, f) for n, f in zip(("Ann", "Ben", "Cy"), fleets))
    header = COGS.make_header(players=players, edition="standard", seed=seed,
                              options={"turns": 6, "cog_match": cog_match})
    match = Match(COGS, header)
    run(match, {i: COGS.bot(bot, seed, i) for i in range(len(fleets))})
    integrity.check(header, sealed(match), COGS.events)


# -- same verdict with and without the shortcut -------------------------------------------------


def _without_shortcut(monkeypatch) -> None:
    full = integrity.check

    def check(*args: Any, derived: Any = (), **kwargs: Any) -> None:
        full(*args, **kwargs)

    monkeypatch.setattr(integrity, "check", check)


BAD_VALUES = (1.5, True, -1, 2**60, None, "", "x" * 5000, [], {}, [1.0], {"k": 1})


def _damaged(header, records, limit_per_record: int, values=BAD_VALUES):
    """Logs with one payload field or envelope field replaced, each forged (hashes recomputed) and not.

    Every field of an input; the first ``limit_per_record`` of an outcome.
    """
    for i, record in enumerate(records):
        keys = sorted(record.data)[:None if record.kind == "input" else limit_per_record]
        for key in keys:
            for value in values:
                changed = dataclasses.replace(record, data={**record.data, key: value})
                yield f"{i}:data.{key}={value!r:.20}", rechain(header, records[:i] + [changed] + records[i + 1:])
        extra = dataclasses.replace(record, data={**record.data, "extra": 1})
        yield f"{i}:extra", rechain(header, records[:i] + [extra] + records[i + 1:])
        for name, value in (("actor", 9), ("visibility", 9), ("cause", i + 1), ("duel", 1.0), ("kind", "outcome")):
            changed = dataclasses.replace(record, **{name: value})
            yield f"{i}:{name}={value!r}", rechain(header, records[:i] + [changed] + records[i + 1:])
            yield f"{i}:{name}={value!r} unforged", records[:i] + [changed] + records[i + 1:]


def _reports(header, records, game, monkeypatch):
    fast = verify(header, records, game=game)
    with monkeypatch.context() as patch:
        _without_shortcut(patch)
        full = verify(header, records, game=game)
    return fast, full


def test_toy_game_damage_gets_the_same_verdict(monkeypatch):
    header, records = toy_log()
    kinds = set()
    for label, damaged in _damaged(header, records, limit_per_record=4):
        fast, full = _reports(header, damaged, TOY, monkeypatch)
        assert fast.to_dict() == full.to_dict(), label
        kinds.add(full.problem.kind if full.problem else "ok")
    assert "corrupt" in kinds  # some damage only the schema checks catch


def test_battlecon_damage_gets_the_same_verdict(monkeypatch):
    header = BATTLECON.make_header(players=(Player("A", "hikaru"), Player("B", "khadath")), edition="woi",
                                   seed=3, options={"duels": 1})
    match = Match(BATTLECON, header)
    run(match, {p: BATTLECON.bot("random", 30 + p, p) for p in (0, 1)})
    records = sealed(match)[:32]  # the set-up and the first beat: every kind of input
    kinds = set()
    for label, damaged in _damaged(header, records, limit_per_record=1, values=(1.5, None, "x" * 5000)):
        fast, full = _reports(header, damaged, BATTLECON, monkeypatch)
        assert fast.to_dict() == full.to_dict(), label
        kinds.add(full.problem.kind if full.problem else "ok")
    assert "corrupt" in kinds


# -- the envelope's fields, spelled out for speed --------------------------------------------------


def test_record_dicts_follow_the_envelope_fields():
    from recorder.envelope import FIELDS, Record, seal, sealed_body

    _, records = toy_log()
    record = records[5]
    assert tuple(f.name for f in dataclasses.fields(Record)) == FIELDS
    assert tuple(record.to_dict()) == FIELDS and tuple(record.body()) == FIELDS[:-1]
    assert record.to_dict() == {name: getattr(record, name) for name in FIELDS}
    header = BATTLECON.make_header(players=(Player("A", "hikaru"), Player("B", "khadath")), edition="woi", seed=1,
                                   options={"duels": 1})
    match = Match(BATTLECON, header)
    for entry in match.advance():
        body, digest = sealed_body("m", entry, "0" * 64)
        assert seal("m", entry, "0" * 64) == Record(hash=digest, **body)

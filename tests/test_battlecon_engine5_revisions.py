"""Engine 5's revisions: the states ``battlecon-engine-5`` went through on main under one version string.

Engine 5 changed five times on main after its first commit without a new version string, so the logs of each
state name the same engine (and, but for Sagas' matches before Assimilate, the same rules). Each state is kept as
a revision (recorder.rulesets.Rulesets.revision); verification re-runs a log the final state does not re-derive
under each revision that accepts its rules version. Engine 6 is engine 5's final state under a new string (kept
as a ruleset since engine 7, whose rules fingerprints differ).
tests/compat/0.3 holds logs of the first and the final state, byte for byte as main recorded them.
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest

from recorder.game import game_for
from recorder.games.battlecon import GAME
from recorder.games.battlecon.cards import FIGHTERS
from recorder.games.battlecon.rulesets.battlecon_engine_4 import Engine4
from recorder.games.battlecon.rulesets.battlecon_engine_5 import Engine5
from recorder.games.battlecon.rulesets.battlecon_engine_6 import Engine6
from recorder.games.battlecon.rulesets.battlecon_engine_5_revisions import (
    Engine5Revision1, Engine5Revision2, Engine5Revision3, Engine5Revision4, Engine5Revision5)
from recorder.rulesets import Rulesets
from replay.source import load_jsonl
from replay.verify import verify, verify_loaded
from replay.verify_file import verify_file

COMPAT = Path(__file__).parent / "compat" / "0.3"
ENGINE5 = "battlecon-engine-5"
ALL = (Engine5Revision5, Engine5Revision4, Engine5Revision3, Engine5Revision2, Engine5Revision1)
ENGINE6 = Engine6()  # engine 5's final rules under engine 6's version string


def _types(games) -> list[type]:
    return [type(g) for g in games]


def test_engine_6_is_engine_5s_final_state_and_has_no_revisions():
    assert ENGINE6.engine_version == "battlecon-engine-6"
    assert Engine5.__mro__[1] is Engine6
    assert {k for k in vars(Engine5) if not k.startswith("__")} == {"engine_version", "rules_versions"}
    rules = ENGINE6.rules_version_for(("hikaru", "khadath"))
    assert type(GAME.ruleset(ENGINE6.engine_version, rules)) is Engine6
    assert GAME.revisions(ENGINE6.engine_version, rules) == ()  # a log of engine 6 is re-run once, as always
    now = GAME.rules_version_for(("hikaru", "khadath"))
    assert GAME.revisions(GAME.engine_version, now) == ()  # and so is a log of engine 7


def test_a_pairing_without_sagas_may_be_any_revision_newest_first():
    rules = ENGINE6.rules_version_for(("rukyuk", "kallistar"))
    assert type(GAME.ruleset(ENGINE5, rules)) is Engine5
    assert _types(GAME.revisions(ENGINE5, rules)) == list(ALL)
    assert all(g.recorded_rules == rules for g in GAME.revisions(ENGINE5, rules))


def test_sagas_before_assimilate_is_revision_1_or_2_only():
    before = Engine4().rules_version_for(("sagas", "hikaru"))  # his kit's fingerprint without Assimilate
    after = ENGINE6.rules_version_for(("sagas", "hikaru"))
    assert before != after
    assert not GAME.accepts(before)
    assert type(GAME.ruleset(ENGINE5, before)) is Engine5Revision2
    assert _types(GAME.revisions(ENGINE5, before)) == [Engine5Revision1]
    assert _types(GAME.revisions(ENGINE5, after)) == [Engine5Revision5, Engine5Revision4, Engine5Revision3]
    assert "Assimilate" not in Engine5Revision2().finisher_sides("sagas")
    assert "Assimilate" in Engine5Revision3().finisher_sides("sagas")


def test_each_revision_is_the_one_before_it_and_one_change():
    assert Engine5Revision1.stun_guard_ignored is type(GAME).stun_guard_ignored  # the Stun Guard fix
    assert Engine5Revision1.cannot_hit_records is Engine4.cannot_hit_records
    assert Engine5Revision2.cannot_hit_records is type(GAME).cannot_hit_records  # cannot hit is not a dodge
    assert Engine5Revision3.ability_negated is Engine4.ability_negated  # Assimilate: card data, no hook
    assert Engine5Revision4.ability_negated not in (Engine4.ability_negated, type(GAME).ability_negated)
    assert Engine5Revision4.until_adjacent_blocked is Engine4.until_adjacent_blocked
    assert Engine5Revision5.until_adjacent_blocked is type(GAME).until_adjacent_blocked
    assert Engine5.ability_negated is Engine6.ability_negated  # and on damage taken: the final state


def _negated(game, timing: str) -> list:
    """Drive the ability_negated generator of ``game`` with a context whose opponent negates everything."""

    class Ctx:
        pass

    steps = []
    gen = game.ability_negated(Ctx(), 0, None, timing)
    try:
        while True:
            steps.append(next(gen))
    except StopIteration as done:
        return [done.value, steps]


def test_revisions_4_and_5_negate_abilities_at_the_end_of_the_beat_only():
    # On damage taken (fb0034c on) they did not ask at all: nothing happens, nothing is negated.
    for cls in (Engine5Revision4, Engine5Revision5):
        assert _negated(cls(), "damage") == [False, []]
    assert _negated(Engine5Revision3(), "end") == [False, []]


@pytest.mark.parametrize("path", sorted((COMPAT / "engine-5-revision-1").glob("*.jsonl")), ids=lambda p: p.name)
def test_a_log_of_engine_5s_first_state_verifies_through_its_revision(path):
    loaded = load_jsonl(path)
    final = game_for(loaded.header)
    first = verify(loaded.header, loaded.records, game=final)  # the game given: no revision is tried
    fallback = verify_loaded(loaded)
    assert fallback.ok and fallback.complete, fallback.summary()
    assert verify_file(path).summary() == fallback.summary()
    if type(final) is Engine5:  # Rukyuk: the final state re-derives a different record
        assert not first.ok and "differs in data.dodge" in first.summary()


def test_a_forged_engine_5_log_still_reports_the_final_rules_first_difference(tmp_path):
    path = COMPAT / "engine-5" / "woi-rukyuk-vs-kallistar.jsonl"
    lines = path.read_bytes().splitlines(keepends=True)
    loaded = load_jsonl(path)
    assert verify_loaded(loaded).ok
    # An answer changed and every hash recomputed is the forensics' case; here, the simplest: a record's
    # outcome changed without its hash: the chain check names it, revisions or not.
    forged = tmp_path / "forged.jsonl"
    i = next(n for n, line in enumerate(lines) if b'"AttackMissed"' in line and b"cannot hit: " in line)
    forged.write_bytes(b"".join(lines[:i] + [lines[i].replace(b"cannot hit: ", b"cannot hit! ")] + lines[i + 1:]))
    report = verify_file(forged)
    assert not report.ok


def test_a_revision_must_name_its_versions_and_number():
    table = Rulesets("battlecon")
    with pytest.raises(TypeError, match="must set its own engine_version, rules_versions and revision"):
        @table.revision
        class Nameless(Engine5):
            pass

    @table.revision
    class One(Engine5):
        engine_version = ENGINE5
        rules_versions = frozenset({"r"})
        revision = 1

    with pytest.raises(ValueError, match="revision 1 registered twice"):
        @table.revision
        class Again(Engine5):
            engine_version = ENGINE5
            rules_versions = frozenset({"r"})
            revision = 1


def test_every_pairing_of_engine_5_is_accepted():
    for pair in combinations(FIGHTERS, 2):
        assert GAME.ruleset(ENGINE5, ENGINE6.rules_version_for(pair)) is not None, pair

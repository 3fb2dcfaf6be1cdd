"""The rules fingerprint of a match covers the shared rules and the kits it uses, nothing else.

Adding a fighter changes no fingerprint of a match without it; logs recorded under the earlier, game-wide
fingerprint keep verifying (their fighters' kits accept it); a header's fingerprint must be its own fighters'.
"""

from __future__ import annotations

import dataclasses

from recorder.game import game_for
from recorder.games.battlecon import GAME
from recorder.games.battlecon.game import Fingerprints
from recorder.games.battlecon.rulesets.battlecon_engine_3 import EVENTS_3, Engine3
from recorder.header import Player
from recorder.match import Match, run, sealed
from replay.verify import verify

FIRST = "battlecon-075b75896161"


def _record(a: str, b: str, seed: int = 3, game=GAME):
    header = game.make_header(players=(Player("Ann", a), Player("Ben", b)), edition="woi", seed=seed,
                              options={"duels": 1})
    match = Match(game, header)
    run(match, {p: game.bot("random", seed, p) for p in (0, 1)})
    return header, sealed(match)


def test_a_header_carries_its_own_matchs_fingerprint():
    header, _ = _record("hikaru", "khadath")
    assert header.rules_version == GAME.rules_version_for(("hikaru", "khadath"))
    assert GAME.rules_version_for(("khadath", "hikaru")) == header.rules_version  # seat order does not matter


def test_the_first_fighters_rules_keep_the_name_their_logs_carry():
    # Under battlecon-engine-3 (its ruleset registers the events as that engine did) the game-wide fingerprint
    # of then is still the name of exactly these rules, so its logs keep verifying; engine 4 changed three core
    # events' schemas, so its matches have fingerprints of their own.
    for pair in (("hikaru", "khadath"), ("cadenza", "kallistar")):
        assert Engine3().rules_version_for(pair) == FIRST
        assert GAME.rules_version_for(pair) != FIRST
    fp = Fingerprints(EVENTS_3)
    fp.kits = {**fp.kits, "khadath": "1" * 64}  # Khadath's card data changed: his matches get a new name
    assert fp.of(("hikaru", "khadath")) != FIRST and fp.of(("hikaru", "cadenza")) == FIRST


def test_adding_a_fighter_changes_no_other_matchs_fingerprint():
    before = Fingerprints()
    after = Fingerprints()
    after.kits = {**after.kits, "newcomer": "0" * 64}  # a kit more in the roster
    for pair in (("hikaru", "khadath"), ("cadenza", "kallistar")):
        assert after.of(pair) == before.of(pair)


def test_a_fingerprint_changes_with_the_shared_rules_or_one_of_its_kits():
    fp = Fingerprints()
    base = fp.of(("hikaru", "khadath"))
    fp.kits = {**fp.kits, "khadath": "1" * 64}
    assert fp.of(("hikaru", "khadath")) != base and fp.of(("hikaru", "cadenza")) == Fingerprints().of(
        ("hikaru", "cadenza"))
    fp = Fingerprints()
    fp.shared = "2" * 64
    assert fp.of(("hikaru", "khadath")) != base


def test_a_new_recording_verifies():
    header, records = _record("cadenza", "kallistar")
    report = verify(header, records)
    assert report.ok and report.complete, report.summary()


def test_the_earlier_game_wide_fingerprint_still_runs_for_the_first_fighters():
    header, records = _record("hikaru", "cadenza", game=Engine3())
    game = game_for(header)
    assert game.rules_version == FIRST and game.engine_version == "battlecon-engine-3"
    assert verify(header, records).ok


def test_a_fingerprint_of_other_fighters_is_refused_by_the_header_check(monkeypatch):
    fp = GAME.fingerprints
    monkeypatch.setattr(fp, "kits", {**fp.kits, "khadath": "1" * 64})  # Khadath's matches: a fingerprint of their own
    monkeypatch.setattr(fp, "_known", None)
    header, records = _record("hikaru", "khadath")
    others = GAME.rules_version_for(("hikaru", "cadenza"))
    assert header.rules_version != others
    other = dataclasses.replace(header, rules_version=others)  # the name of the others' rules
    report = verify(other, records)
    assert not report.ok
    assert "are not the rules of a match of hikaru and khadath" in report.problem.message


def test_an_unknown_fingerprint_is_one_clear_line():
    header, records = _record("hikaru", "khadath")
    report = verify(dataclasses.replace(header, rules_version="battlecon-000000000000"), records)
    assert not report.ok and "'battlecon-000000000000'" in report.problem.message
    assert "\n" not in report.problem.message

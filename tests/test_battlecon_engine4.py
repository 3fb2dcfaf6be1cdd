"""What engine battlecon-engine-4 records that engine 3 got wrong (issue #21 items 1 and 4), and engine 3
kept runnable for its logs: an effect's stun records the fighter's true stun guard, an anted Finisher's
reveal names what was revealed (no empty names, and the schema refuses them)."""

from __future__ import annotations

import pytest

from recorder.errors import CorruptLog
from recorder.game import game_for
from recorder.games.battlecon import GAME
from recorder.games.battlecon.rulesets.battlecon_engine_3 import Engine3
from recorder.validate import validate_payload

from .battlecon_scenarios import Scenario

ENGINE3 = Engine3()


def caustic_into(edition: str, defender: str, pair: tuple[str, str], game=GAME, **kw):
    """Elemental Kallistar's Caustic Grasp (On Hit: the opponent is stunned) into ``pair``."""
    sc = Scenario(("kallistar", defender), edition=edition, keep=(("Caustic", "Grasp"), pair), positions=(3, 4),
                  forms={0: "elemental"}, game=game, **kw)
    beat = sc.beat((("Caustic", "Grasp"), pair),
                   choices={0: [{"kind": "order", "first": "Caustic"}, {"kind": "move", "to": 2}]}, lenient=True)
    return sc, beat


@pytest.mark.parametrize("edition", ["woi", "preview"])
def test_an_effect_stun_records_the_true_stun_guard(edition):
    # WoI / Preview stun example 5: Cadenza's Clockwork Strike has Stun Guard 5; Caustic stuns him anyway.
    sc, b = caustic_into(edition, "cadenza", ("Clockwork", "Strike"), tokens={1: []})
    stun = b.one("StunApplied", player=1)
    assert (stun.reason, stun.damage, stun.stun_guard) == ("effect", 0, 5)  # On Hit: no damage taken yet


def test_the_report_says_the_effect_ignores_the_stun_guard():
    import copy

    from .explain_support import lines_of, told

    sc = Scenario(("kallistar", "cadenza"), keep=(("Caustic", "Grasp"), ("Clockwork", "Strike")), positions=(3, 4),
                  forms={0: "elemental"}, tokens={1: []})
    before = copy.deepcopy(sc.state)
    b = sc.beat((("Caustic", "Grasp"), ("Clockwork", "Strike")),
                choices={0: [{"kind": "order", "first": "Caustic"}, {"kind": "move", "to": 2}]}, lenient=True)
    assert lines_of(told(GAME, before, b.entries), "StunApplied") == [
        "Cadenza is stunned (by effect, which ignores stun guard 5 (Strike 5))"]


def test_stun_immunity_against_an_effect_records_the_true_stun_guard():
    # Example 6: Cadenza antes Iron Body (Stun Immunity) under his Clockwork Strike (Stun Guard 5).
    sc = Scenario(("kallistar", "cadenza"), keep=(("Caustic", "Grasp"), ("Clockwork", "Strike")), positions=(3, 4),
                  forms={0: "elemental"}, tokens={1: ["Iron Body"]})
    b = sc.beat((("Caustic", "Grasp"), ("Clockwork", "Strike")), antes={1: ["Iron Body"]},
                choices={0: [{"kind": "order", "first": "Caustic"}, {"kind": "move", "to": 2}]})
    prevented = b.one("StunPrevented", player=1)
    assert prevented.by == "stun immunity (Iron Body token)"
    assert (prevented.damage, prevented.stun_guard) == (0, 5)


def test_engine_3_still_records_zeros():
    sc, b = caustic_into("woi", "cadenza", ("Clockwork", "Strike"), game=ENGINE3, tokens={1: []})
    stun = b.one("StunApplied", player=1)
    assert (stun.damage, stun.stun_guard) == (0, 0)
    assert sc.header.engine_version == "battlecon-engine-3"
    assert game_for(sc.header) is not GAME and game_for(sc.header).engine_version == "battlecon-engine-3"


def anted_finisher(game=GAME):
    sc = Scenario(("cadenza", "hikaru"), options={"ante_finishers": True}, keep=(("Battery", "Strike"),
                  ("Trance", "Shot")), positions=(3, 4), life=(7, 20), finishers=("Rocket Press", "Four Winds"),
                  game=game)
    return sc.beat((("Battery", "Strike"), ("Trance", "Shot")), antes={0: ["Rocket Press"]}, lenient=True)


def test_an_anted_finishers_reveal_names_what_was_revealed():
    revealed = anted_finisher().of("PairRevealed")[0]
    assert revealed.styles == ("Rocket Press", "Trance")
    assert revealed.bases == (None, "Shot")  # no base was revealed with the Finisher
    assert "" not in revealed.styles + revealed.bases


def test_engine_3_still_writes_the_empty_base():
    revealed = anted_finisher(ENGINE3).of("PairRevealed")[0]
    assert revealed.bases == ("", "Shot")


def test_the_schema_refuses_empty_names_from_engine_4_on():
    def record(bases):
        return {"type": "PairRevealed", "kind": "outcome", "data": {"styles": ["Rocket Press", "Trance"],
                                                                    "bases": bases}}

    validate_payload(record([None, "Shot"]), GAME.events, "seq 9")
    with pytest.raises(CorruptLog, match="seq 9: data.bases"):
        validate_payload(record(["", "Shot"]), GAME.events, "seq 9")
    validate_payload(record(["", "Shot"]), ENGINE3.events, "seq 9")  # engine 3's logs hold it: they still check


def test_statistics_name_the_anted_finisher_alone():
    from recorder.games.battlecon.stat_events import _label

    assert _label("Rocket Press", None) == "Rocket Press"  # engine 4
    assert _label("Rocket Press", "") == "Rocket Press"  # engine 3's logs
    assert _label("Trance", "Shot") == "Trance Shot"

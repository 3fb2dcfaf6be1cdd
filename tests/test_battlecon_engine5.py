"""BattleCON engine battlecon-engine-5: what it fixes, each against engine 4 kept runnable as a ruleset
(recorder/games/battlecon/rulesets/battlecon_engine_4.py) that re-runs every engine-4 log as it was recorded.

Engine 4's rules fingerprints below were computed on main before engine 5 existed (commit 0a70730) and are kept
as literal data: ``Engine4`` must produce exactly these, for every pairing of the roster, or the logs carrying them
stop verifying. tests/test_compat.py verifies the frozen engine-4 logs themselves.
"""

from __future__ import annotations

import copy
from itertools import combinations

import pytest

from recorder.game import game_for
from recorder.games.battlecon import GAME
from recorder.games.battlecon.cards import FIGHTERS, KITS, SPECIAL_ACTION as SA
from recorder.games.battlecon.rulesets.battlecon_engine_3 import Engine3
from recorder.games.battlecon.rulesets.battlecon_engine_4 import Engine4
from recorder.games.battlecon.rulesets.battlecon_engine_5 import Engine5
from recorder.games.battlecon.rulesets.battlecon_engine_6 import Engine6
from recorder.header import Player
from recorder.match import Match, run, sealed
from replay.verify import verify

from .battlecon_scenarios import Scenario
from .explain_support import cites_of, lines_of, told

ENGINE4 = Engine4()

ENGINE4_RULES = "battlecon-8c01a726a634"  # the game-wide fingerprint (the shared rules alone)
ENGINE4_PAIRS = {
    ("cadenza", "cherri"): "battlecon-2f464a02b1fc",
    ("cadenza", "demitras"): "battlecon-7b102774e245",
    ("cadenza", "heketch"): "battlecon-438d04ad0ce2",
    ("cadenza", "hepzibah"): "battlecon-5122ac762725",
    ("cadenza", "hikaru"): "battlecon-013eeab96b1e",
    ("cadenza", "kallistar"): "battlecon-e7dfa4891b97",
    ("cadenza", "kehrolyn"): "battlecon-39c05c295a07",
    ("cadenza", "khadath"): "battlecon-a038a4aefee5",
    ("cadenza", "lixis"): "battlecon-0b525c515cf1",
    ("cadenza", "luc"): "battlecon-51d0f799b588",
    ("cadenza", "magdalena"): "battlecon-5dee7d2a39af",
    ("cadenza", "rukyuk"): "battlecon-6a0c86584062",
    ("cadenza", "sagas"): "battlecon-9821093d6d65",
    ("cadenza", "seth"): "battlecon-b2f635826be5",
    ("cadenza", "tatsumi"): "battlecon-17fd1d6ad319",
    ("cadenza", "vanaah"): "battlecon-c6be96889f42",
    ("cadenza", "zaamassal"): "battlecon-7a81d2b2eba8",
    ("cherri", "demitras"): "battlecon-9237ef63312f",
    ("cherri", "heketch"): "battlecon-8b7314299f2b",
    ("cherri", "hepzibah"): "battlecon-a64b130a3c6f",
    ("cherri", "hikaru"): "battlecon-3026eb8f9f36",
    ("cherri", "kallistar"): "battlecon-c24610d94ac0",
    ("cherri", "kehrolyn"): "battlecon-5305b8669f1a",
    ("cherri", "khadath"): "battlecon-d8c3c9fc61d4",
    ("cherri", "lixis"): "battlecon-6ff8d2d1267a",
    ("cherri", "luc"): "battlecon-09c65c3219cf",
    ("cherri", "magdalena"): "battlecon-d0561433411f",
    ("cherri", "rukyuk"): "battlecon-b3b81c7eb99c",
    ("cherri", "sagas"): "battlecon-b54ffa1ea716",
    ("cherri", "seth"): "battlecon-8aab23e7d650",
    ("cherri", "tatsumi"): "battlecon-1347681572ed",
    ("cherri", "vanaah"): "battlecon-3128f9deccbb",
    ("cherri", "zaamassal"): "battlecon-7f2f1ad3ab82",
    ("demitras", "heketch"): "battlecon-06cdfc1eeb8a",
    ("demitras", "hepzibah"): "battlecon-89087cd85d3a",
    ("demitras", "hikaru"): "battlecon-060361b9cae7",
    ("demitras", "kallistar"): "battlecon-e995735ab645",
    ("demitras", "kehrolyn"): "battlecon-cb3e439bcfb2",
    ("demitras", "khadath"): "battlecon-26eaf670705e",
    ("demitras", "lixis"): "battlecon-e0d7391d254b",
    ("demitras", "luc"): "battlecon-88c1b94f03b5",
    ("demitras", "magdalena"): "battlecon-367b97fd3323",
    ("demitras", "rukyuk"): "battlecon-c54f4079e38f",
    ("demitras", "sagas"): "battlecon-22b1c2a15eb7",
    ("demitras", "seth"): "battlecon-c11cb8247401",
    ("demitras", "tatsumi"): "battlecon-80dda7c2f159",
    ("demitras", "vanaah"): "battlecon-6dad658e32aa",
    ("demitras", "zaamassal"): "battlecon-8d9370a909e5",
    ("heketch", "hepzibah"): "battlecon-6c26729491fc",
    ("heketch", "hikaru"): "battlecon-f0fdb72b1bd4",
    ("heketch", "kallistar"): "battlecon-b07bb4aa4517",
    ("heketch", "kehrolyn"): "battlecon-822bda5a1e4b",
    ("heketch", "khadath"): "battlecon-8d4fc8d81064",
    ("heketch", "lixis"): "battlecon-6537598ec85a",
    ("heketch", "luc"): "battlecon-a8ab2ece34ae",
    ("heketch", "magdalena"): "battlecon-f6098a3ae452",
    ("heketch", "rukyuk"): "battlecon-e4c392a17a48",
    ("heketch", "sagas"): "battlecon-869400a6060c",
    ("heketch", "seth"): "battlecon-c9ebefb1269e",
    ("heketch", "tatsumi"): "battlecon-916800fd9ae9",
    ("heketch", "vanaah"): "battlecon-848388bf9830",
    ("heketch", "zaamassal"): "battlecon-678a00c668b2",
    ("hepzibah", "hikaru"): "battlecon-59e1996b7e6a",
    ("hepzibah", "kallistar"): "battlecon-5bd9a75cd541",
    ("hepzibah", "kehrolyn"): "battlecon-8758b67d730d",
    ("hepzibah", "khadath"): "battlecon-3a99d27c4f1f",
    ("hepzibah", "lixis"): "battlecon-bfc8fd3e70a0",
    ("hepzibah", "luc"): "battlecon-7edaa8d13e81",
    ("hepzibah", "magdalena"): "battlecon-b8456699a7ff",
    ("hepzibah", "rukyuk"): "battlecon-8d8f865f6188",
    ("hepzibah", "sagas"): "battlecon-05598f765abc",
    ("hepzibah", "seth"): "battlecon-ef0a4a944fcb",
    ("hepzibah", "tatsumi"): "battlecon-43d714322b18",
    ("hepzibah", "vanaah"): "battlecon-d3aebe04f0a2",
    ("hepzibah", "zaamassal"): "battlecon-cef50d78fe32",
    ("hikaru", "kallistar"): "battlecon-807e199ce5ac",
    ("hikaru", "kehrolyn"): "battlecon-3a4a57510c48",
    ("hikaru", "khadath"): "battlecon-81728a4703c6",
    ("hikaru", "lixis"): "battlecon-4da63677d201",
    ("hikaru", "luc"): "battlecon-cee8e1eba5f9",
    ("hikaru", "magdalena"): "battlecon-81d7dd9fbf20",
    ("hikaru", "rukyuk"): "battlecon-6d5e27d65cbf",
    ("hikaru", "sagas"): "battlecon-afe00c964546",
    ("hikaru", "seth"): "battlecon-64cec53312d4",
    ("hikaru", "tatsumi"): "battlecon-b7f46c328882",
    ("hikaru", "vanaah"): "battlecon-d3a12a87fd03",
    ("hikaru", "zaamassal"): "battlecon-18deebfef7da",
    ("kallistar", "kehrolyn"): "battlecon-6df7ff86c533",
    ("kallistar", "khadath"): "battlecon-d675c3ec1851",
    ("kallistar", "lixis"): "battlecon-bae544cbee59",
    ("kallistar", "luc"): "battlecon-d3db28570ef1",
    ("kallistar", "magdalena"): "battlecon-572871f0ed8c",
    ("kallistar", "rukyuk"): "battlecon-8ff812b290a9",
    ("kallistar", "sagas"): "battlecon-f92c647b3c0b",
    ("kallistar", "seth"): "battlecon-6f925625d850",
    ("kallistar", "tatsumi"): "battlecon-ee4fd8ce6b6c",
    ("kallistar", "vanaah"): "battlecon-0921b1c03e7d",
    ("kallistar", "zaamassal"): "battlecon-994f97280fdb",
    ("kehrolyn", "khadath"): "battlecon-eeb52ef195d0",
    ("kehrolyn", "lixis"): "battlecon-f94ce73459f5",
    ("kehrolyn", "luc"): "battlecon-0db6f250e018",
    ("kehrolyn", "magdalena"): "battlecon-6737ef06cd29",
    ("kehrolyn", "rukyuk"): "battlecon-e51dfd4e0d0f",
    ("kehrolyn", "sagas"): "battlecon-be9ccd9bf00f",
    ("kehrolyn", "seth"): "battlecon-9cbfb3996733",
    ("kehrolyn", "tatsumi"): "battlecon-4f8fae55df40",
    ("kehrolyn", "vanaah"): "battlecon-784218a0d3bd",
    ("kehrolyn", "zaamassal"): "battlecon-e79d81a3b6da",
    ("khadath", "lixis"): "battlecon-2a17362225e5",
    ("khadath", "luc"): "battlecon-513f271dc00d",
    ("khadath", "magdalena"): "battlecon-46f742747fc2",
    ("khadath", "rukyuk"): "battlecon-c9a6195a9646",
    ("khadath", "sagas"): "battlecon-5874a102f4be",
    ("khadath", "seth"): "battlecon-be470cdea84c",
    ("khadath", "tatsumi"): "battlecon-dcbf34cc5ffb",
    ("khadath", "vanaah"): "battlecon-a8ec85c33db8",
    ("khadath", "zaamassal"): "battlecon-bbf640eb6588",
    ("lixis", "luc"): "battlecon-f2ef5baf102b",
    ("lixis", "magdalena"): "battlecon-377497123cec",
    ("lixis", "rukyuk"): "battlecon-9c860a68021e",
    ("lixis", "sagas"): "battlecon-64e938a28e3f",
    ("lixis", "seth"): "battlecon-02bc4d59768b",
    ("lixis", "tatsumi"): "battlecon-fefb1c78aa00",
    ("lixis", "vanaah"): "battlecon-664a0ca214bd",
    ("lixis", "zaamassal"): "battlecon-193e3f3d4038",
    ("luc", "magdalena"): "battlecon-461a67e18812",
    ("luc", "rukyuk"): "battlecon-5369a6a9bdcf",
    ("luc", "sagas"): "battlecon-3638baacd633",
    ("luc", "seth"): "battlecon-40bdba319f69",
    ("luc", "tatsumi"): "battlecon-ecfd0f24cfa3",
    ("luc", "vanaah"): "battlecon-3da90a807de5",
    ("luc", "zaamassal"): "battlecon-eb369b89cfa4",
    ("magdalena", "rukyuk"): "battlecon-0cdb26e92e08",
    ("magdalena", "sagas"): "battlecon-cdd0dda64687",
    ("magdalena", "seth"): "battlecon-e26c1abb45c3",
    ("magdalena", "tatsumi"): "battlecon-65ed846b6829",
    ("magdalena", "vanaah"): "battlecon-36b8b027989e",
    ("magdalena", "zaamassal"): "battlecon-e8bba687d6a8",
    ("rukyuk", "sagas"): "battlecon-ad4ee4c3d40b",
    ("rukyuk", "seth"): "battlecon-58dd5b496417",
    ("rukyuk", "tatsumi"): "battlecon-37af64960c76",
    ("rukyuk", "vanaah"): "battlecon-f8dffc062a85",
    ("rukyuk", "zaamassal"): "battlecon-0bcca4a05548",
    ("sagas", "seth"): "battlecon-dc0f520f32e9",
    ("sagas", "tatsumi"): "battlecon-616b9e6973ee",
    ("sagas", "vanaah"): "battlecon-eb4c6353a04e",
    ("sagas", "zaamassal"): "battlecon-18812a90a859",
    ("seth", "tatsumi"): "battlecon-4e21ac635389",
    ("seth", "vanaah"): "battlecon-9dce6a0907fe",
    ("seth", "zaamassal"): "battlecon-482f4ad4fc71",
    ("tatsumi", "vanaah"): "battlecon-fedfabedd2e3",
    ("tatsumi", "zaamassal"): "battlecon-6b1f7a8bf04c",
    ("vanaah", "zaamassal"): "battlecon-ea182ea1b79a",
}


# -- the version bump ------------------------------------------------------------------------------------------


def test_the_current_engine_is_7_and_the_chain_reads_as_the_changes():
    # Engine 6 is engine 5's final state under a new version string (tests/test_battlecon_engine5_revisions.py);
    # engine 7 changed the Stasis Charge negation (tests/test_battlecon_stasis_charge.py).
    assert GAME.engine_version == "battlecon-engine-7"
    assert ENGINE4.engine_version == "battlecon-engine-4"
    assert Engine3.__mro__[1] is Engine4 and Engine4.__mro__[1] is Engine5 and Engine5.__mro__[1] is Engine6
    assert Engine6.__mro__[1] is type(GAME)


def test_engine_4_keeps_every_fingerprint_engine_4_recorded():
    assert len(ENGINE4_PAIRS) == 153 == len(list(combinations(FIGHTERS, 2)))
    assert ENGINE4.rules_version == ENGINE4_RULES
    got = {tuple(sorted(pair)): ENGINE4.rules_version_for(pair) for pair in combinations(FIGHTERS, 2)}
    assert got == ENGINE4_PAIRS
    assert set(ENGINE4_PAIRS.values()) <= Engine4.rules_versions
    for pair, rules in ENGINE4_PAIRS.items():
        assert ENGINE4.accepts(rules) and Engine4.rules_versions
        assert type(GAME.ruleset("battlecon-engine-4", rules)) is Engine4, pair


def _record(game, sides=("luc", "cadenza"), seed=5):
    header = game.make_header(players=(Player("Ann", sides[0]), Player("Ben", sides[1])), edition="woi",
                              seed=seed, options={"duels": 1})
    match = Match(game, header)
    run(match, {p: game.bot("random", seed, p) for p in (0, 1)})
    return header, sealed(match)


def test_an_engine_4_header_is_run_by_engine_4():
    header, records = _record(ENGINE4)
    assert header.engine_version == "battlecon-engine-4"
    assert header.rules_version == ENGINE4_PAIRS[("cadenza", "luc")]
    game = game_for(header)
    assert type(game) is Engine4 and game is not GAME
    report = verify(header, records)
    assert report.ok and report.complete, report.summary()


def test_an_engine_7_header_is_run_by_the_current_engine():
    header, records = _record(GAME)
    assert header.engine_version == "battlecon-engine-7"
    assert type(game_for(header)) is type(GAME)
    assert verify(header, records).ok


# -- a. Iron Body against an attack that ignores Stun Guard (WoI FAQ Cadenza) --------------------------------


def flash_into_cadenza(game, **kw):
    """Luc's Fusion Flash (Flash: "This attack ignores Stun Guard") hits Cadenza's Mechanical Strike (Stun Guard 5)
    for 1 damage: over a stun guard of 0 once it is ignored. Cadenza holds an Iron Body token, not anted."""
    sc = Scenario(("luc", "cadenza"), keep=(("Fusion", "Flash"), ("Mechanical", "Strike")), positions=(3, 4),
                  tokens={1: ["Iron Body"]}, game=game)
    before = copy.deepcopy(sc.state)
    return sc, before, sc.beat((("Fusion", "Flash"), ("Mechanical", "Strike")), **kw)


def test_iron_body_cannot_be_spent_against_an_attack_that_ignores_stun_guard():
    # WoI FAQ Cadenza: "No. The token gives him Stun Guard ∞ when spent, so an effect that ignores Stun Guard will
    # still take precedence."
    sc, before, b = flash_into_cadenza(GAME, choices={1: [{"kind": "move", "to": 3}]})
    assert "iron_body" not in [r.kind for r in sc.requests]
    assert b.none("IronBodyDecided")
    ignored = b.one("EffectIgnored", player=1)
    assert ignored.card == "Iron Body" and "ignores Stun Guard (Flash)" in ignored.reason
    stun = b.one("StunApplied", player=1)
    assert (stun.reason, stun.damage, stun.stun_guard) == ("damage", 1, 0)
    assert b.one("AttackSkipped", player=1).reason == "stunned"
    assert sc.state.fighters[1].tokens == ["Iron Body"]  # kept
    said = told(GAME, before, b.entries)
    assert lines_of(said, "EffectIgnored") == [
        "Cadenza's Iron Body does nothing: the attack ignores Stun Guard (Flash): a spent token's Stun Guard infinity "
        "would not stop the stun"]
    assert cites_of(said, "EffectIgnored") == [
        "WoI FAQ Cadenza ('an effect that ignores Stun Guard will still take precedence'); ruling 'Iron Body against "
        "an attack that ignores Stun Guard' (docs/rulings.md#bc-iron-body-ignored)"]


def test_engine_4_still_asks_for_iron_body_against_it():
    sc, _, b = flash_into_cadenza(ENGINE4, choices={1: [{"kind": "iron_body", "spend": True},
                                                        {"kind": "move", "to": 3}]})
    assert b.one("IronBodyDecided", player=1).spend
    assert b.one("StunPrevented", player=1).by == "Iron Body"
    assert b.none("StunApplied") and b.none("EffectIgnored")
    assert sc.state.fighters[1].tokens == []


@pytest.mark.parametrize("game", [GAME, ENGINE4], ids=["engine5", "engine4"])
def test_iron_body_is_still_spent_against_an_attack_that_does_not_ignore_stun_guard(game):
    # Luc's Fusion Strike (3 power) into Cadenza's Mechanical Grasp (no stun guard): he may spend the token.
    sc = Scenario(("luc", "cadenza"), keep=(("Fusion", "Strike"), ("Mechanical", "Grasp")), positions=(3, 4),
                  tokens={1: ["Iron Body"]}, game=game)
    b = sc.beat((("Fusion", "Strike"), ("Mechanical", "Grasp")),
                choices={1: [{"kind": "iron_body", "spend": True}]}, lenient=True)
    assert b.one("IronBodyDecided", player=1).spend and b.none("EffectIgnored")
    assert b.one("StunPrevented", player=1).by == "Iron Body"


# -- b. an attack its own cards say cannot hit is not a dodge (WoI p.30: a dodge is the defender's effect) --------

NO_AMMO = "Custom Ammunition: no Ammo token anted, the attack cannot hit"


def unloaded_shot(game):
    """Rukyuk's Trick Shot with no Ammo token anted (his Unique Ability: his attack cannot hit), in range."""
    sc = Scenario(("rukyuk", "hikaru"), keep=(("Trick", "Shot"), ("Focused", "Strike")), positions=(1, 5), game=game)
    before = copy.deepcopy(sc.state)
    return before, sc.beat((("Trick", "Shot"), ("Focused", "Strike")))


def test_an_attack_that_cannot_hit_by_its_own_cards_is_not_recorded_as_dodged():
    before, b = unloaded_shot(GAME)
    checked = b.one("RangeChecked", player=0)
    assert (checked.in_range, checked.dodge) == (True, None)  # nothing of the defender's made it miss
    assert b.one("AttackMissed", player=0).reason == f"cannot hit: {NO_AMMO}"
    assert b.none("HitScored", player=0)
    said = told(GAME, before, b.entries)
    checked = [line for line in lines_of(said, "RangeChecked") if line.startswith("Rukyuk")]
    assert len(checked) == 1 and checked[0].endswith(" — in range")
    missed = [(text, cite) for t, text, cite in said if t == "AttackMissed" and text.startswith("Rukyuk")]
    assert missed == [(f"Rukyuk misses: cannot hit: {NO_AMMO}",
                       "WoI p.25, Active attack, step 2: the attack's own card or ability says it cannot hit (not a "
                       "dodge: WoI p.30 'Opponents/Attacks at range X do not hit you' is the defender's effect); "
                       "ruling 'Cannot hit' (docs/rulings.md#bc-cannot-hit)")]


def test_engine_4_still_records_it_as_dodged():
    _, b = unloaded_shot(ENGINE4)
    assert b.one("RangeChecked", player=0).dodge == NO_AMMO
    assert b.one("AttackMissed", player=0).reason == f"dodged: {NO_AMMO}"


def test_a_defenders_dodge_is_still_a_dodge():
    # Khadath's Teleport: "Opponents do not hit you if the trap is between you" (the rulebook's dodge example).
    sc = Scenario(("hikaru", "khadath"), keep=(("Trance", "Strike"), ("Teleport", "Strike")), positions=(3, 5),
                  trap=4)
    b = sc.beat((("Trance", "Strike"), ("Teleport", "Strike")), lenient=True)
    missed = b.of("AttackMissed", player=0)
    assert missed and missed[0].reason.startswith("dodged: ")


# -- c. Stasis Charge negates the opponent's unique ability acting at the end of the beat ----------------------


def stasis_charge_into(opponent, pair, game, **kw):
    """Luc (5 life) reveals his Stasis Charge Finisher: "This beat, each time the opponent would trigger an effect,
    that effect is negated and you gain a Time token instead"."""
    sc = Scenario(("luc", opponent), keep=(("Fusion", "Strike"), pair), life=(5, 20), game=game,
                  options={"special_actions": True}, finishers=("Stasis Charge", KITS[opponent].finishers[0]), **kw)
    before = copy.deepcopy(sc.state)
    return sc, before, sc.beat(((SA, "Strike"), pair), lenient=True)


def test_stasis_charge_negates_magdalenas_end_of_beat_gain():
    sc, before, b = stasis_charge_into("magdalena", ("Safety", "Strike"), GAME, positions=(3, 4))
    assert b.one("EffectIgnored", player=1, card="Safety").reason == "negated by Luc's Stasis Charge"
    negated = b.one("EffectIgnored", player=1, card="Divine Conduit")
    assert negated.reason == "negated by Luc's Stasis Charge"
    assert b.none("CounterChanged", player=1)  # no Trance counter, no Level
    assert sc.state.fighters[1].counters.get("Trance", 0) == 0
    gained = [g.reason for g in b.of("TokensGained", player=0)]
    assert gained == ["Stasis Charge", "Temporal Battery", "Stasis Charge"]  # Safety's, the battery, the Conduit's
    said = told(GAME, before, b.entries)
    assert "Magdalena's Divine Conduit does nothing: negated by Luc's Stasis Charge" in lines_of(said, "EffectIgnored")


def test_engine_4_let_magdalena_gain_under_stasis_charge():
    sc, _, b = stasis_charge_into("magdalena", ("Safety", "Strike"), ENGINE4, positions=(3, 4))
    assert b.none("EffectIgnored", card="Divine Conduit")
    assert b.one("CounterChanged", player=1).reason == "Divine Conduit"


def test_stasis_charge_negates_heketchs_end_of_beat_regain():
    # Dark Force: "At the end of each beat, if there are 2 or more spaces between him and the opponent and he does
    # not have the Dark Force token, he regains it" -- his Unique Ability triggering at the end of the beat.
    sc, _, b = stasis_charge_into("heketch", ("Critical", "Shot"), GAME, positions=(1, 6), tokens={1: []})
    assert b.one("EffectIgnored", player=1, card="Dark Force").reason == "negated by Luc's Stasis Charge"
    assert b.none("TokensGained", player=1) and sc.state.fighters[1].tokens == []
    _, _, old = stasis_charge_into("heketch", ("Critical", "Shot"), ENGINE4, positions=(1, 6), tokens={1: []})
    assert old.one("TokensGained", player=1).tokens == ("Dark Force",)


def test_an_ability_that_would_not_act_is_not_negated():
    # Heketch holds his token: the ability does not trigger, so nothing is negated and Luc gains nothing for it.
    _, _, b = stasis_charge_into("heketch", ("Critical", "Shot"), GAME, positions=(1, 6))
    assert b.none("EffectIgnored", card="Dark Force")


@pytest.mark.parametrize("game", [GAME, ENGINE4], ids=["engine5", "engine4"])
def test_stasis_charge_and_the_watchers_lasting_regain(game):
    # The Watchers: "she regains her Insight token after each beat for the rest of the duel" -- triggered at the end
    # of each beat; under Stasis Charge it is negated (engine 5), as engine 4 did not.
    sc = Scenario(("luc", "cherri"), keep=(("Fusion", "Strike"), ("Crimson", "Strike")), life=(5, 20), game=game,
                  positions=(1, 7), tokens={1: []}, options={"special_actions": True},
                  finishers=("Stasis Charge", KITS["cherri"].finishers[0]))  # out of range: no damage regain
    sc.state.fighters[1].own.watchers = "The Watchers"
    b = sc.beat(((SA, "Strike"), ("Crimson", "Strike")), lenient=True)
    if game is GAME:
        assert b.one("EffectIgnored", player=1, card="The Watchers").reason == "negated by Luc's Stasis Charge"
        assert b.none("TokensGained", player=1) and sc.state.fighters[1].tokens == []
    else:
        assert b.none("EffectIgnored", card="The Watchers")
        assert b.one("TokensGained", player=1).reason.startswith("The Watchers: regains her Insight token")



# -- d. one "advance until adjacent" for every kit --------------------------------------------------------------


@pytest.mark.parametrize("fighter, pair", [("demitras", ("Jousting", "Strike")), ("heketch", ("Psycho", "Strike"))])
@pytest.mark.parametrize("trap, end", [(None, 5), (3, 3)])
def test_advance_until_adjacent_is_one_movement_for_every_kit(fighter, pair, trap, end):
    # Demitras's Jousting and Heketch's Psycho: "Start of Beat: Advance until you are adjacent to the opponent",
    # from space 1 against Khadath on 6; his trap on 3 stops the movement there (WoI FAQ, Lance: it ends where a
    # movement stop ends it).
    sc = Scenario((fighter, "khadath"), keep=(pair, ("Lure", "Drive")), positions=(1, 6), trap=trap)
    b = sc.beat((pair, ("Lure", "Drive")), lenient=True)
    moved = [m for m in b.of("FighterMoved", player=0) if m.by == 0][0]
    assert (moved.kind, moved.from_space, moved.to_space, moved.switched_sides) == ("advance", 1, end, False)


def jousting_while_locked(game):
    sc = Scenario(("demitras", "hikaru"), keep=(("Jousting", "Strike"), ("Focused", "Shot")), positions=(1, 5),
                  game=game)
    sc.state.fighters[0].locks = [(1, "Assassin")]  # he cannot move this beat (a MovementLocked)
    return sc.beat((("Jousting", "Strike"), ("Focused", "Shot")), lenient=True)


def test_an_advance_until_adjacent_that_cannot_move_says_why():
    ignored = jousting_while_locked(GAME).of("EffectIgnored", player=0, card="Jousting")
    assert ignored[0].reason == "Demitras cannot move this beat (Assassin)"


def test_engine_4_kept_jousting_s_own_words():
    ignored = jousting_while_locked(ENGINE4).of("EffectIgnored", player=0, card="Jousting")
    assert ignored[0].reason == "no space to advance to"


@pytest.mark.parametrize("game", [GAME, ENGINE4], ids=["engine5", "engine4"])
def test_stasis_charge_and_nightmarish_visions_regain_on_damage(game):
    # Nightmarish Visions: "When she takes 3 or more damage at once, she regains her Insight token" -- her Unique
    # Ability triggering when Stasis Charge (4 power) hits her: negated in engine 5, not in engine 4.
    sc = Scenario(("luc", "cherri"), keep=(("Fusion", "Strike"), ("Crimson", "Strike")), life=(5, 20), game=game,
                  positions=(3, 4), tokens={1: []}, options={"special_actions": True},
                  finishers=("Stasis Charge", KITS["cherri"].finishers[0]))
    b = sc.beat(((SA, "Strike"), ("Crimson", "Strike")), lenient=True)
    assert b.one("DamageDealt", player=0).amount >= 3
    if game is GAME:
        negated = b.one("EffectIgnored", player=1, card="Nightmarish Visions")
        assert negated.reason == "negated by Luc's Stasis Charge"
        assert b.none("TokensGained", player=1) and sc.state.fighters[1].tokens == []
    else:
        assert b.none("EffectIgnored", card="Nightmarish Visions")
        assert b.one("TokensGained", player=1).reason == "Nightmarish Visions: took 4 damage at once"

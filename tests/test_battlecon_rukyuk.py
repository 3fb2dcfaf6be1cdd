"""Rukyuk Amberdeen (War of Indines): Custom Ammunition -- six different Ammo tokens, one anted a beat, no hit
without one --, every card, both Finisher sides, and the rulings that decided his values (docs/rulings.md,
"Rukyuk"). Card data: fighters/rukyuk.json; the token list is from sources Y and R (G has none)."""

from __future__ import annotations

import copy
from types import SimpleNamespace

from recorder.citing import CiteContext
from recorder.games.battlecon import GAME
from recorder.games.battlecon.cards import KITS, SPECIAL_ACTION as SA
from tests.battlecon_scenarios import Scenario, assert_preview_refuses
from tests.explain_support import lines_of, told

R = KITS["rukyuk"]
AMMO = ("AP Shell", "Explosive Shell", "Flash Shell", "Impact Shell", "Longshot Shell", "Swift Shell")
NO_AMMO = "Custom Ammunition: no Ammo token anted, the attack cannot hit"


def rk(keep=(), *, opponent="hikaru", opp_keep=("Focused", "Strike"), **kw) -> Scenario:
    return Scenario(("rukyuk", opponent), keep=(tuple(keep), tuple(opp_keep)), **kw)


def _record(beat, type_: str):
    """The first entry of ``type_`` as a report reads it (type and data)."""
    e = next(e for e in beat.entries if e.type == type_)
    return SimpleNamespace(type=e.type, data=e.event.to_data())


def finisher(side: str, **kw) -> Scenario:
    return rk(("Trick", "Strike"), life=(5, 20), options={"special_actions": True},
              finishers=(side, "Wrath of Elements"), **kw)


# -- card data -------------------------------------------------------------------------------------------------


def test_card_numbers_tokens_and_the_rulings_on_them():
    c = R.cards
    assert R.name == "Rukyuk Amberdeen" and R.editions == ("woi",) and R.tokens == AMMO
    assert R.token_effects == {"AP Shell": {"ignores_soak": True}, "Explosive Shell": {"power": 2},
                               "Flash Shell": {"ignores_stun_guard": True}, "Longshot Shell": {"range": [-1, 1]},
                               "Swift Shell": {"priority": 2}}  # Impact Shell is a trigger of the kit
    assert (c["Reload"].range, c["Reload"].power, c["Reload"].priority) == (None, None, 4)
    assert (c["Gunner"].range, c["Gunner"].power, c["Gunner"].priority) == ((2, 4), 0, 0)
    assert (c["Sniper"].range, c["Sniper"].power, c["Sniper"].priority) == ((3, 5), 1, 2)
    assert c["Sniper"].ruling == "Range +3~5 (G, Gc, Y); R, an older printing, has +3~6."
    assert (c["Point Blank"].range, c["Point Blank"].stun_guard) == ((0, 1), 2)
    assert (c["Trick"].range, c["Trick"].priority, c["Trick"].stun_immune) == ((1, 2), -3, True)
    assert (c["Crossfire"].range, c["Crossfire"].priority, c["Crossfire"].soak) == ((2, 3), -2, 2)
    fa, fg = c["Fully Automatic"], c["Force Grenade"]
    assert (fa.range, fa.power, fa.priority, fg.range, fg.power, fg.priority) == ((3, 6), 2, 6, (1, 2), 4, 4)
    assert R.finishers == ("Fully Automatic", "Force Grenade")
    assert R.suggested == (("Gunner", "Shot"), ("Point Blank", "Burst"))


def test_the_ammo_list_is_sourced_from_y_and_r_in_the_card_data():
    import json
    from pathlib import Path

    import recorder.games.battlecon.fighters as fighters
    raw = json.loads((Path(fighters.__file__).parent / "rukyuk.json").read_text(encoding="utf-8"))
    assert raw["rulings"]["ammo_tokens"].startswith("G (the War of Indines sheet) gives no token list: the six Ammo "
                                                    "tokens and their ante effects are from Y and R, which agree")


def test_the_preview_refuses_him_in_one_line():
    assert_preview_refuses("rukyuk")


# -- Custom Ammunition -----------------------------------------------------------------------------------------


def test_he_antes_one_ammo_token_a_beat_and_each_option_says_what_it_does():
    """WoI p.24 names his tokens: "Tokens with different names (Explosive Shell, AP Shell, etc.) must be anted one
    at a time"; his ability allows one a beat."""
    sc = rk(("Trick", "Shot"), positions=(1, 5))
    b = sc.beat((("Trick", "Shot"), ("Focused", "Strike")), antes={0: ["Swift Shell"]})
    asked = [r for r in sc.requests if r.kind == "ante" and r.player == 0]
    assert len(asked) == 1  # one ante a beat: after Swift Shell he is not asked again
    assert [o["ante"] for o in asked[0].options] == ["pass", *AMMO]
    assert list(asked[0].labels) == [
        "Pass", "Ante AP Shell (this attack ignores Soak)", "Ante Explosive Shell (+2 Power)",
        "Ante Flash Shell (this attack ignores Stun Guard)", "Ante Impact Shell (On Hit: push the opponent 2 spaces)",
        "Ante Longshot Shell (Range -1~+1)", "Ante Swift Shell (+2 Priority)"]
    assert b.one("AnteDeclared", player=0).ante == "Swift Shell"
    f = sc.state.fighters[0]
    assert "Swift Shell" not in f.tokens and "Swift Shell" in f.token_discard


def test_without_an_anted_token_his_attack_cannot_hit():
    sc = rk(("Trick", "Shot"), positions=(1, 5))
    b = sc.beat((("Trick", "Shot"), ("Focused", "Strike")))
    checked = b.one("RangeChecked", player=0)
    assert (checked.in_range, checked.dodge) == (True, None)  # not a dodge: his own ability (engine 5 on)
    assert b.one("AttackMissed", player=0).reason == f"cannot hit: {NO_AMMO}"
    assert b.none("HitScored", player=0)


def test_explosive_shell_adds_two_power():
    sc = rk(("Trick", "Shot"), positions=(1, 5))
    b = sc.beat((("Trick", "Shot"), ("Focused", "Strike")), antes={0: ["Explosive Shell"]})
    dealt = b.one("DamageDealt", player=0)
    assert (dealt.power_terms, dealt.amount) == ("Trick 0 + Shot 3 + Explosive Shell token 2 = 5", 5)


def test_swift_shell_adds_two_priority():
    sc = rk(("Trick", "Shot"), positions=(1, 5))
    b = sc.beat((("Trick", "Shot"), ("Focused", "Strike")), antes={0: ["Swift Shell"]})
    assert b.one("PriorityCompared").terms[0] == "Trick -3 + Shot 2 + Swift Shell token 2 = 1"


def test_longshot_shell_widens_the_range_and_trick_is_immune_to_stun():
    sc = rk(("Trick", "Shot"), positions=(3, 4))
    b = sc.beat((("Trick", "Shot"), ("Focused", "Strike")), antes={0: ["Longshot Shell"]})
    checked = b.one("RangeChecked", player=0)
    assert (checked.range_min, checked.range_max, checked.in_range) == (1, 7, True)
    assert checked.terms == "Trick 1~2 + Shot +1~+4 + Longshot Shell token -1~+1 = 1~7"
    prevented = b.one("StunPrevented", player=0)  # Hikaru's 4 damage is over Shot's Stun Guard 2
    assert (prevented.by, prevented.damage) == ("stun immunity (Trick)", 4)
    assert b.one("HitScored", player=0)


def test_trick_is_immune_to_an_on_hit_stun_too():
    sc = Scenario(("rukyuk", "vanaah"), keep=(("Trick", "Shot"), ("Strike",)), positions=(3, 4), life=(20, 5),
                  options={"special_actions": True}, finishers=("Fully Automatic", "Death Walks"))
    b = sc.beat((("Trick", "Shot"), (SA, "Strike")), antes={0: ["Longshot Shell"]})
    assert b.one("FinisherRevealed", player=1).finisher == "Death Walks"
    assert [p.by for p in b.of("StunPrevented", player=0)] == ["stun immunity (Trick)"] * 2  # the effect, the damage
    assert b.none("StunApplied", player=0) and b.one("HitScored", player=0)


def test_ap_shell_ignores_soak():
    sc = rk(("Trick", "Shot"), positions=(1, 5))
    b = sc.beat((("Trick", "Shot"), ("Focused", "Strike")), antes={0: ["AP Shell"], 1: ["Earth"]})
    dealt = b.one("DamageDealt", player=0)
    assert (dealt.soak, dealt.amount) == (0, 3)
    assert dealt.soak_terms == "Earth token 3 - ignored (AP Shell token) 3 = 0"


def test_without_ap_shell_the_soak_counts():
    sc = rk(("Trick", "Shot"), positions=(1, 5))
    b = sc.beat((("Trick", "Shot"), ("Focused", "Strike")), antes={0: ["Swift Shell"], 1: ["Earth"]})
    dealt = b.one("DamageDealt", player=0)
    assert (dealt.soak, dealt.amount, dealt.soak_terms) == (3, 0, "Earth token 3 = 3")


def test_flash_shell_ignores_stun_guard():
    sc = rk(("Trick", "Shot"), positions=(1, 5))
    b = sc.beat((("Trick", "Shot"), ("Focused", "Strike")), antes={0: ["Flash Shell"]})
    stun = b.one("StunApplied", player=1)
    assert (stun.damage, stun.stun_guard) == (3, 0)  # Focused Strike's Stun Guard 7 is ignored
    sc = rk(("Trick", "Shot"), positions=(1, 5))
    b = sc.beat((("Trick", "Shot"), ("Focused", "Strike")), antes={0: ["Swift Shell"]})
    assert b.none("StunApplied") and b.one("StunPrevented", player=1).stun_guard == 7


def test_impact_shell_pushes_two_on_hit():
    sc = rk(("Trick", "Shot"), positions=(1, 4))
    b = sc.beat((("Trick", "Shot"), ("Focused", "Strike")), antes={0: ["Impact Shell"]})
    resolved = b.one("TriggerResolved", player=0, card="Impact Shell")
    assert (resolved.timing, resolved.text) == ("hit", "Impact Shell (anted): On Hit: Push the opponent 2 spaces.")
    push = b.one("FighterMoved", player=1, kind="push")
    assert (push.from_space, push.to_space, push.by) == (4, 6, 0)


# -- the unique base and the styles ------------------------------------------------------------------------------


def test_reload_does_not_hit_moves_directly_and_recovers_every_token():
    sc = rk(("Trick", "Reload"), positions=(1, 5), tokens={0: ["Swift Shell", "AP Shell"]})
    b = sc.beat((("Trick", "Reload"), ("Focused", "Strike")), antes={0: ["Swift Shell"]},
                choices={0: [{"kind": "move", "to": 3}]})
    assert b.one("AttackMissed", player=0).reason == "range N/A"
    assert b.one("FighterMoved", player=0, kind="move_directly").to_space == 3
    gained = b.one("TokensGained", player=0)
    assert (gained.reason, gained.from_discard) == ("Reload", True)
    assert gained.tokens == ("Explosive Shell", "Flash Shell", "Impact Shell", "Longshot Shell", "Swift Shell")
    f = sc.state.fighters[0]
    assert tuple(f.tokens) == AMMO and f.token_discard == []


def test_reload_with_a_full_pool_recovers_nothing():
    sc = rk(("Trick", "Reload"), positions=(1, 5))
    b = sc.beat((("Trick", "Reload"), ("Focused", "Strike")), choices={0: [{"kind": "move", "to": 3}]})
    assert b.one("EffectIgnored", card="Reload").reason == "every Ammo token is already in your pool"


def test_gunner_may_spend_a_token_for_range_one_to_five_then_moves():
    sc = rk(("Gunner", "Shot"), positions=(2, 4))
    b = sc.beat((("Gunner", "Shot"), ("Focused", "Strike")), antes={0: ["Explosive Shell"]},
                choices={0: [{"kind": "spend_token", "token": "AP Shell"}, {"kind": "move", "to": 1}]})
    asked = next(r for r in sc.requests if r.kind == "spend_token")
    assert asked.prompt == "Gunner: you may spend an Ammo token from your pool (Range +1~5 instead of +2~4)"
    assert asked.labels[1] == "Spend AP Shell (Range +1~5 instead of +2~4; no ante effect)"
    assert asked.labels[0] == "Spend none"  # first, as an ante's "pass": the greedy bot's ties keep the token
    assert [o["token"] for o in asked.options] == ["none", "AP Shell", "Flash Shell", "Impact Shell",
                                                   "Longshot Shell", "Swift Shell"]  # the anted one is not offered
    assert b.one("TokensSpent", player=0).tokens == ("AP Shell",)
    checked = b.one("RangeChecked", player=0)
    assert checked.terms == "Gunner 2~4 + Shot +1~+4 + Gunner (Ammo token spent) -1~+1 = 2~9"
    assert b.one("HitScored", player=0)
    dealt = b.one("DamageDealt", player=0)
    assert dealt.soak == 0  # the spent AP Shell gives no ante effect (and there is nothing to soak anyway)
    assert b.one("FighterMoved", player=0).kind == "move"


def test_gunner_without_spending_keeps_its_range():
    sc = rk(("Gunner", "Shot"), positions=(2, 4))
    b = sc.beat((("Gunner", "Shot"), ("Focused", "Strike")), antes={0: ["Explosive Shell"]},
                choices={0: [{"kind": "spend_token", "token": "none"}, {"kind": "move", "to": 1}]})
    assert b.none("TokensSpent") and b.one("RangeChecked", player=0).in_range is False


def test_gunner_with_an_empty_pool_cannot_spend():
    sc = rk(("Gunner", "Shot"), positions=(2, 4), tokens={0: ["Explosive Shell"]})
    b = sc.beat((("Gunner", "Shot"), ("Focused", "Strike")), antes={0: ["Explosive Shell"]},
                choices={0: [{"kind": "move", "to": 1}]})
    assert b.one("EffectIgnored", card="Gunner").reason == "no Ammo token in your pool"


def test_sniper_moves_one_to_three_after_activating():
    sc = rk(("Sniper", "Shot"), positions=(2, 6), opp_keep=("Focused", "Shot"))
    before = copy.deepcopy(sc.state)
    b = sc.beat((("Sniper", "Shot"), ("Focused", "Shot")), antes={0: ["Explosive Shell"]},
                choices={0: [{"kind": "move", "to": 1}]})
    assert b.one("RangeChecked", player=0).terms == "Sniper 3~5 + Shot +1~+4 = 4~9"
    assert b.one("DamageDealt", player=0).amount == 6  # Shot 3 + Sniper 1 + Explosive 2
    asked = next(r for r in sc.requests if r.kind == "move")
    assert asked.prompt == "Sniper: move 1, 2 or 3"
    assert lines_of(told(GAME, before, b.entries), "RangeChecked")[0] == (
        "Rukyuk checks range: distance 4 vs Shot 1~4 + Sniper +3~5 = 4~9 [ruling: Sniper] — in range")


def test_point_blank_pushes_up_to_two_on_damage():
    sc = rk(("Point Blank", "Strike"), positions=(3, 4))
    b = sc.beat((("Point Blank", "Strike"), ("Focused", "Strike")), antes={0: ["Explosive Shell"]},
                choices={0: [{"kind": "move", "to": 6}]})
    assert b.one("TriggerResolved", player=0, card="Point Blank").timing == "damage"
    assert b.one("FighterMoved", player=1, kind="push").to_space == 6
    prevented = b.one("StunPrevented", player=0)  # Hikaru strikes first: Strike 5 + Point Blank 2 against 4
    assert (prevented.by, prevented.damage, prevented.stun_guard) == ("stun guard", 4, 7)


def test_crossfire_discards_one_more_token_for_two_power():
    sc = rk(("Crossfire", "Shot"), positions=(1, 5))
    b = sc.beat((("Crossfire", "Shot"), ("Focused", "Strike")), antes={0: ["Swift Shell"]},
                choices={0: [{"kind": "spend_token", "token": "Explosive Shell"}]})
    assert b.one("TokensSpent", player=0).reason == "Crossfire"
    status = b.one("StatusGained", player=0)
    assert (status.stat, status.amount, status.label) == ("power", 2, "Crossfire (Explosive Shell discarded)")
    dealt = b.one("DamageDealt", player=0)
    assert (dealt.power_terms, dealt.amount) == ("Crossfire 0 + Shot 3 + Crossfire (Explosive Shell discarded) 2 "
                                                 "= 5", 5)


def test_crossfire_has_soak_two():
    sc = rk(("Crossfire", "Shot"), positions=(3, 4))
    b = sc.beat((("Crossfire", "Shot"), ("Focused", "Strike")))
    assert b.one("DamageDealt", player=1).soak_terms == "Crossfire 2 = 2"


# -- both Finisher sides ----------------------------------------------------------------------------------------


def test_fully_automatic_discards_a_token_to_execute_the_attack_again():
    sc = finisher("Fully Automatic", positions=(1, 4))
    b = sc.beat(((SA, "Strike"), ("Focused", "Strike")), antes={0: ["Explosive Shell"]},
                choices={0: [{"kind": "spend_token", "token": "AP Shell"}, {"kind": "spend_token", "token": "none"}]})
    assert b.one("FinisherRevealed", player=0).finisher == "Fully Automatic"
    assert b.one("ActivationEarned", player=0).reason == "discarded AP Shell"
    assert b.one("ActivationRepeated", player=0).activation == 2
    assert GAME.cite(sc.state, _record(b, "ActivationEarned"), CiteContext()) == "Rukyuk: Fully Automatic (On Hit)"
    dealt = b.of("DamageDealt", player=0)
    assert [d.power_terms for d in dealt] == ["Fully Automatic 2 = 2"] * 2  # the Explosive Shell does not apply


def test_fully_automatic_with_an_empty_pool_fires_once():
    sc = finisher("Fully Automatic", positions=(1, 4), tokens={0: ["Swift Shell"]})
    b = sc.beat(((SA, "Strike"), ("Focused", "Strike")), antes={0: ["Swift Shell"]})
    assert b.one("EffectIgnored", card="Fully Automatic").reason == "no Ammo token in your pool"
    assert b.none("ActivationEarned") and len(b.of("DamageDealt", player=0)) == 1


def test_fully_automatic_still_needs_an_anted_token_to_hit():
    sc = finisher("Fully Automatic", positions=(1, 4))
    b = sc.beat(((SA, "Strike"), ("Focused", "Strike")))
    assert b.one("AttackMissed", player=0).reason == f"cannot hit: {NO_AMMO}"


def test_fully_automatic_voids_the_impact_shell():
    sc = finisher("Fully Automatic", positions=(1, 4))
    b = sc.beat(((SA, "Strike"), ("Focused", "Strike")), antes={0: ["Impact Shell"]},
                choices={0: [{"kind": "spend_token", "token": "none"}]})
    assert b.one("HitScored", player=0) and b.none("TriggerResolved", card="Impact Shell")


def test_force_grenade_hits_without_a_token_pushes_and_retreats_any_number():
    sc = finisher("Force Grenade", positions=(3, 4))
    b = sc.beat(((SA, "Strike"), ("Focused", "Strike")),
                choices={0: [{"kind": "move", "to": 7}, {"kind": "move", "to": 1}]})
    assert b.one("FinisherRevealed", player=0).finisher == "Force Grenade"
    assert b.one("HitScored", player=0) and b.one("DamageDealt", player=0).power_terms == "Force Grenade 4 = 4"
    assert b.one("FighterMoved", player=1, kind="push").to_space == 7
    assert b.one("FighterMoved", player=0, kind="retreat").to_space == 1


def test_force_grenade_voids_an_anted_token():
    sc = finisher("Force Grenade", positions=(3, 4))
    b = sc.beat(((SA, "Strike"), ("Focused", "Strike")), antes={0: ["Explosive Shell"]},
                choices={0: [{"kind": "move", "to": 4}, {"kind": "move", "to": 3}]})
    assert b.one("DamageDealt", player=0).power_terms == "Force Grenade 4 = 4"


# -- what people see ---------------------------------------------------------------------------------------------


def test_an_anted_token_is_public_and_his_face_down_pair_stays_secret():
    """The ante step is played in the open (WoI p.24: players take turns anteing), so the opponent sees the
    anted token (it is face up in his token discard: nothing says it is anted face down); the face-down pair
    is the secret until the reveal."""
    sc = rk(("Trick", "Shot"), positions=(1, 5), options={"special_actions": True},
            finishers=("Force Grenade", "Wrath of Elements"))
    m = sc.match
    from recorder.decisions import Answer
    m.advance(Answer({"player": 0, "style": "Trick", "base": "Shot"}, "test"))
    m.advance(Answer({"player": 1, "style": "Focused", "base": "Strike"}, "test"))
    while m.pending.kind == "ante" and m.pending.player != 0:
        m.advance(Answer({"player": m.pending.player, "ante": "pass"}, "test"))
    m.advance(Answer({"player": 0, "ante": "AP Shell"}, "test"))
    seen = GAME.redact(GAME.snapshot(sc.state), 1)["fighters"][0]
    assert seen["anted"] == ["AP Shell"] and "AP Shell" in seen["token_discard"]
    assert seen["pair"]["style"] == "?" and seen["pair"]["base"] == "?"
    assert "Trick" in seen["hand"] and seen["hand_hidden_count"] == 2
    own = GAME.redact(GAME.snapshot(sc.state), 0)["fighters"][0]
    assert (own["pair"]["style"], own["pair"]["base"]) == ("Trick", "Shot")
    spectator = GAME.redact(GAME.snapshot(sc.state), None)["fighters"][0]
    assert spectator["pair"]["style"] == "?" and spectator["anted"] == ["AP Shell"]


def test_statistics_count_his_tokens_by_name_anted_spent_and_reloaded():
    from recorder.games.battlecon import events as E
    from recorder.games.battlecon import kit_events as KE
    from replay.stats import match_stats
    from tests.test_stats_visitor import build, header

    h = header(a=("Ann", "rukyuk"), b=("Ben", "hikaru"))
    events = [
        E.BeatStarted(beat=1), E.AnteDeclared(player=0, ante="AP Shell", source="t"),
        E.AnteDeclared(player=1, ante="pass", source="t"),
        E.PairRevealed(styles=("Gunner", "Focused"), bases=("Reload", "Strike")),
        KE.TokenSpendChosen(player=0, token="Swift Shell", source="t"),
        KE.TokensSpent(player=0, tokens=("Swift Shell",), reason="Gunner"),
        KE.TokensGained(player=0, tokens=("AP Shell", "Swift Shell"), reason="Reload", from_discard=True),
        E.BeatEnded(beat=1, beats_left=14, life=(20, 20), positions=(3, 5)),
    ]
    ann, _ = match_stats(h, build(h, [[(1, e) for e in events]]))["seats"]
    assert ann["usage"]["tokens_used"] == {"anted": {"AP Shell": 1}, "spent": {"Swift Shell": 1},
                                           "gained": {"AP Shell": 1, "Swift Shell": 1}}


def test_explain_words_for_his_token_choice_and_the_card_quoted():
    sc = rk(("Crossfire", "Shot"), positions=(1, 5))
    before = copy.deepcopy(sc.state)
    b = sc.beat((("Crossfire", "Shot"), ("Focused", "Strike")), antes={0: ["Swift Shell"]},
                choices={0: [{"kind": "spend_token", "token": "none"}]})
    assert b.one("TriggerResolved", player=0, card="Crossfire").text == (
        "On Hit: You may discard one more Ammo token from your pool (it gives no ante effect); if you do, this "
        "attack has +2 Power.")
    got = told(GAME, before, b.entries)
    assert lines_of(got, "TokenSpendChosen") == ["Rukyuk chooses to spend no token"]
    sc = rk(("Crossfire", "Shot"), positions=(1, 5))
    before = copy.deepcopy(sc.state)
    b = sc.beat((("Crossfire", "Shot"), ("Focused", "Strike")), antes={0: ["Swift Shell"]},
                choices={0: [{"kind": "spend_token", "token": "AP Shell"}]})
    assert lines_of(told(GAME, before, b.entries), "TokensSpent") == ["Rukyuk spends an AP Shell token (Crossfire)"]
    assert "Rukyuk antes Swift Shell (+2 priority this beat)" in lines_of(got, "AnteDeclared")
    assert [cite for t, _, cite in got if t == "TokenSpendChosen"] == [
        "Rukyuk: Gunner (Before Activating), Crossfire, Fully Automatic (On Hit)"]


def test_the_viewer_draws_his_six_tokens():
    from recorder.games.battlecon.view import _kit_info

    info = _kit_info("rukyuk")
    assert info["tokens"] == list(AMMO) and info["name"] == "Rukyuk Amberdeen" and info["initial"] == "R"

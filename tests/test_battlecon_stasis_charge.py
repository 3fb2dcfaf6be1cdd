"""Luc's Stasis Charge against every ability a kit resolves itself (docs/rulings.md ``bc-negated-abilities``).

"This beat, each time the nearest opponent would trigger an effect, that effect is negated and you gain a Time
token instead." Card triggers and the Unique Abilities' own triggers go through the shared trigger windows and are
negated there (tests/test_battlecon_engine5.py); these scenarios take every other ability an opponent's kit
resolves at its own moment -- on an ante, at the start of the ante step, at a reveal, on a clash, when hit, soaked
or stunned, after a movement, at recycling -- and prove the verdict the ruling gives for it: negated, not a
triggered effect (a passive effect, a choice to spend a token, where anted pieces go), or never in a beat where
Stasis Charge is Luc's attack.
"""

from __future__ import annotations

import copy

import pytest

from recorder.errors import InvalidDecision
from recorder.games.battlecon import GAME
from recorder.games.battlecon.cards import KITS, SPECIAL_ACTION as SA
from recorder.games.battlecon.effects import figure_of
from recorder.games.battlecon.fighters.tatsumi import LIFE
from recorder.games.battlecon.rulesets.battlecon_engine_6 import Engine6

from .battlecon_scenarios import Scenario
from .explain_support import lines_of, told

NEGATED = "negated by Luc's Stasis Charge"
ENGINE6 = Engine6()


def stasis(opponent: str, pair: tuple[str, str], *, ante_finishers: bool = False, life=(5, 20), **kw) -> Scenario:
    """Luc (5 life) against ``opponent`` holding ``pair``, his Finisher side Stasis Charge: revealed with a Special
    Action and Strike, or (``ante_finishers``) anted in the ante step."""
    options = {"ante_finishers": True} if ante_finishers else {"special_actions": True}
    return Scenario(("luc", opponent), keep=(("Fusion", "Strike"), pair), life=life, options=options,
                    finishers=("Stasis Charge", KITS[opponent].finishers[0]), **kw)


def charge(sc: Scenario, pair: tuple[str, str], **kw):
    """The beat Luc's Stasis Charge is revealed (a Special Action with Strike)."""
    return sc.beat(((SA, "Strike"), pair), lenient=True, **kw)


def no_negation(b, p: int = 1) -> bool:
    return not [e for e in b.of("EffectIgnored", player=p) if e.reason == NEGATED]


def negations(b, p: int = 1) -> list[str]:
    return [e.card for e in b.of("EffectIgnored", player=p) if e.reason == NEGATED]


def in_force(b) -> bool:
    """Luc's Finisher was his attack this beat."""
    return bool(b.of("FinisherRevealed", player=0, finisher="Stasis Charge"))


# -- Cherri: the clash life loss cannot coincide (Finishers never clash) ---------------------------------------


def test_cherri_never_clashes_with_stasis_charge_so_her_clash_life_loss_cannot_happen():
    # Nightmarish Visions: "Whenever Cherri clashes with an opponent, or extends a clash, that opponent loses 1
    # life" -- a triggered effect of her ability, but "Finishers always win priority ties without Clashing" (WoI
    # p.32) and her anted clash "can't be clashed" against a Finisher. Crimson Strike and Stasis Charge tie at 3,
    # with her Insight token anted and Crimson's Reveal clash: no clash, no life lost.
    sc = stasis("cherri", ("Crimson", "Strike"), positions=(3, 4))
    b = charge(sc, ("Crimson", "Strike"), antes={1: ["Insight"]})
    assert in_force(b)
    compared = b.one("PriorityCompared")
    assert compared.priorities == (3, 3) and compared.active == 0
    assert "Finisher wins the tie without a clash" in compared.why
    assert b.none("ClashOccurred")
    assert not [e for e in b.of("LifeLost", player=0) if "Nightmarish Visions" in e.reason]
    # Her Reveal triggers (the token's forced clash, Crimson's) were themselves negated as card triggers are, and
    # so was her regain when Stasis Charge hit her for 4 (bc-negated-abilities).
    assert negations(b) == ["Crimson", "Nightmarish Visions", "Nightmarish Visions"]


def test_cherri_anted_clash_against_an_anted_stasis_charge_is_no_clash():
    # With Ante Finishers Stasis Charge is in play from its ante; she antes Insight before it (no ante follows a
    # Finisher, WoI p.32): still no clash and no life lost.
    for seed in range(1, 40):
        sc = stasis("cherri", ("Crimson", "Strike"), ante_finishers=True, positions=(3, 4), seed=seed)
        b = sc.beat((("Fusion", "Strike"), ("Crimson", "Strike")), antes={0: ["Stasis Charge"],
                                                                         1: ["Insight"]}, lenient=True)
        if b.one("AnteStarted").first == 1:
            break
    else:  # pragma: no cover - the seeds above include one where she antes first
        raise AssertionError("no seed lets Cherri ante first")
    assert [a.ante for a in b.of("AnteDeclared")] == ["Insight", "Stasis Charge"]
    assert in_force(b) and b.none("ClashOccurred")
    assert not [e for e in b.of("LifeLost", player=0) if "Nightmarish Visions" in e.reason]


# -- abilities of the ante step: over before Stasis Charge is in play ------------------------------------------


def first_to_ante(opponent, pair, first: int, antes, **kw):
    """A beat with Ante Finishers whose ante step starts with player ``first`` (the first beat's ante order is a
    logged chance draw: the seed that gives it)."""
    for seed in range(1, 60):
        sc = stasis(opponent, pair, ante_finishers=True, seed=seed, **kw)
        b = sc.beat((("Fusion", "Strike"), pair), antes=antes, lenient=True)
        if b.one("AnteStarted").first == first:
            return sc, b
    raise AssertionError(f"no seed lets player {first} ante first")  # pragma: no cover


def test_heketchs_ante_move_comes_before_stasis_charge():
    # Dark Force: "Ante: he immediately moves directly to a space adjacent to an opponent". Revealed with a Special
    # Action, Stasis Charge is in play from the reveal, after the ante step: the move stands, nothing is negated.
    sc = stasis("heketch", ("Critical", "Shot"), positions=(1, 6))
    b = charge(sc, ("Critical", "Shot"), antes={1: ["Dark Force"]})
    assert in_force(b)
    moved = b.one("FighterMoved", player=1, kind="move_directly")
    assert (moved.from_space, moved.to_space) == (6, 2)
    assert "Dark Force" not in negations(b)


def test_no_ante_follows_an_anted_stasis_charge():
    # With Ante Finishers, "No further antes can be made by either player after a Finisher is anted" (WoI p.32):
    # once Stasis Charge is anted no ante (Dark Force's move, Hepzibah's pacts) can happen under it.
    for opponent, pair in (("heketch", ("Critical", "Shot")), ("hepzibah", ("Accursed", "Bloodlight"))):
        sc, b = first_to_ante(opponent, pair, 0, {0: ["Stasis Charge"]}, positions=(1, 6))
        assert [(a.player, a.ante) for a in b.of("AnteDeclared")] == [(0, "Stasis Charge")]
        assert not [r for r in sc.requests if r.kind == "ante" and r.player == 1]
        assert b.none("FighterMoved", player=1, kind="move_directly") and b.none("LifeLost", player=1)


def test_hepzibahs_pacts_are_paid_in_the_ante_step_and_come_back_after_recycling():
    # Dark Pact: she pays 1 life per pact in the ante step (before a Special Action's Stasis Charge is revealed), and
    # "all pacts come back to her at the end of every beat": where anted pieces go once the beat is over, as an
    # anted Finisher "will be removed from the game at the end of the beat" (WoI p.32) -- not an effect that
    # triggers. Both happen under Stasis Charge.
    sc = stasis("hepzibah", ("Accursed", "Bloodlight"), positions=(3, 4))
    b = charge(sc, ("Accursed", "Bloodlight"), antes={1: ["Almighty + Endless"]})
    assert in_force(b)
    assert b.one("LifeLost", player=1).amount == 2
    back = [m for m in b.of("CardMoved", player=1) if m.reason.endswith("the pacts come back at the end of every beat")]
    assert sorted(m.card for m in back) == ["Almighty", "Endless"]
    assert set(negations(b)) <= {"Accursed", "Bloodlight"}  # only her cards' triggers


def test_kallistars_elemental_form_loss_is_her_form_not_a_trigger():
    # Her form "during the ante phase gives a per-beat effect: Elemental: +2 Power, +2 Priority, and she loses 1
    # life" -- the form's bonuses (WoI FAQ Kallistar: "She still gets her other bonuses"), no trigger of WoI p.26.
    # With Ante Finishers Stasis Charge is in play from its ante, before her form applies: it stands.
    sc, b = first_to_ante("kallistar", ("Ignition", "Drive"), 0, {0: ["Stasis Charge"]}, positions=(3, 4),
                          forms={1: "elemental"})
    assert in_force(b)
    assert b.one("FormEffectApplied", player=1).form == "elemental"
    assert b.one("LifeLost", player=1).reason == "Elemental form"
    assert "Elemental form" not in negations(b)


def test_virulent_miasma_acts_at_the_start_of_the_ante_step_before_stasis_charge():
    # Virulent Miasma (Lixis, lasting): "the opponent loses life during each ante step" -- at its start, before Luc
    # antes or reveals this beat's Stasis Charge (and the last beat's Stasis Charge ended with that beat).
    for ante_finishers in (False, True):
        sc = stasis("lixis", ("Pruning", "Shot"), ante_finishers=ante_finishers, positions=(3, 4), life=(7, 20))
        sc.state.fighters[1].own.miasma = "Virulent Miasma"
        pair = (SA, "Strike") if not ante_finishers else ("Fusion", "Strike")
        b = sc.beat((pair, ("Pruning", "Shot")), antes={0: ["Stasis Charge"]} if ante_finishers else None,
                    lenient=True)
        assert in_force(b)
        lost = b.of("LifeLost", player=0)[0]
        assert (lost.amount, lost.reason) == (2, "Virulent Miasma: the ante step")
        assert "Virulent Miasma" not in negations(b)


def test_life_virus_acts_on_the_reveal_before_the_special_action_executes():
    # Life Virus (Lixis, lasting): "each time the opponent reveals one of them they lose 3 life". Luc's Special
    # Action executes Stasis Charge after the reveal, before Reveal effects (WoI p.33): the Strike he revealed
    # with it costs him 3 life, not negated.
    sc = stasis("lixis", ("Pruning", "Shot"), positions=(3, 4))
    lixis = sc.state.fighters[1].own
    lixis.virus, lixis.named = "Life Virus", ("Chrono", "Strike")
    b = charge(sc, ("Pruning", "Shot"))
    assert in_force(b)
    lost = b.one("LifeLost", player=0)
    assert (lost.amount, lost.reason) == (3, "Life Virus: revealed Strike")
    assert b.entries.index(next(e for e in b.entries if e.type == "LifeLost")) < b.entries.index(
        next(e for e in b.entries if e.type == "FinisherRevealed"))


# -- passive effects: obeyed at all times, nothing triggers -------------------------------------------------------


def luc_advances(opponent, pair, positions=(3, 4), to=5, **kw):
    """Stasis Charge with a stack of 3 Time tokens anted: Luc's own Start of Beat advance (up to 2), by default
    from 3 past the opponent on 4 to 5."""
    sc = stasis(opponent, pair, positions=positions, tokens={0: ["Time"] * 3}, **kw)
    b = charge(sc, pair, antes={0: ["Time x3"]}, choices={0: [{"kind": "move", "to": to}]})
    assert in_force(b)
    moved = b.of("FighterMoved", player=0)[0]
    assert (moved.from_space, moved.to_space) == (positions[0], to)
    return sc, b


def test_merciless_punishes_luc_passing_heketch_under_stasis_charge():
    # Merciless: "If an opponent moves past him this beat, they lose 2 life and cannot move again this beat" -- a
    # passive effect (no trigger of WoI p.26; "always active ... obeyed by both players at all times").
    sc, b = luc_advances("heketch", ("Merciless", "Drive"))
    assert b.of("FighterMoved", player=0)[0].switched_sides
    lost = b.one("LifeLost", player=0)
    assert (lost.amount, lost.reason) == (2, "Merciless: moved past Heketch")
    assert b.one("MovementLocked", player=0).reason == "Merciless: moved past Heketch"
    assert negations(b) == ["Drive", "Merciless"]  # the cards' own triggers (Merciless's After Activating)


def test_mimics_follows_lucs_movement_under_stasis_charge():
    # Mimic's: "Whenever the nearest opponent moves this beat, Seth moves the same way" -- a passive effect of a
    # style, like Vanishing (WoI p.26): Seth follows.
    # Luc advances from 2 to 4; Seth, on 5, retreats as far (WoI: "when they advance he retreats").
    sc, b = luc_advances("seth", ("Mimic's", "Drive"), positions=(2, 5), to=4)
    followed = b.one("FighterMoved", player=1, by=1)
    assert (followed.kind, followed.from_space, followed.to_space) == ("retreat", 5, 7)
    assert "Mimic's" not in negations(b)


def test_juto_pays_for_the_zone_soak_under_stasis_charge():
    # Tidal Bond, Zone 1: "Soak 3. Juto loses life equal to the damage soaked" -- the zone's bonus, applied at once
    # wherever Juto stands (WoI FAQ Tatsumi), a passive effect: the soak and its cost go together.
    sc = stasis("tatsumi", ("Empathic", "Shot"), positions=(3, 4))
    figure_of(sc.state, 1, "Juto").space = 4  # on Tatsumi's space: Zone 1
    b = charge(sc, ("Empathic", "Shot"))
    assert in_force(b)
    assert b.one("DamageDealt", player=0).amount == 1  # 4 power, Soak 3
    paid = b.one("CounterChanged", player=1, counter=LIFE)
    assert (paid.amount, paid.reason) == (-3, "Tidal Bond (Zone 1): Juto soaked 3 damage")
    assert sc.state.fighters[1].counters[LIFE] == 1
    assert "Tidal Bond" not in negations(b)


# -- a token spent by choice, and where anted pieces go ----------------------------------------------------------


def test_cadenza_may_spend_iron_body_under_stasis_charge():
    # Iron Body: "when damage would stun him, he may spend one to gain infinite Stun Guard" -- a token he chooses to
    # spend, as he may ante one (WoI FAQ Cadenza: "The token gives him Stun Guard infinity when spent"), not a
    # triggered effect: Stasis Charge's 4 damage does not stun him.
    sc = stasis("cadenza", ("Mechanical", "Drive"), positions=(3, 4))
    b = charge(sc, ("Mechanical", "Drive"), choices={1: [{"kind": "iron_body", "spend": True}]})
    assert in_force(b)
    assert b.one("StunPrevented", player=1).by == "Iron Body"
    assert b.none("StunApplied", player=1)
    assert "Iron Body" not in negations(b)


def test_divine_rush_cycles_with_vanaahs_discards_under_stasis_charge():
    # Divine Rush goes into her discard with the pair and "returns to her token pool when that pile returns to her
    # hand": where the token is kept, moved by her recycling, not an effect that triggers.
    sc = stasis("vanaah", ("Glorious", "Shot"), positions=(3, 4))
    f = sc.state.fighters[1]
    f.tokens.remove("Divine Rush")
    f.zones["in discard 2"] = ["Divine Rush"]
    b = charge(sc, ("Glorious", "Shot"))
    assert in_force(b)
    back = b.one("CardMoved", player=1, card="Divine Rush")
    assert (back.from_zone, back.to_zone) == ("in discard 2", "tokens")
    assert no_negation(b)


def test_seths_guess_comes_before_stasis_charge():
    # Beyond Eyes: "During the ante step Seth may name one base" (face down, at the start of the ante step, before
    # the first ante), before this beat's Stasis Charge is anted or revealed. (Reading Fate's lasting effect, the
    # opponent's style played face up, acts earlier still: when the pairs are chosen.)
    sc = stasis("seth", ("Mimic's", "Drive"), positions=(3, 4))
    b = charge(sc, ("Mimic's", "Drive"), choices={1: [{"kind": "guess", "name": "Beyond Eyes", "choice": "Strike"}]})
    assert in_force(b)
    types = b.types()
    assert types.index("SecretChosen") < types.index("FinisherRevealed")
    assert "Beyond Eyes" not in negations(b)
    sc, b = first_to_ante("seth", ("Mimic's", "Drive"), 0, {0: ["Stasis Charge"]}, positions=(3, 4))
    types = b.types()
    assert types.index("SecretChosen") < types.index("FinisherRevealed")


def test_nothing_of_luc_moves_the_opponent_in_a_stasis_charge_beat():
    # Exoskeletal, Sturdy, Rooted ("may ignore movement effects applied to her/him"): passive effects, and in a
    # Stasis Charge beat no effect of Luc's moves the opponent: the Finisher replaces his pair and has no
    # trigger, and his ability's only movement (a stack of 3 Time tokens) moves Luc.
    card = KITS["luc"].cards["Stasis Charge"]
    assert card.triggers == {} and card.passives == ({"type": "negate_opponent_triggers"},)


# -- a card trigger's lasting effect: negated with the trigger -----------------------------------------------------


def test_negated_naturalizing_leaves_lucs_ante_its_effect():
    # Naturalizing: "Reveal: negate every counter, token and card the nearest opponent anted ..." -- negated, so
    # Luc's stack of 1 Time token keeps its +1 Priority and nothing forbids spending.
    sc = stasis("lixis", ("Naturalizing", "Shot"), positions=(3, 4))
    b = charge(sc, ("Naturalizing", "Shot"), antes={0: ["Time x1"]})
    assert in_force(b) and "Naturalizing" in negations(b)
    assert sc.state.fighters[1].own.natural == ""
    assert "Time token (stack of 1) 1" in b.one("PriorityCompared").terms[0]


def test_negated_judgment_does_not_bind_lucs_movement():
    # Judgment: "Reveal: this beat the nearest opponent cannot move past Vanaah and cannot retreat" -- negated, so
    # Luc's own advance past her stands.
    sc, b = luc_advances("vanaah", ("Judgment", "Shot"))
    assert "Judgment" in negations(b)
    assert b.of("FighterMoved", player=0)[0].switched_sides


# -- abilities triggering when hit, when stunned, at the end of the beat: negated (engine 7 on) -------------------


@pytest.mark.parametrize("game", [GAME, ENGINE6], ids=["engine7", "engine6"])
def test_demitras_keeps_his_token_when_stasis_charge_hits_him(game):
    # Crescendo: "When he is hit by an attack, he loses 1 token" -- his ability triggering as Stasis Charge hits
    # him (Vapid Burst ties Stasis Charge at 3: the Finisher is active and stuns him): negated, and Luc gains a
    # Time token instead (engine 7); engine 6 let him lose it.
    sc = stasis("demitras", ("Vapid", "Burst"), positions=(3, 4), game=game)
    before = copy.deepcopy(sc.state)
    b = charge(sc, ("Vapid", "Burst"))
    assert in_force(b) and b.one("HitScored", player=0)
    lost = [e for e in b.of("TokensSpent", player=1) if e.reason == "Crescendo: lost when hit by an attack"]
    if game is GAME:
        negated = b.one("EffectIgnored", player=1, card="Crescendo")
        assert negated.reason == NEGATED and not lost
        assert sc.state.fighters[1].tokens == ["Crescendo", "Crescendo"]
        i = b.entries.index(next(e for e in b.entries if e.event is negated))
        assert b.entries[i + 1].type == "TokensGained" and b.entries[i + 1].event.reason == "Stasis Charge"
        said = lines_of(told(GAME, before, b.entries), "EffectIgnored")
        assert "Demitras's Crescendo does nothing: negated by Luc's Stasis Charge" in said
    else:
        assert "Crescendo" not in negations(b) and len(lost) == 1
        assert sc.state.fighters[1].tokens == ["Crescendo"]


def test_demitras_without_a_token_has_nothing_to_negate():
    sc = stasis("demitras", ("Vapid", "Burst"), positions=(3, 4), tokens={1: []})
    b = charge(sc, ("Vapid", "Burst"))
    assert b.one("HitScored", player=0) and "Crescendo" not in negations(b)


def zaamassal_stunned(game, paradigms=("Pain",)):
    sc = stasis("zaamassal", ("Malicious", "Drive"), positions=(3, 4), game=game)
    f = sc.state.fighters[1]
    for card in paradigms:
        f.zones["paradigms"].remove(card)
        f.zones["active paradigms"].append(card)
    b = charge(sc, ("Malicious", "Drive"))
    assert in_force(b)
    return sc, b


@pytest.mark.parametrize("game", [GAME, ENGINE6], ids=["engine7", "engine6"])
def test_zaamassal_keeps_his_paradigm_when_stasis_charge_stuns_him(game):
    # Subjective Reality: "When he would be stunned, he loses all active Paradigms" -- his ability triggering as
    # Stasis Charge's 4 damage stuns him (Malicious Drive ties it at 3: the Finisher is active; Stun Guard 2) --
    # negated (engine 7), not in engine 6.
    sc, b = zaamassal_stunned(game)
    assert b.one("StunApplied", player=1)
    dropped = [m for m in b.of("CardMoved", player=1) if m.reason == "stunned: Zaamassal loses all active Paradigms"]
    if game is GAME:
        assert b.one("EffectIgnored", player=1, card="Subjective Reality").reason == NEGATED
        assert not dropped and sc.state.fighters[1].zones["active paradigms"] == ["Pain"]
    else:
        assert "Subjective Reality" not in negations(b)
        assert [m.card for m in dropped] == ["Pain"] and sc.state.fighters[1].zones["active paradigms"] == []


def test_zaamassal_without_a_paradigm_has_nothing_to_negate():
    sc, b = zaamassal_stunned(GAME, paradigms=())
    assert b.one("StunApplied", player=1) and "Subjective Reality" not in negations(b)


def test_negated_gate_trap_leaves_luc_his_priority():
    # Gate Trap: "At Reveal: an opponent standing on the trap gets -3 Priority" -- Khadath's ability triggering at
    # the Reveal, after the Special Action executed Stasis Charge: negated, so Luc keeps his priority 3.
    sc = stasis("khadath", ("Hunter's", "Shot"), positions=(3, 5), trap=3)
    b = charge(sc, ("Hunter's", "Shot"))
    assert in_force(b) and "Gate Trap" in negations(b)
    assert b.none("StatusGained", player=0)
    assert b.one("PriorityCompared").priorities[0] == 3


def test_luc_never_faces_luc():
    # So Luc's own Temporal Battery is never an opponent's ability under Stasis Charge (docs/rulings.md).
    with pytest.raises(InvalidDecision, match="each player needs a different fighter"):
        Scenario(("luc", "luc"))

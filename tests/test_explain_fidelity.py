"""What a judge reads in ``explain`` is right, not only the outcome (issue #21): zero moves read as staying, a
style's modifiers are added to the base, a figure a ruling decided names the ruling, an auto-stun cites the
On Hit step, a Preview match cites the Preview rules."""

from __future__ import annotations

import copy

import pytest

from recorder.games.battlecon import GAME

from .battlecon_scenarios import Scenario
from .explain_support import cites_of, lines_of, told


def explained(sc: Scenario, pairs, **kw):
    before = copy.deepcopy(sc.state)
    beat = sc.beat(pairs, **kw)
    return told(GAME, before, beat.entries)


# -- item 3: a move of zero ------------------------------------------------------------------------------------

def test_advance_up_to_3_with_0_chosen_reads_as_staying():
    sc = Scenario(("kallistar", "cadenza"), keep=(("Ignition", "Grasp"), ("Mechanical", "Strike")),
                  positions=(2, 5), tokens={1: []})
    got = explained(sc, (("Ignition", "Grasp"), ("Mechanical", "Strike")),
                    choices={1: [{"kind": "move", "to": 5}]}, lenient=True)
    assert lines_of(got, "MoveChosen") == ["Cadenza stays on 5 (advance 0)"]
    assert not lines_of(got, "FighterMoved")  # "up to N" allows 0, which is not a move


def test_pull_up_to_3_with_0_chosen_names_who_stays():
    # Grapnel Strike (range 3~5) hits Kallistar 3 spaces away; On Hit: pull up to 3, 0 chosen.
    sc = Scenario(("kallistar", "cadenza"), keep=(("Ignition", "Grasp"), ("Grapnel", "Strike")),
                  positions=(2, 5), tokens={1: []})
    got = explained(sc, (("Ignition", "Grasp"), ("Grapnel", "Strike")),
                    choices={1: [{"kind": "move", "to": 2}]}, lenient=True)
    assert lines_of(got, "MoveChosen") == ["Cadenza leaves Kallistar on 2 (pull 0)"]


def test_a_real_move_still_names_the_space():
    sc = Scenario(("kallistar", "cadenza"), keep=(("Ignition", "Grasp"), ("Mechanical", "Strike")),
                  positions=(2, 5), tokens={1: []})
    got = explained(sc, (("Ignition", "Grasp"), ("Mechanical", "Strike")),
                    choices={1: [{"kind": "move", "to": 4}]}, lenient=True)
    assert lines_of(got, "MoveChosen") == ["Cadenza chooses space 4"]


# -- item 6: a style modifies a base ---------------------------------------------------------------------------

def test_range_and_priority_put_the_base_first():
    sc = Scenario(("hikaru", "cadenza"), keep=(("Trance", "Strike"), ("Clockwork", "Strike")), positions=(3, 4),
                  tokens={1: []})
    got = explained(sc, (("Trance", "Strike"), ("Clockwork", "Strike")), lenient=True)
    ranges = lines_of(got, "RangeChecked")
    assert "vs Strike 1 + Trance +0~1 = 1~2 — in range" in ranges[0]
    assert "Trance 0~1" not in " ".join(ranges)
    (priority,) = lines_of(got, "PriorityCompared")
    assert priority.startswith("Priority: Hikaru Strike 3 + Trance 0 = 3; Cadenza Strike 3 - Clockwork 3 = 0.")
    damage = [line for line in lines_of(got, "DamageDealt") if line.startswith("Cadenza takes")]
    assert "(Strike 4 + Trance " in damage[0]


def test_a_log_whose_terms_the_state_does_not_give_keeps_its_own_text():
    from recorder.games.battlecon.figures import range_sum, scalar

    sc = Scenario(("hikaru", "cadenza"), keep=(("Trance", "Strike"), ("Clockwork", "Strike")))
    assert scalar(sc.state, 0, "power", "Forged 9 = 9") == ("Forged 9 = 9", "")
    assert range_sum(sc.state, 0, "Forged 1~9 = 1~9") == "Forged 1~9 = 1~9"


# -- item 5: the ruling that decided a figure is named next to it ------------------------------------------------

def test_woi_stun_example_2_names_the_kallistar_ruling_at_the_soak():
    # WoI stun example 2 prints "6 damage" against Human Kallistar: 6 - Soak 1 = 5 (docs/rulings.md, Kallistar).
    sc = Scenario(("kallistar", "cadenza"), keep=(("Ignition", "Grasp"), ("Clockwork", "Drive")),
                  positions=(3, 4), tokens={1: []})
    got = explained(sc, (("Ignition", "Grasp"), ("Clockwork", "Drive")),
                    choices={0: [{"kind": "move", "to": 2}], 1: [{"kind": "move", "to": 4}]})
    back = [line for line in lines_of(got, "DamageDealt") if line.startswith("Kallistar takes")]
    assert back == ["Kallistar takes 5 damage from Cadenza: power 6 (Drive 3 + Clockwork 3) - soak 1 "
                    "(Human form 1) [ruling: Kallistar] = 5; life 20 → 15"]


def test_preview_stun_example_5_names_the_ruling_at_the_power_and_the_stun_guard():
    # Preview example 5 prints "dealing 3 damage"; the cards give Caustic 1 + Grasp 2 + Elemental 2 = 5.
    sc = Scenario(("kallistar", "cadenza"), edition="preview", keep=(("Caustic", "Grasp"), ("Clockwork", "Strike")),
                  positions=(3, 4), forms={0: "elemental"}, tokens={1: []})
    got = explained(sc, (("Caustic", "Grasp"), ("Clockwork", "Strike")),
                    choices={0: [{"kind": "order", "first": "Caustic"}, {"kind": "move", "to": 2}]})
    (damage,) = lines_of(got, "DamageDealt")
    assert "power 5 (Grasp 2 + Caustic 1 + Elemental form 2) [ruling: Preview stun examples]" in damage


def test_preview_stun_example_3_names_the_ruling_at_strikes_stun_guard():
    sc = Scenario(("kallistar", "cadenza"), edition="preview", keep=(("Volcanic", "Grasp"), ("Mechanical", "Strike")),
                  positions=(1, 4), tokens={1: []})
    got = explained(sc, (("Volcanic", "Grasp"), ("Mechanical", "Strike")),
                    choices={0: [{"kind": "move", "to": 3}]}, lenient=True)
    (prevented,) = lines_of(got, "StunPrevented")
    assert prevented == ("Cadenza is not stunned: 2 damage taken this beat [ruling: Stun guard] ≤ stun guard 5 "
                         "(Strike 5) [ruling: Preview stun examples]")
    woi = Scenario(("kallistar", "cadenza"), keep=(("Volcanic", "Grasp"), ("Mechanical", "Strike")),
                   positions=(1, 4), tokens={1: []})
    got = explained(woi, (("Volcanic", "Grasp"), ("Mechanical", "Strike")),
                    choices={0: [{"kind": "move", "to": 3}]}, lenient=True)
    assert lines_of(got, "StunPrevented") == ["Cadenza is not stunned: 2 damage ≤ stun guard 5 (Strike 5)"]


def test_the_comics_sweeping_damage_names_the_sweeping_ruling():
    # The comic's "6 damage" for Lure Strike against Sweeping is 3 + 2 = 5 with the printed numbers.
    sc = Scenario(("hikaru", "khadath"), positions=(3, 4), keep=(("Sweeping", "Shot"), ("Lure", "Strike")))
    got = explained(sc, (("Sweeping", "Shot"), ("Lure", "Strike")), lenient=True)
    hikaru = [line for line in lines_of(got, "DamageDealt") if line.startswith("Hikaru takes")]
    assert hikaru and "+ 2 extra (Hikaru's Sweeping: +2 damage taken) [ruling: Sweeping]" in hikaru[0]


# -- item 1 (the citation part): the auto-stun happens at the On Hit step ----------------------------------------

@pytest.mark.parametrize("edition,step", [("woi", "WoI p.25, Active attack, step 3: On Hit"),
                                          ("preview", "Preview p.5, Step 4 Execute Attacks, 3: On Hit")])
def test_auto_stun_cites_the_on_hit_step(edition, step):
    sc = Scenario(("kallistar", "cadenza"), edition=edition, keep=(("Caustic", "Grasp"), ("Clockwork", "Strike")),
                  positions=(3, 4), forms={0: "elemental"}, tokens={1: []})
    got = explained(sc, (("Caustic", "Grasp"), ("Clockwork", "Strike")),
                    choices={0: [{"kind": "order", "first": "Caustic"}, {"kind": "move", "to": 2}]})
    (cite,) = cites_of(got, "StunApplied")
    assert cite.startswith(step) and "step 5" not in cite


# -- item 2: a Preview match cites the Preview -------------------------------------------------------------------

def test_preview_geomantic_tie_cites_the_preview_faq_not_the_woi_one():
    sc = Scenario(("hikaru", "khadath"), edition="preview", positions=(3, 4),
                  keep=(("Geomantic", "Strike", "Drive"), ("Hunter's", "Grasp")))
    got = explained(sc, (("Geomantic", "Strike"), ("Hunter's", "Grasp")), lenient=True,
                    choices={0: [{"kind": "extra_ante", "ante": "Wind"}]})
    (cite,) = cites_of(got, "PriorityCompared")
    assert "WoI" not in cite and "priority changes after the Reveal" not in cite
    assert "p.9 FAQ ('the player who originally had the highest priority continues to have priority')" in cite

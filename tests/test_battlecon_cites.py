"""Which rule a record cites: the kit (or the shared rule) that caused it, never another kit of the match.

A Pulse's rearrangement cites the Pulse, even in a match with Khadath (whose Planar Crossing also rearranges); a
generic event one fighter's card makes on the other (a base Lixis's Withering Touch makes them discard) cites that
card, not the victim's kit, which cites the same generic event for its own rules; the victim's own ability answering
the opponent's card (Sturdy ignoring a movement) still cites the victim's kit."""

from __future__ import annotations

import copy

from recorder.decisions import Answer
from recorder.games.battlecon import GAME
from recorder.games.battlecon.cards import SPECIAL_ACTION as SA
from tests.battlecon_scenarios import Scenario
from tests.explain_support import told

PULSE = "WoI p.33, Pulse (rearrange all standups)"
PLANAR = "WoI p.33, Pulse (rearrange all standups); Planar Crossing"
REARRANGED = ("ArrangementChosen", "FightersRearranged", "FighterMoved")
KHADATH = ("Lure", "Blight", "Evacuation", "Drive", "Grasp", "Burst")  # Khadath keeps these in hand


def specials(fighters, **kw) -> Scenario:
    return Scenario(fighters, options={"special_actions": True, **kw.pop("options", {})}, **kw)


def play(sc: Scenario, pairs, **kw) -> list[tuple[str, str, str | None]]:
    """``(type, description, citation)`` of every record of the beat, cited in order from the state before it."""
    before = copy.deepcopy(sc.state)
    return told(GAME, before, sc.beat(pairs, **kw).entries)


def cites(got, *types: str) -> list[tuple[str, str | None]]:
    return [(t, cite) for t, _, cite in got if t in types]


def test_a_pulse_rearrangement_cites_the_pulse_in_a_match_with_khadath():
    # Khadath's opponent Pulses: Khadath is moved by it, and his kit (which cites rearrangements for his Planar
    # Crossing) did not cause it.
    sc = specials(("hikaru", "khadath"), keep=(("Dash",), KHADATH))
    got = play(sc, ((SA, "Dash"), ("Lure", "Drive")), lenient=True,
               choices={0: [{"kind": "rearrange", "positions": [6, 2], "trap": None}]})
    found = cites(got, *REARRANGED)
    assert [t for t, _ in found] == ["ArrangementChosen", "FightersRearranged", "FighterMoved", "FighterMoved"]
    assert all(cite == PULSE for _, cite in found), found
    # Khadath's own Pulse is the shared Pulse too, not his Finisher.
    sc = specials(("hikaru", "khadath"), keep=(("Focused", "Strike"), ("Dash",)))
    got = play(sc, (("Focused", "Strike"), (SA, "Dash")),
               choices={1: [{"kind": "rearrange", "positions": [6, 2], "trap": None}]})
    found = cites(got, *REARRANGED)
    assert len(found) == 4 and all(cite == PULSE for _, cite in found), found


def test_planar_crossing_cites_itself_for_both_fighters_it_moves():
    sc = specials(("khadath", "hikaru"), keep=(("Drive",), ("Trance", "Shot")), positions=(3, 4), life=(7, 20),
                  finishers=("Planar Crossing", "Four Winds"))
    got = play(sc, ((SA, "Drive"), ("Trance", "Shot")), lenient=True,
               choices={0: [{"kind": "rearrange", "positions": [1, 7], "trap": 6}]})
    found = cites(got, *REARRANGED)
    assert [t for t, _ in found] == ["ArrangementChosen", "FightersRearranged", "FighterMoved", "FighterMoved"]
    assert all(cite == PLANAR for _, cite in found), found


def test_the_victims_ability_answering_planar_crossing_cites_the_victims_kit():
    sc = Scenario(("zaamassal", "khadath"), keep=(("Sturdy", "Strike"), KHADATH), positions=(3, 4), life=(20, 5),
                  options={"special_actions": True}, finishers=("Open the Gate", "Planar Crossing"))
    got = play(sc, (("Sturdy", "Strike"), (SA, "Drive")), lenient=True,
               choices={0: [{"kind": "ignore_move", "use": True}, {"kind": "paradigm", "card": "none"}],
                        1: [{"kind": "rearrange", "positions": [3, 7], "trap": 5}]})
    assert cites(got, "OptionDecided") == [
        ("OptionDecided", "Zaamassal: Sturdy (he may ignore movement effects applied to him this beat)")]
    assert cites(got, "FightersRearranged") == [("FightersRearranged", PLANAR)]


def test_a_base_withering_touch_makes_the_opponent_discard_cites_withering_touch_not_their_kit():
    # Zaamassal's kit cites CardChosen and CardMoved for his Paradigms: the base he chooses and discards for Lixis's
    # Withering Touch is her card's doing; his own Paradigm choice in the same beat stays his.
    sc = Scenario(("lixis", "zaamassal"), keep=(("Naturalizing", "Strike"), ("Sturdy", "Shot", "Drive", "Grasp")),
                  positions=(3, 4))
    got = play(sc, (("Naturalizing", "Strike"), ("Sturdy", "Shot")),
               choices={1: [{"kind": "card", "card": "Drive"}, {"kind": "paradigm", "card": "Resilience"}]})
    lixis = "Lixis: Withering Touch, Pruning (the opponent chooses and discards a base from their hand)"
    chosen = [(text, cite) for t, text, cite in got if t in ("CardChosen", "CardMoved")]
    assert chosen == [
        ("Zaamassal chooses Drive", lixis),
        ("Zaamassal's Drive: hand → with the pair (Withering Touch)", lixis),
        ("Zaamassal chooses the Paradigm of Resilience",
         "Zaamassal's Unique Ability (Subjective Reality: assuming a Paradigm)"),
        ("Zaamassal's Resilience: paradigms → active paradigms (Sturdy: assumes the Paradigm of Resilience)",
         "Zaamassal's Unique Ability (Subjective Reality: Paradigm cards)")]


def test_a_style_reading_fate_shows_cites_reading_fate():
    # The shared beat records the opponent's StyleShown as their own act; Seth's Reading Fate made it.
    sc = Scenario(("seth", "hikaru"), keep=(("Compelling", "Strike"), ("Trance", "Focused", "Shot", "Drive")),
                  positions=(3, 5), life=(5, 20), options={"special_actions": True},
                  finishers=("Reading Fate", "Four Winds"))
    sc.beat(((SA, "Strike"), ("Trance", "Shot")), choices={0: [{"kind": "guess", "name": "Beyond Eyes",
                                                                "choice": "none"}]}, lenient=True)
    before, start = copy.deepcopy(sc.state), len(sc.match.entries)
    sc.match.advance(Answer({"player": 1, "style": "Focused", "base": "Drive"}, "test"))
    got = told(GAME, before, sc.match.entries[start:])
    assert cites(got, "StyleShown") == [("StyleShown", "Seth: Reading Fate (the opponent plays their style face up)")]

"""Special Actions (Pulse, Cancel, Finisher) and Ante Finishers, per edition: every interaction, every
Finisher's condition and effect, and the rulings in docs/rulings.md ("Special Actions and Finishers").

Sources: WoI p.20, p.22 step 3, p.32 (Variant #1), p.33-34 (Variant #2); Preview p.10."""

import pytest

from recorder.decisions import Answer
from recorder.games.battlecon import GAME
from recorder.games.battlecon.cards import KITS, SPECIAL_ACTION
from recorder.header import Player
from recorder.match import Match, run, sealed
from tests.battlecon_scenarios import Scenario

SA = SPECIAL_ACTION
SPECIALS = {"special_actions": True}


def specials(fighters, edition="woi", **kw) -> Scenario:
    return Scenario(fighters, edition=edition, options={**SPECIALS, **kw.pop("options", {})}, **kw)


def limit_hand(sc: Scenario, p: int, keep: set[str]) -> None:
    """Test-only set-up: every other card of p's hand leaves the game before beat 1."""
    f = sc.state.fighters[p]
    f.removed += [c for c in f.hand if c not in keep]
    f.hand = [c for c in f.hand if c in keep]


# -- set-up ------------------------------------------------------------------------------------


def test_finishers_are_chosen_secretly_then_shown_together_before_the_discards():
    h = GAME.make_header(players=(Player("Ann", "hikaru"), Player("Ben", "kallistar")), edition="woi", seed=2,
                         options={"duels": 1, "special_actions": True})
    m = Match(GAME, h)
    m.advance()
    req = m.pending
    assert (req.kind, req.secret, req.player) == ("finisher", True, 0)
    assert [o["finisher"] for o in req.options] == ["Wrath of Elements", "Four Winds"]
    m.advance(Answer({"player": 0, "finisher": "Four Winds"}, "test"))
    assert m.entries[-1].visibility == 0
    # Ben chooses without seeing Ann's side.
    seen = GAME.redact(GAME.snapshot(m.state), 1)
    assert seen["fighters"][0]["finisher"] == "?"
    m.advance(Answer({"player": 1, "finisher": "Chain of Destruction"}, "test"))
    shown = [e for e in m.entries if e.type == "FinishersRevealed"]
    assert shown and shown[0].event.finishers == ("Four Winds", "Chain of Destruction")
    assert shown[0].visibility == "public"
    types = [e.type for e in m.entries]
    # The discards come after the Finishers (WoI p.22 step 3).
    assert types.index("FinishersRevealed") < types.index("DiscardsSet")
    assert GAME.redact(GAME.snapshot(m.state), 1)["fighters"][0]["finisher"] == "Four Winds"


@pytest.mark.parametrize("given,header", [
    ("a", ["a", "a"]), ("b", ["b", "b"]), ("a,b", ["a", "b"]), (["b", "chosen"], ["b", "chosen"]),
    ("chosen", None), (["chosen", "chosen"], None)])
def test_finisher_sides_option_is_normalised_in_the_header(given, header):
    players = (Player("Ann", "hikaru"), Player("Ben", "kallistar"))
    h = GAME.make_header(players=players, edition="woi", seed=2,
                         options={"duels": 1, "special_actions": True, "finishers": given})
    plain = GAME.make_header(players=players, edition="woi", seed=2, options={"duels": 1, "special_actions": True})
    assert h.options.get("finishers") == header
    # "chosen" (the default) is left out, so it is the same match as one that never mentions the option.
    assert (h.match_id == plain.match_id) == (header is None)


@pytest.mark.parametrize("options,message", [
    ({"special_actions": True, "finishers": "c"},
     "BattleCON option finishers='c' is not allowed ('c' is not a side); choose chosen, a, b, or one per player, "
     'e.g. ["a", "b"] or a,b (each a, b or chosen)'),
    ({"special_actions": True, "finishers": ["a"]},
     "BattleCON option finishers=['a'] is not allowed (it names 1 side for 2 players); choose chosen, a, b, or one "
     'per player, e.g. ["a", "b"] or a,b (each a, b or chosen)'),
    ({"special_actions": True, "finishers": 1},
     "BattleCON option finishers=1 is not allowed (it is neither text nor a list of texts); choose chosen, a, b, or "
     'one per player, e.g. ["a", "b"] or a,b (each a, b or chosen)'),
    ({"finishers": "a"},
     "BattleCON option finishers='a' needs special_actions=true or ante_finishers=true: without them no Finisher "
     "is used"),
])
def test_finisher_sides_option_errors(options, message):
    from recorder.errors import InvalidDecision

    with pytest.raises(InvalidDecision) as err:
        GAME.make_header(players=(Player("Ann", "hikaru"), Player("Ben", "kallistar")), edition="woi", seed=2,
                         options={"duels": 1, **options})
    assert str(err.value) == message


def test_a_fixed_finisher_side_is_not_asked_and_shown_with_the_others():
    h = GAME.make_header(players=(Player("Ann", "hikaru"), Player("Ben", "kallistar")), edition="woi", seed=2,
                         options={"duels": 1, "ante_finishers": True, "finishers": ["b", "chosen"]})
    m = Match(GAME, h)
    m.advance()
    assert (m.pending.kind, m.pending.player) == ("finisher", 1)  # Ann's side is fixed: only Ben chooses
    m.advance(Answer({"player": 1, "finisher": "Supernova"}, "test"))
    assert [e.type for e in m.entries] == ["DuelStarted", "FinisherChosen", "FinishersRevealed", "DiscardsSet",
                                           "DiscardsSet", "BeatStarted"]
    assert m.entries[2].event.finishers == ("Four Winds", "Supernova")
    assert [f.finisher for f in m.state.fighters] == ["Four Winds", "Supernova"]
    both = GAME.make_header(players=(Player("Ann", "hikaru"), Player("Ben", "kallistar")), edition="woi", seed=2,
                            options={"duels": 1, "special_actions": True, "finishers": "a"})
    m2 = Match(GAME, both)
    m2.advance()
    assert m2.pending.kind == "pair"  # nobody is asked; side a is the first side of each card
    assert [f.finisher for f in m2.state.fighters] == ["Wrath of Elements", "Supernova"]


def test_finisher_sides_on_the_command_line(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from beatlog.cli import main
    from recorder.jsonl import read_jsonl

    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    args = ["record", "--fighters", "cadenza,kallistar", "--option", "special_actions=true", "--option",
            "finishers=a,b", "--seed", "4", "--duels", "1", "-o", "m.jsonl"]
    result = runner.invoke(main, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    log = read_jsonl(tmp_path / "m.jsonl")
    assert log.header.options["finishers"] == ["a", "b"]
    assert "FinisherChosen" not in [r.type for r in log.records]
    shown = next(r for r in log.records if r.type == "FinishersRevealed")
    assert shown.data["finishers"] == ["Rocket Press", "Chain of Destruction"]
    assert runner.invoke(main, ["verify", "m.jsonl"], catch_exceptions=False).exit_code == 0
    bad = runner.invoke(main, [*args[:5], "--option", "finishers=x", "-o", "n.jsonl"], catch_exceptions=False)
    assert bad.exit_code == 1 and bad.stderr.strip().startswith("Error: BattleCON option finishers='x' is not")


def test_no_finisher_choice_without_the_options():
    h = GAME.make_header(players=(Player("Ann", "hikaru"), Player("Ben", "kallistar")), edition="woi", seed=2,
                         options={"duels": 1})
    m = Match(GAME, h)
    m.advance()
    assert m.pending.kind == "pair"
    assert SA not in m.state.fighters[0].hand


def test_special_action_pairs_with_every_base_and_labels_its_action():
    sc = specials(("hikaru", "khadath"))
    req = sc.match.pending
    assert req.kind == "pair"
    special = [(o["base"], req.labels[i]) for i, o in enumerate(req.options) if o["style"] == SA]
    bases = [b for b in KITS["hikaru"].bases if b in sc.state.fighters[0].hand]
    assert [b for b, _ in special] == bases
    labels = dict(special)
    # At 20 life a Strike, Drive or unique-base Special Action can only be a Cancel: the label says so.
    above = "cancel: life 20 is above 7"
    for base, action in (("Dash", "pulse"), ("Grasp", "cancel"), ("Shot", "cancel"), ("Strike", above),
                         ("Drive", above), ("Palm Strike", above), ("Burst", "pulse")):
        if base in labels:
            assert labels[base] == f"Special Action {base} ({action})"
    # Special pairs come after every normal pair, so the core options keep their order.
    assert req.options[-1]["style"] == SA


def special_labels(sc: Scenario, p: int) -> dict[str, str]:
    from recorder.games.battlecon.beat import pair_options

    opts, labels = pair_options(sc.state, p)
    return {o["base"]: label for o, label in zip(opts, labels) if o["style"] == SA}


def test_special_action_labels_a_usable_finisher_by_name():
    sc = specials(("hikaru", "cadenza"), life=(7, 20), finishers=("Four Winds", "Rocket Press"),
                  keep=(("Strike", "Palm Strike", "Burst"), ()))
    labels = special_labels(sc, 0)
    assert labels["Strike"] == "Special Action Strike (finisher: Four Winds)"
    assert labels["Palm Strike"] == "Special Action Palm Strike (finisher: Four Winds)"
    assert labels["Burst"] == "Special Action Burst (pulse)"


def test_special_action_label_names_the_wrong_kallistar_form():
    sc = specials(("kallistar", "hikaru"), life=(5, 20), finishers=("Supernova", "Four Winds"),
                  keep=(("Drive",), ()))
    assert special_labels(sc, 0)["Drive"] == ("Special Action Drive (cancel: Supernova needs Elemental form "
                                              "(Human now))")
    sc.state.fighters[0].form = "elemental"
    assert special_labels(sc, 0)["Drive"] == "Special Action Drive (finisher: Supernova)"


def test_special_action_label_counts_the_elemental_life_loss_before_the_reveal():
    # Elemental Kallistar at 8 life chooses her pair; the ante step then costs her 1 life (never below 1), so at
    # the reveal she is at 7 and the Special Action Drive is Supernova -- the label says what really happens.
    sc = specials(("kallistar", "hikaru"), life=(8, 20), forms={0: "elemental"},
                  finishers=("Supernova", "Four Winds"), keep=(("Drive",), ("Trance", "Strike")), positions=(3, 4))
    assert special_labels(sc, 0)["Drive"] == "Special Action Drive (finisher: Supernova)"
    b = sc.beat(((SA, "Drive"), ("Trance", "Strike")), lenient=True)
    assert b.one("FinisherRevealed", player=0).finisher == "Supernova"
    # At 9 life the loss leaves her at 8: a Cancel, and the label gives her life at the reveal.
    sc = specials(("kallistar", "hikaru"), life=(9, 20), forms={0: "elemental"},
                  finishers=("Supernova", "Four Winds"), keep=(("Drive",), ()))
    assert special_labels(sc, 0)["Drive"] == "Special Action Drive (cancel: life 8 is above 7)"


def test_special_action_label_after_a_cancel_uses_the_life_left():
    # The new pair after a Cancel is chosen after the ante step: Kallistar's life there is already final.
    sc = specials(("hikaru", "kallistar"), life=(20, 8), forms={1: "elemental"},
                  finishers=("Four Winds", "Supernova"),
                  keep=(("Grasp", "Trance", "Strike"), ("Flare", "Spellbolt", "Drive")), positions=(3, 4))
    sc.beat(((SA, "Grasp"), ("Flare", "Spellbolt")), lenient=True,
            choices={0: [{"kind": "new_pair", "style": "Trance", "base": "Strike"}],
                     1: [{"kind": "new_pair", "style": SA, "base": "Drive"}]})
    new = next(r for r in sc.requests if r.kind == "new_pair" and r.player == 1)
    label = next(lab for o, lab in zip(new.options, new.labels) if o["style"] == SA and o["base"] == "Drive")
    assert label == "Special Action Drive (finisher: Supernova)"


def test_special_action_label_with_ante_finishers_is_always_a_cancel():
    sc = Scenario(("cadenza", "hikaru"), options={"ante_finishers": True, "special_actions": True}, life=(5, 20),
                  keep=(("Strike",), ()))
    assert special_labels(sc, 0)["Strike"] == ("Special Action Strike (cancel: with Ante Finishers it never "
                                               "becomes a Finisher)")


def test_starting_discards_never_hold_the_special_action():
    from recorder.games.battlecon.duel import discard_options

    opts, _ = discard_options("cadenza", 0)
    assert all(SA not in o["discard1"] + o["discard2"] for o in opts)


def test_special_action_returns_to_hand_for_the_next_duel():
    h = GAME.make_header(players=(Player("Ann", "cadenza"), Player("Ben", "khadath")), edition="woi", seed=4,
                         options={"duels": 3, "special_actions": True})
    m = Match(GAME, h)
    m.advance()
    bot = {p: GAME.bot("random", 4, p) for p in (0, 1)}
    while m.state.duel < 2 and not m.finished:
        m.advance(bot[m.pending.player].answer(m.pending, m))
    assert m.state.duel == 2
    assert all(SA in f.hand for f in m.state.fighters)


# -- Pulse ----------------------------------------------------------------------------------------


def test_woi_pulse_negates_rearranges_skips_to_recycling_and_is_not_counted():
    sc = specials(("hikaru", "khadath"), keep=(("Burst", "Focused"), ("Lure", "Strike")))
    b = sc.beat(((SA, "Burst"), ("Lure", "Strike")),
                choices={0: [{"kind": "rearrange", "positions": [1, 7], "trap": None}]})
    assert b.one("SpecialActionRevealed", player=0).action == "pulse"
    assert b.one("PulseResolved").target == 1
    req = next(r for r in sc.requests if r.kind == "rearrange")
    assert len(req.options) == 7 * 6  # every arrangement of the two standups
    moved = b.one("FightersRearranged")
    assert (moved.from_positions, moved.positions) == ((3, 5), (1, 7))
    # Each fighter that moved has its own FighterMoved, caused by the arrangement (issue 3: one event per move).
    seq = next(e.seq for e in b.entries if e.type == "FightersRearranged")
    moves = [(e.event.player, e.event.by, e.event.kind, e.event.from_space, e.event.to_space, e.event.distance,
              e.event.switched_sides, e.cause) for e in b.entries if e.type == "FighterMoved"]
    assert moves == [(0, 0, "rearrange", 3, 1, 2, False, seq), (1, 0, "rearrange", 5, 7, 2, False, seq)]
    assert b.none("TriggerResolved") and b.none("PriorityCompared") and b.none("AttackStarted")
    assert b.one("BeatNotCounted").beat == 1
    assert b.one("BeatEnded").beats_left == 15  # "Do not reduce the beat count"
    assert b.one("RecycleSkipped", player=0)
    assert b.one("CardsRecycled", player=1).discard1 == ("Lure", "Strike")  # cycles as normal
    f = sc.state.fighters[0]
    assert SA in f.removed and "Burst" in f.hand
    assert sc.state.uncounted == 1


def test_preview_pulse_pushes_back_then_retreats():
    sc = specials(("hikaru", "khadath"), edition="preview", keep=(("Dash",), ("Lure", "Strike")),
                  positions=(3, 5))
    b = sc.beat(((SA, "Dash"), ("Lure", "Strike")),
                choices={0: [{"kind": "move", "to": 7}, {"kind": "move", "to": 1}]})
    moves = [(m.player, m.kind, m.from_space, m.to_space) for m in b.of("FighterMoved")]
    assert moves == [(1, "push", 5, 7), (0, "retreat", 3, 1)]
    assert b.none("BeatNotCounted") and b.none("ArrangementChosen")
    assert b.one("RecycleSkipped", player=0)
    push = next(r for r in sc.requests if r.kind == "move")
    assert [o["to"] for o in push.options] == [5, 6, 7]  # any number of spaces, 0 included


def test_woi_pulse_against_pulse_cancels_out():
    sc = specials(("hikaru", "khadath"), keep=(("Burst",), ("Dash",)))
    b = sc.beat(((SA, "Burst"), (SA, "Dash")))
    assert b.one("SpecialActionsMet").actions == ("pulse", "pulse")
    assert b.none("FighterMoved") and b.none("FightersRearranged") and b.none("PulseResolved")
    for p, base in ((0, "Burst"), (1, "Dash")):
        f = sc.state.fighters[p]
        assert SA in f.discard1 and SA not in f.removed and base in f.hand
        assert b.one("RecycleSkipped", player=p)
    assert b.one("BeatNotCounted")
    assert [f.position for f in sc.state.fighters] == [3, 5]


def test_preview_pulse_against_pulse_pushes_both_to_the_walls():
    sc = specials(("hikaru", "khadath"), edition="preview", keep=(("Burst",), ("Dash",)))
    b = sc.beat(((SA, "Burst"), (SA, "Dash")))
    assert [(m.player, m.to_space) for m in b.of("FighterMoved")] == [(0, 1), (1, 7)]
    assert all(SA in f.removed for f in sc.state.fighters)


@pytest.mark.parametrize("edition", ["woi", "preview"])
def test_pulse_meeting_a_cancel_leaves_it_unused_in_discard_1(edition):
    sc = specials(("hikaru", "khadath"), edition=edition, keep=(("Burst",), ("Grasp",)))
    choices = {0: [{"kind": "rearrange", "positions": [3, 5], "trap": None}]} if edition == "woi" else \
        {0: [{"kind": "move", "to": 7}, {"kind": "move", "to": 1}]}
    b = sc.beat(((SA, "Burst"), (SA, "Grasp")), choices=choices)
    assert b.one("SpecialActionsMet").actions == ("pulse", "cancel")
    assert b.none("PairCanceled") and not [r for r in sc.requests if r.kind == "new_pair"]
    assert b.one("CardsRecycled", player=1).discard1 == (SA, "Grasp")  # not removed: one style more later
    assert SA not in sc.state.fighters[1].removed


def test_pulse_meeting_a_finisher_leaves_it_unused():
    sc = specials(("hikaru", "cadenza"), keep=(("Dash",), ("Press",)), life=(20, 6))
    b = sc.beat(((SA, "Dash"), (SA, "Press")), choices={0: [{"kind": "rearrange", "positions": [2, 6],
                                                              "trap": None}]})
    assert b.one("SpecialActionsMet").actions == ("pulse", "finisher")
    assert b.none("FinisherRevealed")
    assert b.one("CardsRecycled", player=1).discard1 == (SA, "Press")


# -- Cancel -------------------------------------------------------------------------------------------


def test_woi_cancel_discards_the_opponents_pair_and_both_choose_again():
    sc = specials(("hikaru", "kallistar"), keep=(("Grasp", "Trance", "Strike"), ("Flare", "Spellbolt", "Caustic")),
                  positions=(3, 4))
    before = list(sc.state.fighters[1].discard1)
    b = sc.beat(((SA, "Grasp"), ("Flare", "Spellbolt")), lenient=True,
                choices={0: [{"kind": "new_pair", "style": "Trance", "base": "Strike"}],
                         1: [{"kind": "new_pair", "style": "Caustic", "base": "Drive"}]})
    canceled = b.one("PairCanceled")
    assert (canceled.player, canceled.by, canceled.cards) == (1, 0, ("Flare", "Spellbolt"))
    spent = b.one("SpecialActionSpent", player=0)
    assert (spent.to, spent.base, spent.base_to) == ("removed", "Grasp", "hand")
    new = [r for r in sc.requests if r.kind == "new_pair"]
    assert [(r.player, r.secret) for r in new] == [(0, True), (1, True)]
    reveals = b.of("PairRevealed")
    assert [r.styles for r in reveals] == [(SA, "Flare"), ("Trance", "Caustic")]
    assert b.none("LifeLost", reason="Flare")  # the canceled pair's Reveal effects never happen
    # The canceled pair sits on discard 1 with what was there, then cycles with it: two beats without it.
    assert b.one("CardsRecycled", player=1).discard2 == tuple(before) + ("Flare", "Spellbolt")
    assert "Grasp" in sc.state.fighters[0].hand or "Grasp" in sc.state.fighters[0].discard1


def test_preview_cancel_only_the_canceller_chooses_again_in_the_open():
    sc = specials(("hikaru", "kallistar"), edition="preview", keep=(("Shot", "Trance", "Strike"), ("Flare", "Strike")),
                  positions=(3, 4))
    b = sc.beat(((SA, "Shot"), ("Flare", "Strike")), lenient=True,
                choices={0: [{"kind": "new_pair", "style": "Trance", "base": "Strike"}]})
    assert b.none("PairCanceled")
    new = [r for r in sc.requests if r.kind == "new_pair"]
    assert [(r.player, r.secret) for r in new] == [(0, False)]
    assert [e.visibility for e in b.entries if e.type == "PairSelected" and e.event.style == "Trance"] == ["public"]
    assert b.of("PairRevealed")[-1].styles == ("Trance", "Flare")
    assert b.one("LifeLost", player=1).reason == "Flare"  # the opponent's pair stands


def test_woi_cancel_against_cancel_sends_only_the_special_actions_to_discard_1():
    sc = specials(("hikaru", "khadath"), keep=(("Grasp", "Trance", "Strike"), ("Shot", "Lure", "Drive")))
    b = sc.beat(((SA, "Grasp"), (SA, "Shot")), lenient=True,
                choices={0: [{"kind": "new_pair", "style": "Trance", "base": "Strike"}],
                         1: [{"kind": "new_pair", "style": "Lure", "base": "Drive"}]})
    assert b.one("SpecialActionsMet").actions == ("cancel", "cancel")
    assert b.none("PairCanceled")
    for p, base in ((0, "Grasp"), (1, "Shot")):
        spent = b.one("SpecialActionSpent", player=p)
        assert (spent.to, spent.base_to) == ("discard1", "hand")
    assert b.of("PairRevealed")[-1].styles == ("Trance", "Lure")


def test_woi_cancel_against_a_finisher_discards_its_special_and_base():
    sc = specials(("hikaru", "cadenza"), keep=(("Grasp", "Trance", "Strike"), ("Press", "Battery", "Drive")),
                  life=(20, 5))
    b = sc.beat(((SA, "Grasp"), (SA, "Press")), lenient=True,
                choices={0: [{"kind": "new_pair", "style": "Trance", "base": "Strike"}],
                         1: [{"kind": "new_pair", "style": "Battery", "base": "Drive"}]})
    assert b.one("SpecialActionsMet").actions == ("cancel", "finisher")
    spent = b.one("SpecialActionSpent", player=1)
    assert (spent.to, spent.base, spent.base_to) == ("discard1", "Press", "discard1")
    assert b.none("FinisherRevealed")
    assert b.one("CardsRecycled", player=1).discard2[-2:] == (SA, "Press")


def test_a_cancel_pair_can_clash():
    sc = specials(("hikaru", "kallistar"), keep=(("Grasp", "Trance", "Strike", "Shot"),
                                                 ("Caustic", "Drive", "Blazing", "Shot")))
    b = sc.beat(((SA, "Grasp"), ("Blazing", "Shot")), lenient=True,
                choices={0: [{"kind": "new_pair", "style": "Trance", "base": "Strike"}],
                         1: [{"kind": "new_pair", "style": "Caustic", "base": "Drive"}]})
    tie = b.of("PriorityCompared")[0]
    assert tie.priorities == (3, 3) and tie.active is None
    assert b.one("ClashOccurred").round == 1


@pytest.mark.parametrize("edition,event", [("woi", "ClashAbandoned"), ("preview", "ClashBasesRecovered")])
def test_running_out_of_bases_in_a_clash_after_a_cancel(edition, event):
    sc = specials(("hikaru", "kallistar"), edition=edition,
                  keep=(("Grasp", "Trance", "Strike", "Shot"), ("Caustic", "Drive", "Blazing", "Shot")))
    if edition == "woi":
        limit_hand(sc, 1, {"Caustic", "Blazing", "Drive", "Shot"})  # two bases: the canceled one and one more
        choices = {0: [{"kind": "new_pair", "style": "Trance", "base": "Strike"}],
                   1: [{"kind": "new_pair", "style": "Caustic", "base": "Drive"}]}
        pairs = ((SA, "Grasp"), ("Blazing", "Shot"))
    else:  # Preview: Ben's pair stands; Ann picks a pair that ties with it
        limit_hand(sc, 1, {"Caustic", "Drive"})
        choices = {0: [{"kind": "new_pair", "style": "Trance", "base": "Strike"}]}
        pairs = ((SA, "Grasp"), ("Caustic", "Drive"))
    b = sc.beat(pairs, choices=choices, lenient=True)
    assert b.of(event)[0].player == 1
    if edition == "woi":
        assert b.none("AttackStarted")  # both skip to recycling their top pairs


# -- the Preview's Special Actions (Preview p.10), where they differ from WoI ---------------------------------


def test_preview_cancel_against_cancel_both_choose_secretly_and_both_specials_leave_the_duel():
    # Preview: "If both players cancel simultaneously, they must both choose new attacks secretly"; a used Special
    # Action "is removed from the game until the end of the duel" (WoI instead: both to discard 1).
    sc = specials(("hikaru", "khadath"), edition="preview",
                  keep=(("Grasp", "Trance", "Strike"), ("Shot", "Lure", "Drive")))
    b = sc.beat(((SA, "Grasp"), (SA, "Shot")), lenient=True,
                choices={0: [{"kind": "new_pair", "style": "Trance", "base": "Strike"}],
                         1: [{"kind": "new_pair", "style": "Lure", "base": "Drive"}]})
    assert b.one("SpecialActionsMet").actions == ("cancel", "cancel")
    assert b.none("PairCanceled")
    for p, base in ((0, "Grasp"), (1, "Shot")):
        spent = b.one("SpecialActionSpent", player=p)
        assert (spent.to, spent.base, spent.base_to) == ("removed", base, "hand")
        assert SA in sc.state.fighters[p].removed
    new = [r for r in sc.requests if r.kind == "new_pair"]
    assert [(r.player, r.secret) for r in new] == [(0, True), (1, True)]
    assert b.of("PairRevealed")[-1].styles == ("Trance", "Lure")


def test_preview_cancel_against_a_finisher_the_finisher_stands():
    # Preview: Cancel "allows you to choose your attack after looking at what your opponent has played": the
    # opponent's pair -- here a Finisher -- is not canceled (WoI: the Finisher's Special Action and base go to
    # its discard 1 and both choose again).
    sc = specials(("hikaru", "cadenza"), edition="preview", keep=(("Grasp", "Trance", "Strike"), ("Press",)),
                  life=(20, 5), positions=(3, 4), finishers=("Wrath of Elements", "Rocket Press"), tokens={1: []})
    b = sc.beat(((SA, "Grasp"), (SA, "Press")), lenient=True,
                choices={0: [{"kind": "new_pair", "style": "Trance", "base": "Strike"}]})
    met = b.one("SpecialActionsMet")
    assert met.actions == ("cancel", "finisher") and "the Finisher stands" in met.result
    assert b.none("PairCanceled")
    assert b.one("FinisherRevealed").player == 1
    new = [r for r in sc.requests if r.kind == "new_pair"]
    assert [(r.player, r.secret) for r in new] == [(0, False)]  # only the canceling player, in the open
    assert b.of("AttackStarted", player=1)[0].attack == "Rocket Press"
    assert b.one("RecycleSkipped", player=1)  # "Your discard pile does not cycle the turn when a finish is used"
    assert "Press" in sc.state.fighters[1].hand  # "Return the base played with the finish to your hand"
    assert SA in sc.state.fighters[0].removed and SA in sc.state.fighters[1].removed


def test_preview_pulse_meeting_a_finisher_negates_it():
    # Preview: "the opponent's entire action (even another special action) is negated immediately. They simply
    # do not take a turn." ... "The opponent still discards his attack pair as normal."
    sc = specials(("hikaru", "cadenza"), edition="preview", keep=(("Dash",), ("Press",)), life=(20, 6))
    f = sc.state.fighters[1]
    d1 = tuple(f.discard1)
    b = sc.beat(((SA, "Dash"), (SA, "Press")), choices={0: [{"kind": "move", "to": 7}, {"kind": "move", "to": 1}]})
    assert b.one("SpecialActionsMet").actions == ("pulse", "finisher")
    assert b.none("FinisherRevealed") and b.none("AttackStarted")
    assert [(m.player, m.kind) for m in b.of("FighterMoved")] == [(1, "push"), (0, "retreat")]
    cycled = b.one("CardsRecycled", player=1)
    assert (cycled.discard1, cycled.discard2) == ((SA, "Press"), d1)
    assert b.one("RecycleSkipped", player=0)


def test_preview_finisher_above_7_life_becomes_a_preview_cancel():
    # Preview: "If a player attempts an Overdrive Finish, but his or her life total is too high, then the finish
    # becomes a Cancel instead" -- a Preview Cancel: only that player chooses again; the opponent's pair stands.
    sc = specials(("cadenza", "hikaru"), edition="preview",
                  keep=(("Strike", "Battery", "Press"), ("Trance", "Shot")), life=(8, 20))
    b = sc.beat(((SA, "Strike"), ("Trance", "Shot")), lenient=True,
                choices={0: [{"kind": "new_pair", "style": "Battery", "base": "Press"}]})
    assert b.one("FinisherDowngraded").reason == "life 8 is above 7"
    assert b.none("PairCanceled") and b.none("FinisherRevealed")
    new = [r for r in sc.requests if r.kind == "new_pair"]
    assert [(r.player, r.secret) for r in new] == [(0, False)]
    spent = b.one("SpecialActionSpent", player=0)
    assert (spent.to, spent.base, spent.base_to) == ("removed", "Strike", "hand")
    assert b.of("PairRevealed")[-1].styles == ("Battery", "Trance")


def test_preview_clash_after_a_cancel():
    # Preview: "The pair played with cancel will trigger a clash if it ties your opponent's pair."
    # Trance Strike (0 + 3) against Blazing Shot (1 + 2): a tie at 3.
    sc = specials(("hikaru", "kallistar"), edition="preview", keep=(("Grasp", "Trance", "Strike", "Dash"),
                                                                  ("Blazing", "Shot", "Drive")))
    b = sc.beat(((SA, "Grasp"), ("Blazing", "Shot")), lenient=True,
                choices={0: [{"kind": "new_pair", "style": "Trance", "base": "Strike"}]})
    tie = b.of("PriorityCompared")[0]
    assert tie.priorities == (3, 3) and tie.active is None
    assert b.one("ClashOccurred").round == 1 and b.of("ClashRevealed")


# -- Finisher -----------------------------------------------------------------------------------------


def test_finisher_above_7_life_becomes_a_cancel():
    sc = specials(("cadenza", "hikaru"), keep=(("Strike", "Battery", "Press"), ("Trance", "Shot", "Focused")),
                  life=(8, 20))
    b = sc.beat(((SA, "Strike"), ("Trance", "Shot")), lenient=True,
                choices={0: [{"kind": "new_pair", "style": "Battery", "base": "Press"}],
                         1: [{"kind": "new_pair", "style": "Focused", "base": "Palm Strike"}]})
    down = b.one("FinisherDowngraded")
    assert down.reason == "life 8 is above 7"
    assert b.one("PairCanceled").player == 1
    assert b.none("FinisherRevealed")


def test_finisher_replaces_the_pair_and_wins_a_priority_tie_without_clashing():
    # Chain of Destruction (priority 5, Human) against Trance Palm Strike (0 + 5).
    sc = specials(("kallistar", "hikaru"), keep=(("Drive",), ("Trance", "Palm Strike")), positions=(1, 5),
                  life=(7, 20), finishers=("Chain of Destruction", "Four Winds"))
    b = sc.beat(((SA, "Drive"), ("Trance", "Palm Strike")), lenient=True)
    fin = b.one("FinisherRevealed")
    assert (fin.player, fin.finisher, fin.how) == (0, "Chain of Destruction", "special")
    pc = b.one("PriorityCompared")
    assert pc.priorities == (5, 5) and pc.active == 0 and "without a clash" in pc.why
    assert b.none("ClashOccurred")
    assert b.of("AttackStarted")[0].attack == "Chain of Destruction"
    assert b.one("RecycleSkipped", player=0)
    f = sc.state.fighters[0]
    assert SA in f.removed and "Drive" in f.hand and f.discard1 != [SA]


@pytest.mark.parametrize("edition", ["woi", "preview"])
def test_two_finishers_tied_become_cancels(edition):
    sc = specials(("kallistar", "khadath"), edition=edition, keep=(("Strike", "Flare", "Shot"), ("Drive", "Lure", "Shot")),
                  life=(6, 6), finishers=("Chain of Destruction", "Planar Crossing"))
    b = sc.beat(((SA, "Strike"), (SA, "Drive")), lenient=True,
                choices={0: [{"kind": "new_pair", "style": "Flare", "base": "Shot"}],
                         1: [{"kind": "new_pair", "style": "Lure", "base": "Shot"}]})
    assert len(b.of("FinisherRevealed")) == 2
    assert b.one("SpecialActionsMet").actions == ("finisher", "finisher")
    assert len(b.of("FinisherDowngraded")) == 2
    assert b.of("PairRevealed")[-1].styles == ("Flare", "Lure")
    for f in sc.state.fighters:
        assert (SA in f.discard1 or SA in f.discard2) if edition == "woi" else SA in f.removed


def test_finishers_can_be_stunned_out():
    # Feedback Field (priority 0, Soak 5, no stun guard) against Focused Strike with Fire: 7 - 5 = 2 stuns.
    sc = specials(("cadenza", "hikaru"), keep=(("Press",), ("Focused", "Strike")), positions=(3, 4), life=(5, 20),
                  finishers=("Feedback Field", "Four Winds"), tokens={0: []})
    b = sc.beat(((SA, "Press"), ("Focused", "Strike")), antes={1: ["Fire"]}, lenient=True)
    assert b.one("DamageDealt", target=0).amount == 2
    assert b.one("StunApplied", player=0)
    assert b.one("AttackSkipped", player=0)


def test_rocket_press_advances_two_or_more_and_is_stun_immune():
    sc = specials(("cadenza", "hikaru"), keep=(("Press",), ("Trance", "Strike")), positions=(1, 6), life=(7, 20),
                  finishers=("Rocket Press", "Four Winds"), tokens={0: []})
    b = sc.beat(((SA, "Press"), ("Trance", "Strike")), lenient=True,
                choices={0: [{"kind": "move", "to": 5}]})
    req = next(r for r in sc.requests if r.kind == "move" and r.player == 0)
    assert [o["to"] for o in req.options] == [3, 4, 5, 7]  # 2, 3, 4 or 6 spaces (5 hops Hikaru on 6)
    assert b.one("AttackMissed", player=1)  # Hikaru, active, is out of range before the advance
    assert b.one("DamageDealt", target=1).power == 8
    # Stun Immunity: Focused Strike with Fire gets 7 - Soak 3 = 4 through, no stun.
    sc2 = specials(("cadenza", "hikaru"), keep=(("Press",), ("Focused", "Strike")), positions=(3, 4), life=(7, 20),
                   finishers=("Rocket Press", "Four Winds"), tokens={0: []})
    b2 = sc2.beat(((SA, "Press"), ("Focused", "Strike")), antes={1: ["Fire"]}, lenient=True)
    assert b2.one("DamageDealt", target=0).amount == 4
    assert b2.one("StunPrevented", player=0).by == "stun immunity (Rocket Press)"


def test_feedback_field_gains_two_power_per_point_soaked():
    sc = specials(("cadenza", "hikaru"), keep=(("Press",), ("Trance", "Strike")), positions=(3, 4), life=(7, 20),
                  finishers=("Feedback Field", "Four Winds"), tokens={0: []})
    b = sc.beat(((SA, "Press"), ("Trance", "Strike")), lenient=True)
    taken = b.one("DamageDealt", target=0)
    assert (taken.power, taken.soak, taken.amount) == (4, 5, 0)
    gain = b.one("StatusGained", player=0)
    assert gain.amount == 8 and gain.label == "Feedback Field (4 soaked × 2)"
    assert b.one("DamageDealt", target=1).power == 9


def test_supernova_needs_elemental_form_otherwise_cancels():
    sc = specials(("kallistar", "hikaru"), keep=(("Strike", "Flare", "Shot"), ("Trance", "Shot", "Focused")),
                  life=(5, 20), finishers=("Supernova", "Four Winds"))
    b = sc.beat(((SA, "Strike"), ("Trance", "Shot")), lenient=True,
                choices={0: [{"kind": "new_pair", "style": "Flare", "base": "Shot"}],
                         1: [{"kind": "new_pair", "style": "Focused", "base": "Grasp"}]})
    assert b.one("FinisherDowngraded").reason == "Supernova needs Elemental form (Human now)"


def test_supernova_loses_the_duel_at_end_of_beat():
    sc = specials(("kallistar", "hikaru"), keep=(("Strike",), ("Trance", "Shot")), positions=(3, 4), life=(5, 20),
                  forms={0: "elemental"}, finishers=("Supernova", "Four Winds"))
    b = sc.beat(((SA, "Strike"), ("Trance", "Shot")), lenient=True)
    assert b.one("DamageDealt", target=1).power == 8 + 2  # Supernova 8 + Elemental form 2
    end = b.one("DuelEnded")
    assert (end.winner, end.reason) == (1, "Supernova")
    assert sc.match.finished


def test_chain_of_destruction_pays_3_life_to_repeat_never_below_1():
    sc = specials(("kallistar", "cadenza"), keep=(("Drive",), ("Clockwork", "Shot")), positions=(1, 6), life=(7, 20),
                  finishers=("Chain of Destruction", "Rocket Press"), tokens={1: []})
    b = sc.beat(((SA, "Drive"), ("Clockwork", "Shot")), lenient=True,
                choices={0: [{"kind": "repeat", "repeat": True}, {"kind": "repeat", "repeat": False}]})
    assert b.one("LifeLost", player=0).amount == 3
    assert b.one("AttackRepeated").repeat == 1
    assert len(b.of("DamageDealt", player=0)) == 2
    # At 4 life after paying, the second hit offers the repeat again (declined); at 3 life it is not offered.
    sc2 = specials(("kallistar", "cadenza"), keep=(("Drive",), ("Clockwork", "Shot")), positions=(1, 6),
                   life=(3, 20), finishers=("Chain of Destruction", "Rocket Press"), tokens={1: []})
    b2 = sc2.beat(((SA, "Drive"), ("Clockwork", "Shot")), lenient=True)
    assert b2.none("RepeatDecided")
    assert "below 1" in b2.one("EffectIgnored", card="Chain of Destruction").reason


def test_chain_of_destruction_needs_human_form():
    sc = specials(("kallistar", "cadenza"), keep=(("Drive", "Flare", "Shot"), ("Clockwork", "Shot", "Battery")),
                  life=(7, 20), forms={0: "elemental"}, finishers=("Chain of Destruction", "Rocket Press"))
    b = sc.beat(((SA, "Drive"), ("Clockwork", "Shot")), lenient=True)
    assert "needs Human form" in b.one("FinisherDowngraded").reason


def test_four_winds_voids_antes_and_repeats_on_each_regain():
    sc = specials(("hikaru", "cadenza"), keep=(("Strike",), ("Clockwork", "Shot")), positions=(3, 4), life=(7, 20),
                  finishers=("Four Winds", "Rocket Press"), tokens={0: ["Earth", "Fire"], 1: []})
    sc.state.fighters[0].token_discard = ["Water", "Wind"]
    b = sc.beat(((SA, "Strike"), ("Clockwork", "Shot")), antes={0: ["Fire"]}, lenient=True,
                choices={0: [{"kind": "move", "to": 3}, {"kind": "regain", "token": "Water"}]})
    hits = b.of("DamageDealt", player=0)
    assert hits[0].power == 2  # the Fire token gives nothing
    assert [r.repeat for r in b.of("AttackRepeated")] == [1, 2]
    assert len(hits) == 3  # regained Water, Wind, then nothing left to regain


def test_wrath_of_elements_antes_every_token():
    sc = specials(("hikaru", "cadenza"), keep=(("Strike",), ("Clockwork", "Shot")), positions=(3, 4), life=(7, 20),
                  finishers=("Wrath of Elements", "Rocket Press"), tokens={1: []})
    b = sc.beat(((SA, "Strike"), ("Clockwork", "Shot")), lenient=True)
    assert b.one("TokensAnted").tokens == ("Earth", "Fire", "Water", "Wind")
    assert b.one("DamageDealt", player=0).power == 7 + 3


def test_dimensional_exile_hits_only_on_the_trap():
    sc = specials(("khadath", "hikaru"), keep=(("Snare",), ("Trance", "Shot")), positions=(2, 4), life=(7, 20),
                  trap=4, finishers=("Dimensional Exile", "Four Winds"))
    b = sc.beat(((SA, "Snare"), ("Trance", "Shot")), lenient=True)
    assert b.one("RangeChecked", player=0).in_range
    assert b.one("DamageDealt", player=0).power == 25


def test_planar_crossing_rearranges_fighters_and_trap():
    sc = specials(("khadath", "hikaru"), keep=(("Drive",), ("Trance", "Shot")), positions=(3, 4), life=(7, 20),
                  finishers=("Planar Crossing", "Four Winds"))
    b = sc.beat(((SA, "Drive"), ("Trance", "Shot")), lenient=True,
                choices={0: [{"kind": "rearrange", "positions": [1, 7], "trap": 6}]})
    req = next(r for r in sc.requests if r.kind == "rearrange")
    assert len(req.options) == 7 * 6 * 7
    moved = b.one("FightersRearranged")
    assert (moved.positions, moved.trap) == ((1, 7), 6)
    moves = [(m.player, m.by, m.kind, m.from_space, m.to_space, m.switched_sides) for m in b.of("FighterMoved")
             if m.kind == "rearrange"]
    assert moves == [(0, 0, "rearrange", 3, 1, False), (1, 0, "rearrange", 4, 7, False)]


def test_a_rearrangement_that_switches_sides_says_so_for_each_fighter_it_moves():
    # Khadath (5) Pulses: Hikaru 3 -> 6, Khadath stays on 5. Only Hikaru moved; the order is reversed.
    sc = specials(("hikaru", "khadath"), keep=(("Focused", "Strike"), ("Dash",)))
    b = sc.beat((("Focused", "Strike"), (SA, "Dash")),
                choices={1: [{"kind": "rearrange", "positions": [6, 5], "trap": None}]})
    moved = b.one("FighterMoved")
    assert (moved.player, moved.by, moved.kind, moved.from_space, moved.to_space, moved.distance,
            moved.switched_sides) == (0, 1, "rearrange", 3, 6, 3, True)
    assert [f.position for f in sc.state.fighters] == [6, 5]
    # A full exchange of places: both moved, both switched sides; the board never shows one space shared.
    sc = specials(("hikaru", "khadath"), keep=(("Focused", "Strike"), ("Dash",)))
    b = sc.beat((("Focused", "Strike"), (SA, "Dash")),
                choices={1: [{"kind": "rearrange", "positions": [5, 3], "trap": None}]})
    assert [(m.player, m.from_space, m.to_space, m.switched_sides) for m in b.of("FighterMoved")] == \
        [(0, 3, 5, True), (1, 5, 3, True)]


def test_rearrangement_moves_are_described_and_cited():
    from recorder.citing import CiteContext
    from recorder.games.battlecon.cites import cite
    from recorder.games.battlecon.describe import describe

    sc = specials(("hikaru", "khadath"), keep=(("Focused", "Strike"), ("Dash",)))
    b = sc.beat((("Focused", "Strike"), (SA, "Dash")),
                choices={1: [{"kind": "rearrange", "positions": [6, 2], "trap": None}]})
    from types import SimpleNamespace

    rec = [SimpleNamespace(type=e.type, data=e.event.to_data()) for e in b.entries if e.type == "FighterMoved"]
    texts = [describe(sc.state, r) for r in rec]
    assert texts == ["Hikaru is moved directly by Khadath's rearrangement (3 → 6), to the other side of Khadath "
                     "(switches sides)",
                     "Khadath moves directly in the rearrangement (5 → 2), to the other side of Hikaru (switches "
                     "sides)"]
    assert "Pulse" in cite(sc.state, rec[0], CiteContext())


# -- Ante Finishers ------------------------------------------------------------------------------


def ante_fin(fighters, **kw):
    return Scenario(fighters, options={"ante_finishers": True, **kw.pop("options", {})}, **kw)


def test_ante_finisher_offered_at_7_life_returns_the_pair_and_stops_the_antes():
    sc = ante_fin(("cadenza", "hikaru"), keep=(("Battery", "Strike"), ("Trance", "Shot")), positions=(3, 4),
                  life=(7, 20), finishers=("Rocket Press", "Four Winds"))
    b = sc.beat((("Battery", "Strike"), ("Trance", "Shot")), antes={0: ["Rocket Press"]}, lenient=True)
    antes = b.of("AnteDeclared")
    assert antes[-1].ante == "Rocket Press"  # no further antes by either player
    assert [r for r in sc.requests if r.kind == "ante"][-1].player == 0
    assert b.one("PairRetrieved").player == 0
    assert b.one("FinisherRevealed").how == "ante"
    assert b.of("PairRevealed")[0].styles == ("Rocket Press", "Trance")
    assert b.one("FinisherRemoved").finisher == "Rocket Press"
    assert b.one("RecycleSkipped", player=0)
    f = sc.state.fighters[0]
    assert "Battery" in f.hand and "Strike" in f.hand and f.finisher_removed
    # Gone for the rest of the duel.
    sc.beat((("Battery", "Strike"), ("Advancing", "Drive")), lenient=True)
    assert all("Rocket Press" not in [o["ante"] for o in r.options] for r in sc.requests if r.kind == "ante")


def test_ante_finisher_not_offered_above_7_life():
    sc = ante_fin(("cadenza", "hikaru"), keep=(("Battery", "Strike"), ("Trance", "Shot")), life=(8, 20))
    sc.beat((("Battery", "Strike"), ("Trance", "Shot")), lenient=True)
    for r in sc.requests:
        if r.kind == "ante" and r.player == 0:
            assert "Rocket Press" not in [o["ante"] for o in r.options]


def test_with_both_variants_the_special_action_never_finishes():
    sc = Scenario(("cadenza", "hikaru"), options={"ante_finishers": True, "special_actions": True},
                  keep=(("Strike", "Battery", "Press"), ("Trance", "Shot", "Focused")), life=(5, 20))
    b = sc.beat(((SA, "Strike"), ("Trance", "Shot")), lenient=True)
    assert "Ante Finishers" in b.one("FinisherDowngraded").reason
    assert b.one("PairCanceled")


def test_only_one_finisher_can_be_anted_in_a_beat():
    # Both at 6 life: once Ann antes hers the ante step ends, so Ben's is never offered (WoI p.32).
    sc = ante_fin(("kallistar", "khadath"), keep=(("Flare", "Shot"), ("Lure", "Shot")), life=(6, 6),
                  finishers=("Chain of Destruction", "Planar Crossing"))
    b = sc.beat((("Flare", "Shot"), ("Lure", "Shot")), antes={0: ["Chain of Destruction"], 1: []}, lenient=True)
    assert [f.player for f in b.of("FinisherRevealed")] == [0]
    assert b.of("AnteDeclared")[-1].ante == "Chain of Destruction"


def test_a_pulse_meets_an_anted_finisher():
    # WoI p.33: "If your Pulse meets a Cancel or Finisher, the latter two don't take effect (and also do not get
    # removed subsequently)"; "The opponent cycles as normal with the negated attack pair going to Discard 1."
    # The anted Finisher's pair went back to hand at the ante, so the negated attack is the Finisher alone: it
    # stays beside the board (not removed), and the discards cycle with nothing going to discard 1.
    sc = Scenario(("cadenza", "hikaru"), options={"ante_finishers": True, "special_actions": True},
                  keep=(("Battery", "Strike"), ("Burst",)), life=(5, 20), finishers=("Rocket Press", "Four Winds"))
    f = sc.state.fighters[0]
    d1, d2 = tuple(f.discard1), tuple(f.discard2)
    b = sc.beat((("Battery", "Strike"), (SA, "Burst")), antes={0: ["Rocket Press"]}, lenient=True)
    met = b.one("SpecialActionsMet")
    assert met.actions == ("anted finisher", "pulse")
    assert "not removed" in met.result and "discard 1 receives nothing" in met.result
    assert b.none("FinisherRemoved") and b.none("RecycleSkipped", player=0)
    assert b.none("AttackStarted")  # it does not take effect
    cycled = b.one("CardsRecycled", player=0)
    assert (cycled.to_hand, cycled.discard2, cycled.discard1) == (d2, d1, ())
    assert b.one("RecycleSkipped", player=1)  # the Pulse's user does not recycle
    assert not f.finisher_removed and not f.finisher_active
    assert {"Battery", "Strike"} <= set(f.hand) and f.discard1 == []
    # Not removed: it can be anted again in the next beat (still at 7 life or less).
    b2 = sc.beat((("Battery", "Strike"), ("Geomantic", "Drive")), antes={0: ["Rocket Press"]}, lenient=True)
    assert b2.one("FinisherRevealed").how == "ante" and sc.state.fighters[0].finisher_removed


def test_a_pulse_meets_a_special_action_finisher_which_cycles_into_discard_1():
    sc = specials(("cadenza", "hikaru"), keep=(("Press",), ("Burst",)), life=(5, 20))
    f = sc.state.fighters[0]
    d1 = tuple(f.discard1)
    b = sc.beat(((SA, "Press"), (SA, "Burst")), lenient=True)
    assert b.one("SpecialActionsMet").actions == ("finisher", "pulse")
    assert b.none("FinisherRevealed") and b.none("SpecialActionSpent", player=0)
    assert b.one("CardsRecycled", player=0).discard1 == (SA, "Press")
    assert b.one("CardsRecycled", player=0).discard2 == d1
    assert SA not in f.removed and not f.finisher_removed


# -- scripts, bots, determinism -------------------------------------------------------------------------


def test_script_answers_cover_the_new_decisions():
    items = GAME.script_answers({"player": 1, "finisher": "Supernova", "pair": [SA, "Grasp"],
                                 "antes": ["Chain of Destruction"], "new_pairs": [["Flare", "Shot"]],
                                 "choices": [{"kind": "rearrange", "positions": [1, 2], "trap": None}]})
    assert [i["kind"] for i in items] == ["finisher", "pair", "ante", "new_pair", "rearrange"]
    assert items[3] == {"kind": "new_pair", "player": 1, "style": "Flare", "base": "Shot"}


@pytest.mark.parametrize("edition,options", [("woi", {"special_actions": True}), ("woi", {"ante_finishers": True}),
                                             ("preview", {"special_actions": True})])
def test_greedy_and_random_bots_play_whole_matches_deterministically(edition, options):
    def play():
        h = GAME.make_header(players=(Player("A", "hikaru"), Player("B", "cadenza")), edition=edition, seed=9,
                             options={"duels": 1, **options})
        m = Match(GAME, h)
        run(m, {0: GAME.bot("greedy", 9, 0), 1: GAME.bot("random", 9, 1)})
        return m

    a, b = play(), play()
    assert [r.line() for r in sealed(a)] == [r.line() for r in sealed(b)]
    state = GAME.new_state(a.header)
    for r in sealed(a):
        GAME.apply(state, GAME.events.get(r.type).from_data(r.data))
    assert GAME.snapshot(state) == GAME.snapshot(a.state)


def test_a_header_without_the_options_keeps_its_match_id():
    players = (Player("A", "hikaru"), Player("B", "cadenza"))
    plain = GAME.make_header(players=players, edition="woi", seed=1, options={"duels": 1})
    off = GAME.make_header(players=players, edition="woi", seed=1, options={"duels": 1, "special_actions": False})
    on = GAME.make_header(players=players, edition="woi", seed=1, options={"duels": 1, "special_actions": True})
    assert plain.match_id == off.match_id != on.match_id


def test_an_anted_wrath_of_elements_still_antes_every_token():
    # WoI p.32 closes the Ante Step once a Finisher is anted; Wrath's own Reveal effect ("ante every token in the
    # pool") is not an ante step ante and still happens (docs/rulings.md, Finisher effects).
    sc = ante_fin(("hikaru", "cadenza"), keep=(("Trance", "Strike"), ("Clockwork", "Shot")), positions=(3, 4),
                  life=(7, 20), finishers=("Wrath of Elements", "Rocket Press"), tokens={1: []})
    b = sc.beat((("Trance", "Strike"), ("Clockwork", "Shot")), antes={0: ["Wrath of Elements"]}, lenient=True)
    assert b.of("AnteDeclared")[-1].ante == "Wrath of Elements"
    assert b.one("TokensAnted").tokens == ("Earth", "Fire", "Water", "Wind")
    assert b.one("DamageDealt", player=0).power == 7 + 3

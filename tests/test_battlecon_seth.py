"""Seth Cremmul (War of Indines): Beyond Eyes (a secret guess of the opponent's base at the ante), every card, both
Finisher sides, the FAQ rulings naming him, and the secrecy of the guess until the reveal (docs/rulings.md, "Seth").

Card data: fighters/seth.json (battlecon-cards-woi.md; G's sheet where the sources disagree).
"""

from __future__ import annotations

import json

from recorder.decisions import Answer
from recorder.games.battlecon import GAME
from recorder.games.battlecon.cards import KITS
from recorder.games.battlecon.secret_ante import commitment
from recorder.header import Player
from tests.battlecon_scenarios import Scenario, assert_preview_refuses

SA = "Special Action"
S = KITS["seth"]
HIKARU_KEEP = ("Trance", "Focused", "Shot", "Drive", "Grasp", "Strike")  # his discards: Advancing/Sweeping Burst, Dash


def seth(opponent: str = "hikaru", keep=((), ()), **kw) -> Scenario:
    return Scenario(("seth", opponent), keep=keep, **kw)


def guess(base: str) -> dict:
    return {"kind": "guess", "name": "Beyond Eyes", "choice": base}


def test_card_data_values_and_rulings():
    c = S.cards
    assert (c["Omen"].range, c["Omen"].power, c["Omen"].priority) == ((1, 1), 3, 1)
    assert (c["Compelling"].range, c["Compelling"].power, c["Compelling"].priority) == ((0, 0), 0, 0)
    assert (c["Fool's"].range, c["Fool's"].power, c["Fool's"].priority) == ((0, 0), -1, -4)
    assert c["Fool's"].ruling == "Priority -4 (G, Y); Gc has -2."
    assert (c["Mimic's"].range, c["Mimic's"].power, c["Mimic's"].priority) == ((0, 0), 1, 0)
    assert (c["Wyrding"].range, c["Wyrding"].power, c["Wyrding"].priority) == ((0, 0), 0, 0)
    assert c["Wyrding"].ruling.startswith("Priority +0 (G, Gc); Y and E have +1.")
    assert (c["Vanishing"].range, c["Vanishing"].power, c["Vanishing"].priority) == ((1, 1), 0, 0)
    r, f = c["Reading Fate"], c["Fortune Buster"]
    assert (r.range, r.power, r.priority) == ((1, 3), 0, 6)
    assert (f.range, f.power, f.priority) == ((1, 6), None, 13)
    assert S.finishers == ("Reading Fate", "Fortune Buster") and S.editions == ("woi",) and S.tokens == ()
    assert S.suggested == (("Compelling", "Grasp"), ("Mimic's", "Strike"))
    assert S.name == "Seth Cremmul" and S.initial == "S"


def test_the_preview_refuses_him_in_one_line():
    assert_preview_refuses("seth")


# -- Beyond Eyes ---------------------------------------------------------------------------------------------------


def test_beyond_eyes_is_asked_at_the_start_of_the_ante_step_face_down_and_revealed_with_the_pairs():
    sc = seth(keep=(("Compelling", "Strike"), HIKARU_KEEP), positions=(2, 6))
    b = sc.beat((("Compelling", "Strike"), ("Trance", "Shot")), choices={0: [guess("Shot")]}, lenient=True)
    asked = next(r for r in sc.requests if r.kind == "guess")
    assert asked.player == 0 and asked.secret
    assert asked.prompt == "Ann: Beyond Eyes: name one of Hikaru's bases (face down)"
    assert asked.labels == ("Name Strike", "Name Shot", "Name Drive", "Name Burst", "Name Grasp", "Name Dash",
                            "Name Palm Strike", "Name no base")
    types = b.types()
    at = types.index("SecretChosen")
    assert types[at - 1] == "AnteStarted" and types[at + 1] == "SecretCommitted"
    assert types.index("AnteDeclared") > at  # Hikaru antes after the guess (WoI FAQ: in response to it)
    assert types[types.index("PairRevealed") + 1] == "SecretRevealed"
    chosen = next(e for e in b.entries if e.type == "SecretChosen")
    assert chosen.visibility == 0 and chosen.event.choice == "Shot"
    committed = next(e for e in b.entries if e.type == "SecretCommitted")
    assert committed.visibility == "public"
    assert b.one("SecretRevealed").choice == "Shot"


def test_a_correct_guess_gives_two_power_and_two_priority():
    sc = seth(keep=(("Compelling", "Drive"), HIKARU_KEEP), positions=(3, 5))
    b = sc.beat((("Compelling", "Drive"), ("Trance", "Shot")), choices={0: [guess("Shot")]}, lenient=True)
    terms = b.one("PriorityCompared").terms[0]
    assert terms == "Compelling 0 + Drive 4 + Beyond Eyes (named Shot) 2 = 6"
    dealt = b.of("DamageDealt", player=0)
    assert dealt and "Beyond Eyes (named Shot) 2" in dealt[0].power_terms


def test_a_wrong_guess_or_no_guess_gives_nothing():
    for named in ("Strike", "none"):
        sc = seth(keep=(("Compelling", "Drive"), HIKARU_KEEP), positions=(3, 5))
        b = sc.beat((("Compelling", "Drive"), ("Trance", "Shot")), choices={0: [guess(named)]}, lenient=True)
        assert b.one("PriorityCompared").terms[0] == "Compelling 0 + Drive 4 = 4"


def test_a_correct_guess_wins_priority_ties_without_a_clash():
    sc = seth(keep=(("Mimic's", "Strike"), HIKARU_KEEP), positions=(1, 7))
    # Seth: Strike 3 + Mimic's 0 + 2 = 5 ... Hikaru: Focused Drive: 4 + 1 = 5 -- a tie.
    b = sc.beat((("Mimic's", "Strike"), ("Focused", "Drive")), choices={0: [guess("Drive")]}, lenient=True)
    pc = b.one("PriorityCompared")
    assert pc.priorities == (5, 5) and pc.active == 0
    assert pc.why == "tie at 5: Seth named Drive (Beyond Eyes) and wins priority ties without a clash"
    assert b.none("ClashOccurred")


def test_the_commitment_binds_the_guess_and_a_persons_salt_hides_it():
    sc = seth(keep=(("Compelling", "Strike"), HIKARU_KEEP), positions=(2, 6))
    b = sc.beat((("Compelling", "Strike"), ("Trance", "Shot")), choices={0: [{**guess("Dash"), "salt": "ab" * 16}]},
                lenient=True)
    digest = b.one("SecretCommitted").digest
    assert next(e for e in b.entries if e.type == "SecretChosen").event.salt == "ab" * 16

    class Ctx:  # the commitment of the beat's guess, as recomputed by anyone who knows the salt
        header, state = sc.header, sc.state
    Ctx.state.beat = 1
    assert commitment(Ctx, 0, "Beyond Eyes", "Dash", "ab" * 16) == digest
    assert commitment(Ctx, 0, "Beyond Eyes", "Shot", "ab" * 16) != digest
    assert commitment(Ctx, 0, "Beyond Eyes", "Dash") != digest  # without the salt nobody can test the bases


# -- the secret: state --as, the spectator, after the reveal -----------------------------------------------------


def _to_hikarus_ante(sc: Scenario, named: str) -> None:
    m = sc.match
    m.advance(Answer({"player": 0, "style": "Compelling", "base": "Strike"}, "test"))
    m.advance(Answer({"player": 1, "style": "Trance", "base": "Shot"}, "test"))
    while m.pending.kind != "guess":
        m.advance(Answer({"player": m.pending.player, "ante": "pass"}, "test"))
    m.advance(Answer({"player": 0, "name": "Beyond Eyes", "choice": named}, "test"))


def test_the_guess_is_hidden_from_the_opponent_and_a_spectator_until_the_reveal():
    sc = seth(keep=(("Compelling", "Strike"), HIKARU_KEEP), positions=(2, 6))
    _to_hikarus_ante(sc, "Burst")
    snap = GAME.snapshot(sc.state)
    assert snap["fighters"][0]["secret"] == {"name": "Beyond Eyes", "choice": "Burst", "revealed": False}
    for viewer in (1, None):
        seen = GAME.redact(snap, viewer)
        assert seen["fighters"][0]["secret"] == {"name": "Beyond Eyes", "choice": "?", "revealed": False}
        text = GAME.render_state(seen)
        assert "named" not in text and "Beyond Eyes: chosen face down (unknown to you)" in text
    own = GAME.render_state(GAME.redact(snap, 0))
    assert "Beyond Eyes: named Burst (face down)" in own
    # Hikaru's ante, then the reveal: everyone sees it.
    while not sc.match.finished and sc.match.pending.kind == "ante":
        sc.match.advance(Answer({"player": sc.match.pending.player, "ante": "pass"}, "test"))
    assert sc.state.fighters[0].secret_shown
    for viewer in (0, 1, None):
        seen = GAME.redact(GAME.snapshot(sc.state), viewer)
        assert seen["fighters"][0]["secret"] == {"name": "Beyond Eyes", "choice": "Burst", "revealed": True}
        assert "Beyond Eyes: named Burst" in GAME.render_state(seen)


# -- Omen ----------------------------------------------------------------------------------------------------------


def test_omen_stuns_the_opponent_on_a_correct_guess_and_a_stunned_active_player_does_not_attack():
    # WoI p.25: "It is possible for some effects, such as Seth's Omen Base, to stun the Active Player. If this
    # happens, their attack is skipped."
    sc = seth(keep=(("Compelling", "Omen"), HIKARU_KEEP), positions=(3, 4))
    b = sc.beat((("Compelling", "Omen"), ("Trance", "Drive")), choices={0: [guess("Drive")]}, lenient=True)
    assert b.one("PriorityCompared").active == 1  # Drive 4 + Trance 1 = 5 against Omen 1 + 2 = 3
    assert b.one("StunApplied", player=1).reason == "effect"
    assert b.one("AttackSkipped", player=1)
    assert b.none("HitScored", player=1)


def test_omen_with_a_wrong_guess_does_nothing():
    sc = seth(keep=(("Compelling", "Omen"), HIKARU_KEEP), positions=(3, 4))
    b = sc.beat((("Compelling", "Omen"), ("Trance", "Drive")), choices={0: [guess("Strike")]}, lenient=True)
    assert b.one("EffectIgnored", card="Omen").reason == "Seth named Strike, not Hikaru's base (Beyond Eyes)"
    assert b.none("StunApplied", player=1, reason="effect")


def test_faq_cadenza_may_ante_iron_body_in_response_to_the_guess_and_omen_does_not_stun_him():
    # WoI FAQ (Seth): "Can players ante tokens in response to my Beyond Eyes guess? Yes. This is especially
    # important for Cadenza, who may want to ante for Stun Immunity to stop your Omen effect from triggering."
    sc = seth("cadenza", keep=(("Compelling", "Omen"), ("Battery", "Drive")), positions=(3, 4))
    b = sc.beat((("Compelling", "Omen"), ("Battery", "Drive")), antes={1: ["Iron Body"]},
                choices={0: [guess("Drive")]}, lenient=True)
    types = b.types()
    assert types.index("SecretCommitted") < types.index("AnteDeclared")
    assert b.one("AnteDeclared", player=1).ante == "Iron Body"
    assert b.of("StunPrevented", player=1)[0].by == "stun immunity (Iron Body token)"
    assert b.none("StunApplied", player=1, reason="effect")


# -- the styles ----------------------------------------------------------------------------------------------------


def test_compelling_moves_the_opponent_before_and_after_activating():
    sc = seth(keep=(("Compelling", "Strike"), HIKARU_KEEP), positions=(3, 5))
    b = sc.beat((("Compelling", "Strike"), ("Trance", "Shot")),
                choices={0: [guess("none"), {"kind": "move", "to": 4}]}, lenient=True)
    moves = [(m.player, m.by, m.kind, m.from_space) for m in b.of("FighterMoved") if m.by == 0]
    assert moves[0] == (1, 0, "move_opponent", 5) and b.of("FighterMoved", by=0)[0].to_space == 4
    assert [t.timing for t in b.of("TriggerResolved", card="Compelling")] == ["before", "after"]
    assert len(moves) == 2 and moves[1][:3] == (1, 0, "move_opponent")
    prompts = [r.prompt for r in sc.requests if r.kind == "move" and r.player == 0]
    assert prompts == ["Compelling: move Hikaru 1"] * 2


def test_fools_takes_one_from_both_ends_of_the_opponents_range():
    sc = seth(keep=(("Fool's", "Strike"), HIKARU_KEEP), positions=(3, 5))
    b = sc.beat((("Fool's", "Strike"), ("Trance", "Shot")), choices={0: [guess("none")]}, lenient=True)
    st = b.one("StatusGained", player=1)
    assert (st.stat, st.amount, st.label) == ("range", -1, "Fool's")
    rc = b.one("RangeChecked", player=1)  # Shot 1~4 + Trance 0~1 - 1 each end = 0~4: still reaches range 2
    assert rc.terms == "Trance 0~1 + Shot +1~+4 + Fool's -1 = 0~4"


def test_mimics_moves_seth_the_same_way_as_the_opponent():
    sc = seth(keep=(("Mimic's", "Strike"), ("Advancing", "Shot", "Trance", "Drive")), positions=(3, 6))
    # Hikaru (Advancing Drive, priority 5) is active: Advancing advances 1 at Start, Drive 1 or 2 before activating.
    b = sc.beat((("Mimic's", "Strike"), ("Advancing", "Drive")), choices={0: [guess("none")],
                                                                         1: [{"kind": "move", "to": 4}]})
    adv = b.of("FighterMoved", player=1)
    assert [(m.from_space, m.to_space) for m in adv] == [(6, 5), (5, 4)]
    mine = b.of("FighterMoved", player=0)
    assert [(m.kind, m.from_space, m.to_space, m.distance) for m in mine] == [("retreat", 3, 2, 1), ("retreat", 2, 1, 1)]
    types = b.types()
    assert [t for t in types if t == "FighterMoved"] == ["FighterMoved"] * 4
    assert b.entries[types.index("FighterMoved") + 1].event.player == 0  # right after the opponent's movement


def test_mimics_stops_at_the_edge_and_ignores_a_direct_move():
    sc = seth(keep=(("Mimic's", "Strike"), ("Advancing", "Shot", "Trance", "Drive")), positions=(1, 3))
    b = sc.beat((("Mimic's", "Strike"), ("Advancing", "Shot")), choices={0: [guess("none")]}, lenient=True)
    assert b.one("EffectIgnored", card="Mimic's").reason == "Seth cannot move back"
    assert b.none("FighterMoved", player=0)


def test_wyrding_swaps_the_base_on_a_correct_guess_and_both_bases_go_to_discard_1():
    sc = seth(keep=(("Wyrding", "Strike", "Burst"), HIKARU_KEEP), positions=(3, 4))
    b = sc.beat((("Wyrding", "Strike"), ("Trance", "Shot")),
                choices={0: [guess("Shot"), {"kind": "card", "card": "Burst"}]}, lenient=True)
    asked = next(r for r in sc.requests if r.kind == "card")
    assert asked.prompt == "Wyrding: swap your base Strike for another base from your hand?"
    assert "Swap Strike for Burst" in asked.labels and asked.labels[-1] == "Keep Strike"
    sw = b.one("BaseSwapped", player=0)
    assert (sw.base, sw.replaced) == ("Burst", "Strike")
    assert b.one("CardsRecycled", player=0).discard1 == ("Wyrding", "Burst", "Strike")
    assert "Strike" not in sc.state.fighters[0].hand and "Burst" not in sc.state.fighters[0].hand


def test_wyrding_with_a_wrong_guess_does_nothing():
    sc = seth(keep=(("Wyrding", "Strike", "Burst"), HIKARU_KEEP), positions=(3, 4))
    b = sc.beat((("Wyrding", "Strike"), ("Trance", "Shot")), choices={0: [guess("Drive")]}, lenient=True)
    assert b.one("EffectIgnored", card="Wyrding").reason == "Seth named Drive, not Hikaru's base (Beyond Eyes)"
    assert b.none("BaseSwapped")


def test_vanishing_attacks_at_range_4_or_more_do_not_hit_him_and_he_may_retreat():
    # WoI p.26: "Seth's Vanishing Style states 'Attacks at range 4 or greater do not hit you this beat.' This is a
    # passive effect and should be followed as long as it is face-up."
    sc = seth(keep=(("Vanishing", "Strike"), HIKARU_KEEP), positions=(2, 6))
    b = sc.beat((("Vanishing", "Strike"), ("Trance", "Shot")),
                choices={0: [guess("none"), {"kind": "move", "to": 1}]}, lenient=True)
    missed = b.one("AttackMissed", player=1)
    assert "Vanishing: attacks at range 4 or greater do not hit him (range 5)" in missed.reason


# -- the Finishers -------------------------------------------------------------------------------------------------


def test_reading_fate_stuns_and_the_opponent_then_plays_the_style_face_up_first():
    sc = seth(keep=(("Compelling", "Strike"), HIKARU_KEEP), positions=(3, 5), life=(5, 20),
              options={"special_actions": True}, finishers=("Reading Fate", "Four Winds"))
    b = sc.beat(((SA, "Strike"), ("Trance", "Shot")), choices={0: [guess("none")]}, lenient=True)
    assert b.one("FinisherRevealed", player=0).finisher == "Reading Fate"
    assert b.one("StunApplied", player=1).reason == "effect"
    assert sc.state.fighters[0].own.reading_fate == "Reading Fate"
    m = sc.match
    assert m.pending.kind == "pair" and m.pending.player == 1  # Hikaru chooses first
    assert m.pending.prompt == "Ben: choose your attack pair (style face up: Seth's Reading Fate)"
    m.advance(Answer({"player": 1, "style": "Focused", "base": "Drive"}, "test"))
    shown = m.entries[-1]
    assert shown.type == "StyleShown" and shown.visibility == "public"
    assert (shown.event.style, shown.event.reason) == ("Focused", "Seth's Reading Fate")
    assert m.pending.kind == "pair" and m.pending.player == 0
    snap = GAME.snapshot(sc.state)
    for viewer in (0, None):
        f = GAME.redact(snap, viewer)["fighters"][1]
        assert f["pair"]["style"] == "Focused" and f["pair"]["base"] == "?" and f["hand_hidden_count"] == 1
        assert "Focused (style face up) + a face-down base (unknown to you)" in GAME.render_state(
            GAME.redact(snap, viewer))
    assert GAME.redact(snap, 1)["fighters"][1]["pair"]["base"] == "Drive"
    assert "Reading Fate on Hikaru: plays the style face up" in GAME.snapshot(sc.state)["fighters"][0]["lasting"][0]


def test_fortune_buster_eliminates_an_opponent_who_revealed_a_finisher():
    sc = seth(keep=(("Compelling", "Strike"), HIKARU_KEEP), positions=(3, 5), life=(5, 6),
              options={"special_actions": True}, finishers=("Fortune Buster", "Four Winds"))
    b = sc.beat(((SA, "Strike"), (SA, "Drive")), choices={0: [guess("none")]}, lenient=True)
    assert b.one("FinisherRevealed", player=1).finisher == "Four Winds"
    out = b.one("FighterEliminated")
    assert (out.player, out.by, out.card, out.reason) == (1, 0, "Fortune Buster",
                                                         "Hikaru revealed a Finisher this beat")
    end = b.one("DuelEnded")
    assert (end.winner, end.reason) == (0, "Fortune Buster")
    assert b.none("DamageDealt", player=0)  # power N/A
    assert sc.match.finished
    snap = GAME.snapshot(sc.state)
    assert snap["fighters"][1]["eliminated"] == "Fortune Buster" and "eliminated" not in snap["fighters"][0]
    assert "ELIMINATED (Fortune Buster)" in GAME.render_state(GAME.redact(snap, None))


def test_fortune_buster_against_an_attack_pair_does_nothing_and_deals_no_damage():
    sc = seth(keep=(("Compelling", "Strike"), HIKARU_KEEP), positions=(3, 5), life=(5, 20),
              options={"special_actions": True}, finishers=("Fortune Buster", "Four Winds"))
    b = sc.beat(((SA, "Strike"), ("Trance", "Shot")), choices={0: [guess("none")]}, lenient=True)
    assert [e.reason for e in b.of("EffectIgnored", card="Fortune Buster")] == [
        "Hikaru did not reveal a Finisher this beat", "power N/A, the attack deals no damage (WoI p.20)"]
    assert b.none("FighterEliminated") and b.none("DuelEnded")


# -- the secret at the hot-seat terminal and in `beatlog state --as` --------------------------------------------


def test_the_hot_seat_hides_the_guess_from_the_opponent_until_the_reveal(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from beatlog.cli import main

    monkeypatch.chdir(tmp_path)
    # Both pairs (option 1, behind hand-overs), then Seth's guess behind its own hand-over (2: Shot), then Hikaru's
    # ante behind a hand-over (he holds a face-down pair): pass.
    result = CliRunner().invoke(main, ["play", "--fighters", "seth,hikaru", "--seed", "3", "-o", "p.jsonl"],
                                input="\n1\n\n1\n\n2\n\n1\nq\n", catch_exceptions=False)
    assert result.exit_code == 0, result.output
    out = result.output
    guess_at = out.index("Player 1 (seth): secret choice next (Player 2, look away)",
                         out.index("Ante: Hikaru antes first"))
    before, after = out[:guess_at], out[guess_at:]
    assert "Player 1: Beyond Eyes: name one of Hikaru's bases (face down)" in after
    assert "   2. Name Shot" in after
    chosen, rest = after.split("Player 1 has chosen.", 1)
    # What the shared screen and Hikaru see next: the commitment, never the base.
    public, hikaru = rest.split("Player 2 (hikaru): your turn, with your face-down choices on screen "
                                "(Player 1, look away)", 1)
    assert public.strip() == "Seth commits to a face-down choice (Beyond Eyes)"
    ante = hikaru.split("Player 2 has chosen.")[0]
    assert "Beyond Eyes: chosen face down (unknown to you)" in ante and "named Shot" not in ante
    assert "Player 2: ante or pass" in ante
    assert "Seth named Shot (Beyond Eyes)" in rest.split("Reveal: Seth")[1]
    assert "Shot" not in before.split("Ante: Hikaru antes first")[1]


def test_state_as_the_opponent_hides_the_guess_until_the_reveal(tmp_path):
    from click.testing import CliRunner

    from beatlog.cli import main

    log = tmp_path / "m.jsonl"
    runner = CliRunner()
    result = runner.invoke(main, ["record", "--fighters", "seth,hikaru", "--bots", "random", "--seed", "1",
                                  "-o", str(log)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    lines = [json.loads(x) for x in log.read_text().splitlines()[1:]]
    chosen = next(r for r in lines if r["type"] == "SecretChosen" and r["data"]["choice"] != "none")
    assert chosen["visibility"] == 0
    base, beat = chosen["data"]["choice"], chosen["beat"]
    first = next(r["seq"] for r in lines if r["beat"] == beat and r["duel"] == chosen["duel"])
    revealed = next(r for r in lines if r["type"] == "SecretRevealed" and r["seq"] > chosen["seq"])
    at = ["--beat", str(beat), "--event", str(chosen["seq"] - first + 1)]
    for who, hidden in (("2", True), ("1", False)):
        text = runner.invoke(main, ["state", str(log), *at, "--as", who], catch_exceptions=False).output
        line = next(x for x in text.splitlines() if "Beyond Eyes:" in x).strip()
        assert line == ("Beyond Eyes: chosen face down (unknown to you)" if hidden
                        else f"Beyond Eyes: named {base} (face down)")
        as_json = json.loads(runner.invoke(main, ["state", str(log), *at, "--as", who, "--json"],
                                           catch_exceptions=False).output)
        assert (base not in json.dumps(as_json["state"]["fighters"][0]["secret"])) is hidden
    after = ["--beat", str(beat), "--event", str(revealed["seq"] - first + 1)]
    for who in ("1", "2"):
        text = runner.invoke(main, ["state", str(log), *after, "--as", who], catch_exceptions=False).output
        assert f"Beyond Eyes: named {base}" in text


# -- statistics, explain -----------------------------------------------------------------------------------------


def test_statistics_count_the_guesses_the_right_ones_and_the_instant_wins():
    from recorder.games.battlecon import events as E
    from recorder.games.battlecon import kit_events as KE
    from replay.stats import match_stats
    from tests.test_stats_visitor import build, header

    h = header(a=("Ann", "seth"), b=("Ben", "hikaru"))
    events = [
        E.BeatStarted(beat=1),
        KE.SecretChosen(player=0, name="Beyond Eyes", choice="Shot", source="t"),
        KE.SecretCommitted(player=0, name="Beyond Eyes", digest="d"),
        E.PairRevealed(styles=("Compelling", "Trance"), bases=("Drive", "Shot")),
        KE.SecretRevealed(player=0, name="Beyond Eyes", choice="Shot"),
        KE.BaseSwapped(player=0, base="Burst", replaced="Drive", reason="Wyrding"),
        E.PriorityCompared(priorities=(6, 3), terms=("Compelling 0 + Drive 4 + Beyond Eyes (named Shot) 2 = 6",
                                                     "Trance 1 + Shot 2 = 3"), active=0, why="w"),
        E.BeatEnded(beat=1, beats_left=14, life=(20, 20), positions=(3, 5)),
        E.BeatStarted(beat=2),
        KE.SecretChosen(player=0, name="Beyond Eyes", choice="none", source="t"),
        KE.SecretCommitted(player=0, name="Beyond Eyes", digest="d"),
        E.PairRevealed(styles=("Special Action", "Special Action"), bases=("Strike", "Drive")),
        KE.SecretRevealed(player=0, name="Beyond Eyes", choice="none"),
        KE.FighterEliminated(player=1, by=0, card="Fortune Buster", reason="r"),
        E.DuelEnded(duel=1, winner=0, reason="Fortune Buster", life=(5, 6)),
    ]
    ann, ben = match_stats(h, build(h, [[(1, e) for e in events]]))["seats"]
    played = ann["usage"]["cards_played"]
    assert played["guessed"] == {"Shot": 1} and played["guessed right"] == {"Shot": 1}
    assert played["instant win"] == {"Fortune Buster": 1} and played["swapped in"] == {"Burst": 1}
    assert ann["counts"]["duels_won"] == 1 and ben["counts"]["duels_lost"] == 1
    assert "guessed" not in ben["usage"]["cards_played"]


def test_explain_words_quote_the_cards():
    from recorder.games.battlecon.fighters import RULES

    w = RULES["seth"].words
    name = ["Seth", "Hikaru"].__getitem__
    assert w["SecretChosen"]({"player": 0, "name": "Beyond Eyes", "choice": "Shot"}, name) == \
        "Seth names Shot (Beyond Eyes, face down)"
    assert w["SecretRevealed"]({"player": 0, "name": "Beyond Eyes", "choice": "none"}, name) == \
        "Seth named no base (Beyond Eyes)"
    assert w["StyleShown"]({"player": 1, "style": "Focused", "reason": "Seth's Reading Fate"}, name) == \
        "Hikaru plays Focused face up (Seth's Reading Fate)"
    assert w["FighterEliminated"]({"player": 1, "by": 0, "card": "Fortune Buster",
                                   "reason": "Hikaru revealed a Finisher this beat"}, name) == \
        "Hikaru is eliminated by Seth's Fortune Buster (Hikaru revealed a Finisher this beat)"
    assert w["BaseSwapped"]({"player": 0, "base": "Burst", "replaced": "Strike", "reason": "Wyrding"}, name) == \
        "Seth swaps Strike for Burst (Wyrding)"


def test_the_timeline_marks_an_instant_win():
    from types import SimpleNamespace

    from recorder.games.battlecon.view.timeline import mark

    header = GAME.make_header(players=(Player("Ann", "seth"), Player("Ben", "hikaru")), edition="woi", seed=1)
    record = SimpleNamespace(type="FighterEliminated", data={"player": 1, "by": 0, "card": "Fortune Buster",
                                                             "reason": "r"})
    assert mark(record, header) == ("knockout", "Ben eliminated")


def test_a_clash_base_that_is_the_named_base_makes_the_guess_right_from_then_on():
    # "If the opponent's base changes (by a clash or another effect)" the bonuses follow their base as it is now.
    sc = seth(keep=(("Compelling", "Strike", "Shot"), HIKARU_KEEP), positions=(3, 4))
    b = sc.beat((("Compelling", "Strike"), ("Trance", "Strike")),
                choices={0: [guess("Drive"), {"kind": "clash", "base": "Shot"}],
                         1: [{"kind": "clash", "base": "Drive"}]}, lenient=True)
    first, second = b.of("PriorityCompared")
    assert first.priorities == (3, 3) and first.active is None  # a wrong guess: a plain clash
    assert second.terms[0] == "Compelling 0 + Shot 2 + Beyond Eyes (named Drive) 2 = 4"
    assert second.priorities == (4, 4) and second.active == 0
    assert second.why == "tie at 4: Seth named Drive (Beyond Eyes) and wins priority ties without a clash"


def test_the_guess_is_revealed_once_and_holds_for_the_new_pairs_after_a_cancel():
    sc = seth(keep=(("Compelling", "Drive"), HIKARU_KEEP), positions=(3, 5),
              options={"special_actions": True}, finishers=("Reading Fate", "Four Winds"))
    b = sc.beat((("Compelling", "Drive"), (SA, "Shot")),
                choices={0: [guess("Grasp"), {"kind": "new_pair", "style": "Vanishing", "base": "Omen"}],
                         1: [{"kind": "new_pair", "style": "Trance", "base": "Grasp"}]}, lenient=True)
    assert b.one("SpecialActionRevealed", player=1).action == "cancel"
    assert len(b.of("SecretRevealed")) == 1 and len(b.of("PairRevealed")) == 2
    assert b.of("PairSelected", player=1)[-1].base == "Grasp"
    assert b.of("PriorityCompared")[-1].terms[0] == "Vanishing 0 + Omen 1 + Beyond Eyes (named Grasp) 2 = 3"


def test_the_greedy_opponent_never_reads_the_guess_before_the_reveal():
    # Hikaru's greedy ante scores average over every base Seth could have named: they are the same whatever he named.
    from recorder.games.battlecon.greedy import GreedyBot

    scores = []
    for named in ("Shot", "Burst", "none"):
        sc = seth(keep=(("Compelling", "Strike"), HIKARU_KEEP), positions=(2, 6))
        _to_hikarus_ante(sc, named)
        assert sc.match.pending.kind == "ante" and sc.match.pending.player == 1
        scores.append(GreedyBot(7, 1).option_scores(sc.match.pending, sc.match))
    assert scores[0] == scores[1] == scores[2]
    assert all(s is not None for s in scores[0])

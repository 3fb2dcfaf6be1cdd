"""Illegal and malformed BattleCON decisions and set-ups, with their exact messages; and the
engine's determinism (same seed and inputs, same log; the fold of the log equals the state)."""

import pytest

from recorder.decisions import Answer
from recorder.errors import IllegalDecision, InvalidDecision, UnknownSide
from recorder.games.battlecon import GAME
from recorder.games.battlecon.cards import FIGHTERS
from recorder.header import Player
from recorder.match import Match, run, sealed


def start(a="hikaru", b="khadath", **options):
    h = GAME.make_header(players=(Player("Ann", a), Player("Ben", b)), edition="woi", seed=3,
                         options={"duels": 1, **options})
    m = Match(GAME, h)
    m.advance()
    return m


HIKARU_PAIRS = ("Focused Shot; Focused Drive; Focused Burst; Focused Dash; Focused Palm Strike; Advancing Shot; "
                "Advancing Drive; Advancing Burst; Advancing Dash; Advancing Palm Strike; Geomantic Shot; "
                "Geomantic Drive; Geomantic Burst; Geomantic Dash; Geomantic Palm Strike")


def test_pair_with_a_card_in_discard_is_illegal():
    m = start()
    assert m.pending.kind == "pair"
    with pytest.raises(IllegalDecision) as info:
        m.advance(Answer({"player": 0, "style": "Sweeping", "base": "Strike"}, "test"))
    assert str(info.value) == (f"match {m.header.match_id}, duel 1, beat 1: Ann's pair "
                               f"{{'player': 0, 'style': 'Sweeping', 'base': 'Strike'}} is not legal; "
                               f"legal options: {HIKARU_PAIRS}")
    assert len(m.entries) == 4  # nothing appended


def test_pair_of_two_styles_is_illegal():
    m = start()
    with pytest.raises(IllegalDecision) as info:
        m.advance(Answer({"player": 0, "style": "Focused", "base": "Advancing"}, "test"))
    assert str(info.value) == (f"match {m.header.match_id}, duel 1, beat 1: Ann's pair "
                               f"{{'player': 0, 'style': 'Focused', 'base': 'Advancing'}} is not legal; "
                               f"legal options: {HIKARU_PAIRS}")


def test_ante_of_a_token_not_held_is_illegal():
    m = start()
    m.advance(Answer({"player": 0, "style": "Focused", "base": "Shot"}, "test"))
    m.advance(Answer({"player": 1, "style": "Lure", "base": "Strike"}, "test"))
    assert m.pending.kind == "ante" and m.pending.player == 0
    m.advance(Answer({"player": 0, "ante": "Fire"}, "test"))
    # Next beat Fire is gone: drive to Hikaru's next ante with the first policy.
    while not (m.pending.kind == "ante" and m.pending.player == 0):
        m.advance(Answer(m.pending.options[0], "test"))
    with pytest.raises(IllegalDecision) as info:
        m.advance(Answer({"player": 0, "ante": "Fire"}, "test"))
    assert str(info.value) == (f"match {m.header.match_id}, duel 1, beat {m.ctx.beat}: Ann's ante "
                               "{'player': 0, 'ante': 'Fire'} is not legal; legal options: Pass; Ante Earth; "
                               "Ante Water; Ante Wind")


def test_malformed_answer():
    m = start()
    with pytest.raises(InvalidDecision) as info:
        m.advance(Answer(["Focused", "Shot"], "test"))
    assert str(info.value) == (f"match {m.header.match_id}, duel 1, beat 1: a pair answer must be an object, "
                               "got Answer(data=['Focused', 'Shot'], source='test')")


def test_a_script_for_the_wrong_fighter_is_refused():
    from recorder.script import ScriptSource, parse_script

    script = parse_script({"game": "battlecon", "players": [{"name": "Ann", "side": "hikaru"},
                                                            {"name": "Ben", "side": "cadenza"}],
                           "beats": [{"beat": 1, "player": 1, "pair": ["Clockwork", "Strike"]}]}, "cadenza.json")
    m = start()  # hikaru vs khadath
    with pytest.raises(InvalidDecision) as info:
        ScriptSource(GAME, script, m.header)
    assert str(info.value) == "cadenza.json: script is for hikaru vs cadenza, but the match is hikaru vs khadath"


def test_a_scripted_pair_of_the_other_fighters_cards_is_refused():
    from recorder.script import ScriptSource, parse_script

    script = parse_script({"game": "battlecon", "players": [{"name": "Ann", "side": "hikaru"},
                                                            {"name": "Ben", "side": "khadath"}],
                           "beats": [{"beat": 1, "player": 1, "pair": ["Clockwork", "Strike"]}]}, "s.json")
    m = start()
    source = ScriptSource(GAME, script, m.header)
    m.advance(Answer({"player": 0, "style": "Focused", "base": "Shot"}, "test"))
    with pytest.raises(IllegalDecision) as info:
        source.answer(m.pending, m)
    assert str(info.value) == (
        f"s.json: beats[0] (duel 1, beat 1, player 1): Ben's scripted pair "
        f"{{'player': 1, 'style': 'Clockwork', 'base': 'Strike'}} is not legal at match {m.header.match_id}, "
        "duel 1, beat 1; legal options: Teleport Strike; Teleport Shot; Teleport Drive; Teleport Burst; "
        "Teleport Dash; Blight Strike; Blight Shot; Blight Drive; Blight Burst; Blight Dash; Lure Strike; "
        "Lure Shot; Lure Drive; Lure Burst; Lure Dash")


def test_unknown_fighter_lists_the_known_ones():
    # A name close to no fighter (the roster grows: 'ryu' is now near 'rukyuk', which the next test covers).
    with pytest.raises(UnknownSide) as info:
        GAME.make_header(players=(Player("Ann", "hikaru"), Player("Ben", "guile")), edition="woi", seed=1,
                         options={})
    assert str(info.value) == (
        "unknown fighter 'guile' for Ben; known fighters: " + ", ".join(sorted(FIGHTERS)))


def test_unknown_fighter_close_to_one_suggests_it():
    with pytest.raises(UnknownSide) as info:
        GAME.make_header(players=(Player("Ann", "hikaru"), Player("Ben", "ryu")), edition="woi", seed=1, options={})
    assert str(info.value) == (
        "unknown fighter 'ryu' for Ben (did you mean 'rukyuk'?); known fighters: " + ", ".join(sorted(FIGHTERS)))


def test_same_fighter_twice():
    with pytest.raises(InvalidDecision) as info:
        GAME.make_header(players=(Player("Ann", "hikaru"), Player("Ben", "hikaru")), edition="woi", seed=1,
                         options={})
    assert str(info.value) == "both players chose 'hikaru'; each player needs a different fighter"


@pytest.mark.parametrize("edition,options,message", [
    ("classic", {}, "unknown BattleCON edition 'classic'; known editions: woi, preview"),
    ("woi", {"duels": 2}, "BattleCON option duels=2 is not allowed; choose one of: 1, 3"),
    ("woi", {"discards": "random"}, "BattleCON option discards='random' is not allowed; choose one of: suggested, chosen"),
    ("woi", {"arena": "x"},
     "unknown BattleCON option 'arena'; known options: ante_finishers, discards, duels, finishers, special_actions"),
    ("woi", {"special_actions": "yes"}, "BattleCON option special_actions='yes' is not allowed; choose true or false"),
    ("preview", {"ante_finishers": True}, "BattleCON option ante_finishers=true is a War of Indines variant "
     "(WoI p.32, Variant #1); the preview edition has no ante finishers"),
])
def test_bad_header_options(edition, options, message):
    with pytest.raises(InvalidDecision) as info:
        GAME.make_header(players=(Player("A", "hikaru"), Player("B", "cadenza")), edition=edition, seed=1,
                         options=options)
    assert str(info.value) == message


def test_header_normalises_options_and_versions():
    h = GAME.make_header(players=(Player("A", "hikaru"), Player("B", "cadenza")), edition="preview", seed=1,
                         options={})
    assert h.options == {"duels": 3, "discards": "suggested", "special_actions": False, "ante_finishers": False}
    assert h.rules_version.startswith("battlecon-") and h.engine_version == GAME.engine_version


def test_chosen_discards_are_a_secret_decision_with_every_option():
    m = start(discards="chosen")
    req = m.pending
    assert req.kind == "discards" and req.secret
    assert len(req.options) == 5 * 4 * 7 * 6
    m.advance(Answer(req.options[0], "test"))
    assert m.entries[-1].visibility == 0


def play(seed, bots=("random", "random"), edition="woi", duels=3):
    h = GAME.make_header(players=(Player("A", "kallistar"), Player("B", "khadath")), edition=edition, seed=seed,
                         options={"duels": duels})
    m = Match(GAME, h)
    run(m, {p: GAME.bot(bots[p], seed, p) for p in (0, 1)})
    return m


@pytest.mark.parametrize("edition", ["woi", "preview"])
def test_same_seed_same_log_and_fold_equals_state(edition):
    a, b = play(11, edition=edition), play(11, edition=edition)
    la, lb = [r.line() for r in sealed(a)], [r.line() for r in sealed(b)]
    assert la == lb
    state = GAME.new_state(a.header)
    for r in sealed(a):
        GAME.apply(state, GAME.events.get(r.type).from_data(r.data))
    assert GAME.snapshot(state) == GAME.snapshot(a.state)
    assert GAME.result(state)["winner"] in (0, 1, None)


def test_secret_events_and_redaction():
    m = start()
    m.advance(Answer({"player": 0, "style": "Focused", "base": "Shot"}, "test"))
    sel = [e for e in m.entries if e.type == "PairSelected"]
    assert sel[0].visibility == 0
    snap = GAME.snapshot(m.state)
    red = GAME.redact(snap, 1)
    assert red["fighters"][0]["pair"]["style"] == "?"
    assert "Focused" in red["fighters"][0]["hand"]  # could still be anywhere in the hand, for Ben
    assert GAME.redact(snap, 0)["fighters"][0]["pair"]["style"] == "Focused"


def test_script_answers_expand_an_entry():
    entry = {"duel": 1, "beat": 3, "player": 0, "pair": ["Focused", "Strike"], "antes": ["Fire"],
             "choices": [{"kind": "move", "to": 5}]}
    assert GAME.script_answers(entry) == [
        {"kind": "pair", "player": 0, "style": "Focused", "base": "Strike"},
        {"kind": "ante", "player": 0, "ante": "Fire"},
        {"kind": "move", "player": 0, "to": 5},
    ]
    assert GAME.script_answers({"player": 1, "antes": []}) == [{"kind": "ante", "player": 1, "ante": "pass"}]


def test_every_request_has_labels_and_a_prompt():
    m = start()
    seen = set()
    while not m.finished:
        req = m.pending
        assert req.prompt and len(req.labels) == len(req.options)
        seen.add(req.kind)
        m.advance(Answer(req.options[-1], "test"))
    assert {"pair", "ante"} <= seen


def test_greedy_is_deterministic():
    a = play(4, bots=("greedy", "random"), duels=1)
    b = play(4, bots=("greedy", "random"), duels=1)
    assert [r.line() for r in sealed(a)] == [r.line() for r in sealed(b)]


def test_clash_base_stays_hidden_until_revealed():
    for seed in range(50):
        h = GAME.make_header(players=(Player("A", "hikaru"), Player("B", "cadenza")), edition="woi", seed=seed,
                             options={"duels": 1})
        m = Match(GAME, h)
        bots = {p: GAME.bot("random", seed, p) for p in (0, 1)}
        m.advance()
        while not m.finished:
            req = m.pending
            if req.kind == "clash" and req.player == 1:
                snap = GAME.snapshot(m.state)
                seen_by_1 = GAME.redact(snap, 1)["fighters"][0]
                assert seen_by_1["pair"]["base"] == "?" and seen_by_1["pair"]["style"] != "?"
                assert GAME.redact(snap, 0)["fighters"][0]["pair"]["base"] != "?"
                return
            m.advance(bots[req.player].answer(req, m))
    pytest.fail("no clash found in 50 seeds")

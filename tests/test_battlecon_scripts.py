"""BattleCON match scripts: entry shapes (one exact error line), the decision kinds, optional ante passes."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.errors import InvalidDecision
from recorder.games.battlecon import GAME
from recorder.games.battlecon.cards import KITS
from recorder.games.battlecon.script_entry import entry_schema
from recorder.header import Player
from recorder.jsonl import read_jsonl
from recorder.match import Match, run

ROOT = Path(__file__).resolve().parent.parent
WALKTHROUGH = ROOT / "sample_logs/battlecon/walkthrough.script.json"


@pytest.fixture
def runner(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return CliRunner()


def record(runner, beats, *extra, **changes):
    script = {"game": "battlecon", "edition": "woi", "seed": 1,
              "players": [{"name": "Ann", "side": "hikaru"}, {"name": "Ben", "side": "khadath"}],
              "options": {"duels": 1}, "policy": "first", "beats": beats, **changes}
    Path("s.json").write_text(json.dumps(script), encoding="utf-8")
    return runner.invoke(main, ["record", "--script", "s.json", "-o", "s.jsonl", *extra], catch_exceptions=False)


def error_line(result) -> str:
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert not Path("s.jsonl").exists(), "a refused script left a log behind"
    return lines[0]


# -- 1. entry shapes ------------------------------------------------------------------------------------------

WHERE = "Error: s.json: beats[0] (duel 1, beat 1, player 0): "
CHOICE = 'a choice: {"kind": K, ...answer}, K one of ' + ", ".join(GAME.decision_kinds)


@pytest.mark.parametrize("part,message", [
    ({"pair": -1}, "pair is -1 (not a list); expected [style, base]: two card names"),
    ({"pair": "Strike"}, 'pair is "Strike" (not a list); expected [style, base]: two card names'),
    ({"pair": ["Focused"]}, 'pair is ["Focused"] (1 item); expected [style, base]: two card names'),
    ({"pair": ["Focused", "Drive", "Burst"]},
     'pair is ["Focused","Drive","Burst"] (3 items); expected [style, base]: two card names'),
    ({"pair": ["", "Drive"]}, 'pair[0] is "" (empty); expected [style, base]: two card names'),
    ({"discards": None},
     "discards is null (not a list); expected [[style, base], [style, base]]: discard 1, then discard 2"),
    ({"discards": 1.5},
     "discards is 1.5 (not a list); expected [[style, base], [style, base]]: discard 1, then discard 2"),
    ({"discards": [["Focused", "Drive"], ["Trance"]]},
     'discards[1] is ["Trance"] (1 item); expected [[style, base], [style, base]]: discard 1, then discard 2'),
    ({"antes": "Fire"}, 'antes is "Fire" (not a list); expected a list of what to ante, in order (token names, '
                        "the Finisher); [] means pass"),
    ({"finisher": 3}, "finisher is 3 (not text); expected the name of one side of the fighter's Finisher card"),
    ({"new_pairs": [1]}, "new_pairs[0] is 1 (not a list); expected a list of [style, base] pairs, one per new "
                         "pair after a Cancel"),
    ({"choices": ["x"]}, f'choices[0] is "x" (not an object); expected {CHOICE}'),
    ({"choices": [{"to": 3}]}, f'choices[0] is {{"to":3}} (missing "kind"); expected {CHOICE}'),
    ({"choices": [{"kind": "move", "to": "6"}]},
     'choices[0].to is "6" (not a whole number); expected a move choice: {"kind": "move", "to": a space 1-7}'),
    ({"choices": [{"kind": "move", "to": 9}]},
     'choices[0].to is 9 (above 7); expected a move choice: {"kind": "move", "to": a space 1-7}'),
    ({"choices": [{"kind": "move", "space": 6}]},
     'choices[0] is {"kind":"move","space":6} (missing "to"); expected a move choice: {"kind": "move", '
     '"to": a space 1-7}'),
    ({"choices": [{"kind": "iron_body", "spend": "yes"}]},
     'choices[0].spend is "yes" (not true or false); expected a iron_body choice: {"kind": "iron_body", '
     '"spend": true or false}'),
    ({"pairs": ["Focused", "Drive"]}, 'BattleCON entry: unexpected part "pairs"; the parts an entry may have: '
                                      "antes, choices, discards, finisher, new_pairs, note, pair, salt"),
    ({"antes": [[[[[[[[["deep"]]]]]]]]]}, "antes is nested more than 8 levels deep; expected a list of what to "
                                          "ante, in order (token names, the Finisher); [] means pass"),
])
def test_a_malformed_entry_part_is_one_exact_error_line(runner, part, message):
    assert error_line(record(runner, [{"beat": 1, "player": 0, **part}])) == WHERE + message


def test_a_huge_value_is_quoted_short():
    with pytest.raises(InvalidDecision) as info:
        GAME.script_answers({"player": 0, "pair": ["x" * 5000, "Drive"]})
    assert str(info.value) == ('pair[0] is "' + "x" * 78 + '… (longer than 64 characters); '
                               "expected [style, base]: two card names")


def test_an_unknown_kind_is_named_by_the_recorder_with_the_known_ones(runner):
    line = error_line(record(runner, [{"beat": 1, "player": 0, "choices": [{"kind": "teleport", "to": 3}]}]))
    assert line == (WHERE + "unknown decision kind 'teleport'; known kinds: "
                    + ", ".join(sorted(GAME.decision_kinds)))


def test_the_entry_schema_is_published_and_accepts_the_walkthrough():
    published = json.loads((ROOT / "schemas/battlecon/script-entry.json").read_text(encoding="utf-8"))
    assert published == json.loads(json.dumps(entry_schema()))
    validator = jsonschema.Draft202012Validator(published)
    for entry in json.loads(WALKTHROUGH.read_text(encoding="utf-8"))["beats"]:
        validator.validate(entry)


def test_every_answer_shape_in_the_protocol_doc_is_accepted():
    entry = {"duel": 2, "beat": 0, "player": 1, "note": "all of it", "discards": [["Focused", "Drive"], ["Trance", "Palm"]],
             "finisher": "Wrath of Elements", "pair": ["Special Action", "Drive"], "antes": ["Fire", "Wrath of Elements"],
             "new_pairs": [["Focused", "Drive"]],
             "choices": [{"kind": "move", "to": 3}, {"kind": "trap", "space": 7}, {"kind": "regain", "token": "Fire"},
                         {"kind": "clash", "base": "Burst"}, {"kind": "order", "first": "Drive"},
                         {"kind": "iron_body", "spend": True}, {"kind": "extra_ante", "ante": "pass"},
                         {"kind": "repeat", "repeat": False}, {"kind": "rearrange", "positions": [1, 7], "trap": None},
                         {"kind": "rearrange", "positions": [2, 3], "trap": 5, "player": 1}]}
    kinds = [item["kind"] for item in GAME.script_answers(entry)]
    assert kinds == ["discards", "finisher", "pair", "ante", "ante", "new_pair", "move", "trap", "regain", "clash",
                     "order", "iron_body", "extra_ante", "repeat", "rearrange", "rearrange"]


# -- 2. decision kinds --------------------------------------------------------------------------------------------


class Spy:
    """Answers like the random bot and notes every request kind asked."""

    def __init__(self, inner, seen: set[str]) -> None:
        self.inner, self.seen = inner, seen

    def answer(self, request, match):
        self.seen.add(request.kind)
        return self.inner.answer(request, match)


def test_decision_kinds_are_exactly_the_kinds_random_play_asks_with_every_option_on():
    # Each edition's own fighters (a War of Indines fighter is not in the Preview).
    pairings = {ed: list(itertools.permutations(sorted(f for f in KITS if ed in KITS[f].editions), 2))
                for ed in ("woi", "preview")}
    setups = [("woi", {"special_actions": True, "ante_finishers": True, "discards": "chosen"}),
              ("preview", {"special_actions": True, "discards": "chosen"})]
    seen: set[str] = set()
    for edition, options in setups:
        for seed in range(max(150, 10 * len(pairings[edition]))):  # each pairing about ten times at least
            a, b = pairings[edition][seed % len(pairings[edition])]
            header = GAME.make_header(players=(Player("A", a), Player("B", b)), edition=edition, seed=seed,
                                      options={"duels": 1, **options})
            run(Match(GAME, header), {p: Spy(GAME.bot("random", seed, p), seen) for p in (0, 1)})
    assert len(GAME.decision_kinds) == len(set(GAME.decision_kinds))
    assert seen == set(GAME.decision_kinds)


# -- 4. ante passes for fighters never asked ------------------------------------------------------------------------


def test_a_pass_for_a_fighter_never_asked_to_ante_is_ignored(runner):
    # Khadath has no tokens and, without Ante Finishers, is never asked to ante.
    result = record(runner, [{"beat": 1, "player": 1, "pair": ["Teleport", "Drive"], "antes": []},
                             {"beat": 2, "player": 1, "antes": []}])
    assert result.exit_code == 0, result.output
    log = read_jsonl(Path("s.jsonl"))
    assert not [r for r in log.records if r.type == "AnteDeclared" and r.actor == 1]
    assert [r.data["source"] for r in log.records if r.type == "PairSelected" and r.actor == 1][0] == "script"


def test_a_pass_is_used_when_the_fighter_is_asked(runner):
    result = record(runner, [{"beat": 1, "player": 0, "antes": []}], "--policy", "random")
    assert result.exit_code == 0, result.output
    log = read_jsonl(Path("s.jsonl"))
    first = next(r for r in log.records if r.type == "AnteDeclared" and r.actor == 0)
    assert (first.data["ante"], first.data["source"]) == ("pass", "script")


def test_a_real_ante_that_is_never_asked_for_is_an_error_when_its_ante_step_ends(runner):
    line = error_line(record(runner, [{"beat": 1, "player": 1, "antes": ["Fire"]}]))
    assert line == ("Error: s.json: beats[0] (duel 1, beat 1, player 1): Ben's scripted answer 'ante Fire' was never "
                    "asked for: the ante step of duel 1, beat 1 ended without it (Khadath has no Fire token (no tokens "
                    "at all)); Ben was not asked for any ante decision in that beat")


def test_a_second_token_for_hikaru_is_reported_at_that_beat_with_the_reason_and_the_options(runner):
    # One token per ante step: the scripted Water is never asked for. Reported when beat 2's ante step is over,
    # not when the match ends.
    line = error_line(record(runner, [{"beat": 2, "player": 0, "antes": ["Fire", "Water"]}]))
    ability = KITS["hikaru"].ability
    assert line == ("Error: s.json: beats[0] (duel 1, beat 2, player 0): Ann's scripted answer 'ante Water' was never "
                    f"asked for: the ante step of duel 1, beat 2 ended without it (Hikaru had already anted Fire in "
                    f'that ante step: "{ability}"); Ann\'s last ante request in that beat offered: Pass; Ante Earth; '
                    "Ante Fire; Ante Water; Ante Wind")


def test_the_unused_ante_is_reported_at_the_first_request_after_its_ante_step():
    from recorder.errors import IllegalDecision
    from recorder.script import ScriptSource, parse_script

    script = parse_script({"game": "battlecon", "edition": "woi", "seed": 1,
                           "players": [{"name": "Ann", "side": "hikaru"}, {"name": "Ben", "side": "khadath"}],
                           "options": {"duels": 1}, "policy": "first",
                           "beats": [{"beat": 2, "player": 0, "antes": ["Fire", "Water"]}]}, "s.json")
    header = GAME.make_header(players=(Player("Ann", "hikaru"), Player("Ben", "khadath")), edition="woi", seed=1,
                              options={"duels": 1})
    m = Match(GAME, header)
    source = ScriptSource(GAME, script, header)
    with pytest.raises(IllegalDecision):
        run(m, {0: source, 1: source})
    # Beat 2 asks nothing after its ante step, so the next request is beat 3's first pair: raised there.
    assert (m.ctx.beat, m.pending.kind, m.pending.player) == (3, "pair", 0)
    assert not any(e.type == "AnteDeclared" and e.beat == 2 and e.event.ante == "Water" for e in m.entries)


def test_the_reason_names_an_anted_finisher():
    from tests.battlecon_scenarios import Scenario

    sc = Scenario(("cadenza", "hikaru"), options={"ante_finishers": True}, keep=(("Battery", "Strike"),
                  ("Trance", "Shot")), life=(7, 20), finishers=("Rocket Press", "Four Winds"))
    b = sc.beat((("Battery", "Strike"), ("Trance", "Shot")), antes={0: ["Rocket Press"]}, lenient=True)
    reason = GAME.unused_reason(sc.header, 1, "ante", {"player": 1, "ante": "Fire"}, b.entries)
    assert reason == ('Ann anted a Finisher first, and "No further antes can be made by either player after a '
                      'Finisher is anted" (WoI p.32)')
    assert GAME.unused_reason(sc.header, 1, "ante", {"player": 1, "ante": "Four Winds"}, []) == (
        "a Finisher can be anted only at 7 life or less, once a duel, and only the side chosen for the duel (WoI p.32)")


def test_an_unused_extra_ante_pass_is_ignored_too():
    assert GAME.optional_answer("extra_ante", {"player": 0, "ante": "pass"})
    assert GAME.optional_answer("ante", {"player": 0, "ante": "pass"})
    assert not GAME.optional_answer("ante", {"player": 0, "ante": "Fire"})
    assert not GAME.optional_answer("pair", {"player": 0, "style": "pass", "base": "Drive"})

"""Match scripts as a decision source, driven through the toy game."""

import json
from pathlib import Path

import pytest

from recorder import canonical
from recorder.errors import IllegalDecision, InvalidDecision
from recorder.match import Match, run
from recorder.script import ScriptSource, load_script, parse_script, script_schema
from tests.toygame import GAME, toy_header

ROOT = Path(__file__).resolve().parent.parent


def toy_script(**changes):
    script = {
        "game": "toy",
        "players": [{"name": "Ann", "side": "red"}, {"name": "Ben", "side": "blue"}],
        "beats": [
            {"duel": 1, "beat": 1, "player": 0, "picks": [3]},
            {"beat": 2, "player": 1, "picks": [2]},
        ],
    }
    script.update(changes)
    return script


def play(script_json, header=None, name="match.json"):
    header = header or toy_header()
    source = ScriptSource(GAME, parse_script(script_json, name), header)
    match = Match(GAME, header)
    run(match, {0: source, 1: source})
    source.close(match)
    return match


def test_published_schema_is_the_one_used():
    published = canonical.loads((ROOT / "schemas" / "script.json").read_bytes())
    assert published == script_schema()
    assert published["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_scripted_answers_are_used_and_the_rest_comes_from_the_policy():
    match = play(toy_script())
    picks = [(e.beat, e.actor, e.event.number, e.event.source) for e in match.entries if e.type == "NumberPicked"]
    assert picks == [
        (1, 0, 3, "script"), (1, 1, 1, "policy:first"),
        (2, 0, 1, "policy:first"), (2, 1, 2, "script"),
        (3, 0, 1, "policy:first"), (3, 1, 1, "policy:first"),
    ]


def test_answers_of_one_kind_are_used_in_order():
    match = play(toy_script(options={"rounds": 1}, beats=[{"beat": 1, "player": 0, "picks": [2]}]),
                 header=toy_header(rounds=1))
    assert [e.event.number for e in match.entries if e.type == "NumberPicked"] == [2, 1]


def test_illegal_scripted_answer_names_file_entry_beat_and_legal_options():
    script = toy_script(beats=[{"beat": 1, "player": 0}, {"beat": 2, "player": 1, "picks": [9]}])
    with pytest.raises(IllegalDecision) as info:
        play(script)
    assert str(info.value) == (
        "match.json: beats[1] (duel 1, beat 2, player 1): Ben's scripted pick {'number': 9} is not legal "
        f"at match {toy_header().match_id}, duel 1, beat 2; legal options: number 1; number 2; number 3"
    )


def test_script_for_other_sides_is_refused():
    script = toy_script(players=[{"name": "Ann", "side": "red"}, {"name": "Ben", "side": "green"}])
    with pytest.raises(InvalidDecision, match=r"^match.json: script is for red vs green, but the match is red vs blue$"):
        play(script)


def test_script_for_another_game_is_refused():
    with pytest.raises(InvalidDecision, match=r"^match.json: script is for game 'chess', not 'toy'$"):
        play(toy_script(game="chess"))


def test_unused_scripted_answers_are_an_error_at_the_end():
    script = toy_script(beats=[{"beat": 1, "player": 0, "picks": [1, 2]}, {"beat": 7, "player": 1, "picks": [3]}])
    with pytest.raises(InvalidDecision) as info:
        play(script)
    assert str(info.value) == (
        "match.json: 2 scripted answers never asked for (the match ended at duel 1, beat 3): "
        "beats[0] (duel 1, beat 1, player 0): pick number 2; beats[1] (duel 1, beat 7, player 1): pick number 3"
    )


def test_duplicate_entries_are_refused():
    script = toy_script(beats=[{"beat": 1, "player": 0}, {"duel": 1, "beat": 1, "player": 0}])
    with pytest.raises(InvalidDecision, match=r"^match.json: beats\[1\] \(duel 1, beat 1, player 0\) repeats an entry already given at beats\[0\]"):
        play(script)


def test_player_out_of_range():
    with pytest.raises(InvalidDecision, match=r"^s.json: beats\[0\] \(duel 1, beat 1, player 2\): player 2 does not exist; the script has 2 players \(0..1\)$"):
        parse_script(toy_script(beats=[{"beat": 1, "player": 2}]), "s.json")


@pytest.mark.parametrize("change, message", [
    ({"players": None}, r"^s.json: \$.players: None is not of type 'array'$"),
    ({"beats": [{"beat": 1}]}, r"^s.json: \$.beats\[0\]: 'player' is a required property$"),
    ({"beats": [{"beat": "1", "player": 0}]}, r"^s.json: \$.beats\[0\].beat: '1' is not of type 'integer'$"),
    ({"seed": -1}, r"^s.json: \$.seed: -1 is less than the minimum of 0$"),
    ({"policy": "Best!"}, r"^s.json: \$.policy: 'Best!' does not match"),
    ({"colour": "red"}, r"^s.json: \$: Additional properties are not allowed \('colour' was unexpected\)$"),
    ({"players": [{"side": "red"}]}, r"^s.json: \$.players: \[\{'side': 'red'\}\] is too short$"),
])
def test_schema_errors_are_exact(change, message):
    with pytest.raises(InvalidDecision, match=message):
        parse_script(toy_script(**change), "s.json")


def test_missing_top_level_field():
    script = toy_script()
    del script["game"]
    with pytest.raises(InvalidDecision, match=r"^s.json: \$: 'game' is a required property$"):
        parse_script(script, "s.json")


def test_load_script_reports_bad_json(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"game": "toy",', encoding="utf-8")
    with pytest.raises(InvalidDecision, match=rf"^{path}: not valid JSON: "):
        load_script(path)


def test_load_script_reads_a_file(tmp_path):
    path = tmp_path / "ok.json"
    path.write_text(json.dumps(toy_script(seed=5, policy="first", title="t")), encoding="utf-8")
    script = load_script(path)
    assert (script.seed, script.policy, script.title, script.sides) == (5, "first", "t", ("red", "blue"))
    assert [e.where for e in script.entries] == ["beats[0] (duel 1, beat 1, player 0)", "beats[1] (duel 1, beat 2, player 1)"]


def test_unknown_policy_lists_known_ones():
    script = parse_script(toy_script(policy="greedy"), "s.json")
    with pytest.raises(InvalidDecision, match=r"^unknown policy 'greedy'; known policies: first$"):
        ScriptSource(GAME, script, toy_header())


def test_a_kind_the_match_never_asks_for_is_named():
    script = toy_script(beats=[{"beat": 1, "player": 0, "choices": [{"kind": "dance"}]}])

    class WithChoices:
        def __getattr__(self, name):
            return getattr(GAME, name)

        def script_answers(self, entry):
            return GAME.script_answers(entry) + list(entry.get("choices", []))

    header = toy_header()
    game = WithChoices()
    source = ScriptSource(game, parse_script(script, "s.json"), header)
    match = Match(GAME, header)
    run(match, {0: source, 1: source})
    with pytest.raises(InvalidDecision) as info:
        source.close(match)
    assert str(info.value).endswith(
        "beats[0] (duel 1, beat 1, player 0): dance pass (this match never asked for a 'dance' decision)")


def test_a_game_that_lists_its_kinds_rejects_unknown_ones_up_front():
    script = toy_script(beats=[{"beat": 1, "player": 0, "choices": [{"kind": "dance"}]}])

    class Listing:
        decision_kinds = ("pick",)

        def __getattr__(self, name):
            return getattr(GAME, name)

        def script_answers(self, entry):
            return list(entry.get("choices", []))

    with pytest.raises(InvalidDecision, match=r"^s.json: beats\[0\] \(duel 1, beat 1, player 0\): unknown decision kind 'dance'; known kinds: pick$"):
        ScriptSource(Listing(), parse_script(script, "s.json"), toy_header())


@pytest.mark.parametrize("picks", [5, None])
def test_an_entry_part_the_game_cannot_unpack_is_a_malformed_entry(picks):
    """The toy game iterates ``picks`` unchecked; the kernel words its TypeError for the script's author."""
    script = toy_script(beats=[{"beat": 1, "player": 0, "picks": picks}])
    with pytest.raises(InvalidDecision) as info:
        play(script)
    message = str(info.value)
    assert message.startswith("match.json: beats[0] (duel 1, beat 1, player 0): malformed entry ("), message
    assert "not iterable" in message and "\n" not in message

"""Cogs of Valor match scripts: entry parts and answer fields checked (one exact error line), the
decision kinds, the published entry schema, and whatif --choices reaching a Cogs log."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.games.cogs import GAME
from recorder.games.cogs.script_entry import entry_schema
from recorder.header import Player
from recorder.jsonl import read_jsonl
from recorder.match import Match, run

ROOT = Path(__file__).resolve().parent.parent
WHERE = "Error: s.json: beats[0] (turn 1, player 0): "  # the script's own path, then the round in Cogs words
AHEAD = {"cog": 0, "move": "ahead", "speed": 18}
FORBIDDEN = re.compile(r"(?i)\b(?:duels?|beats?|fighters?)\b")  # BattleCON's words, never in a Cogs message


@pytest.fixture
def runner(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return CliRunner()


def record(runner, entry, **changes):
    script = {"game": "cogs", "seed": 3, "players": [{"name": "Ann", "side": "lions"}, {"name": "Ben", "side": "herons"}],
              "options": {"turns": 2}, "policy": "first",
              "beats": [{"beat": 1, "player": 0, **entry}], **changes}
    Path("s.json").write_text(json.dumps(script), encoding="utf-8")
    return runner.invoke(main, ["record", "--script", "s.json", "-o", "s.jsonl"], catch_exceptions=False)


def error_line(result) -> str:
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert not Path("s.jsonl").exists(), "a refused script left a log behind"
    return lines[0]


PARTS = ("note, choices, answers, courses, rams, firepots, ballistae, grapples, shots, deflections, boarding, "
         "melee, hero_upgrades, transfers, equips")


@pytest.mark.parametrize("entry,message", [
    ({"coursez": [AHEAD]}, f'Cogs entry: unexpected part "coursez"; the parts an entry may have: {PARTS}'),
    ({"courses": [{"cog": 0, "move": "ahead", "sped": 18}]},
     "courses[0]: unexpected field \"sped\" in a 'course' answer; its fields: cog, move, speed"),
    ({"courses": [{"cog": 0, "move": "ahead"}]},
     "courses[0]: a 'course' answer needs speed (its fields: cog, move, speed)"),
    ({"courses": {"cog": 0}}, 'courses is {"cog":0} (not a list); expected a list of answers'),
    ({"choices": [{"kind": "sail", "cog": 0}]},
     'choices[0] has kind "sail"; known kinds: course, ram, firepot, ballista, grapple, shoot, deflect, board, '
     "melee, hero upgrade, transfer, equip"),
    ({"courses": [{"cog": 0, "move": "fly", "speed": 18}]},
     "courses.0.move is \"fly\": 'fly' is not one of ['ahead', 'port', 'starboard', 'astern', 'drift', 'anchor']"),
])
def test_a_wrong_entry_is_one_exact_line(runner, entry, message):
    assert error_line(record(runner, entry)) == WHERE + message


def test_scripted_courses_are_used(runner):
    result = record(runner, {"courses": [AHEAD], "note": "full sail"})
    assert result.exit_code == 0, result.output
    log = read_jsonl("s.jsonl")
    course = next(r for r in log.records if r.type == "CourseSet" and r.actor == 0)
    assert (course.data["move"], course.data["speed"], course.data["source"]) == ("ahead", 18, "script")


def test_the_generic_form_and_the_lists(runner):
    done = {"cog": 0, "action": "done", "deck": None, "profile": None, "item": None}
    result = record(runner, {"choices": [{"kind": "course", **AHEAD}], "equips": [done]})
    assert result.exit_code == 0, result.output
    log = read_jsonl("s.jsonl")
    scripted = [(r.type, r.beat) for r in log.records if r.data.get("source") == "script"]
    assert scripted == [("CourseSet", 1), ("EquipOrdered", 1)]


def test_shots_and_melee_may_leave_out_the_mode():
    hold = {"cog": 0, "deck": "nest", "profile": "longbow", "target_cog": None, "target_deck": None,
            "target_profile": None, "count": 0}
    answers = GAME.script_answers({"beat": 1, "player": 0, "shots": [hold], "melee": [hold],
                                   "answers": [{"kind": "shoot", "mode": "ranged", **hold}]})
    assert [(a["kind"], a["mode"]) for a in answers] == [("shoot", "ranged"), ("shoot", "ranged"), ("melee", "melee")]


def test_an_illegal_scripted_answer_is_refused(runner):
    line = error_line(record(runner, {"courses": [{"cog": 0, "move": "ahead", "speed": 99}]}))
    assert line.startswith(WHERE + "Ann's scripted course {'cog': 0, 'move': 'ahead', 'speed': 99} is not legal at "
                           "match m-")
    assert ", turn 1; legal options: " in line and not FORBIDDEN.search(line.replace("beats[0]", ""))


def test_decision_kinds_cover_every_request_of_random_play():
    asked: set[str] = set()

    class Spy:
        def __init__(self, inner):
            self.inner = inner

        def answer(self, request, match):
            asked.add(request.kind)
            return self.inner.answer(request, match)

    for seed, sides in ((1, ("griffins", "lions")), (2, ("merchants", "herons")), (3, ("lions", "herons", "griffins"))):
        players = tuple(Player(n, s) for n, s in zip(("Ann", "Ben", "Cy"), sides))
        header = GAME.make_header(players=players, edition="standard", seed=seed,
                                  options={"turns": 10, "islands": [[48, 20], [48, 52]]})
        match = Match(GAME, header)
        run(match, {i: Spy(GAME.bot("random", seed, i)) for i in range(len(players))})
    assert asked <= set(GAME.decision_kinds)
    assert {"course", "shoot", "melee", "grapple", "board", "transfer", "equip"} <= asked


def test_the_published_entry_schema_is_current():
    published = json.loads((ROOT / "schemas/cogs/script-entry.json").read_text(encoding="utf-8"))
    assert published == json.loads(json.dumps(entry_schema()))


def test_whatif_choices_reach_a_cogs_log():
    log = ROOT / "sample_logs/cogs/lions-vs-herons.jsonl"
    choice = json.dumps([{"kind": "course", "cog": 0, "move": "anchor", "speed": 0}])
    result = CliRunner().invoke(main, ["whatif", str(log), "--beat", "1", "--player", "1", "--choices", choice])
    assert result.exit_code == 0, result.output
    assert "What if Ann had chosen course drop anchor (stay put) instead of ahead 18\", heading N" in result.output
    assert "Lion drops anchor" in result.output
    wrong = CliRunner().invoke(main, ["whatif", str(log), "--beat", "1", "--player", "1", "--choices",
                                      json.dumps({"coursez": []})])
    assert wrong.exit_code == 1 and 'unexpected part "coursez"' in wrong.output

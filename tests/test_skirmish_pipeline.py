"""The grid skirmish game through beatlog's pipeline: kits from a file and their errors, record, verify,
explain a turn phase by phase, the face-down card's commitment and what `state --as` shows, scripts."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from recorder import canonical
from beatlog.cli import main
from recorder.errors import InvalidDecision
from recorder.games.skirmish import GAME
from recorder.games.skirmish.kit import check_kit, starter_kit
from recorder.header import Player
from recorder.jsonl import read_jsonl
from recorder.match import Match, run, sealed

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sample_logs/skirmish/skirmish-vanguard-vs-arcane.jsonl"


@pytest.fixture
def runner(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return CliRunner()


def _record(runner, *options, sides="vanguard,arcane", bots="sensible,random", seed="4"):
    args = ["record", "--game", "skirmish", "--sides", sides, "--bots", bots, "--seed", seed, "-o", "m.jsonl"]
    for option in options:
        args += ["--option", option]
    return runner.invoke(main, args)


def test_the_starter_kit_is_valid_and_says_what_it_is():
    kit = check_kit(starter_kit())
    assert "beatlog's own sample content" in kit["about"] and "NOT from the rulebook" in kit["about"]
    assert len(kit["characters"]) >= 6
    words = {w for table in ("skills", "items") for u in kit[table].values() for w in u["keywords"]}
    effects = {e["effect"] for table in ("skills", "items") for u in kit[table].values()
               for e in u["effects"] + u["critical"]} | {e["effect"] for w in kit["weapons"].values() for e in w["critical"]}
    assert {"Quick", "Combat", "Movement", "Instant", "Self", "Enemy", "Ally", "Ground", "Special"} <= words
    assert {"bleed", "pierced", "daze", "burn", "chill", "corrosion", "hex", "teleport", "root", "stun",
            "knockback"} <= effects
    assert all(w["critical"] for w in kit["weapons"].values())
    assert all(i["price"] >= 1 and i["uses"] >= 1 for i in kit["items"].values())


@pytest.mark.parametrize("change,message", [
    (lambda k: k["characters"]["knight"].update(weapon="axe"),
     "kit characters entry 'knight' field weapon: unknown weapon 'axe'"),
    (lambda k: k["characters"]["knight"].update(skills=["shield_bsh"]),
     "kit characters entry 'knight' field skills: unknown skill 'shield_bsh'; did you mean 'shield_bash'?"),
    (lambda k: k["skills"]["blink"].update(keywords=["Fast", "Self"]),
     "kit skills entry 'blink' field keywords.0: 'Fast' is not one of"),
    (lambda k: k["characters"]["archer"].pop("agi"), "kit characters entry 'archer': 'agi' is a required property"),
    (lambda k: k["items"]["ether"]["effects"].append({"effect": "explode", "value": 1}),
     "kit items entry 'ether' field effects.1.effect: 'explode' is not one of"),
    (lambda k: k["skills"]["rally"].update(keywords=["Quick", "Ally"]),
     "kit skills entry 'rally' field keywords: a skill needs Combat, Movement or Instant"),
    (lambda k: k["rosters"].update(duo=["knight", "ninja"]), "kit rosters entry 'duo': unknown character 'ninja'"),
])
def test_a_bad_kit_is_one_line_naming_entry_and_field(change, message):
    kit = copy.deepcopy(starter_kit())
    change(kit)
    with pytest.raises(InvalidDecision) as err:
        check_kit(kit)
    assert str(err.value).startswith(message), str(err.value)
    assert "\n" not in str(err.value)


def test_kit_from_a_file_and_a_bad_one_refused(runner):
    kit = starter_kit()
    kit["name"] = "house kit"
    kit["characters"]["knight"]["hp"] = 12
    Path("kit.json").write_text(json.dumps(kit), encoding="utf-8")
    result = _record(runner, "kit=@kit.json", "turns=3", sides="knight,rogue")
    assert result.exit_code == 0, result.output
    log = read_jsonl("m.jsonl")
    assert log.header.options["kit"]["name"] == "house kit"
    joined = [r.data for r in log.records if r.type == "CharacterJoined"]
    assert joined[0]["hp"] == 12
    assert runner.invoke(main, ["verify", "m.jsonl"]).exit_code == 0
    kit["characters"]["knight"]["weapon"] = "lance"
    Path("bad.json").write_text(json.dumps(kit), encoding="utf-8")
    Path("m.jsonl").unlink()
    result = _record(runner, "kit=@bad.json", sides="knight,rogue")
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "kit characters entry 'knight' field weapon: unknown weapon 'lance'" in lines[0]
    assert not Path("m.jsonl").exists()


def test_unknown_side_suggests_the_nearest(runner):
    result = _record(runner, sides="vangard,arcane")
    assert result.exit_code == 1 and "did you mean 'vanguard'?" in result.stderr


def test_record_verify_explain_turn_by_phase(runner):
    assert _record(runner, "turns=4").exit_code == 0
    assert runner.invoke(main, ["verify", "m.jsonl"]).exit_code == 0
    result = runner.invoke(main, ["explain", "m.jsonl", "--turn", "2"])
    assert result.exit_code == 0, result.output
    text = result.output
    phases = [line.strip() for line in text.splitlines() if line.strip().startswith("Phase:")]
    assert phases[:4] == ["Phase: status phase", "Phase: planning phase", "Phase: movement phase",
                          "Phase: combat phase"]
    assert "Grid skirmish rules, Planning phase" in text


def test_face_down_cards_stay_hidden_and_the_commitment_binds():
    header = GAME.make_header(players=(Player("Ann", "vanguard"), Player("Ben", "arcane")), edition="standard",
                              seed=5, options={"turns": 2})
    match = Match(GAME, header)
    run(match, {0: GAME.bot("random", 5, 0), 1: GAME.bot("random", 5, 1)})
    records = sealed(match)
    chosen = [r for r in records if r.type == "MovementCardChosen"]
    assert chosen
    for r in chosen:
        owner = match.state.characters[r.data["character"]].owner
        assert r.visibility == owner
        nxt = records[r.seq]  # the commitment right after it
        assert nxt.type == "MovementCardCommitted"
        nonce = canonical.digest({"seed": 5, "match_id": header.match_id, "turn": r.beat,
                                  "character": r.data["character"]})[:16]
        assert nxt.data["digest"] == canonical.digest({"match_id": header.match_id, "turn": r.beat,
                                                       "character": r.data["character"], "card": r.data["card"],
                                                       "nonce": nonce})


def test_state_as_a_player_hides_the_others_cards(runner):
    assert _record(runner, "turns=3").exit_code == 0
    log = read_jsonl("m.jsonl")
    chosen = next(r for r in log.records if r.type == "MovementCardChosen" and r.beat == 2)
    # right after the planning phase of turn 2
    last = max(r.seq for r in log.records if r.type == "MovementCardCommitted" and r.beat == 2)
    event = last - min(r.seq for r in log.records if r.beat == 2) + 1
    judge = runner.invoke(main, ["state", "m.jsonl", "--turn", "2", "--event", str(event)])
    assert judge.exit_code == 0, judge.output
    assert judge.output.count("face-down movement card") == 4
    owner = 0 if chosen.data["character"] < 2 else 1
    mine = runner.invoke(main, ["state", "m.jsonl", "--turn", "2", "--event", str(event), "--as", str(owner + 1)])
    assert mine.output.count("face-down movement card") == 2
    assert "placed movement card" not in mine.output


def test_script_entry_schema_and_errors():
    assert GAME.script_answers({"cards": [{"character": 0, "card": 2}]}) == [{"kind": "card", "character": 0, "card": 2}]
    with pytest.raises(InvalidDecision, match='unexpected field "cardd"'):
        GAME.script_answers({"cards": [{"character": 0, "cardd": 2}]})
    with pytest.raises(InvalidDecision, match='unexpected part "moves"'):
        GAME.script_answers({"moves": []})


def test_sample_log_verifies(runner):
    result = runner.invoke(main, ["verify", str(SAMPLE)])
    assert result.exit_code == 0, result.output


def test_sample_logs_are_current():
    done = subprocess.run([sys.executable, str(ROOT / "sample_logs/make_skirmish_samples.py"), "--check", "--doc"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr


def test_sides_lists_the_starter_rosters(runner):
    result = runner.invoke(main, ["sides", "--game", "skirmish", "vanguard"])
    assert result.exit_code == 0, result.output
    assert "beatlog's own sample content" in result.output
    assert "Knight: HP 8" in result.output and "Shield bash: Combat, Enemy" in result.output
    info = GAME.side_info("shadows")
    assert [c["id"] for c in info["characters"]] == ["rogue", "warden"]

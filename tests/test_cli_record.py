"""``beatlog record``, ``play`` and ``fighters``: success and error paths through CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from recorder.cli import main
from recorder.jsonl import read_jsonl

TOY = ["--game", "toy", "--edition", "standard", "--fighters", "red,blue"]


@pytest.fixture
def runner(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return CliRunner()


def invoke(runner, args, **kw):
    return runner.invoke(main, args, catch_exceptions=False, **kw)


def error_of(result) -> str:
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr  # one line, never a traceback
    return lines[0]


def write_script(path: Path, **changes) -> Path:
    script = {
        "game": "toy", "edition": "standard", "seed": 3,
        "players": [{"name": "Ann", "side": "red"}, {"name": "Ben", "side": "blue"}],
        "beats": [{"beat": 1, "player": 0, "picks": [3]}, {"beat": 2, "player": 1, "picks": [2]}],
    }
    script.update(changes)
    path.write_text(json.dumps(script), encoding="utf-8")
    return path


# -- record: success ------------------------------------------------------------

def test_record_writes_match_id_jsonl_here_and_reports(runner, tmp_path):
    result = invoke(runner, ["record", *TOY, "--seed", "7", "--players", "Ann,Ben"])
    assert result.exit_code == 0, result.output
    log = read_jsonl(next(tmp_path.glob("m-*.jsonl")))
    out = result.output.splitlines()
    assert out[0] == f"match {log.header.match_id}: toy standard, seed 7"
    assert out[1] == "  Ann (red) vs Ben (blue)"
    assert out[2] == "  result: draw (points)"
    assert out[3] == "  beats: 3, events: 13"
    from recorder.canonical import short_digest
    assert out[4] == f"  digest: {short_digest(log.records[-1].hash)}"
    assert out[5] == f"  saved to {log.header.match_id}.jsonl"
    assert log.header.created_at.endswith("Z") and len(log.header.created_at) == 20
    assert [r.data["source"] for r in log.records if r.type == "NumberPicked"] == ["bot:first"] * 6


def test_record_to_stdout_keeps_the_summary_on_stderr(runner):
    result = invoke(runner, ["record", *TOY, "--seed", "7", "-o", "-"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert json.loads(lines[0])["format"] == "beatlog/1" and len(lines) == 14
    assert "saved to standard output" in result.stderr


def test_record_into_a_store_and_a_file(runner, tmp_path):
    store = pytest.importorskip("recorder.store")
    result = invoke(runner, ["record", *TOY, "--seed", "7", "--db", "m.db", "-o", "m.jsonl"])
    assert result.exit_code == 0, result.output
    log = read_jsonl(tmp_path / "m.jsonl")
    assert f"saved to m.jsonl and m.db (match {log.header.match_id})" in result.output
    stored = store.Store(tmp_path / "m.db").read(log.header.match_id)
    assert [r.line() for r in stored.records] == [r.line() for r in log.records]


def test_same_seed_same_events(runner, tmp_path):
    invoke(runner, ["record", *TOY, "--seed", "5", "-o", "a.jsonl"])
    invoke(runner, ["record", *TOY, "--seed", "5", "-o", "b.jsonl"])
    a, b = read_jsonl(tmp_path / "a.jsonl"), read_jsonl(tmp_path / "b.jsonl")
    assert [r.line() for r in a.records] == [r.line() for r in b.records]


def test_record_without_seed_picks_and_prints_one(runner):
    result = invoke(runner, ["record", *TOY, "-o", "x.jsonl"])
    assert result.exit_code == 0 and ", seed " in result.output.splitlines()[0]


def test_record_from_a_script(runner, tmp_path):
    write_script(tmp_path / "s.json")
    result = invoke(runner, ["record", "--script", "s.json", "-o", "s.jsonl"])
    assert result.exit_code == 0, result.output
    log = read_jsonl(tmp_path / "s.jsonl")
    assert log.header.seed == 3 and [p.name for p in log.header.players] == ["Ann", "Ben"]
    picks = [(r.data["number"], r.data["source"]) for r in log.records if r.type == "NumberPicked"]
    assert picks[0] == (3, "script") and picks[3] == (2, "script") and picks[1] == (1, "policy:first")


def test_record_script_from_stdin(runner, tmp_path):
    text = write_script(tmp_path / "s.json").read_text()
    result = invoke(runner, ["record", "--script", "-", "-o", "s.jsonl"], input=text)
    assert result.exit_code == 0, result.output


# -- record: errors ---------------------------------------------------------------

@pytest.mark.parametrize("seed", ["-3", "abc", "1.5", str(2**53 + 1), ""])
def test_bad_seed(runner, seed):
    result = invoke(runner, ["record", *TOY, "--seed", seed])
    assert error_of(result) == f"Error: --seed must be a whole number from 0 to {2**53}, got {seed!r}"


def test_fighters_must_be_two(runner):
    result = invoke(runner, ["record", "--game", "toy", "--edition", "standard", "--fighters", "red"])
    assert error_of(result) == "Error: --fighters takes 2 names separated by a comma, got 'red'"


def test_fighters_or_script_is_needed(runner):
    result = invoke(runner, ["record", "--game", "toy"])
    assert error_of(result) == "Error: say who fights: --fighters A,B (see `beatlog fighters`) or --script FILE"


def test_unknown_game(runner):
    result = invoke(runner, ["record", "--game", "chess", "--fighters", "a,b"])
    assert error_of(result).startswith("Error: unknown game 'chess'; known games: battlecon")


def test_unknown_bot(runner):
    result = invoke(runner, ["record", *TOY, "--bots", "clever"])
    assert error_of(result) == "Error: unknown bot 'clever'; known bots: first"


def test_existing_output_is_not_overwritten(runner, tmp_path):
    (tmp_path / "m.jsonl").write_text("keep me\n")
    result = invoke(runner, ["record", *TOY, "-o", "m.jsonl"])
    assert error_of(result) == "Error: m.jsonl already exists; choose another file with -o or remove it first"
    assert (tmp_path / "m.jsonl").read_text() == "keep me\n"


def test_missing_script_file(runner):
    result = invoke(runner, ["record", "--script", "nope.json"])
    assert error_of(result) == "Error: No such file or directory: 'nope.json'"


def test_script_that_is_not_json(runner, tmp_path):
    (tmp_path / "s.json").write_text("{oops")
    assert error_of(invoke(runner, ["record", "--script", "s.json"])).startswith("Error: s.json: not valid JSON: ")


def test_script_schema_error(runner, tmp_path):
    write_script(tmp_path / "s.json", beats=[{"beat": 1, "player": "Ann"}])
    result = invoke(runner, ["record", "--script", "s.json"])
    assert error_of(result) == "Error: s.json: $.beats[0].player: 'Ann' is not of type 'integer'"


def test_illegal_scripted_decision_writes_nothing(runner, tmp_path):
    write_script(tmp_path / "s.json", beats=[{"beat": 2, "player": 0, "picks": [4]}])
    result = invoke(runner, ["record", "--script", "s.json"])
    message = error_of(result)
    assert message.startswith("Error: s.json: beats[0] (duel 1, beat 2, player 0): Ann's scripted pick {'number': 4} is not legal at match m-")
    assert message.endswith(", duel 1, beat 2; legal options: number 1; number 2; number 3")
    assert list(tmp_path.glob("*.jsonl")) == []


def test_unused_scripted_answers_write_nothing(runner, tmp_path):
    write_script(tmp_path / "s.json", beats=[{"beat": 9, "player": 0, "picks": [1]}])
    result = invoke(runner, ["record", "--script", "s.json"])
    assert error_of(result) == (
        "Error: s.json: 1 scripted answer never asked for (the match ended at duel 1, beat 3): "
        "beats[0] (duel 1, beat 9, player 0): pick number 1"
    )
    assert list(tmp_path.glob("*.jsonl")) == []


def test_script_for_other_fighters(runner, tmp_path):
    write_script(tmp_path / "s.json")
    result = invoke(runner, ["record", "--script", "s.json", "--fighters", "blue,red"])
    assert error_of(result) == "Error: s.json: script is for red vs blue, but the match is blue vs red"


def test_script_and_bots_exclude_each_other(runner, tmp_path):
    write_script(tmp_path / "s.json")
    result = invoke(runner, ["record", "--script", "s.json", "--bots", "first"])
    assert error_of(result) == "Error: --bots and --script exclude each other: a script's gaps are filled by --policy"


def test_policy_needs_a_script(runner):
    result = invoke(runner, ["record", *TOY, "--policy", "first"])
    assert error_of(result) == "Error: --policy only applies with --script; use --bots to choose who plays"


def test_record_help_has_an_example(runner):
    result = invoke(runner, ["record", "--help"])
    assert "Example: beatlog record --fighters hikaru,khadath" in result.output


# -- play -------------------------------------------------------------------------

def test_play_a_whole_toy_match(runner, tmp_path):
    # Every pick is secret: Enter at the hand-over prompt, then the number.
    result = invoke(runner, ["play", *TOY, "--seed", "8", "-o", "p.jsonl"], input="\n2\n\n3\n" * 3)
    assert result.exit_code == 0, result.output
    log = read_jsonl(tmp_path / "p.jsonl")
    assert [r.data["number"] for r in log.records if r.type == "NumberPicked"] == [2, 3] * 3
    assert {r.data["source"] for r in log.records if r.type == "NumberPicked"} == {"player"}
    assert "result: Player 2 (blue) wins (points)" in result.output


def test_play_never_prints_a_secret_choice(runner):
    result = invoke(runner, ["play", *TOY, "--seed", "8", "-o", "p.jsonl"], input="\n2\n\n3\n" * 3)
    # The typed number is not echoed, and the narrator skips secret records.
    assert "Your choice (1-3, q to quit): 2" not in result.output
    assert "NumberPicked" not in result.output
    assert "Player 1 (red): secret choice next (Player 2, look away)" in result.output


def test_play_reprompts_on_bad_input_and_quits_cleanly(runner, tmp_path):
    result = invoke(runner, ["play", *TOY, "--seed", "8", "-o", "p.jsonl"], input="\n7\nx\n1\n\nq\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Please type a number from 1 to 3, or q to quit (your entry is not one).") == 2
    assert "stopped unfinished at duel 1, beat 1" in result.output
    log = read_jsonl(tmp_path / "p.jsonl")
    assert [r.type for r in log.records] == ["NumberPicked"]


def test_play_end_of_input_is_a_quit(runner, tmp_path):
    result = invoke(runner, ["play", *TOY, "--seed", "8", "-o", "p.jsonl"], input="")
    assert result.exit_code == 0 and "stopped unfinished" in result.output


def test_play_against_a_bot(runner, tmp_path):
    result = invoke(runner, ["play", *TOY, "--seed", "8", "-o", "p.jsonl", "--bot", "first"], input="\n3\n" * 3)
    assert result.exit_code == 0, result.output
    log = read_jsonl(tmp_path / "p.jsonl")
    assert [r.data["source"] for r in log.records if r.type == "NumberPicked"] == ["player", "bot:first"] * 3


def test_play_refuses_stdout(runner):
    assert error_of(invoke(runner, ["play", *TOY, "-o", "-"])) == "Error: play talks on standard output; give -o a file name"

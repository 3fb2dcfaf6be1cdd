"""Cogs of Valor from the command line: fleets from a file (--option fleets=@FILE) and what
`beatlog state --as P` shows of the secret courses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.games.cogs.fleet import ready_fleet
from recorder.jsonl import read_jsonl

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sample_logs/cogs/lions-vs-herons.jsonl"


@pytest.fixture
def runner(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return CliRunner()


def _record(runner, *options, fighters="Corsairs,herons"):
    args = ["record", "--game", "cogs", "--fighters", fighters, "--bots", "sensible,random", "--seed", "4",
            "-o", "m.jsonl"]
    for option in options:
        args += ["--option", option]
    return runner.invoke(main, args)


def test_fleets_from_a_file(runner):
    mine = dict(ready_fleet("lions"), name="Corsairs")
    Path("fleets.json").write_text(json.dumps([mine, ready_fleet("herons")]), encoding="utf-8")
    result = _record(runner, "fleets=@fleets.json", "turns=2")
    assert result.exit_code == 0, result.output
    log = read_jsonl("m.jsonl")
    assert log.header.options["fleets"][0]["name"] == "Corsairs"  # the log carries the fleet itself
    assert [r.data["fleet"] for r in log.records if r.type == "FleetMustered"] == ["Corsairs", "Blue Herons"]
    assert runner.invoke(main, ["verify", "m.jsonl"]).exit_code == 0


@pytest.mark.parametrize("value,message", [
    ("fleets=@missing.json", "Error: --option fleets=@missing.json: cannot read missing.json: No such file or directory"),
    ("fleets=@bad.json", "Error: --option fleets=@bad.json: bad.json is not valid JSON: "),
    ("fleets=@", "Error: --option fleets=@ names no file; write fleets=@FILE (or fleets=@@text for text starting with @)"),
])
def test_a_fleet_file_that_cannot_be_read_is_one_line(runner, value, message):
    Path("bad.json").write_text("[{", encoding="utf-8")
    result = _record(runner, value)
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(message), result.stderr
    assert not Path("m.jsonl").exists()


def test_at_at_is_text_starting_with_at(runner):
    result = _record(runner, "wind=@@W", fighters="lions,herons")
    assert result.exit_code == 1 and "option wind '@W' is not a heading" in result.stderr


def _state(*extra):
    # Turn 1 after event 3: Ann has set Lion's course, Ben Heron's, not yet revealed.
    result = CliRunner().invoke(main, ["state", str(SAMPLE), "--beat", "1", "--event", "3", *extra])
    assert result.exit_code == 0, result.output
    return result.output


def test_state_as_a_player_shows_only_its_own_secret_course():
    ann, ben, judge = _state("--as", "1"), _state("--as", "Ben"), _state()
    assert "secret course of Lion" in ann and "secret course of Heron" not in ann
    assert "secret course of Heron" in ben and "secret course of Lion" not in ben
    assert "secret course of Lion" in judge and "secret course of Heron" in judge


@pytest.mark.parametrize("args,message", [
    (["record", "--game", "cogs", "--sides", "lions"],
     "Error: --sides takes 2 or more names separated by commas, got 'lions'"),
    (["record", "--game", "cogs", "--sides", "lions,sharks"],
     "Error: unknown fleet 'sharks'; ready fleets: griffins, herons, lions, merchants "
     "(or bring your own fleets: --option fleets=@FILE)"),
    (["simulate", "--game", "cogs", "--sides", "lions,herons,nope", "--db", "t.db"],
     "Error: --sides: unknown fleet 'nope'; known fleets: griffins, herons, lions, merchants"),
    (["simulate", "--game", "cogs", "--sides", "lions,lions", "--db", "t.db"],
     "Error: --sides lists a fleet twice: lions,lions"),
])
def test_errors_speak_of_fleets_not_fighters(runner, args, message):
    result = runner.invoke(main, args)
    assert result.exit_code == 1 and result.stderr.strip() == message


def test_a_side_label_that_is_not_its_fleet_is_refused(runner):
    Path("lh.json").write_text(json.dumps([ready_fleet("lions"), ready_fleet("herons")]), encoding="utf-8")
    result = _record(runner, "fleets=@lh.json", fighters="herons,lions")
    assert result.exit_code == 1
    assert result.stderr.strip() == ("Error: player 'Player 1' plays side 'herons' but brings fleet 'Red Lions'; "
                                     "the side must name the fleet it brings: 'Red Lions' or 'lions'")
    assert not Path("m.jsonl").exists()


@pytest.mark.parametrize("command,words", [("state", "secret course"), ("render", "Cogs fleet")])
def test_help_speaks_to_both_games(command, words):
    text = CliRunner().invoke(main, [command, "--help"]).output
    assert words in " ".join(text.split())
    assert "fighter results" not in text

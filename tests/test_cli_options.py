"""``--option KEY=VALUE`` on ``record`` and ``play``: merged into the header options, validated by the game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from beatlog.cli.match_options import parse_options
from recorder.errors import UsageError
from recorder.jsonl import read_jsonl

BC = ["--fighters", "cadenza,kallistar"]


@pytest.fixture
def runner(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return CliRunner()


def invoke(runner, args, **kw):
    return runner.invoke(main, args, catch_exceptions=False, **kw)


def error_of(result) -> str:
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_parse_options_reads_json_values_else_text():
    assert parse_options(["special_actions=true", "duels=1", "discards=chosen", 'name="3"', "empty=",
                          "list=[1, 2]", "eq=a=b"]) == {
        "special_actions": True, "duels": 1, "discards": "chosen", "name": "3", "empty": "", "list": [1, 2],
        "eq": "a=b"}
    assert parse_options([]) == {}


@pytest.mark.parametrize("values,message", [
    (["special_actions"], "--option takes KEY=VALUE (e.g. special_actions=true), got 'special_actions'"),
    (["=true"], "--option takes KEY=VALUE (e.g. special_actions=true), got '=true'"),
    (["a b=1"], "--option takes KEY=VALUE (e.g. special_actions=true), got 'a b=1'"),
    (["duels=1", "duels=3"], "--option duels is given twice; give each option once"),
])
def test_parse_options_refuses_what_is_not_key_value(values, message):
    with pytest.raises(UsageError) as info:
        parse_options(values)
    assert str(info.value) == message


def test_record_with_special_actions_on_the_command_line(runner, tmp_path):
    result = invoke(runner, ["record", *BC, "--option", "special_actions=true", "--bots", "greedy,random",
                             "--seed", "4", "--duels", "1", "-o", "m.jsonl"])
    assert result.exit_code == 0, result.output
    log = read_jsonl(tmp_path / "m.jsonl")
    assert log.header.options == {"ante_finishers": False, "discards": "suggested", "duels": 1,
                                  "special_actions": True}
    assert [r.type for r in log.records].count("FinisherChosen") == 2
    assert invoke(runner, ["verify", "m.jsonl"]).exit_code == 0


def test_several_options_and_a_text_value(runner, tmp_path):
    result = invoke(runner, ["record", *BC, "--option", "ante_finishers=true", "--option", "discards=chosen",
                             "--option", "duels=1", "--bots", "random", "--seed", "2", "-o", "m.jsonl"])
    assert result.exit_code == 0, result.output
    options = read_jsonl(tmp_path / "m.jsonl").header.options
    assert (options["ante_finishers"], options["discards"], options["duels"]) == (True, "chosen", 1)


def test_an_unknown_option_names_the_known_ones(runner, tmp_path):
    message = error_of(invoke(runner, ["record", *BC, "--option", "specials=true", "-o", "m.jsonl"]))
    assert message == ("Error: unknown BattleCON option 'specials' (did you mean 'special_actions'?); known options: "
                       "ante_finishers, discards, duels, finishers, special_actions")
    assert not (tmp_path / "m.jsonl").exists()


def test_a_bad_value_is_the_games_error(runner):
    assert error_of(invoke(runner, ["record", *BC, "--option", "special_actions=yes"])) == (
        "Error: BattleCON option special_actions='yes' is not allowed; choose true or false")
    assert error_of(invoke(runner, ["record", *BC, "--edition", "preview", "--option", "ante_finishers=true"])) \
        .startswith("Error: BattleCON option ante_finishers=true is a War of Indines variant")


def test_duels_and_option_duels_must_agree(runner, tmp_path):
    assert error_of(invoke(runner, ["record", *BC, "--duels", "1", "--option", "duels=3"])) == (
        "Error: --duels 1 and --option duels=3 disagree; give one of them")
    result = invoke(runner, ["record", *BC, "--duels", "1", "--option", "duels=1", "--seed", "1", "-o", "m.jsonl"])
    assert result.exit_code == 0, result.output


def test_command_line_options_win_over_the_scripts(runner, tmp_path):
    script = {"game": "battlecon", "edition": "woi", "seed": 1, "policy": "first",
              "players": [{"name": "Ann", "side": "cadenza"}, {"name": "Ben", "side": "kallistar"}],
              "options": {"duels": 1, "special_actions": False}, "beats": []}
    Path("s.json").write_text(json.dumps(script), encoding="utf-8")
    result = invoke(runner, ["record", "--script", "s.json", "--option", "special_actions=true", "-o", "m.jsonl"])
    assert result.exit_code == 0, result.output
    assert read_jsonl(tmp_path / "m.jsonl").header.options["special_actions"] is True


def test_play_takes_options_too(runner, tmp_path):
    result = invoke(runner, ["play", *BC, "--option", "special_actions=true", "--seed", "3", "-o", "p.jsonl"],
                    input="\n1\nq\n")
    assert result.exit_code == 0, result.output
    log = read_jsonl(tmp_path / "p.jsonl")
    assert log.header.options["special_actions"] is True
    assert [r.type for r in log.records] == ["DuelStarted", "FinisherChosen"]


def test_resume_refuses_options(runner):
    assert error_of(invoke(runner, ["record", "--resume", "m-0123456789ab", "--db", "x.db", "--option", "a=1"])) == (
        "Error: --resume takes the match's set-up from its log; drop --option")


def test_the_help_lists_the_option(runner):
    for command in ("record", "play"):
        assert "--option KEY=VALUE" in invoke(runner, [command, "--help"]).output

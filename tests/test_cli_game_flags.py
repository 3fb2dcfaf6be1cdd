"""A game's own command-line flags (BattleCON's ``--duels``, ``whatif --pair/--ante``) come from the game's
hooks (``match_flags``, ``whatif_shortcuts``; recorder/flags.py): the commands declare none of them, their help
names the game that has them, and a value or option that is not known gets the nearest as a suggestion."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.errors import UsageError
from recorder.flags import Flag, flag_fields, flags_of
from recorder.game import installed_games, load_game
from recorder.terms import terms_of

CLI = Path(__file__).resolve().parent.parent / "beatlog" / "cli"
BC = ["--fighters", "cadenza,kallistar"]


@pytest.fixture
def runner(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return CliRunner()


def _help(runner, *args: str) -> str:
    result = runner.invoke(main, [*args, "--help"])
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def _error(result) -> str:
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_no_command_declares_a_games_flag():
    flag_names = {f"--{flag.name}" for game in installed_games()
                  for hook in ("match_flags", "whatif_shortcuts") for flag in flags_of(game, hook)}
    assert {"--duels", "--pair", "--ante"} <= flag_names
    for path in CLI.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert node.value not in flag_names, (path.name, node.value)


def test_help_lists_each_games_flags_under_its_title(runner):
    battlecon = terms_of(load_game("battlecon")).game_title("battlecon")
    for command in ("record", "play", "simulate"):
        text = _help(runner, command)
        assert (f"--duels N {battlecon}: a single duel or best of three (the same as --option duels=N); another "
                "game refuses it.") in text, command
    # in their place: after --edition (record, play) or --seed (simulate), as when the commands declared them
    record = _help(runner, "record").partition("Options:")[2]
    assert record.index("--edition") < record.index("--duels") < record.index("--option")
    whatif = _help(runner, "whatif").partition("Options:")[2]
    assert (f"--pair STYLE,BASE {battlecon}: the attack pair to play instead (the same as --choices "
            "'{\"pair\": [STYLE, BASE]}'); another game refuses it.") in whatif
    assert (f"--ante TOKEN {battlecon}: what to ante instead, repeatable, 'pass' for none (the same as --choices "
            "'{\"antes\": [...]}'); another game refuses it.") in whatif
    assert whatif.index("--choices") < whatif.index("--pair") < whatif.index("--policy")


def test_round_set_and_option_help_come_from_the_games(runner):
    games = installed_games()
    explain = _help(runner, "explain")
    rounds = ", ".join(f"a {terms_of(g).game_title(g.name)} {terms_of(g).round}" for g in games)
    assert f"--beat, --turn, --round N The round: {rounds}; 0 = the set-up or muster." in explain
    sets = "; ".join(f"the {terms_of(g).set} of a {terms_of(g).game_title(g.name)} match" for g in games
                     if terms_of(g).set is not None)
    assert f"--duel N The set: {sets}; a game not played in sets has none (default 1)." in explain
    assert "the duel of a BattleCON match" in sets
    simulate = _help(runner, "simulate")
    assert "over the game's tournament defaults (BattleCON woi: special_actions=true;" in simulate
    assert "BattleCON preview" not in simulate  # the Preview plays its defaults
    assert f"--game NAME The game: {', '.join(g.name for g in games)}" in _help(runner, "sides")


def test_a_value_that_is_not_known_suggests_the_nearest(runner):
    assert _error(runner.invoke(main, ["record", *BC, "--duels", "2"])) == (
        "Error: Invalid value for '--duels': '2' is not one of '1', '3' (see beatlog record -h)")
    assert _error(runner.invoke(main, ["record", *BC, "--duels", "3."])) == (
        "Error: Invalid value for '--duels': '3.' is not one of '1', '3' (did you mean '3'?) (see beatlog record -h)")
    assert _error(runner.invoke(main, ["record", *BC, "--option", "discards=chosn"])) == (
        "Error: BattleCON option discards='chosn' is not allowed (did you mean 'chosen'?); choose one of: "
        "suggested, chosen")
    assert _error(runner.invoke(main, ["record", *BC, "--option", "discard=chosen"])) == (
        "Error: unknown BattleCON option 'discard' (did you mean 'discards'?); known options: ante_finishers, "
        "discards, duels, finishers, special_actions")
    # a misspelt flag: click names the nearest options, the games' flags among them
    assert _error(runner.invoke(main, ["record", *BC, "--dules", "1"])).startswith(
        "Error: No such option '--dules'. (Did you mean one of: '--duels'")


def test_a_flag_given_to_a_game_without_it_names_the_game_that_has_it(runner, tmp_path):
    assert _error(runner.invoke(main, ["simulate", "--game", "cogs", "--db", "t.db", "--duels", "1"])) == (
        "Error: --duels does not apply to cogs: it is BattleCON's (a single duel or best of three)")
    assert not (tmp_path / "t.db").exists()


def test_a_flag_says_what_the_long_way_says(runner, tmp_path):
    result = runner.invoke(main, ["play", *BC, "--duels", "3", "--resume", "m-1", "-o", "m.jsonl"])
    assert _error(result) == "Error: --resume takes the match's set-up from its log; drop --fighters, --duels"
    for args in (["--duels", "1"], ["--option", "duels=1"]):
        out = tmp_path / f"{args[0].strip('-')}.jsonl"
        assert runner.invoke(main, ["record", *BC, *args, "--seed", "3", "-o", str(out)]).exit_code == 0
    assert (tmp_path / "duels.jsonl").read_bytes().splitlines()[1:] == \
        (tmp_path / "option.jsonl").read_bytes().splitlines()[1:]


def test_flag_fields_checks_choices_and_agreement():
    flag = Flag("speed", "how fast", lambda values: {"speed": values[0]}, choices=("slow", "fast"))

    class Toy:
        name = "toy"
        match_flags = (flag,)

    class Other:
        name = "other"

    assert flag_fields(Toy(), "match_flags", {"speed": ("Fast",)}) == {"speed": "fast"}
    with pytest.raises(UsageError, match=r"^--speed takes slow or fast, got 'fsat' \(did you mean 'fast'\?\)$"):
        flag_fields(Toy(), "match_flags", {"speed": ("fsat",)})
    with pytest.raises(UsageError, match=r"^--speed slow and --option speed='fast' disagree; give one of them$"):
        flag_fields(Toy(), "match_flags", {"speed": ("slow",)}, over={"speed": "fast"})
    with pytest.raises(UsageError, match=r"^--speed does not apply to other: it is toy's \(how fast\)$"):
        flag_fields(Other(), "match_flags", {"speed": ("slow",)}, [Toy(), Other()])
    assert flag_fields(Other(), "match_flags", {"speed": ()}) == {}  # not given


def test_the_demo_plays_each_games_own_options():
    from beatlog.demo import DEMO_TOURNAMENTS

    assert {t.game: dict(t.options) for t in DEMO_TOURNAMENTS}["battlecon"] == {"duels": 1}

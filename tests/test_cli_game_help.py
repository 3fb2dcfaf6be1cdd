"""The commands' help names each installed game's sides and bots as the games give them, never by hand."""

from __future__ import annotations

from click.testing import CliRunner

from beatlog.cli import main
from recorder.game import GAMES, load_game
from recorder.terms import terms_of


def _help(command: str) -> str:
    result = CliRunner().invoke(main, [command, "--help"])
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_record_and_simulate_help_name_every_games_bots_and_sides():
    for command in ("record", "simulate"):
        text = _help(command)
        for name in GAMES:
            game = load_game(name)
            title = terms_of(game).game_title(game.name)  # the name people write: "BattleCON", "Grid skirmish"
            assert f"{title}: {', '.join(game.bots())}" in text, (command, name)
            assert f"{title} {terms_of(game).sides}" in text, (command, name)
            assert name in text


def test_no_game_is_named_in_the_help_text_by_hand():
    from beatlog.cli import record_commands, stats_commands

    for module in (record_commands, stats_commands):
        source = open(module.__file__, encoding="utf-8").read()
        assert "random, greedy" not in source and "random, sensible" not in source, module.__name__

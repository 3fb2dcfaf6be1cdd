"""Players are counted from 1 wherever people type them, as every output prints them: ``state --as 1`` is
player 1. The log and match scripts keep their 0-based seats (they are data), so old ones still work."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from tests.replay_support import battlecon_duel, write_log


@pytest.fixture
def log(tmp_path):
    return write_log(tmp_path / "m.jsonl", *battlecon_duel(7))


def state_as(log, who: str):
    return CliRunner().invoke(main, ["state", str(log), "--beat", "2", "--as", who, "--json"])


@pytest.mark.parametrize("who, seat", [("1", 0), ("2", 1), ("P1", 0), ("player 2", 1), ("Ann", 0), ("khadath", 1)])
def test_state_as_counts_players_from_one_as_printed(log, who, seat):
    result = state_as(log, who)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["viewer"] == seat  # the JSON keeps the log's 0-based seat


def test_player_zero_is_refused_with_the_numbering_explained(log):
    result = state_as(log, "0")
    assert result.exit_code == 1
    assert "no player '0' in match" in result.output
    assert "(players are counted from 1, as printed); players: 1 = Ann (hikaru), 2 = Ben (khadath)" in result.output


def test_whatif_player_one_is_the_first_player(log):
    result = CliRunner().invoke(main, ["whatif", str(log), "--beat", "3", "--player", "1", "--pair",
                                       "Trance,Palm Strike"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("What if Ann had chosen")

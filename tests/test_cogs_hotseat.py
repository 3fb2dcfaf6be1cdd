"""Hot-seat ``beatlog play --game cogs``: a speed is typed as itself -- what is typed is what happens."""

from __future__ import annotations

from click.testing import CliRunner

from beatlog.cli import main
from recorder.jsonl import read_jsonl

PLAY = ["play", "--game", "cogs", "--sides", "lions,herons", "--players", "Ann,Ben", "--seed", "1", "-o", "c.jsonl"]


def test_typing_a_speed_sails_that_speed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    # Ann: Enter at the hand-over, move 3 (port), speed 7; then Ben quits at his hand-over.
    result = CliRunner().invoke(main, PLAY, input="\n3\n7\nq\n", catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "speed (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12; q to quit)" in result.output
    course = [r.data for r in read_jsonl(tmp_path / "c.jsonl").records if r.type == "CourseSet"]
    assert [(c["move"], c["speed"]) for c in course] == [("port", 7)]


def test_a_speed_the_cog_cannot_make_is_asked_again(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, PLAY, input="\n3\n13\n0\n12\nq\n", catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert result.output.count("Please type one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, or q to quit "
                               "(your entry is not one).") == 2
    course = [r.data for r in read_jsonl(tmp_path / "c.jsonl").records if r.type == "CourseSet"]
    assert [(c["move"], c["speed"]) for c in course] == [("port", 12)]

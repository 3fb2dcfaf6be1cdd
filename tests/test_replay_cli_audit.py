"""beatlog explain / state / diff / whatif on toy logs (CliRunner)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from tests.replay_support import edit, toy_log, write_log


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def log(tmp_path):
    header, records = toy_log()
    return write_log(tmp_path / "m.jsonl", header, records)


# -- explain ------------------------------------------------------------------

def test_explain_text(runner, log):
    result = runner.invoke(main, ["explain", str(log), "--beat", "2"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Duel 1, beat 2 (seq 5-8)" in out  # the toy game's words (tests/toygame.py)
    assert out.index("State before:\n  round 1  scores 2-0") < out.index("#5 Ann:") < out.index("#8 ")
    assert "secret to Ann" in out
    assert out.rstrip().endswith("round 2  scores 2-1")


def test_explain_last_beat_shows_result(runner, log):
    result = runner.invoke(main, ["explain", str(log), "--beat", "3"])
    assert result.exit_code == 0 and "Result: Ann (reason points)" in result.output


def test_explain_html_is_escaped(runner, tmp_path):
    from recorder.header import Player
    from tests.toygame import GAME
    from recorder.match import Match, run, sealed
    from tests.replay_support import Picks

    header = GAME.make_header(players=(Player("<script>alert(1)</script>", "red"), Player("Ben & co", "blue")),
                              edition="standard", seed=3, options={})
    match = Match(GAME, header)
    run(match, {0: Picks([1, 2, 3]), 1: Picks([3, 2, 1])})
    path = write_log(tmp_path / "x.jsonl", header, sealed(match))
    out = tmp_path / "beat.html"
    result = runner.invoke(main, ["explain", str(path), "--beat", "1", "--html", str(out)])
    assert result.exit_code == 0, result.output
    html = out.read_text()
    assert html.startswith("<!doctype html>") and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<script>" not in html and "Ben &amp; co" in html


def test_explain_missing_beat(runner, log):
    result = runner.invoke(main, ["explain", str(log), "--beat", "9"])
    assert result.exit_code == 1
    assert "has no duel 1, beat 9; it has duel 1: beats 1-3" in result.stderr  # the toy game's words


def test_explain_refuses_a_broken_log(runner, tmp_path):
    header, records = toy_log()
    records[3] = edit(records[3], points=5)
    path = write_log(tmp_path / "bad.jsonl", header, records)
    result = runner.invoke(main, ["explain", str(path), "--beat", "1"])
    assert result.exit_code == 1 and "hash mismatch" in result.stderr and "line 5" in result.stderr


# -- state --------------------------------------------------------------------

def test_state_text_and_json(runner, log):
    result = runner.invoke(main, ["state", str(log), "--beat", "2"])
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        f"match {json.loads(log.read_text().splitlines()[0])['match_id']}, duel 1, beat 2, "
        "after event 4 of the beat (seq 8)",
        "round 2  scores 2-1",
    ]
    result = runner.invoke(main, ["state", str(log), "--beat", "2", "--event", "0", "--as", "Ben", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["state"] == {"scores": [2, 0], "round": 1, "over": False}
    assert data["viewer"] == 1 and data["seq"] == 4


def test_state_errors(runner, log):
    result = runner.invoke(main, ["state", str(log), "--beat", "2", "--event", "7"])
    assert result.exit_code == 1 and "has only 4 events, not 7" in result.stderr
    result = runner.invoke(main, ["state", str(log), "--beat", "2", "--as", "Zed"])
    assert result.exit_code == 1 and "no player 'Zed'" in result.stderr and "1 = Ann (red)" in result.stderr


# -- diff ---------------------------------------------------------------------

def test_diff_identical(runner, log, tmp_path):
    copy = tmp_path / "copy.jsonl"
    copy.write_bytes(log.read_bytes())
    result = runner.invoke(main, ["diff", str(log), str(copy)])
    assert result.exit_code == 0 and result.output.startswith("identical: match m-")


def test_diff_first_difference(runner, log, tmp_path):
    header, records = toy_log()
    other = write_log(tmp_path / "o.jsonl", header, records[:5] + [edit(records[5], number=3)] + records[6:])
    result = runner.invoke(main, ["diff", str(log), str(other)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == "first difference at event 6 (duel 1, beat 2); the first 5 events agree"
    assert '"number":2' in lines[1] and '"number":3' in lines[2]
    assert lines[3] == "  differs in: data.number"
    # the edited side no longer passes the integrity check: one warning line on stderr, naming it
    assert result.stderr == f"warning: {other}, line 7 (seq 6): " + result.stderr.split(": ", 2)[2]
    assert "hash mismatch" in result.stderr and result.stderr.endswith("(it does not pass beatlog check)\n")


def test_diff_shorter_log_and_header(runner, log, tmp_path):
    header, records = toy_log(seed=8)
    other = write_log(tmp_path / "o.jsonl", header, records[:4])
    result = runner.invoke(main, ["diff", str(log), str(other)])
    assert result.exit_code == 1
    assert "header seed:" in result.output and "header match_id:" in result.output
    short = write_log(tmp_path / "s.jsonl", *_prefix(toy_log(), 4))
    result = runner.invoke(main, ["diff", str(log), str(short)])
    assert "first difference at event 5" in result.output and "(ends here)" in result.output


def _prefix(log, n):
    header, records = log
    return header, records[:n]


# -- whatif -------------------------------------------------------------------

def test_whatif_changed_pick(runner, log):
    result = runner.invoke(main, ["whatif", str(log), "--beat", "2", "--player", "Ann", "--choices", '{"picks": [3]}',
                                  "--width", "100"])
    assert result.exit_code == 0, result.output
    match_id = json.loads(log.read_text().splitlines()[0])["match_id"]
    fallback = "first, the fallback (the default; --policy chooses another): its decisions came from 'test'"
    # Two columns, recorded | what-if, from the changed beat on; outcomes both runs share are only counted.
    assert result.output.splitlines() == [
        f"What if Ann had chosen pick number 3 instead of number 1 (seq 5) in duel 1, beat 2 of match {match_id}?",
        f"Who plays on once a seat's recorded decisions stop fitting: Ann (red): {fallback}; Ben (blue): {fallback}.",
        "The matches part at event 5 (duel 1, beat 2). Differing outcomes, side by side:",
        "  recorded                                        │ what-if",
        "duel 1, beat 2",
        "  #8 RoundScored {'picks': [1, 2], 'points': 1,   │ #8 RoundScored {'picks': [3, 2], 'points': 1,",
        "      'scorer': 1}                                │     'scorer': 0}",
        "duel 1, beat 3; 1 outcome the same on both sides",
        "  #13 ToyMatchEnded {'scores': [2, 1], 'winner':  │ #13 ToyMatchEnded {'scores': [3, 0], 'winner':",
        "      0}                                          │     0}",
        "Final:",
        "  #13 ToyMatchEnded {'scores': [2, 1], 'winner':  │ #13 ToyMatchEnded {'scores': [3, 0], 'winner':",
        "      0}                                          │     0}",
        "  (duel 1, beat 3; 13 events)                     │ (duel 1, beat 3; 13 events)",
        "Result: recorded Ann wins (points); what-if Ann wins (points)",
    ]


def test_whatif_json_and_policy_errors(runner, log):
    result = runner.invoke(main, ["whatif", str(log), "--beat", "2", "--player", "Ann", "--choices", '{"picks": [3]}',
                                  "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["changes"] == [{"kind": "pick", "seq": 5, "recorded": {"number": 1}, "changed": {"number": 3},
                                "recorded_label": "number 1", "changed_label": "number 3"}]
    assert [p["policy"] for p in data["policies"]] == ["first", "first"] and not data["policies"][0]["inferred"]
    assert data["parted_at"] == {"event": 5, "duel": 1, "beat": 2}
    assert [(b["beat"], b["same"], [(r["recorded"]["seq"], r["whatif"]["seq"]) for r in b["rows"]])
            for b in data["beats"]] == [(2, 0, [(8, 8)]), (3, 1, [(13, 13)])]
    assert data["whatif"]["result"] == {"winner": 0, "reason": "points"} and data["whatif"]["events"] == 13
    result = runner.invoke(main, ["whatif", str(log), "--beat", "2", "--player", "Ann", "--choices", '{"picks": [3]}',
                                  "--policy", "clever"])
    assert result.exit_code == 1 and result.stderr == "Error: unknown policy 'clever'; known policies: first\n"


def test_whatif_illegal_or_absent_decision(runner, log):
    result = runner.invoke(main, ["whatif", str(log), "--beat", "2", "--player", "2", "--choices", '{"picks": [7]}'])
    assert result.exit_code == 1 and "Ben's pick {'number': 7} is not legal" in result.stderr
    result = runner.invoke(main, ["whatif", str(log), "--beat", "5", "--player", "2", "--choices", '{"picks": [2]}'])
    assert result.exit_code == 1 and "Ben makes no pick decision in duel 1, beat 5" in result.stderr
    result = runner.invoke(main, ["whatif", str(log), "--beat", "2", "--player", "2"])
    assert result.exit_code == 1 and "nothing to change" in result.stderr
    result = runner.invoke(main, ["whatif", str(log), "--beat", "2", "--player", "2", "--choices", "{"])
    assert result.exit_code == 1 and "--choices is not valid JSON" in result.stderr

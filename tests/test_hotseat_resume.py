"""``beatlog play --resume``: an unfinished hot-seat match is finished where it stopped -- also mid-beat, after a
face-down pair -- and ``verify`` on a stopped match says what to do."""

from __future__ import annotations

from click.testing import CliRunner

from beatlog.cli import main
from recorder.jsonl import read_jsonl

BO3 = ["play", "--fighters", "hikaru,cadenza", "--players", "Ann,Ben", "--seed", "3", "--duels", "3", "-o", "p.jsonl"]


def run(args, keys=""):
    return CliRunner().invoke(main, args, input=keys, catch_exceptions=False)


def test_a_best_of_three_quit_mid_beat_is_finished_with_resume(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    # Every answer "1" (a hand-over takes anything but q): Ann's pair, Ben's pair, then q at Ann's ante hand-over.
    first = run(BO3, "1\n1\n1\n1\nq\n")
    assert first.exit_code == 0, first.output
    match_id = read_jsonl(tmp_path / "p.jsonl").header.match_id
    assert f"to finish it: beatlog play --resume {match_id} -o p.jsonl" in first.output
    stopped = read_jsonl(tmp_path / "p.jsonl").records
    assert [r.type for r in stopped if r.kind == "input" and r.actor is not None][-2:] == ["PairSelected"] * 2

    verify = run(["verify", "p.jsonl"])
    assert verify.exit_code == 1
    assert verify.output.strip().endswith(f"(verify what it has with --partial, or finish the match: "
                                          f"beatlog play --resume {match_id} -o p.jsonl)")

    # Quit again a few decisions later, then finish the match.
    second = run(["play", "--resume", match_id, "-o", "p.jsonl"], "1\n" * 9 + "q\n")
    assert second.exit_code == 0, second.output
    assert second.output.startswith(f"Resuming {match_id} at duel 1, beat 1")
    assert "to finish it" in second.output
    middle = read_jsonl(tmp_path / "p.jsonl").records
    assert middle[:len(stopped)] == stopped and len(middle) > len(stopped)

    last = run(["play", "--resume", match_id, "-o", "p.jsonl"], "1\n" * 20000)
    assert last.exit_code == 0, last.output
    assert "result: " in last.output and "to finish it" not in last.output
    log = read_jsonl(tmp_path / "p.jsonl")
    assert log.records[:len(middle)] == middle
    assert {r.duel for r in log.records} >= {1, 2}  # a best of three: at least two duels
    assert log.records[-1].type == "MatchEnded"
    verified = run(["verify", "p.jsonl"])
    assert verified.exit_code == 0 and verified.output.startswith(f"verified {match_id}")
    assert run(["play", "--resume", match_id, "-o", "p.jsonl"]).output.strip().endswith(
        "the match is finished already; there is nothing to resume")


def test_resume_refuses_a_new_set_up(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run(BO3, "q\n")
    match_id = read_jsonl(tmp_path / "p.jsonl").header.match_id
    result = CliRunner().invoke(main, ["play", "--resume", match_id, "-o", "p.jsonl", "--seed", "4"])
    assert result.exit_code == 1
    assert result.output.strip() == "Error: --resume takes the match's set-up from its log; drop --seed"


def test_a_bot_opponent_plays_on_as_recorded(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    args = ["play", "--fighters", "hikaru,cadenza", "--players", "Ann,Ben", "--seed", "3", "--bot", "greedy",
            "-o", "b.jsonl"]
    run(args, "1\n1\n1\nq\n")
    log = read_jsonl(tmp_path / "b.jsonl")
    result = run(["play", "--resume", log.header.match_id, "-o", "b.jsonl"], "1\n" * 5000)
    assert result.exit_code == 0, result.output
    sources = {(r.actor, r.data["source"]) for r in read_jsonl(tmp_path / "b.jsonl").records if r.kind == "input"
               and r.actor is not None}
    assert sources == {(0, "player"), (1, "bot:greedy")}

"""Hot-seat ``beatlog play`` with BattleCON: a request with many options is answered one part at a time, a
wrong entry gets one short line, and a public decision taken with a face-down pair shows the player's own view."""

from __future__ import annotations

from click.testing import CliRunner

from beatlog.cli import main
from recorder.jsonl import read_jsonl

PLAY = ["play", "--fighters", "hikaru,cadenza", "--players", "Ann,Ben", "--seed", "3", "-o", "p.jsonl"]


def play(tmp_path, monkeypatch, args, keys: str):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, args, input=keys, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


def test_chosen_discards_are_asked_one_part_at_a_time(tmp_path, monkeypatch):
    # Ann: Enter at the hand-over, then style Trance (1), base Shot (2), style Focused (1), a wrong 9, base
    # Strike (1); then Ben quits at his hand-over.
    result = play(tmp_path, monkeypatch, [*PLAY, "--option", "discards=chosen"], "\n1\n2\n1\n9\n1\nq\n")
    out = result.output
    assert "(840 options: choose one part at a time)" in out
    assert "discard 1: Trance Strike" not in out  # the 840 combinations are never listed
    steps = [line for line in out.splitlines() if line.startswith("discard")]
    assert steps == ["discard1[1]:", "discard1[2]:", "discard2[1]:", "discard2[2]:"]
    assert "Please type a number from 1 to 6, or q to quit (your entry is not one)." in out
    assert max(len(line) for line in out.splitlines()) < 200  # no line lists the options
    log = read_jsonl(tmp_path / "p.jsonl")
    chosen = [r.data for r in log.records if r.type == "DiscardsChosen"]
    assert [(c["discard1"], c["discard2"]) for c in chosen] == [(["Trance", "Shot"], ["Focused", "Strike"])]


def test_an_ante_is_asked_behind_a_hand_over_with_the_players_own_pair_on_screen(tmp_path, monkeypatch):
    # Both choose pairs (option 1: Focused Shot and Battery Shot); the first to ante sees their own pair.
    result = play(tmp_path, monkeypatch, PLAY, "\n1\n\n1\n\n1\nq\n")
    out = result.output
    after = out.split("Ben has chosen.")[1]
    hand_over = next(line for line in after.splitlines() if "your turn, with your face-down choices on screen" in line)
    who = hand_over.split(" (")[0]
    own_view = after.split(hand_over)[1].split(f"{who} has chosen.")[0]
    mine, theirs = ("Focused Shot", "Battery Shot") if who == "Ann" else ("Battery Shot", "Focused Shot")
    assert f"pair: {mine}" in own_view and theirs not in own_view
    assert "ante or pass" in own_view
    assert "Focused Shot" not in after.split(hand_over)[0] and "Battery Shot" not in after.split(hand_over)[0]


def test_the_pair_menu_shows_each_cards_numbers_and_text(tmp_path, monkeypatch):
    result = play(tmp_path, monkeypatch, PLAY, "\nq\n")
    menu = result.output.split("Ann: choose your attack pair (face down)")[1].split("   1. ")[0]
    lines = [line.strip() for line in menu.strip().splitlines()]
    assert lines[0].startswith("Focused") and "style: range +0, power +0, priority +1, stun guard 2" in lines[0]
    assert "Stun Guard 2. On Hit: Regain a token." in lines[1]
    assert any(line.startswith("Drive") and "base: range 1, power 3, priority 4" in line for line in lines)
    assert "Before Activating: Advance 1 or 2 spaces." in menu

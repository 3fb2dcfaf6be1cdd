"""Errors and reports say where in the game's own words (recorder.terms): a Cogs of Valor judge reads
"turn 3", never "duel 1, beat 3", in verify, diff, tamper, resume, script and decision errors; a game
without the terms hook reads the kernel's neutral "set 1, round 3". The JSON reports keep the log's
field names (``duel``, ``beat``) either way. BattleCON's words are asserted by the older tests as
they always were ("duel 1, beat 3"); the toy game declares the same words, so the kernel's tests
exercise the hook too."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.decisions import Answer
from recorder.errors import IllegalDecision
from recorder.game import GAMES, load_game
from recorder.header import Player
from recorder.jsonl import read_jsonl
from recorder.match import Match, run, sealed
from recorder.script import parse_script
from replay.diff import diff
from replay.trust import summary
from replay.verify import verify
from tests.logmaker import Cycle
from tests.replay_support import edit, rechain, write_log

FORBIDDEN = re.compile(r"(?i)\b(?:duels?|beats?|fighters?)\b")  # BattleCON's words
SCRIPT_PATH = re.compile(r"beats\[\d+\]")  # a script's own JSON path (its key is "beats" in every game)


def cli(*args: str):
    return CliRunner().invoke(main, list(args))


def cogs_words_only(text: str) -> bool:
    return not FORBIDDEN.search(SCRIPT_PATH.sub("", text))


@pytest.fixture(scope="module")
def cogs(tmp_path_factory) -> Path:
    """A three-turn Cogs match (287 events): turn 2 runs from seq 94 to seq 199."""
    path = tmp_path_factory.mktemp("cogs") / "c.jsonl"
    result = cli("record", "--game", "cogs", "--sides", "lions,herons", "--seed", "4", "--option", "turns=3",
                 "--bots", "random,sensible", "-o", str(path))
    assert result.exit_code == 0, result.output
    return path


def turn_two(records) -> list[int]:
    return [i for i, r in enumerate(records) if r.beat == 2]


# -- Cogs: verify, tamper, diff, resume, scripts ---------------------------------------------------


def test_a_truncated_cogs_log_stops_at_a_turn(cogs, tmp_path):
    log = read_jsonl(cogs)
    cut = write_log(tmp_path / "cut.jsonl", log.header, log.records[:149])
    result = cli("verify", str(cut))
    assert result.exit_code == 1
    line = (f"Error: {cut}: incomplete: match {log.header.match_id} stops at turn 2 after seq 149 (verify what it "
            f"has with --partial, or finish the match: beatlog record --resume {log.header.match_id} -o {cut})")
    assert result.stderr.strip() == line and cogs_words_only(result.stderr)
    report = json.loads(cli("verify", "--json", str(cut)).stdout)
    problem = report["problem"]
    assert (problem["duel"], problem["beat"], problem["seq"]) == (1, 2, 149)  # the log's field names stay
    assert problem["message"].endswith("stops at turn 2 after seq 149")


def test_a_forged_cogs_log_is_named_by_turn(cogs, tmp_path):
    log = read_jsonl(cogs)
    records = list(log.records)
    i = next(i for i in turn_two(records) if records[i].type == "ChanceDrawn")
    draw = records[i]
    records[i] = edit(draw, value=(draw.data["value"] + 1) % draw.data["n"])
    forged = write_log(tmp_path / "forged.jsonl", log.header, rechain(log.header, records))
    result = cli("verify", str(forged))
    assert result.exit_code == 1
    assert f"match {log.header.match_id}, turn 2, seq {i + 1}: chain forged" in result.stderr
    assert cogs_words_only(result.stderr)
    explained = cli("explain", str(forged), "--turn", "1")
    warning = explained.stderr.splitlines()[0]
    assert warning.startswith(f"warning: this log does not verify: chain forged (input changed) at seq {i + 1}, "
                              "turn 2; run beatlog verify ")
    assert cogs_words_only(warning)
    stated = cli("state", str(forged), "--turn", "1", "--json")
    assert json.loads(stated.stdout)["problem"]["beat"] == 2 and cogs_words_only(stated.stderr)


def test_cogs_events_deleted_across_turns(cogs):
    log = read_jsonl(cogs)
    kept = [r for r in log.records if r.beat != 2]
    report = verify(log.header, rechain(log.header, kept))
    assert report.problem is not None and report.problem.seq == 94
    assert report.problem.message.startswith(f"match {log.header.match_id}, turn 2, seq 94: chain forged")
    assert "but the log goes on at turn 3 with TurnBegan" in report.problem.message
    assert "(from turn 2) are missing" in report.problem.message
    assert summary(report.problem) == "chain forged (event deleted) at seq 94, turn 2"
    assert cogs_words_only(report.problem.message)


def test_two_cogs_logs_differ_at_a_turn(cogs, tmp_path):
    log = read_jsonl(cogs)
    records = list(log.records)
    i = next(i for i in turn_two(records) if records[i].type == "ChanceDrawn")
    records[i] = edit(records[i], value=(records[i].data["value"] + 1) % records[i].data["n"])
    other = write_log(tmp_path / "other.jsonl", log.header, records)
    result = cli("diff", str(cogs), str(other))
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == f"first difference at event {i + 1} (turn 2); the first {i} events agree"
    assert result.stderr.startswith(f"warning: {other}, line {i + 2} (seq {i + 1}): hash mismatch")
    assert cogs_words_only(result.output)


def test_resuming_a_cogs_log_with_other_bots_names_the_turn(cogs, tmp_path):
    log = read_jsonl(cogs)
    cut = write_log(tmp_path / "cut.jsonl", log.header, log.records[:39])
    result = cli("record", "--resume", log.header.match_id, "-o", str(cut), "--bots", "first,first")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: cannot resume match {log.header.match_id}, turn 1, seq 26: the log has ")
    assert cogs_words_only(result.stderr)


def cogs_script(path: Path, beats: list[dict]) -> Path:
    path.write_text(json.dumps({
        "game": "cogs", "seed": 4, "options": {"turns": 2}, "policy": "first",
        "players": [{"name": "Ann", "side": "lions"}, {"name": "Ben", "side": "herons"}], "beats": beats,
    }), encoding="utf-8")
    return path


AHEAD = {"courses": [{"cog": 0, "move": "ahead", "speed": 18}]}


def test_cogs_script_errors_name_turns(tmp_path):
    late = cogs_script(tmp_path / "late.json", [{"beat": 1, "player": 0, **AHEAD}, {"beat": 5, "player": 1, **AHEAD}])
    result = cli("record", "--script", str(late), "-o", str(tmp_path / "late.jsonl"))
    assert result.stderr == (f"Error: {late}: 1 scripted answer never asked for (the match ended at turn 2): "
                             "beats[1] (turn 5, player 1): course cog 0, move ahead, speed 18\n")
    twice = cogs_script(tmp_path / "twice.json", [{"beat": 1, "player": 0, **AHEAD}] * 2)
    result = cli("record", "--script", str(twice), "-o", str(tmp_path / "twice.jsonl"))
    assert result.stderr == (f"Error: {twice}: beats[1] (turn 1, player 0) repeats an entry already given at "
                             "beats[0]; write each player's decisions for a turn in one entry\n")


def test_an_illegal_cogs_decision_says_the_turn():
    game = load_game("cogs")
    header = game.make_header(players=(Player("Ann", "lions"), Player("Ben", "herons")), edition="standard",
                              seed=4, options={"turns": 2})
    match = Match(game, header)
    match.advance()
    while match.ctx.beat < 1:  # the muster (turn 0) asks nothing of a ready fleet; be safe if it does
        match.advance(game.bot("first", 4, match.pending.player).answer(match.pending, match))
    with pytest.raises(IllegalDecision) as info:
        match.advance(Answer({"cog": 0, "move": "ahead", "speed": 99}, "test"))
    assert str(info.value).startswith(f"match {header.match_id}, turn 1: Ann's course ")
    assert cogs_words_only(str(info.value))


# -- a game without the hook: the kernel's neutral words -------------------------------------------


@pytest.fixture
def neutral(monkeypatch):
    from tests.toygame import NEUTRAL_GAME

    monkeypatch.setitem(GAMES, NEUTRAL_GAME.name, "tests.toygame:NEUTRAL_GAME")
    header = NEUTRAL_GAME.make_header(players=(Player("Ann", "red"), Player("Ben", "blue")), edition="standard",
                                      seed=7, options={})
    match = Match(NEUTRAL_GAME, header)
    run(match, {0: Cycle(0), 1: Cycle(1)})
    return NEUTRAL_GAME, header, sealed(match)


def test_a_game_without_terms_reads_neutrally(neutral):
    game, header, records = neutral
    assert game.terms is None
    incomplete = verify(header, records[:5]).problem
    assert incomplete is not None
    assert incomplete.message == f"incomplete: match {header.match_id} stops at set 1, round 2 after seq 5"
    assert (incomplete.duel, incomplete.beat) == (1, 2)
    forged = list(records)
    forged[5] = edit(forged[5], number=3 if forged[5].data["number"] != 3 else 1)
    problem = verify(header, rechain(header, forged)).problem
    assert problem is not None and problem.message.startswith(f"match {header.match_id}, set 1, round 2, seq 6: ")
    assert summary(problem).endswith(" at seq 6, set 1, round 2")
    lines = diff("a", header, records, "b", header, forged).lines()
    assert lines[0] == "first difference at event 6 (set 1, round 2); the first 5 events agree"
    match = Match(game, header)
    match.advance()
    with pytest.raises(IllegalDecision, match=rf"^match {header.match_id}, set 1, round 1: Ann's pick "):
        match.advance(Answer({"number": 9}, "test"))


def test_a_script_names_its_games_rounds(neutral):
    players = [{"side": "red"}, {"side": "blue"}]
    beats = [{"beat": 2, "player": 1, "picks": [1]}]
    where = {game: parse_script({"game": game, "players": players, "beats": beats}).entries[0].where
             for game in ("toy_neutral", "toy", "cogs", "no_such_game")}
    assert where == {
        "toy_neutral": "beats[0] (set 1, round 2, player 1)",
        "toy": "beats[0] (duel 1, beat 2, player 1)",  # the toy game's declared words: BattleCON's
        "cogs": "beats[0] (turn 2, player 1)",
        "no_such_game": "beats[0] (set 1, round 2, player 1)",  # refused by name when it is played
    }


def test_the_command_line_reads_neutrally_for_a_game_without_terms(neutral, tmp_path):
    """What the toy game's own tests no longer show (it declares BattleCON's words): a game naming
    none is recorded, explained, shown and questioned in the kernel's words."""
    path = tmp_path / "n.jsonl"
    recorded = cli("record", "--game", "toy_neutral", "--sides", "red,blue", "--seed", "3", "-o", str(path))
    assert recorded.exit_code == 0, recorded.output
    assert "  rounds: 3, events: 13" in recorded.stdout.splitlines()
    assert "Set 1, round 2 (seq 5-8)" in cli("explain", str(path), "--round", "2").stdout
    assert cli("explain", str(path), "--round", "9").stderr.startswith(
        f"Error: match {read_jsonl(path).header.match_id} has no set 1, round 9; it has set 1: rounds 1-3")
    assert ", set 1, round 2, after event 4 of the round (seq 8)" in cli("state", str(path), "--round", "2").stdout
    absent = cli("whatif", str(path), "--round", "5", "--player", "2", "--choices", '{"picks": [2]}')
    assert "Player 2 makes no pick decision in set 1, round 5" in absent.stderr
    log = read_jsonl(path)
    cut = write_log(tmp_path / "cut.jsonl", log.header, log.records[:6])
    assert "stops at set 1, round 2 after seq 6 (verify what it has with --partial" in cli("verify", str(cut)).stderr

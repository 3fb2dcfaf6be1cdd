"""``beatlog record``, ``play`` and ``fighters``: success and error paths through CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.games.battlecon.cards import FIGHTERS
from recorder.jsonl import read_jsonl

TOY = ["--game", "toy", "--edition", "standard", "--fighters", "red,blue"]


@pytest.fixture
def runner(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return CliRunner()


def invoke(runner, args, **kw):
    return runner.invoke(main, args, catch_exceptions=False, **kw)


def error_of(result) -> str:
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr  # one line, never a traceback
    return lines[0]


def write_script(path: Path, **changes) -> Path:
    script = {
        "game": "toy", "edition": "standard", "seed": 3,
        "players": [{"name": "Ann", "side": "red"}, {"name": "Ben", "side": "blue"}],
        "beats": [{"beat": 1, "player": 0, "picks": [3]}, {"beat": 2, "player": 1, "picks": [2]}],
    }
    script.update(changes)
    path.write_text(json.dumps(script), encoding="utf-8")
    return path


# -- record: success ------------------------------------------------------------

def test_record_writes_match_id_jsonl_here_and_reports(runner, tmp_path):
    result = invoke(runner, ["record", *TOY, "--seed", "7", "--players", "Ann,Ben"])
    assert result.exit_code == 0, result.output
    log = read_jsonl(next(tmp_path.glob("m-*.jsonl")))
    out = result.output.splitlines()
    assert out[0] == f"match {log.header.match_id}: toy standard, seed 7"
    assert out[1] == "  Ann (red) vs Ben (blue)"
    assert out[2] == "  result: draw (points)"
    assert out[3] == "  beats: 3, events: 13"  # the toy game's words (tests/toygame.py)
    from recorder.canonical import short_digest
    assert out[4] == f"  digest: {short_digest(log.records[-1].hash)}"
    assert out[5] == f"  saved to {log.header.match_id}.jsonl"
    assert log.header.created_at.endswith("Z") and len(log.header.created_at) == 20
    assert [r.data["source"] for r in log.records if r.type == "NumberPicked"] == ["bot:first"] * 6


def test_record_to_stdout_keeps_the_summary_on_stderr(runner):
    result = invoke(runner, ["record", *TOY, "--seed", "7", "-o", "-"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert json.loads(lines[0])["format"] == "beatlog/1" and len(lines) == 14
    assert "saved to standard output" in result.stderr


def test_record_into_a_store_and_a_file(runner, tmp_path):
    store = pytest.importorskip("recorder.store")
    result = invoke(runner, ["record", *TOY, "--seed", "7", "--db", "m.db", "-o", "m.jsonl"])
    assert result.exit_code == 0, result.output
    log = read_jsonl(tmp_path / "m.jsonl")
    assert f"saved to m.jsonl and m.db (match {log.header.match_id})" in result.output
    stored = store.Store(tmp_path / "m.db").read(log.header.match_id)
    assert [r.line() for r in stored.records] == [r.line() for r in log.records]


def test_a_match_the_store_already_holds_writes_nothing(runner, tmp_path):
    """The match id names the seed and set-up, not who plays: other bots with the same seed are the same
    match id. The store refuses it before anything is written: no JSONL file holding just a header."""
    duel = ["--fighters", "hikaru,khadath", "--duels", "1"]
    first = invoke(runner, ["record", *duel, "--seed", "9", "--bots", "first,random", "--db", "m.db", "-o", "a.jsonl"])
    assert first.exit_code == 0, first.output
    match_id = read_jsonl(tmp_path / "a.jsonl").match_id
    before = (tmp_path / "m.db").read_bytes()
    again = invoke(runner, ["record", *duel, "--seed", "9", "--bots", "random,random", "--db", "m.db", "-o", "b.jsonl"])
    assert error_of(again) == (
        f"Error: m.db already holds match {match_id} (battlecon woi, seed 9, Player 1 (hikaru) vs Player 2 "
        "(khadath)); "
        "a match id names the seed and set-up, not the bots or script that play it: choose another --seed")
    assert not (tmp_path / "b.jsonl").exists()
    assert (tmp_path / "m.db").read_bytes() == before
    other = invoke(runner, ["record", *duel, "--seed", "10", "--bots", "random,random", "--db", "m.db", "-o", "b.jsonl"])
    assert other.exit_code == 0, other.output


def test_a_store_refusing_at_the_start_leaves_no_file_behind(tmp_path):
    """Even past the early check (another writer recorded the match meanwhile), the store starts first."""
    from recorder.errors import LogConflict
    from recorder.game import load_game
    from recorder.header import Player
    from recorder.recording import JsonlSink, MemorySink, StoreSink, Tee, record
    from recorder.store import Store

    game = load_game("toy")
    header = game.make_header(players=(Player("A", "red"), Player("B", "blue")), edition="standard", seed=4,
                              options={})
    from recorder.decisions import FirstOption

    sources = {0: FirstOption("bot:first"), 1: FirstOption("bot:first")}
    with Store(tmp_path / "m.db") as store:
        record(game, header, sources, StoreSink(store))
        with pytest.raises(LogConflict, match="already recorded"):
            record(game, header, sources, Tee([JsonlSink(tmp_path / "x.jsonl"), MemorySink(), StoreSink(store)]))
    assert not (tmp_path / "x.jsonl").exists()


def test_same_seed_same_events(runner, tmp_path):
    invoke(runner, ["record", *TOY, "--seed", "5", "-o", "a.jsonl"])
    invoke(runner, ["record", *TOY, "--seed", "5", "-o", "b.jsonl"])
    a, b = read_jsonl(tmp_path / "a.jsonl"), read_jsonl(tmp_path / "b.jsonl")
    assert [r.line() for r in a.records] == [r.line() for r in b.records]


def test_record_without_seed_picks_and_prints_one(runner):
    result = invoke(runner, ["record", *TOY, "-o", "x.jsonl"])
    assert result.exit_code == 0 and ", seed " in result.output.splitlines()[0]


def test_record_from_a_script(runner, tmp_path):
    write_script(tmp_path / "s.json")
    result = invoke(runner, ["record", "--script", "s.json", "-o", "s.jsonl"])
    assert result.exit_code == 0, result.output
    log = read_jsonl(tmp_path / "s.jsonl")
    assert log.header.seed == 3 and [p.name for p in log.header.players] == ["Ann", "Ben"]
    picks = [(r.data["number"], r.data["source"]) for r in log.records if r.type == "NumberPicked"]
    assert picks[0] == (3, "script") and picks[3] == (2, "script") and picks[1] == (1, "policy:first")


def test_record_script_from_stdin(runner, tmp_path):
    text = write_script(tmp_path / "s.json").read_text()
    result = invoke(runner, ["record", "--script", "-", "-o", "s.jsonl"], input=text)
    assert result.exit_code == 0, result.output


# -- record: errors ---------------------------------------------------------------

@pytest.mark.parametrize("seed", ["-3", "abc", "1.5", str(2**53 + 1), ""])
def test_bad_seed(runner, seed):
    result = invoke(runner, ["record", *TOY, "--seed", seed])
    assert error_of(result) == f"Error: --seed must be a whole number from 0 to {2**53}, got {seed!r}"


def test_fighters_must_be_two_or_more(runner):
    # The flag in the game's words: the toy's sides are "sides" (BattleCON's would say --fighters).
    result = invoke(runner, ["record", "--game", "toy", "--edition", "standard", "--sides", "red"])
    assert error_of(result) == "Error: --sides takes 2 or more names separated by commas, got 'red'"
    result = invoke(runner, ["record", "--fighters", "hikaru"])
    assert error_of(result) == "Error: --fighters takes 2 or more names separated by commas, got 'hikaru'"


def test_players_must_match_fighters(runner):
    result = invoke(runner, ["record", "--game", "toy", "--edition", "standard", "--fighters", "red,blue",
                             "--players", "a,b,c"])
    assert error_of(result) == "Error: --players takes 2 names separated by a comma, got 'a,b,c'"


def test_fighters_or_script_is_needed(runner):
    result = invoke(runner, ["record", "--game", "toy"])
    assert error_of(result) == ("Error: say which sides play: --sides A,B (see `beatlog sides --game toy`) "
                                "or --script FILE")


def test_unknown_game(runner):
    result = invoke(runner, ["record", "--game", "chess", "--fighters", "a,b"])
    assert error_of(result).startswith("Error: unknown game 'chess'; known games: battlecon")


def test_unknown_bot(runner):
    result = invoke(runner, ["record", *TOY, "--bots", "clever"])
    assert error_of(result) == "Error: unknown bot 'clever'; known bots: first"


def test_existing_output_is_not_overwritten(runner, tmp_path):
    (tmp_path / "m.jsonl").write_text("keep me\n")
    result = invoke(runner, ["record", *TOY, "-o", "m.jsonl"])
    assert error_of(result) == "Error: m.jsonl already exists; choose another file with -o or remove it first"
    assert (tmp_path / "m.jsonl").read_text() == "keep me\n"


def test_missing_script_file(runner):
    result = invoke(runner, ["record", "--script", "nope.json"])
    assert error_of(result) == "Error: No such file or directory: 'nope.json'"


def test_script_that_is_not_json(runner, tmp_path):
    (tmp_path / "s.json").write_text("{oops")
    assert error_of(invoke(runner, ["record", "--script", "s.json"])).startswith("Error: s.json: not valid JSON: ")


def test_script_schema_error(runner, tmp_path):
    write_script(tmp_path / "s.json", beats=[{"beat": 1, "player": "Ann"}])
    result = invoke(runner, ["record", "--script", "s.json"])
    assert error_of(result) == "Error: s.json: $.beats[0].player: 'Ann' is not of type 'integer'"


def test_illegal_scripted_decision_writes_nothing(runner, tmp_path):
    write_script(tmp_path / "s.json", beats=[{"beat": 2, "player": 0, "picks": [4]}])
    result = invoke(runner, ["record", "--script", "s.json"])
    message = error_of(result)
    assert message.startswith("Error: s.json: beats[0] (duel 1, beat 2, player 0): Ann's scripted pick {'number': 4} is not legal at match m-")
    assert message.endswith(", duel 1, beat 2; legal options: number 1; number 2; number 3")
    assert list(tmp_path.glob("*.jsonl")) == []


def test_unused_scripted_answers_write_nothing(runner, tmp_path):
    write_script(tmp_path / "s.json", beats=[{"beat": 9, "player": 0, "picks": [1]}])
    result = invoke(runner, ["record", "--script", "s.json"])
    assert error_of(result) == (
        "Error: s.json: 1 scripted answer never asked for (the match ended at duel 1, beat 3): "
        "beats[0] (duel 1, beat 9, player 0): pick number 1"
    )
    assert list(tmp_path.glob("*.jsonl")) == []


def test_script_for_other_fighters(runner, tmp_path):
    write_script(tmp_path / "s.json")
    result = invoke(runner, ["record", "--script", "s.json", "--fighters", "blue,red"])
    assert error_of(result) == "Error: s.json: script is for red vs blue, but the match is blue vs red"


def test_script_and_bots_exclude_each_other(runner, tmp_path):
    write_script(tmp_path / "s.json")
    result = invoke(runner, ["record", "--script", "s.json", "--bots", "first"])
    assert error_of(result) == "Error: --bots and --script exclude each other: a script's gaps are filled by --policy"


def test_policy_needs_a_script(runner):
    result = invoke(runner, ["record", *TOY, "--policy", "first"])
    assert error_of(result) == "Error: --policy only applies with --script; use --bots to choose who plays"


def test_record_help_has_an_example(runner):
    result = invoke(runner, ["record", "--help"])
    assert "Example: beatlog record --fighters hikaru,khadath" in result.output


# -- play -------------------------------------------------------------------------

def test_play_a_whole_toy_match(runner, tmp_path):
    # Every pick is secret: Enter at the hand-over prompt, then the number.
    result = invoke(runner, ["play", *TOY, "--seed", "8", "-o", "p.jsonl"], input="\n2\n\n3\n" * 3)
    assert result.exit_code == 0, result.output
    log = read_jsonl(tmp_path / "p.jsonl")
    assert [r.data["number"] for r in log.records if r.type == "NumberPicked"] == [2, 3] * 3
    assert {r.data["source"] for r in log.records if r.type == "NumberPicked"} == {"player"}
    assert "result: Player 2 (blue) wins (points)" in result.output


def test_play_never_prints_a_secret_choice(runner):
    result = invoke(runner, ["play", *TOY, "--seed", "8", "-o", "p.jsonl"], input="\n2\n\n3\n" * 3)
    # The typed number is not echoed, and the narrator skips secret records.
    assert "Your choice (1-3, q to quit): 2" not in result.output
    assert "NumberPicked" not in result.output
    assert "Player 1 (red): secret choice next (Player 2, look away)" in result.output


def test_play_reprompts_on_bad_input_and_quits_cleanly(runner, tmp_path):
    result = invoke(runner, ["play", *TOY, "--seed", "8", "-o", "p.jsonl"], input="\n7\nx\n1\n\nq\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Please type a number from 1 to 3, or q to quit (your entry is not one).") == 2
    assert "stopped unfinished at duel 1, beat 1" in result.output  # the toy game's words (tests/toygame.py)
    log = read_jsonl(tmp_path / "p.jsonl")
    assert [r.type for r in log.records] == ["NumberPicked"]


def test_play_end_of_input_is_a_quit(runner, tmp_path):
    result = invoke(runner, ["play", *TOY, "--seed", "8", "-o", "p.jsonl"], input="")
    assert result.exit_code == 0 and "stopped unfinished" in result.output


def test_play_against_a_bot(runner, tmp_path):
    result = invoke(runner, ["play", *TOY, "--seed", "8", "-o", "p.jsonl", "--bot", "first"], input="\n3\n" * 3)
    assert result.exit_code == 0, result.output
    log = read_jsonl(tmp_path / "p.jsonl")
    assert [r.data["source"] for r in log.records if r.type == "NumberPicked"] == ["player", "bot:first"] * 3


def test_play_refuses_stdout(runner):
    assert error_of(invoke(runner, ["play", *TOY, "-o", "-"])) == "Error: play talks on standard output; give -o a file name"


# -- BattleCON ------------------------------------------------------------------------

BC = ["--fighters", "hikaru,khadath", "--players", "Ann,Ben"]


def bc_script(path: Path, beats, **changes) -> Path:
    script = {"game": "battlecon", "edition": "woi", "seed": 1,
              "players": [{"name": "Ann", "side": "hikaru"}, {"name": "Ben", "side": "khadath"}],
              "options": {"duels": 1}, "beats": beats}
    script.update(changes)
    path.write_text(json.dumps(script), encoding="utf-8")
    return path


def test_record_battlecon_with_bots(runner, tmp_path):
    result = invoke(runner, ["record", *BC, "--bots", "greedy,random", "--seed", "7", "--duels", "1",
                             "--edition", "preview", "-o", "m.jsonl"])
    assert result.exit_code == 0, result.output
    log = read_jsonl(tmp_path / "m.jsonl")
    assert log.header.edition == "preview" and log.header.options["duels"] == 1
    assert log.records[-1].type == "MatchEnded"
    winner = log.records[-1].data["winner"]
    expected = "draw" if winner is None else f"{['Ann (hikaru)', 'Ben (khadath)'][winner]} wins"
    assert f"  result: {expected}" in result.output
    sources = {r.data["source"] for r in log.records if "source" in r.data}
    assert sources == {"bot:greedy", "bot:random"}


def test_same_fighter_twice(runner):
    result = invoke(runner, ["record", "--fighters", "hikaru,hikaru"])
    assert error_of(result) == "Error: both players chose 'hikaru'; each player needs a different fighter"


def test_unknown_fighter(runner):
    result = invoke(runner, ["record", "--fighters", "hikaru,zed", "--players", "Ann,Ben"])
    assert error_of(result) == (
        "Error: unknown fighter 'zed' for Ben; known fighters: " + ", ".join(sorted(FIGHTERS)))


def test_unknown_edition(runner):
    result = invoke(runner, ["record", *BC, "--edition", "deluxe"])
    assert error_of(result) == "Error: unknown BattleCON edition 'deluxe'; known editions: woi, preview"


def test_bad_duels_is_a_usage_error(runner):
    result = invoke(runner, ["record", *BC, "--duels", "2"])
    assert error_of(result) == ("Error: Invalid value for '--duels': '2' is not one of '1', '3' "
                                "(see beatlog record -h)")


def test_battlecon_script_with_a_card_in_discard_is_illegal(runner, tmp_path):
    # Hikaru's suggested discards hold Sweeping: he cannot play it on beat 1.
    bc_script(tmp_path / "s.json", [{"beat": 1, "player": 0, "pair": ["Sweeping", "Shot"]}])
    message = error_of(invoke(runner, ["record", "--script", "s.json"]))
    assert message.startswith(
        "Error: s.json: beats[0] (duel 1, beat 1, player 0): Ann's scripted pair "
        "{'player': 0, 'style': 'Sweeping', 'base': 'Shot'} is not legal at match m-")
    assert "legal options: Focused Shot; Focused Drive;" in message
    assert list(tmp_path.glob("*.jsonl")) == []


def test_battlecon_script_for_the_other_fighter(runner, tmp_path):
    bc_script(tmp_path / "s.json", [{"beat": 1, "player": 1, "pair": ["Advancing", "Drive"]}])
    message = error_of(invoke(runner, ["record", "--script", "s.json"]))
    assert message.startswith("Error: s.json: beats[0] (duel 1, beat 1, player 1): Ben's scripted pair "
                              "{'player': 1, 'style': 'Advancing', 'base': 'Drive'} is not legal")


def test_battlecon_script_with_an_unknown_kind(runner, tmp_path):
    bc_script(tmp_path / "s.json", [{"beat": 1, "player": 0, "choices": [{"kind": "teleport", "to": 3}]}])
    message = error_of(invoke(runner, ["record", "--script", "s.json"]))
    assert "beats[0] (duel 1, beat 1, player 0): " in message and "teleport" in message


def test_battlecon_script_policy_fills_the_gaps(runner, tmp_path):
    bc_script(tmp_path / "s.json", [{"beat": 1, "player": 0, "pair": ["Advancing", "Drive"], "antes": ["Fire"]}])
    result = invoke(runner, ["record", "--script", "s.json", "--policy", "random", "-o", "s.jsonl"])
    assert result.exit_code == 0, result.output
    log = read_jsonl(tmp_path / "s.jsonl")
    first = [r for r in log.records if r.type in ("PairSelected", "AnteDeclared") and r.actor == 0][:2]
    assert [(r.data.get("style"), r.data.get("ante"), r.data["source"]) for r in first] == [
        ("Advancing", None, "script"), (None, "Fire", "script")]
    assert {r.data["source"] for r in log.records if "source" in r.data} == {"script", "policy:random"}


def test_walkthrough_script_records(runner, tmp_path):
    script = Path(__file__).resolve().parent.parent / "sample_logs" / "battlecon" / "walkthrough.script.json"
    result = invoke(runner, ["record", "--script", str(script), "-o", "w.jsonl"])
    assert result.exit_code == 0, result.output
    log = read_jsonl(tmp_path / "w.jsonl")
    damage = [(r.beat, r.data["target"], r.data["amount"]) for r in log.records if r.type == "DamageDealt"][:3]
    assert damage == [(1, 1, 7), (2, 1, 2), (2, 0, 5)]


def test_fighters_lists_every_fighter_with_cards(runner):
    result = invoke(runner, ["fighters"])
    assert result.exit_code == 0
    for name in ("hikaru: Hikaru Sorayama", "cadenza: Cadenza", "kallistar: Kallistar Flarechild",
                 "khadath: Khadath Ahemusei"):
        assert name in result.output
    assert "    Strike       range 1, power 4, priority 3, stun guard 5" in result.output
    assert "Advancing  range +0, power +1, priority +1" in result.output
    assert "Lure        range +0~5, power -1, priority -1" in result.output


def test_fighters_json_and_one_fighter(runner):
    result = invoke(runner, ["fighters", "khadath", "--json"])
    data = json.loads(result.output)
    assert [f["id"] for f in data] == ["khadath"]
    snare = next(c for c in data[0]["cards"] if c["name"] == "Snare")
    assert snare["stun_immune"] is True and snare["power"] == 3


def test_fighters_unknown(runner):
    assert error_of(invoke(runner, ["fighters", "zed"])) == (
        "Error: unknown fighter 'zed'; known fighters: " + ", ".join(FIGHTERS))  # in roster order


def test_play_battlecon_hot_seat_hides_the_face_down_pair(runner, tmp_path):
    # Ann picks her pair (option 1 = Focused Shot), Ben his; Ann's ante is asked behind a hand-over prompt
    # (her own pair is on screen then), and she quits there.
    result = invoke(runner, ["play", *BC, "--seed", "3", "-o", "p.jsonl"], input="\n1\n\n1\nq\n")
    assert result.exit_code == 0, result.output
    after_pairs = result.output.split("Ben has chosen.")[1]
    assert "Focused Shot" not in after_pairs  # never shown on the shared screen before the reveal
    assert "Ann (hikaru): your turn, with your face-down choices on screen (Ben, look away)" in after_pairs
    log = read_jsonl(tmp_path / "p.jsonl")
    selected = [r for r in log.records if r.kind == "input" and "source" in r.data]
    assert [r.type for r in selected] == ["PairSelected"] * 2
    # A person's pair carries a random secret salt: the public commitment cannot be opened by trying pairs.
    assert all(len(r.data["salt"]) == 32 for r in selected)


def test_play_stopped_in_a_store_is_not_finished(runner, tmp_path):
    store = pytest.importorskip("recorder.store")
    result = invoke(runner, ["play", *TOY, "--seed", "8", "--db", "p.db"], input="\n2\nq\n")
    assert result.exit_code == 0, result.output
    db = store.Store(tmp_path / "p.db")
    (match_id,) = db.match_ids()
    summary = db.summary(match_id)
    assert not summary.finished and summary.event_count == 1

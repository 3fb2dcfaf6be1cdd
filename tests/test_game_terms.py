"""Each game's own words and phases (recorder.terms, replay.phases): what a person reads about a Cogs
of Valor match says fleets and turns, never duels, beats or fighters; BattleCON keeps its words; a game
that names none reads neutrally. The log keeps its field names (duel, beat, side) either way."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder import errors
from recorder.errors import UnknownSide, UsageError
from recorder.game import load_game
from recorder.jsonl import read_jsonl
from recorder.terms import NEUTRAL, Terms, shared, terms_of
from beatlog.tournament import plan_tournament
from replay.phases import PhaseTracker

ROOT = Path(__file__).resolve().parent.parent
COGS = ROOT / "sample_logs" / "cogs" / "lions-vs-herons.jsonl"
WALKTHROUGH = ROOT / "sample_logs" / "battlecon" / "walkthrough.jsonl"
FORBIDDEN = re.compile(r"(?i)\b(?:duels?|beats?|fighters?)\b")


def run(*args: str):
    return CliRunner().invoke(main, list(args))


# -- the hook ------------------------------------------------------------------------------


def test_terms_read_the_clock_in_a_games_words():
    battlecon, cogs = terms_of(load_game("battlecon")), terms_of(load_game("cogs"))
    assert (battlecon.at(2, 3), battlecon.stage(1, 0), battlecon.stage(1, 4)) == ("duel 2, beat 3", "duel 1, set-up",
                                                                                   "duel 1, beat 4")
    assert (cogs.at(1, 3), cogs.stage(1, 0), cogs.side, cogs.sides, cogs.rounds) == ("turn 3", "muster", "fleet",
                                                                                     "fleets", "turns")
    assert (NEUTRAL.at(1, 2), NEUTRAL.stage(1, 0)) == ("set 1, round 2", "set 1, set-up")
    assert terms_of(object()) is NEUTRAL  # a game without the hook
    assert shared([battlecon, cogs], "side") == "side" and shared([cogs, cogs], "rounds") == "turns"


def test_a_game_without_sets_takes_only_the_first():
    cogs = terms_of(load_game("cogs"))
    assert cogs.check_set(None, "cogs") == 1 and cogs.check_set(1, "cogs") == 1
    with pytest.raises(UsageError, match="cogs matches are not played in sets"):
        cogs.check_set(2, "cogs")
    assert terms_of(load_game("battlecon")).check_set(2, "battlecon") == 2


def test_a_misspelt_term_is_the_games_mistake():
    class Game:
        name = "odd"
        terms = {"sied": "team"}

    with pytest.raises(ValueError, match="unknown terms"):
        terms_of(Game())
    assert terms_of(type("G", (), {"terms": Terms(side="team")})()).side == "team"


def test_an_unknown_side_has_one_name_for_every_game():
    assert not hasattr(errors, "UnknownFighter")  # a side, whatever the game calls it: one name
    with pytest.raises(UnknownSide, match="unknown fleet 'zed'"):
        load_game("cogs").side_info("zed")


# -- phases ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game, folder", [("cogs", "cogs"), ("battlecon", "battlecon")])
def test_every_record_has_one_phase_and_phases_only_move_on_within_a_round(game, folder):
    ranks = {"cogs": "recorder.games.cogs.phases:PHASES", "battlecon": "recorder.games.battlecon.phases:STEPS"}
    module, _, attr = ranks[game].partition(":")
    order = getattr(__import__(module, fromlist=[attr]), attr)
    for path in sorted((ROOT / "sample_logs" / folder).glob("*.jsonl")):
        log = read_jsonl(path)
        tracker = PhaseTracker(load_game(game))
        previous: dict[tuple[int, int], int] = {}
        for record in log.records:
            name = tracker.label(record)
            assert name is not None, (path.name, record.seq)
            if record.beat == 0:
                assert name in ("muster", "set-up"), (path.name, record.seq)
                continue
            rank = order.index(name)
            assert rank >= previous.get((record.duel, record.beat), 0), (path.name, record.seq, name)
            previous[(record.duel, record.beat)] = rank


def test_cogs_phases_follow_the_rules_order():
    log = read_jsonl(COGS)
    tracker = PhaseTracker(load_game("cogs"))
    by_type = {}
    for record in log.records:
        by_type.setdefault(record.type, set()).add(tracker.label(record))
    assert by_type["TurnBegan"] == {"turn begins"} and by_type["CourseSet"] == {"2 movement"}
    assert by_type["ArtilleryShot"] == {"3A artillery"} and by_type["CogRepaired"] == {"4B repair"}
    assert {"3C ranged combat"} <= by_type["AttackRolled"]
    assert by_type["EquipOrdered"] == {"4E equipping and conversion"}


def test_a_game_without_the_hook_has_no_phases():
    from tests.toygame import GAME

    assert not PhaseTracker(GAME).active


# -- the command line, for Cogs ------------------------------------------------------------------


def test_record_speaks_of_turns_and_refuses_duels(tmp_path):
    out = tmp_path / "c.jsonl"
    result = run("record", "--game", "cogs", "--sides", "lions,herons", "--seed", "4", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert re.search(r"^  turns: \d+, events: \d+$", result.output, re.M) and not FORBIDDEN.search(result.output)
    assert json.loads(out.read_text().splitlines()[1])["duel"] == 1  # the log keeps its field names
    refused = run("record", "--game", "cogs", "--sides", "lions,herons", "--duels", "1", "-o", str(tmp_path / "d"))
    assert refused.exit_code == 1
    assert refused.stderr == ("Error: --duels does not apply to cogs: it is BattleCON's (a single duel or best of "
                              "three)\n")
    greedy = run("record", "--game", "cogs", "--sides", "lions,herons", "--bots", "greedy", "-o", str(tmp_path / "e"))
    assert greedy.stderr == "Error: unknown bot 'greedy'; known bots: first, random, sensible\n"


def test_sides_lists_the_ready_fleets():
    result = run("sides", "--game", "cogs")
    assert result.exit_code == 0, result.output
    assert "lions: Red Lions (60 points)" in result.output and "herons: Blue Herons (60 points)" in result.output
    assert "Heron: small cog, hull 10, 30 points" in result.output
    data = json.loads(run("fighters", "--game", "cogs", "herons", "--json").output)
    assert [(f["id"], f["points"], [c["name"] for c in f["cogs"]]) for f in data] == [("herons", 60,
                                                                                       ["Heron", "Egret"])]
    assert run("sides", "--game", "cogs", "zed").stderr == (
        "Error: unknown fleet 'zed'; known fleets: griffins, herons, lions, merchants\n")
    assert "Strike       range 1, power 4, priority 3, stun guard 5" in run("sides", "hikaru").output


def test_explain_state_and_whatif_take_turns():
    result = run("explain", str(COGS), "--turn", "2")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[2].startswith("Turn 2 (seq ")
    assert "  Phase: 2 movement" in result.output and "  Phase: 3A artillery" in result.output
    assert run("explain", str(COGS), "--round", "0").output.splitlines()[2].startswith("Muster (seq 1-")
    match_id = read_jsonl(COGS).header.match_id
    missing = run("explain", str(COGS), "--turn", "99")
    assert missing.stderr.startswith(f"Error: match {match_id} has no turn 99; it has turns 0-")
    assert run("explain", str(COGS), "--turn", "2", "--duel", "2").stderr == (
        "Error: cogs matches are not played in sets (duels): leave out --duel\n")
    state = run("state", str(COGS), "--turn", "2", "--event", "3")
    assert state.output.splitlines()[0].endswith("turn 2, after event 3 of the turn (seq 92)")
    pair = run("whatif", str(COGS), "--turn", "2", "--player", "2", "--pair", "a,b")
    assert pair.stderr == ("Error: --pair does not apply to cogs: it is BattleCON's (the attack pair to play instead); "
                           "give the decision with --choices JSON, as its match scripts write it\n")
    whatif = run("whatif", str(COGS), "--turn", "2", "--player", "2", "--width", "100",
                 "--choices", '{"courses": [{"cog": 1, "move": "port", "speed": 6}]}')
    assert whatif.exit_code == 0, whatif.output
    assert " in turn 2 of match " in whatif.output and not FORBIDDEN.search(whatif.output)


def test_battlecon_keeps_its_words_and_shortcuts():
    result = run("explain", str(WALKTHROUGH), "--beat", "0")
    assert result.output.splitlines()[2].startswith("Duel 1, set-up (seq 1-")
    assert "  Step: 1 select pairs" in run("explain", str(WALKTHROUGH), "--turn", "1").output
    nothing = run("whatif", str(WALKTHROUGH), "--beat", "1", "--player", "1")
    assert nothing.stderr == ("Error: nothing to change: give the new decision (--pair ..., --ante ..., "
                              "--choices JSON)\n")


def test_stats_tables_name_fleets_and_turns(tmp_path):
    result = run("stats", str(COGS))
    assert result.exit_code == 0, result.output
    assert "Sailpower: Cogs of Valor: fleets" in result.output and "Fleets played" in result.output and "Turns" in result.output
    assert "Sailpower: Cogs of Valor: matchups" in result.output and "(row fleet vs column" in result.output
    assert not FORBIDDEN.search(result.output)
    unknown = run("stats", str(COGS), "--side", "zed")
    assert unknown.stderr.startswith("Error: no fleet 'zed' in these matches; fleets:")
    data = json.loads(run("stats", str(COGS), "--side", "lions", "--format", "json").output)
    assert data["games"][0]["terms"]["sides"] == "fleets" and data["games"][0]["fighters"][0]["name"] == "lions"


def test_a_tournament_names_its_game_and_cogs_has_no_duels():
    with pytest.raises(TypeError):
        plan_tournament(fighters="lions,herons")  # no default game
    with pytest.raises(UsageError, match="--duels does not apply to cogs"):
        plan_tournament(game_name="cogs", fighters="lions,herons", flags={"duels": ["1"]})
    with pytest.raises(UsageError, match="unknown fleet 'zed'; known fleets: griffins, herons, lions, merchants"):
        plan_tournament(game_name="cogs", fighters="lions,zed")
    assert plan_tournament(game_name="cogs", fighters="lions,herons").bots == ("random", "random")

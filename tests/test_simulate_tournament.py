"""Round-robin tournaments: plan checks, the schedule, determinism, resuming, the command."""

from __future__ import annotations

import itertools

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.errors import InvalidDecision, UsageError
from recorder.game import load_game
from recorder.store import Store
from beatlog.tournament import fixture_seed, plan_tournament, run_tournament, schedule


def _content(path):
    """Everything the hash chain covers, per match (created_at is the one wall-clock value, left out)."""
    with Store(path, create=False) as store:
        rows = store.conn.execute("SELECT match_id, header_hash, event_count, final_hash, finished FROM matches "
                                  "ORDER BY match_id").fetchall()
        events = store.conn.execute("SELECT match_id, seq, hash FROM events ORDER BY match_id, seq").fetchall()
    return rows, events


@pytest.mark.parametrize("options, message", [
    ({"fighters": "hikaru,nobody"}, "--fighters: unknown fighter 'nobody'; known fighters: hikaru, cadenza, kallistar, khadath"),
    ({"fighters": "hikaru"}, "a tournament needs at least two fighters, got hikaru"),
    ({"fighters": "hikaru,hikaru"}, "--fighters lists a fighter twice: hikaru,hikaru"),
    ({"bots": "random,clever"}, "unknown bot 'clever'; known bots: first, random, greedy"),
    ({"bots": "a,b,c"}, "--bots takes one bot, or two separated by a comma"),
    ({"matches": 0}, "--matches must be at least 1 per pairing, got 0"),
    ({"seed": -1}, "--seed must be a whole number from 0 to"),
])
def test_plan_errors(options, message):
    with pytest.raises(UsageError) as info:
        plan_tournament(game_name="battlecon", **options)
    assert message in str(info.value)


def test_the_game_checks_edition_and_duels():
    with pytest.raises(InvalidDecision, match="unknown BattleCON edition 'classic'"):
        plan_tournament(game_name="battlecon", edition="classic")
    with pytest.raises(InvalidDecision, match="duels=2 is not allowed"):
        plan_tournament(game_name="battlecon", options={"duels": 2})


def test_schedule_pairs_everyone_and_swaps_seats():
    plan = plan_tournament(game_name="battlecon", matches=3, seed=5)
    fixtures = schedule(plan)
    roster = load_game("battlecon").sides_in("woi")  # every fighter War of Indines offers
    pairings = set(itertools.combinations(roster, 2))
    assert {"hikaru", "cadenza", "kallistar", "khadath", "luc"} <= set(roster)
    assert len(fixtures) == len(pairings) * 3
    assert [f.index for f in fixtures] == list(range(len(pairings) * 3))
    assert {f.pairing for f in fixtures} == pairings
    assert {("hikaru", "cadenza"), ("hikaru", "kallistar"), ("cadenza", "khadath"), ("kallistar", "khadath")} <= pairings
    first = [f for f in fixtures if f.pairing == ("hikaru", "cadenza")]
    assert [f.sides for f in first] == [("hikaru", "cadenza"), ("cadenza", "hikaru"), ("hikaru", "cadenza")]
    seeds = [f.seed for f in fixtures]
    assert len(set(seeds)) == len(seeds) and all(0 <= s < 2**53 for s in seeds)
    assert seeds == [f.seed for f in schedule(plan_tournament(game_name="battlecon", matches=3, seed=5))]
    assert seeds != [f.seed for f in schedule(plan_tournament(game_name="battlecon", matches=3, seed=6))]
    assert fixture_seed(5, "battlecon", ("hikaru", "cadenza"), 0) == first[0].seed


def test_player_names_are_the_bots():
    assert plan_tournament(game_name="battlecon", bots="greedy,random").players == ("greedy", "random")
    assert plan_tournament(game_name="battlecon", bots="random").players == ("random #1", "random #2")


def test_same_seed_same_matches(tmp_path):
    plan = plan_tournament(game_name="battlecon", fighters="hikaru,khadath,cadenza", matches=2, seed=3, flags={"duels": ["1"]})
    for name in ("a.db", "b.db"):
        with Store(tmp_path / name) as store:
            report = run_tournament(plan, store)
        assert (report.played, report.skipped) == (6, 0)
    assert _content(tmp_path / "a.db") == _content(tmp_path / "b.db")
    other = plan_tournament(game_name="battlecon", fighters="hikaru,khadath,cadenza", matches=2, seed=4, flags={"duels": ["1"]})
    with Store(tmp_path / "c.db") as store:
        run_tournament(other, store)
    assert not {r[0] for r in _content(tmp_path / "a.db")[0]} & {r[0] for r in _content(tmp_path / "c.db")[0]}


def test_processes_record_the_same_matches(tmp_path):
    plan = plan_tournament(game_name="battlecon", fighters="hikaru,khadath,cadenza", matches=3, seed=8, flags={"duels": ["1"]})
    with Store(tmp_path / "one.db") as store:
        one = run_tournament(plan, store, jobs=1)
    with Store(tmp_path / "two.db") as store:
        two = run_tournament(plan, store, jobs=2)
    assert _content(tmp_path / "one.db") == _content(tmp_path / "two.db")
    strip = lambda stats: [{k: v for k, v in m.items() if k != "created_at"} for m in stats]  # noqa: E731
    assert strip(one.stats) == strip(two.stats)


def test_a_rerun_plays_only_what_is_missing(tmp_path):
    db = tmp_path / "t.db"
    seen = []
    with Store(db) as store:
        two, three = (plan_tournament(game_name="battlecon", fighters="hikaru,khadath", matches=n, seed=1, flags={"duels": ["1"]})
                      for n in (2, 3))
        first = run_tournament(two, store)
        again = run_tournament(three, store, on_match=lambda f, s, played: seen.append((f.game_no, played)))
    assert (first.played, again.played, again.skipped) == (2, 1, 2)
    assert sorted(seen) == [(0, False), (1, False), (2, True)]
    assert len(again.stats) == 3 and all(m["finished"] for m in again.stats)


def test_simulate_command(tmp_path):
    db = tmp_path / "t.db"
    runner = CliRunner()
    args = ["simulate", "--matches", "1", "--db", str(db), "--seed", "2", "--fighters", "hikaru,khadath,kallistar",
            "--duels", "1", "--bots", "greedy,random", "--jobs", "1"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "Tournament: battlecon woi, 3 fighters, 3 pairings × 1 = 3 matches, greedy vs random, seed 2" in result.stderr
    assert "BattleCON: fighters" in result.stdout and "BattleCON: matchups" in result.stdout
    assert f"recorded 3 matches into {db}" in result.stdout
    again = runner.invoke(main, args)
    assert f"recorded 0 matches (3 already stored) into {db}" in again.stdout
    with Store(db, create=False) as store:
        names = {r[0] for r in store.conn.execute("SELECT name FROM sqlite_master WHERE type = 'view'")}
        assert {"match_results", "player_results", "player_standings", "fighter_standings", "matchups"} <= names
        assert len(store.match_ids()) == 3


def test_simulate_command_errors(tmp_path):
    runner = CliRunner()
    base = ["simulate", "--db", str(tmp_path / "t.db")]
    for extra, message in [
        (["--bots", "clever"], "Error: unknown bot 'clever'; known bots: first, random, greedy"),
        (["--seed", "x"], "Error: --seed must be a whole number"),
        (["--game", "chess"], "Error: unknown game 'chess'"),
        (["--edition", "classic"], "Error: unknown BattleCON edition 'classic'"),
    ]:
        result = runner.invoke(main, base + extra)
        assert result.exit_code == 1, (extra, result.output)
        assert message in result.stderr and "Traceback" not in result.output
    assert not (tmp_path / "t.db").exists()  # options are checked before the store is created


# -- tournament options: the game's defaults, then --option ----------------------------------------

def test_the_game_decides_its_tournament_options():
    """WoI p.32 calls Special Actions standard for tournament play: a woi tournament turns them on."""
    assert dict(plan_tournament(game_name="battlecon", flags={"duels": ["1"]}).options) == {"special_actions": True, "duels": 1}
    assert dict(plan_tournament(game_name="battlecon", edition="preview").options) == {}
    off = plan_tournament(game_name="battlecon", options={"special_actions": False, "discards": "chosen"})
    assert dict(off.options) == {"special_actions": False, "discards": "chosen"}
    assert dict(plan_tournament(game_name="cogs", fighters="lions,herons").options) == {}
    with pytest.raises(UsageError, match=r"--duels 1 and --option duels=3 disagree"):
        plan_tournament(game_name="battlecon", flags={"duels": ["1"]}, options={"duels": 3})
    with pytest.raises(InvalidDecision, match="unknown BattleCON option 'tempo'"):
        plan_tournament(game_name="battlecon", options={"tempo": 2})


def test_simulate_plays_special_actions_and_stats_show_them(tmp_path):
    db = tmp_path / "t.db"
    result = CliRunner().invoke(main, ["simulate", "--matches", "2", "--db", str(db), "--seed", "5",
                                       "--fighters", "hikaru,cadenza", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert "options special_actions=true" in result.stderr
    with Store(db, readonly=True) as store:
        assert all(store.header(m).options["special_actions"] is True for m in store.match_ids())
    stats = CliRunner().invoke(main, ["stats", "--db", str(db), "--format", "json"])
    import json

    rows = json.loads(stats.stdout)["games"][0]["fighters"]
    assert sum(r["specials_used"] for r in rows) > 0
    assert sum(r["cards_played"].get("special", {}).get("Special Action", 0) for r in rows) > 0
    off = CliRunner().invoke(main, ["simulate", "--matches", "1", "--db", str(tmp_path / "off.db"), "--seed", "5",
                                    "--fighters", "hikaru,cadenza", "--option", "special_actions=false",
                                    "--jobs", "1"])
    assert off.exit_code == 0, off.output
    with Store(tmp_path / "off.db", readonly=True) as store:
        assert all(store.header(m).options["special_actions"] is False for m in store.match_ids())


def test_simulate_option_errors(tmp_path):
    for extra, message in [
        (["--option", "special_actions"], "Error: --option takes KEY=VALUE"),
        (["--option", "special_actions=maybe"], "Error: BattleCON option special_actions='maybe' is not allowed"),
        (["--duels", "1", "--option", "duels=3"], "Error: --duels 1 and --option duels=3 disagree"),
    ]:
        result = CliRunner().invoke(main, ["simulate", "--db", str(tmp_path / "t.db"), *extra])
        assert result.exit_code == 1 and result.stderr.startswith(message), (extra, result.stderr)
    assert not (tmp_path / "t.db").exists()


def test_demo_options_go_to_every_game_or_to_one():
    from beatlog.demo import split_options

    games = ["battlecon", "cogs"]
    assert split_options({"battlecon.special_actions": False, "x": 1}, games) == {
        "battlecon": {"special_actions": False, "x": 1}, "cogs": {"x": 1}}
    with pytest.raises(UsageError, match=r"--option chess.x: the demo plays battlecon and cogs, not 'chess'"):
        split_options({"chess.x": 1}, games)
    result = CliRunner().invoke(main, ["demo", "-o", "nowhere", "--option", "special_actions=false"])
    assert result.exit_code == 1 and "write GAME.KEY=VALUE to set it for one)" in result.stderr, result.stderr

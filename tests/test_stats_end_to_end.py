"""simulate -> verify every match -> stats, and the same numbers from raw events, files and SQL views."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter, defaultdict

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.jsonl import write_jsonl
from recorder.store import Store
from beatlog.tournament import plan_tournament, run_tournament
from replay.source import load_store
from replay.stats_sources import file_stats, store_stats
from replay.stats_summary import summarize
from replay.verify import verify_loaded


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("tournament") / "t.db"
    plan = plan_tournament(game_name="battlecon", fighters="hikaru,cadenza,kallistar,khadath", matches=2,
                           bots="random", seed=11)
    with Store(path) as store:
        report = run_tournament(plan, store)
    assert report.played == 12
    return path


@pytest.fixture(scope="module")
def matches(db):
    return store_stats(db)


def test_every_simulated_match_verifies(db):
    loaded = load_store(db, None)
    assert len(loaded) == 12
    for match in loaded:
        report = verify_loaded(match)
        assert report.ok and report.complete, report.summary()


def _by_hand(records):
    """A few figures straight from the raw records, without the stats code."""
    seats = defaultdict(Counter)
    beats = set()
    pairs: dict[int, tuple[str, str]] = {}  # seat -> (style, base) of this beat's pair
    for r in records:
        d = r.data
        if r.beat >= 1:
            beats.add((r.duel, r.beat))
        if r.type == "PairRevealed":
            pairs = dict(enumerate(zip(d["styles"], d["bases"])))
            for seat, pair in pairs.items():
                seats[seat][pair] += 1
        elif r.type == "ClashRevealed":  # the new base covers the old one: the pair played changes
            for seat, base in enumerate(d["bases"]):
                style, old = pairs[seat]
                seats[seat][(style, old)] -= 1
                seats[seat][(style, base)] += 1
                pairs[seat] = (style, base)
        elif r.type == "DamageDealt":
            seats[d["player"]]["damage_dealt"] += d["amount"]
            seats[d["target"]]["damage_taken"] += d["amount"]
        elif r.type == "HitScored":
            seats[d["player"]]["hits"] += 1
        elif r.type == "AttackMissed":  # an attack with range N/A (Dash) cannot hit: not a miss
            seats[d["player"]]["misses" if d["reason"] != "range N/A" else "cannot_hit"] += 1
        elif r.type == "StunApplied":
            seats[d["player"]]["stuns_suffered"] += 1
        elif r.type == "PriorityCompared" and d["active"] is not None:
            seats[d["active"]]["priority_won"] += 1
    assert records[-1].type == "MatchEnded"
    return seats, len(beats), records[-1].data["winner"]


def test_figures_recomputed_from_raw_events(db, matches):
    by_id = {m["match_id"]: m for m in matches}
    fighter_damage = Counter()
    with Store(db, create=False) as store:
        for match_id in store.match_ids():
            log = store.read(match_id)
            seats, beats, winner = _by_hand(log.records)
            m = by_id[match_id]
            assert m["beats"] == beats and m["winner"] == winner and m["finished"]
            for seat in m["seats"]:
                mine = seats[seat["seat"]]
                for key in ("damage_dealt", "damage_taken", "hits", "misses", "cannot_hit", "stuns_suffered",
                            "priority_won"):
                    assert seat["counts"][key] == mine[key], (match_id, seat["seat"], key)
                played = {f"{s} {b}".strip(): n for (s, b), n in
                          ((k, n) for k, n in mine.items() if isinstance(k, tuple) and n)}
                assert seat["tags"]["attack_pair"] == played, (match_id, seat["seat"])
                assert seat["outcome"] == ("win" if winner == seat["seat"] else "draw" if winner is None else "loss")
                fighter_damage[seat["side"]] += seats[seat["seat"]]["damage_dealt"]
    game = summarize(matches)["games"][0]
    assert {r["name"]: r["damage_dealt"] for r in game["fighters"]} == dict(fighter_damage)


def test_sql_views_agree_with_the_visitor(db, matches):
    game = summarize(matches)["games"][0]
    with Store(db, create=False) as store:
        conn = store.conn
        players = {row[0]: row[1:] for row in conn.execute(
            "SELECT player, matches, wins, losses, draws, unfinished, win_rate FROM player_standings")}
        sides = {row[0]: row[1:] for row in conn.execute(
            "SELECT side, matches, wins, losses, draws, unfinished, win_rate FROM fighter_standings")}
        matchups = {(row[0], row[1]): row[2:] for row in conn.execute(
            "SELECT side, opponent_side, matches, wins, losses, draws, unfinished, win_rate FROM matchups")}
        results = conn.execute("SELECT count(*), sum(result = 'won') + sum(result = 'drawn') FROM match_results").fetchone()
    keys = ("matches", "wins", "losses", "draws", "unfinished", "win_rate")
    assert players == {r["name"]: tuple(r[k] for k in keys) for r in game["players"]}
    assert sides == {r["name"]: tuple(r[k] for k in keys) for r in game["fighters"]}
    assert matchups == {
        (side, opp): tuple(cell[k] for k in keys)
        for side, row in game["matchups"]["cells"].items() for opp, cell in row.items()
    }
    assert results == (12, 12)


def test_battlecon_views_agree_with_the_visitor(db, matches):
    game = summarize(matches)["games"][0]
    pairs = Counter()
    for m in matches:
        for seat in m["seats"]:
            for label, n in seat["tags"]["attack_pair"].items():
                pairs[(seat["side"], label)] += n
    with Store(db, create=False) as store:
        damage = dict(store.conn.execute("SELECT side, sum(amount) FROM battlecon_damage GROUP BY side"))
        taken = dict(store.conn.execute("SELECT target_side, sum(amount) FROM battlecon_damage GROUP BY target_side"))
        played = {(side, f"{style} {base}"): n for side, style, base, n in store.conn.execute(
            "SELECT side, style, base, count(*) FROM battlecon_pairs GROUP BY side, style, base")}
    assert damage == {r["name"]: r["damage_dealt"] for r in game["fighters"]}
    assert taken == {r["name"]: r["damage_taken"] for r in game["fighters"]}
    assert played == dict(pairs)


def test_files_and_store_give_the_same_numbers(db, matches, tmp_path):
    paths = []
    with Store(db, create=False) as store:
        for match_id in store.match_ids():
            log = store.read(match_id)
            paths.append(tmp_path / f"{match_id}.jsonl")
            write_jsonl(paths[-1], log.header, log.records)
    assert summarize(file_stats(paths)) == summarize(matches)


def test_processes_give_the_same_numbers(db, matches):
    assert store_stats(db, jobs=2) == matches


def test_stats_command_formats(db, matches):
    runner = CliRunner()
    as_json = runner.invoke(main, ["stats", "--db", str(db), "--format", "json"])
    assert as_json.exit_code == 0, as_json.output
    assert json.loads(as_json.stdout) == json.loads(json.dumps(summarize(matches)))
    as_csv = runner.invoke(main, ["stats", "--db", str(db), "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(as_csv.stdout)))
    assert Counter(r["section"] for r in rows) == {"player": 2, "fighter": 4, "matchup": 12}
    hikaru = next(r for r in rows if r["section"] == "fighter" and r["name"] == "hikaru")
    row = next(r for r in summarize(matches)["games"][0]["fighters"] if r["name"] == "hikaru")
    assert int(hikaru["damage_dealt"]) == row["damage_dealt"] and float(hikaru["hit_rate"]) == row["hit_rate"]
    table = runner.invoke(main, ["stats", "--db", str(db), "--fighter", "hikaru"])
    assert table.exit_code == 0
    assert "BattleCON: matchups" in table.stdout
    # hikaru plays 6 of the 12 matches (3 opponents, 2 matches each)
    assert table.stdout.rstrip().endswith(f"6 of 12 matches from {db} have hikaru's seats (only those seats count)")
    everyone = runner.invoke(main, ["stats", "--db", str(db)], terminal_width=200)
    assert "BattleCON: players' most-played" in everyone.stdout
    assert "BattleCON: fighters' most-played" in everyone.stdout
    top = summarize(matches)["games"][0]["players"][0]["top_pairs"][0]
    section = everyone.stdout.split("BattleCON: players' most-played")[1].split("BattleCON: fighters'")[0]
    assert f"{top[0]} ×{top[1]}" in section  # each player's own most-played pairs
    assert everyone.stdout.rstrip().endswith(f"12 matches from {db}")


def test_stats_command_errors(db, tmp_path):
    runner = CliRunner()
    cases = [
        (["stats"], "Error: stats takes LOG.jsonl files or --db FILE (not both)"),
        (["stats", "--db", str(db), "--player", "nobody"], "Error: no player 'nobody' in these matches; players: random #1, random #2"),
        (["stats", "--db", str(db), "--match", "m-000000000000"], f"Error: {db}: no match 'm-000000000000'"),
        (["stats", "--db", str(tmp_path / "missing.db")], f"Error: {tmp_path / 'missing.db'}: no such database"),
        (["stats", "x.jsonl", "--match", "m-1"], "Error: --match only applies with --db"),
    ]
    for args, message in cases:
        result = runner.invoke(main, args)
        assert result.exit_code == 1, (args, result.output)
        assert message in result.stderr, (args, result.stderr)
        assert "Traceback" not in result.output

"""The SQL views of a store: present in every store beatlog writes, right for any number of seats, on every backend.

A 3-player Cogs of Valor match and BattleCON matches in one store: the views
must give exactly what ``beatlog stats`` gives (results per player and side,
the matchup matrix with every other seat as an opponent), on SQLite and, the
same store copied there, on PostgreSQL, where every view gives the same rows.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.jsonl import write_jsonl
from recorder.store import Store
from beatlog.tournament import plan_tournament, play_fixture, schedule
from recorder.views import VIEWS, all_views, stale_views
from replay.stats_sources import store_stats
from replay.stats_summary import summarize

ROOT = Path(__file__).resolve().parent.parent
COGS_3P = ROOT / "sample_logs" / "cogs" / "cog-match-3p.jsonl"
KEYS = ("matches", "wins", "losses", "draws", "unfinished", "win_rate")
PAIR_KEYS = ("matches", "wins", "losses", "draws", "unfinished", "neither_won", "win_rate")


@pytest.fixture(scope="module")
def mixed_sqlite(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("mixed")
    plan = plan_tournament(game_name="battlecon", fighters="hikaru,cadenza", matches=2, seed=4, flags={"duels": ["1"]})
    paths = []
    for fixture in schedule(plan):
        log = play_fixture(plan, fixture)
        paths.append(folder / f"{log.match_id}.jsonl")
        write_jsonl(paths[-1], log.header, log.records)
    db = folder / "mixed.db"
    result = CliRunner().invoke(main, ["import", str(COGS_3P), *map(str, paths), "--db", str(db)])
    assert result.exit_code == 0, result.output
    return db


@pytest.fixture(scope="module")
def mixed_pg(mixed_sqlite, pg_server) -> str:
    """The mixed store copied into a new PostgreSQL database (beatlog copy)."""
    from tests import pg_server as pg

    url = pg.new_database(pg_server)
    result = CliRunner().invoke(main, ["copy", "--db", str(mixed_sqlite), "--to", url])
    assert result.exit_code == 0, result.output
    return url


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def mixed(request, mixed_sqlite) -> str:
    """The mixed store on each backend."""
    return str(mixed_sqlite) if request.param == "sqlite" else request.getfixturevalue("mixed_pg")


def _rows(db: Path | str, sql: str) -> list[tuple]:
    with Store(db, readonly=True) as store:
        return store.query(sql)


@pytest.fixture(scope="module")
def every_game(tmp_path_factory, mixed_sqlite, pg_server) -> tuple[str, str]:
    """The mixed store plus a match of every other installed game, on SQLite and copied to PostgreSQL."""
    import shutil

    from recorder.game import GAMES
    from tests import pg_server as pg

    db = str(tmp_path_factory.mktemp("every") / "every.db")
    shutil.copy(mixed_sqlite, db)
    if "skirmish" in GAMES:
        result = CliRunner().invoke(main, ["record", "--game", "skirmish", "--sides", "vanguard,arcane", "--bots",
                                           "sensible,random", "--seed", "4", "--db", db])
        assert result.exit_code == 0, result.output
    url = pg.new_database(pg_server)
    result = CliRunner().invoke(main, ["copy", "--db", db, "--to", url])
    assert result.exit_code == 0, result.output
    return db, url


@pytest.mark.parametrize("view", sorted(all_views()))
def test_postgresql_views_give_the_same_rows(every_game, view):
    """Every view, column for column and row for row, in both dialects (numbers compared as numbers)."""
    lite_db, url = every_game
    assert set(all_views("postgresql")) == set(all_views())
    with Store(lite_db, readonly=True) as lite, Store(url, readonly=True) as pg_store:
        names = [d[0] for d in lite.conn.execute(f"SELECT * FROM {view} LIMIT 0").description]
        pg_names = [d.name for d in pg_store.conn.execute(f"SELECT * FROM {view} LIMIT 0").description]
        assert pg_names == names
        order = ", ".join(str(i + 1) for i in range(len(names)))
        a = lite.query(f"SELECT * FROM {view} ORDER BY {order}")
        b = pg_store.query(f"SELECT * FROM {view} ORDER BY {order}")
    assert len(a) > 0, f"{view}: the mixed store gives it no rows to compare"
    assert [tuple(_plain(v) for v in row) for row in a] == [tuple(_plain(v) for v in row) for row in b]


def _plain(value):
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def test_three_seats_every_other_seat_is_an_opponent(mixed):
    rows = _rows(mixed, "SELECT match_id, seat, player, opponent, outcome FROM player_results "
                        "WHERE game = 'cogs' ORDER BY seat")
    assert len(rows) == 3
    names = [r[2] for r in rows]
    assert [r[3] for r in rows] == [", ".join(n for n in names if n != name) for name in names]
    pairs = _rows(mixed, "SELECT seat, opponent_seat FROM player_opponents WHERE game = 'cogs' ORDER BY 1, 2")
    assert pairs == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]


def test_views_agree_with_stats_on_a_mixed_store(mixed):
    summary = summarize(store_stats(mixed))
    assert [g["game"] for g in summary["games"]] == ["battlecon", "cogs"]
    for game in summary["games"]:
        name = game["game"]
        players = {r[0]: r[1:] for r in _rows(mixed, f"SELECT player, {', '.join(KEYS)} FROM player_standings "
                                                     f"WHERE game = '{name}'")}
        sides = {r[0]: r[1:] for r in _rows(mixed, f"SELECT side, {', '.join(KEYS)} FROM fighter_standings "
                                                   f"WHERE game = '{name}'")}
        matchups = {(r[0], r[1]): r[2:] for r in _rows(
            mixed, f"SELECT side, opponent_side, {', '.join(PAIR_KEYS)} FROM matchups WHERE game = '{name}'")}
        assert players == {r["name"]: tuple(r[k] for k in KEYS) for r in game["players"]}, name
        assert sides == {r["name"]: tuple(r[k] for k in KEYS) for r in game["fighters"]}, name
        assert matchups == {(side, opp): tuple(cell[k] for k in PAIR_KEYS)
                            for side, row in game["matchups"]["cells"].items() for opp, cell in row.items()}, name


def test_two_losers_of_a_three_seat_match_met_without_a_result(mixed):
    """One seat won the 3-player sample: it beat both others, each lost to it, and the two losers
    neither won nor lost against each other (not a loss both ways)."""
    sides = [r[0] for r in _rows(mixed, "SELECT side FROM player_results WHERE game = 'cogs' ORDER BY seat")]
    ((won,),) = _rows(mixed, "SELECT winner FROM match_results WHERE game = 'cogs'")
    winner, losers = sides[won], [side for seat, side in enumerate(sides) if seat != won]
    cells = {(r[0], r[1]): r[2:] for r in _rows(
        mixed, f"SELECT side, opponent_side, {', '.join(PAIR_KEYS)} FROM matchups WHERE game = 'cogs'")}
    for loser in losers:
        assert cells[(winner, loser)] == (1, 1, 0, 0, 0, 0, 1.0)
        assert cells[(loser, winner)] == (1, 0, 1, 0, 0, 0, 0.0)
    a, b = losers
    assert cells[(a, b)] == cells[(b, a)] == (1, 0, 0, 0, 0, 1, None)
    against = _rows(mixed, "SELECT seat, opponent_seat, outcome, against FROM player_opponents "
                           "WHERE game = 'cogs' ORDER BY 1, 2")
    expected = [(seat, other, "win" if seat == won else "loss",
                 "win" if seat == won else "loss" if other == won else "neither")
                for seat in range(3) for other in range(3) if other != seat]
    assert against == expected


def test_every_way_of_writing_a_store_adds_the_views(tmp_path):  # SQLite; PostgreSQL: above
    record = tmp_path / "record.db"
    result = CliRunner().invoke(main, ["record", "--fighters", "hikaru,khadath", "--seed", "2", "--duels", "1",
                                       "--db", str(record)])
    assert result.exit_code == 0, result.output
    simulated = tmp_path / "simulate.db"
    result = CliRunner().invoke(main, ["simulate", "--fighters", "hikaru,khadath", "--seed", "2", "--duels", "1",
                                       "--db", str(simulated), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    for db in (record, simulated):
        names = {r[0] for r in _rows(db, "SELECT name FROM sqlite_master WHERE type = 'view'")}
        assert set(all_views()) <= names, db


def test_an_old_view_is_replaced_when_the_store_is_next_written(tmp_path):
    db = tmp_path / "old.db"
    Store(db).close()
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("DROP VIEW player_results")
    conn.execute("CREATE VIEW player_results AS SELECT 1 AS stale")  # an earlier beatlog's definition
    conn.execute("DROP VIEW matchups")
    assert set(stale_views(conn)) == {"player_results", "matchups"}
    conn.close()
    with Store(db, readonly=True):  # reading changes nothing
        pass
    conn = sqlite3.connect(db)
    assert set(stale_views(conn)) == {"player_results", "matchups"}
    conn.close()
    Store(db).close()  # a writer brings them up to date
    conn = sqlite3.connect(db)
    assert stale_views(conn) == []
    assert conn.execute("SELECT count(*) FROM matchups").fetchone() == (0,)
    conn.close()


def test_the_views_are_documented_in_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in all_views():
        assert f"`{name}`" in readme, name
    assert set(VIEWS) <= set(all_views())

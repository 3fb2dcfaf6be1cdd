"""SQL views over a store, so it answers the common questions in any SQLite client.

``sqlite-utils query club.db "select * from player_standings"`` or Datasette
show results without beatlog installed. The views read only the ``matches``
and ``events`` tables and are created with ``IF NOT EXISTS``, so adding them
to an existing store is harmless; they are not part of the append-only schema
(:mod:`recorder.store_schema`) and dropping them loses nothing.

Every store beatlog writes to has them: :class:`recorder.store.Store` creates
them, or replaces any whose definition changed, when it opens a store for
writing (``import``, ``record``, ``play``, ``simulate``, ``demo``, resuming).

A match's result is read from its last event: every game ends a finished match
with an event whose payload carries ``winner`` (a seat number, or null for a
draw) -- BattleCON's and Cogs of Valor's ``MatchEnded``. Seats are the
positions in the header's ``players`` array; a match may have more than two
(a 3-player Cogs of Valor match): every other seat is an opponent.

``match_results``
    one row per match: ``match_id, game, edition, created_at, finished,
    winner`` (seat or NULL), ``winner_name``, ``result`` (won, drawn,
    unfinished, or unknown when the last event names no winner), ``reason``,
    ``events``.
``player_results``
    one row per seat of every match: ``match_id, game, edition, created_at,
    seat, player, side, opponent, opponent_side, outcome`` (win, loss, draw,
    unfinished, unknown); ``opponent`` and ``opponent_side`` name every other
    seat, comma-separated in seat order.
``player_opponents``
    one row per seat and each other seat of the match: ``match_id, game,
    edition, created_at, seat, player, side, opponent_seat, opponent,
    opponent_side, outcome`` (the seat's, in the match), ``against`` (the
    seat's result against that opponent: win, loss, draw, unfinished, unknown,
    or neither when a third seat won the match and both lost to it).
``player_standings`` / ``fighter_standings``
    per game and player (side): ``matches, wins, losses, draws, unfinished,
    win_rate`` (wins / finished matches).
``matchups``
    per game, side and opponent side, from ``side``'s view over
    ``player_opponents.against``: ``matches, wins, losses, draws, unfinished,
    neither_won, win_rate``. A 3-player match counts once against each of the
    two others, as ``beatlog stats`` does: the winner's seat wins against both,
    each loser loses to the winner, and the two losers met without a result
    between them (``neither_won``; the win rate is wins over wins, losses and
    draws: the matches decided between the two).

Each game may add its own views: a ``VIEWS`` dict (name -> ``CREATE VIEW IF
NOT EXISTS`` statement) in its ``stat_events`` module, e.g. BattleCON's
``battlecon_damage`` and ``battlecon_pairs``.

A PostgreSQL store (:mod:`recorder.store_postgres`) has the same views with
the same columns in PostgreSQL's dialect: :data:`POSTGRES_VIEWS` here, and a
game's ``POSTGRES_VIEWS`` beside its ``VIEWS`` (``CREATE VIEW`` statements:
the store drops and recreates them whenever their text changes). The JSON
columns are text, read with ``::json``; seats are ``json_array_elements``'
ordinality minus one.
"""

from __future__ import annotations

import importlib
import sqlite3

from .game import GAMES

_COUNTS = """count(*) AS matches,
    sum(outcome = 'win') AS wins,
    sum(outcome = 'loss') AS losses,
    sum(outcome = 'draw') AS draws,
    sum(outcome = 'unfinished') AS unfinished,
    round(1.0 * sum(outcome = 'win') / nullif(sum(outcome IN ('win', 'loss', 'draw')), 0), 4) AS win_rate"""

# Between two seats (replay.stats_summary.pair_outcome): decided only when one of them won, or all drew.
_PAIR_COUNTS = """count(*) AS matches,
    sum(against = 'win') AS wins,
    sum(against = 'loss') AS losses,
    sum(against = 'draw') AS draws,
    sum(against = 'unfinished') AS unfinished,
    sum(against = 'neither') AS neither_won,
    round(1.0 * sum(against = 'win') / nullif(sum(against IN ('win', 'loss', 'draw')), 0), 4) AS win_rate"""

VIEWS: dict[str, str] = {
    "match_results": """CREATE VIEW IF NOT EXISTS match_results AS
SELECT m.match_id, m.game, m.edition, m.created_at, m.finished,
    CASE WHEN m.finished = 1 AND json_type(e.data, '$.winner') = 'integer'
         THEN json_extract(e.data, '$.winner') END AS winner,
    CASE WHEN m.finished = 1 AND json_type(e.data, '$.winner') = 'integer'
         THEN json_extract(m.players, '$[' || json_extract(e.data, '$.winner') || '].name') END AS winner_name,
    CASE WHEN m.finished = 0 THEN 'unfinished'
         WHEN json_type(e.data, '$.winner') = 'integer' THEN 'won'
         WHEN json_type(e.data, '$.winner') = 'null' THEN 'drawn'
         ELSE 'unknown' END AS result,
    CASE WHEN m.finished = 1 THEN json_extract(e.data, '$.reason') END AS reason,
    m.event_count AS events
FROM matches m
LEFT JOIN events e ON e.match_id = m.match_id AND e.seq = m.event_count""",
    "player_results": """CREATE VIEW IF NOT EXISTS player_results AS
SELECT r.match_id, r.game, r.edition, r.created_at,
    CAST(p.key AS INTEGER) AS seat,
    json_extract(p.value, '$.name') AS player,
    json_extract(p.value, '$.side') AS side,
    (SELECT group_concat(o.name, ', ') FROM (
        SELECT json_extract(x.value, '$.name') AS name FROM json_each(m.players) x
        WHERE x.key != p.key ORDER BY x.key) o) AS opponent,
    (SELECT group_concat(o.side, ', ') FROM (
        SELECT json_extract(x.value, '$.side') AS side FROM json_each(m.players) x
        WHERE x.key != p.key ORDER BY x.key) o) AS opponent_side,
    CASE r.result WHEN 'won' THEN (CASE WHEN r.winner = p.key THEN 'win' ELSE 'loss' END)
                  WHEN 'drawn' THEN 'draw'
                  ELSE r.result END AS outcome
FROM match_results r
JOIN matches m ON m.match_id = r.match_id, json_each(m.players) p""",
    "player_opponents": """CREATE VIEW IF NOT EXISTS player_opponents AS
SELECT r.match_id, r.game, r.edition, r.created_at, r.seat, r.player, r.side,
    CAST(o.key AS INTEGER) AS opponent_seat,
    json_extract(o.value, '$.name') AS opponent,
    json_extract(o.value, '$.side') AS opponent_side,
    r.outcome,
    CASE WHEN r.outcome != 'loss' THEN r.outcome
         WHEN w.winner = o.key THEN 'loss'
         ELSE 'neither' END AS against
FROM player_results r JOIN matches m ON m.match_id = r.match_id
JOIN match_results w ON w.match_id = r.match_id, json_each(m.players) o
WHERE o.key != r.seat""",
    "player_standings": f"""CREATE VIEW IF NOT EXISTS player_standings AS
SELECT game, player, {_COUNTS}
FROM player_results GROUP BY game, player""",
    "fighter_standings": f"""CREATE VIEW IF NOT EXISTS fighter_standings AS
SELECT game, side, {_COUNTS}
FROM player_results GROUP BY game, side""",
    "matchups": f"""CREATE VIEW IF NOT EXISTS matchups AS
SELECT game, side, opponent_side, {_PAIR_COUNTS}
FROM player_opponents GROUP BY game, side, opponent_side""",
}


# -- PostgreSQL ----------------------------------------------------------------------
# A payload's integer field as a bigint, NULL unless it is one (json_type(...) = 'integer' in SQLite).
def pg_int(json_expr: str) -> str:
    return f"CASE WHEN ({json_expr})::text ~ '^-?[0-9]+$' THEN ({json_expr})::text::bigint END"


def pg_player(players: str, seat_sql: str, field: str) -> str:
    """``players[seat].field`` of a header's players (JSON text) for a seat expression, as text."""
    return f"(({players})::json -> ({seat_sql})::int ->> '{field}')"


_PG_WINNER = pg_int("e.data::json -> 'winner'")
_PG_COUNTS = """count(*) AS matches,
    count(*) FILTER (WHERE outcome = 'win') AS wins,
    count(*) FILTER (WHERE outcome = 'loss') AS losses,
    count(*) FILTER (WHERE outcome = 'draw') AS draws,
    count(*) FILTER (WHERE outcome = 'unfinished') AS unfinished,
    round(1.0 * count(*) FILTER (WHERE outcome = 'win')
          / nullif(count(*) FILTER (WHERE outcome IN ('win', 'loss', 'draw')), 0), 4)::float8 AS win_rate"""
_PG_PAIR_COUNTS = """count(*) AS matches,
    count(*) FILTER (WHERE against = 'win') AS wins,
    count(*) FILTER (WHERE against = 'loss') AS losses,
    count(*) FILTER (WHERE against = 'draw') AS draws,
    count(*) FILTER (WHERE against = 'unfinished') AS unfinished,
    count(*) FILTER (WHERE against = 'neither') AS neither_won,
    round(1.0 * count(*) FILTER (WHERE against = 'win')
          / nullif(count(*) FILTER (WHERE against IN ('win', 'loss', 'draw')), 0), 4)::float8 AS win_rate"""


def _pg_others(field: str) -> str:
    return (f"(SELECT string_agg(x.value ->> '{field}', ', ' ORDER BY x.ordinality) "
            "FROM json_array_elements(m.players::json) WITH ORDINALITY AS x(value, ordinality) "
            "WHERE x.ordinality != p.ordinality)")


POSTGRES_VIEWS: dict[str, str] = {
    "match_results": f"""CREATE VIEW match_results AS
SELECT m.match_id, m.game, m.edition, m.created_at, m.finished,
    CASE WHEN m.finished = 1 THEN {_PG_WINNER} END AS winner,
    CASE WHEN m.finished = 1 THEN {pg_player("m.players", _PG_WINNER, "name")} END AS winner_name,
    CASE WHEN m.finished = 0 THEN 'unfinished'
         WHEN {_PG_WINNER} IS NOT NULL THEN 'won'
         WHEN json_typeof(e.data::json -> 'winner') = 'null' THEN 'drawn'
         ELSE 'unknown' END AS result,
    CASE WHEN m.finished = 1 THEN e.data::json ->> 'reason' END AS reason,
    m.event_count AS events
FROM matches m
LEFT JOIN events e ON e.match_id = m.match_id AND e.seq = m.event_count""",
    "player_results": f"""CREATE VIEW player_results AS
SELECT r.match_id, r.game, r.edition, r.created_at,
    p.ordinality - 1 AS seat,
    p.value ->> 'name' AS player,
    p.value ->> 'side' AS side,
    {_pg_others("name")} AS opponent,
    {_pg_others("side")} AS opponent_side,
    CASE r.result WHEN 'won' THEN (CASE WHEN r.winner = p.ordinality - 1 THEN 'win' ELSE 'loss' END)
                  WHEN 'drawn' THEN 'draw'
                  ELSE r.result END AS outcome
FROM match_results r
JOIN matches m ON m.match_id = r.match_id
CROSS JOIN LATERAL json_array_elements(m.players::json) WITH ORDINALITY AS p(value, ordinality)""",
    "player_opponents": """CREATE VIEW player_opponents AS
SELECT r.match_id, r.game, r.edition, r.created_at, r.seat, r.player, r.side,
    o.ordinality - 1 AS opponent_seat,
    o.value ->> 'name' AS opponent,
    o.value ->> 'side' AS opponent_side,
    r.outcome,
    CASE WHEN r.outcome != 'loss' THEN r.outcome
         WHEN w.winner = o.ordinality - 1 THEN 'loss'
         ELSE 'neither' END AS against
FROM player_results r JOIN matches m ON m.match_id = r.match_id
JOIN match_results w ON w.match_id = r.match_id
CROSS JOIN LATERAL json_array_elements(m.players::json) WITH ORDINALITY AS o(value, ordinality)
WHERE o.ordinality - 1 != r.seat""",
    "player_standings": f"""CREATE VIEW player_standings AS
SELECT game, player, {_PG_COUNTS}
FROM player_results GROUP BY game, player""",
    "fighter_standings": f"""CREATE VIEW fighter_standings AS
SELECT game, side, {_PG_COUNTS}
FROM player_results GROUP BY game, side""",
    "matchups": f"""CREATE VIEW matchups AS
SELECT game, side, opponent_side, {_PG_PAIR_COUNTS}
FROM player_opponents GROUP BY game, side, opponent_side""",
}

DIALECT_VIEWS = {"sqlite": ("VIEWS", VIEWS), "postgresql": ("POSTGRES_VIEWS", POSTGRES_VIEWS)}


def game_views(dialect: str = "sqlite") -> dict[str, str]:
    """The views every installed game declares in its ``stat_events`` module (``VIEWS`` or ``POSTGRES_VIEWS``)."""
    attribute = DIALECT_VIEWS[dialect][0]
    out: dict[str, str] = {}
    for name in sorted(GAMES):
        module_name = f"{GAMES[name].partition(':')[0]}.stat_events"
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name is not None and module_name.startswith(exc.name):
                continue  # this game declares no statistics
            raise
        out.update(getattr(module, attribute, {}))
    return out


def all_views(dialect: str = "sqlite") -> dict[str, str]:
    """Every view a store should have: the game-agnostic ones, then each installed game's."""
    return {**DIALECT_VIEWS[dialect][1], **game_views(dialect)}


def all_view_names() -> set[str]:
    """Every view name beatlog has in any dialect (a store may drop and recreate these)."""
    return {name for dialect in DIALECT_VIEWS for name in all_views(dialect)}


def _stored_form(ddl: str) -> str:
    """A view's DDL as SQLite keeps it in sqlite_master (no IF NOT EXISTS), whitespace collapsed."""
    return " ".join(ddl.replace("CREATE VIEW IF NOT EXISTS", "CREATE VIEW", 1).split())


def stale_views(conn: sqlite3.Connection) -> list[str]:
    """The views that are missing from the store on ``conn``, or defined differently."""
    stored = dict(conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'view'"))
    return [name for name, ddl in all_views().items()
            if name not in stored or " ".join((stored[name] or "").split()) != _stored_form(ddl)]


def write_views(conn: sqlite3.Connection) -> None:
    """Create the missing views and replace the stale ones (call inside a write transaction).

    Views hold no data, so replacing one loses nothing; a view that depends on
    a replaced one is replaced too (SQLite resolves views by name when queried).
    """
    for name in stale_views(conn):
        conn.execute(f'DROP VIEW IF EXISTS "{name}"')
        conn.execute(all_views()[name])


def create_views(conn: sqlite3.Connection) -> None:
    """Add or refresh the views of the store open on ``conn``, in one transaction.

    :class:`recorder.store.Store` does this itself whenever it opens a store
    for writing; this is for a connection opened some other way.
    """
    own = not conn.in_transaction
    if own:
        conn.execute("BEGIN IMMEDIATE")
    try:
        write_views(conn)
    except BaseException:
        if own:
            conn.execute("ROLLBACK")
        raise
    if own:
        conn.execute("COMMIT")

"""SQL views over a store, so it answers the common questions in any SQLite client.

``sqlite-utils query club.db "select * from player_standings"`` or Datasette
show results without beatlog installed. The views read only the ``matches``
and ``events`` tables and are created with ``IF NOT EXISTS``, so adding them
to an existing store is harmless; they are not part of the append-only schema
(:mod:`recorder.store_schema`) and dropping them loses nothing.

A match's result is read from its last event: every game ends a finished match
with an event whose payload carries ``winner`` (a seat number, or null for a
draw) -- BattleCON's and Cogs of Valor's ``MatchEnded``. Seats are the
positions in the header's ``players`` array; "opponent" assumes two seats.

``match_results``
    one row per match: ``match_id, game, edition, created_at, finished,
    winner`` (seat or NULL), ``winner_name``, ``result`` (won, drawn,
    unfinished, or unknown when the last event names no winner), ``reason``,
    ``events``.
``player_results``
    one row per seat of every match: ``match_id, game, edition, created_at,
    seat, player, side, opponent, opponent_side, outcome`` (win, loss, draw,
    unfinished, unknown).
``player_standings`` / ``fighter_standings``
    per game and player (side): ``matches, wins, losses, draws, unfinished,
    win_rate`` (wins / finished matches).
``matchups``
    per game, side and opponent side: the same counts, from ``side``'s view.

Each game may add its own views: a ``VIEWS`` dict (name -> ``CREATE VIEW IF
NOT EXISTS`` statement) in its ``stat_events`` module, e.g. BattleCON's
``battlecon_damage`` and ``battlecon_pairs``.
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
    json_extract(m.players, '$[' || (1 - p.key) || '].name') AS opponent,
    json_extract(m.players, '$[' || (1 - p.key) || '].side') AS opponent_side,
    CASE r.result WHEN 'won' THEN (CASE WHEN r.winner = p.key THEN 'win' ELSE 'loss' END)
                  WHEN 'drawn' THEN 'draw'
                  ELSE r.result END AS outcome
FROM match_results r
JOIN matches m ON m.match_id = r.match_id, json_each(m.players) p""",
    "player_standings": f"""CREATE VIEW IF NOT EXISTS player_standings AS
SELECT game, player, {_COUNTS}
FROM player_results GROUP BY game, player""",
    "fighter_standings": f"""CREATE VIEW IF NOT EXISTS fighter_standings AS
SELECT game, side, {_COUNTS}
FROM player_results GROUP BY game, side""",
    "matchups": f"""CREATE VIEW IF NOT EXISTS matchups AS
SELECT game, side, opponent_side, {_COUNTS}
FROM player_results GROUP BY game, side, opponent_side""",
}


def game_views() -> dict[str, str]:
    """The views every installed game declares in its ``stat_events`` module."""
    out: dict[str, str] = {}
    for name in sorted(GAMES):
        module_name = f"{GAMES[name].partition(':')[0]}.stat_events"
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name is not None and module_name.startswith(exc.name):
                continue  # this game declares no statistics
            raise
        out.update(getattr(module, "VIEWS", {}))
    return out


def create_views(conn: sqlite3.Connection) -> None:
    """Add the views (if missing) to the store open on ``conn``, in one transaction."""
    own = not conn.in_transaction
    if own:
        conn.execute("BEGIN IMMEDIATE")
    try:
        for ddl in (*VIEWS.values(), *game_views().values()):
            conn.execute(ddl)
    except BaseException:
        if own:
            conn.execute("ROLLBACK")
        raise
    if own:
        conn.execute("COMMIT")

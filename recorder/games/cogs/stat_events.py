"""Cogs of Valor's statistics: which events count towards which figure.

:mod:`replay.stats` knows no game; it asks this hook (``STATS``) for tallies
``(seat, counter, value)``. Cogs events name crewmembers and cogs by id, not
by the seat they belong to ("crewmember 12 is killed"), so the hook reads the
state *before* each record (``reads_state``): whose crewmember, whose cog,
who struck it down. Nothing here changes the state.

Seats are the players in the header's order; a 3-player (cog-matching) match
tallies every seat the same way.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from ...views import pg_int, pg_player
from .state import CogsState

Tally = tuple[int, str, Any]

COUNTERS: dict[str, str] = {
    "points": "count",  # ScoreAwarded
    "crew_lost": "count",  # own crew killed or taken captive, reserves in a sunk hold too (a captive lost later
    # is not lost twice)
    "crew_killed": "count",  # opposing crew this player killed (struck down, or drowned -- on deck or in the
    # hold -- when it sank their cog)
    "crew_captured": "count",  # opposing crew this player took captive
    "hull_dealt": "count",  # hull damage caused (ram, artillery, fire it set) to other players' cogs
    "hull_taken": "count",  # hull damage to own cogs, from anything (fire included)
    "ranged_attacks": "count",
    "ranged_hits": "count",
    "close_attacks": "count",
    "close_hits": "count",
    "artillery_shots": "count",  # firepots and ballistae
    "artillery_hits": "count",  # a firepot's critical (a 20) burns the thrower: not a hit
    "cogs_sunk": "count",  # other players' cogs that sank after this player damaged them last
    "cogs_captured": "count",
    "cogs_lost": "count",  # own cogs sunk or captured
    "islands_searched": "count",
    "treasure": "count",  # treasure rolls (3d6) won by a successful search
    "score_reason": "tag",  # what the points were for
}
# Attacks and hits per weapon: "longbow_attacks", "longbow_hits", ... (firepot and ballista: shots).
WEAPONS = ("longbow", "crossbow", "quickshot", "sword", "mace", "unarmed", "firepot", "ballista")
WEAPON_LABELS = {"longbow": "Longbow", "crossbow": "Crossbow", "quickshot": "Quick shot", "sword": "Sword",
                 "mace": "Mace", "unarmed": "Bare hands", "firepot": "Firepot", "ballista": "Ballista"}
for _w in WEAPONS:
    COUNTERS[f"{_w}_attacks"] = "count"
    COUNTERS[f"{_w}_hits"] = "count"

FIGURES: tuple[dict[str, Any], ...] = (
    {"key": "points", "label": "Points", "count": "points", "format": "int"},
    {"key": "points_per_turn", "label": "Pts/turn", "per_beat": "points", "format": "number"},
    {"key": "crew_lost", "label": "Crew lost", "count": "crew_lost", "format": "int"},
    {"key": "crew_killed", "label": "Killed", "count": "crew_killed", "format": "int"},
    {"key": "crew_captured", "label": "Captured", "count": "crew_captured", "format": "int"},
    {"key": "hull_dealt", "label": "Hull dealt", "count": "hull_dealt", "format": "int"},
    {"key": "hull_taken", "label": "Hull taken", "count": "hull_taken", "format": "int"},
    {"key": "ranged_hit_rate", "label": "Ranged %", "ratio": ["ranged_hits", ["ranged_attacks"]], "format": "percent"},
    {"key": "close_hit_rate", "label": "Close %", "ratio": ["close_hits", ["close_attacks"]], "format": "percent"},
    {"key": "artillery_hit_rate", "label": "Artillery %", "ratio": ["artillery_hits", ["artillery_shots"]],
     "format": "percent"},
    *({"key": f"{w}_hit_rate", "label": f"{WEAPON_LABELS[w]} %", "ratio": [f"{w}_hits", [f"{w}_attacks"]],
       "format": "percent"} for w in WEAPONS),
    {"key": "cogs_sunk", "label": "Sunk", "count": "cogs_sunk", "format": "int"},
    {"key": "cogs_captured", "label": "Cogs taken", "count": "cogs_captured", "format": "int"},
    {"key": "cogs_lost", "label": "Cogs lost", "count": "cogs_lost", "format": "int"},
    {"key": "treasure", "label": "Treasure", "count": "treasure", "format": "int"},
    {"key": "top_score_reasons", "label": "Points mostly for", "top": "score_reason", "limit": 3, "format": "top"},
)

# ScoreAwarded reasons name cogs and islands ("sank Heron"); the tag keeps the kind only.
_REASON_PREFIXES = (
    ("boarded ", "boarding"),
    ("opposing crewmember eliminated", "crew eliminated"),
    ("eliminated all crew of ", "cog cleared"),
    ("captured ", "cog captured"),
    ("first search of island", "first island search"),
    ("sank ", "cog sunk"),
)


def score_kind(reason: str) -> str:
    for prefix, kind in _REASON_PREFIXES:
        if reason.startswith(prefix):
            return kind
    return "treasure"


def _score(s: CogsState, d: dict[str, Any], actor: Any) -> Iterable[Tally]:
    return ((d["player"], "points", d["points"]), (d["player"], "score_reason", score_kind(d["reason"])))


def _attack(s: CogsState, d: dict[str, Any], actor: Any) -> Iterable[Tally]:
    seat = s.crew[d["attacker"]].owner
    kind = "ranged" if d["mode"] == "ranged" else "close"
    yield seat, f"{kind}_attacks", 1
    yield seat, f"{d['weapon']}_attacks", 1
    if d["hit"]:
        yield seat, f"{kind}_hits", 1
        yield seat, f"{d['weapon']}_hits", 1


def _artillery(s: CogsState, d: dict[str, Any], actor: Any) -> Iterable[Tally]:
    seat = s.crew[d["crew"]].owner if d["crew"] is not None else s.cogs[d["cog"]].owner
    yield seat, "artillery_shots", 1
    yield seat, f"{d['weapon']}_attacks", 1
    if d["outcome"] == "hit":
        yield seat, "artillery_hits", 1
        yield seat, f"{d['weapon']}_hits", 1


def _hull(s: CogsState, d: dict[str, Any], actor: Any) -> Iterable[Tally]:
    owner = s.cogs[d["cog"]].owner
    yield owner, "hull_taken", d["amount"]
    if d["by"] is not None and d["by"] != owner:
        yield d["by"], "hull_dealt", d["amount"]


def _fire(s: CogsState, d: dict[str, Any], actor: Any) -> Iterable[Tally]:
    """Fire damage is taken by the cog's side and dealt by whoever set the fire (FireSpread.by)."""
    owner = s.cogs[d["cog"]].owner
    yield owner, "hull_taken", d["damage"]
    if d["by"] is not None and d["by"] != owner:
        yield d["by"], "hull_dealt", d["damage"]


def _killed(s: CogsState, d: dict[str, Any], actor: Any) -> Iterable[Tally]:
    """A crewmember removed: lost to its side, killed by whoever struck it or, going down with its
    cog ("sinking", or "hold lost" for reserves in the hold), by the cog's last damager -- the side the
    score credits with the elimination (p.9 H)."""
    crew = s.crew[d["crew"]]
    if crew.captive_of is not None:
        return  # a captive lost with the hold holding it: already counted when it was taken captive
    yield crew.owner, "crew_lost", 1
    by = crew.fate_by if d["reason"] == "struck" else s.cogs[crew.cog].last_damager
    if by is not None and by != crew.owner:
        yield by, "crew_killed", 1


def _captured(s: CogsState, d: dict[str, Any], actor: Any) -> Iterable[Tally]:
    crew = s.crew[d["crew"]]
    if crew.captive_of is None:
        yield crew.owner, "crew_lost", 1
    if d["by"] != crew.owner:
        yield d["by"], "crew_captured", 1


def _sank(s: CogsState, d: dict[str, Any], actor: Any) -> Iterable[Tally]:
    owner = s.cogs[d["cog"]].owner
    yield owner, "cogs_lost", 1
    if d["by"] is not None and d["by"] != owner:
        yield d["by"], "cogs_sunk", 1


def _cog_captured(s: CogsState, d: dict[str, Any], actor: Any) -> Iterable[Tally]:
    return ((d["by"], "cogs_captured", 1), (d["previous"], "cogs_lost", 1))


TALLIES: dict[str, Callable[[CogsState, dict[str, Any], Any], Iterable[Tally]]] = {
    "ScoreAwarded": _score,
    "AttackRolled": _attack,
    "ArtilleryShot": _artillery,
    "HullDamaged": _hull,
    "FireSpread": _fire,
    "CrewKilled": _killed,
    "CrewCaptured": _captured,
    "CogSank": _sank,
    "CogCaptured": _cog_captured,
    "IslandSearched": lambda s, d, a: ((s.cogs[d["cog"]].owner, "islands_searched", 1),),
    "TreasureFound": lambda s, d, a: ((s.cogs[d["cog"]].owner, "treasure", 1),),
}


class CogsStats:
    """The stat hook :mod:`replay.stats` looks for; ``tally`` gets the state before the record."""

    counters = COUNTERS
    figures = FIGURES
    reads_state = True

    def tally(self, record: Any, state: CogsState) -> Iterable[Tally]:
        fn = TALLIES.get(record.type)
        return () if fn is None else list(fn(state, record.data, record.actor))


STATS = CogsStats()


def _seat_columns(seat_sql: str, prefix: str = "") -> str:
    return (f"{seat_sql} AS {prefix}seat, "
            f"json_extract(m.players, '$[' || {seat_sql} || '].name') AS {prefix}player, "
            f"json_extract(m.players, '$[' || {seat_sql} || '].side') AS {prefix}side")


# SQL views over a store's events (added by recorder.views.create_views), so a
# SQLite client answers Cogs questions directly: every point scored and why, and
# every attack roll -- crew attacks and artillery shots -- with its target number.
VIEWS: dict[str, str] = {
    "cogs_scores": f"""CREATE VIEW IF NOT EXISTS cogs_scores AS
SELECT e.match_id, e.beat AS turn, e.seq,
    {_seat_columns("json_extract(e.data, '$.player')")},
    json_extract(e.data, '$.points') AS points, json_extract(e.data, '$.reason') AS reason,
    json_extract(e.data, '$.total') AS total
FROM events e JOIN matches m ON m.match_id = e.match_id
WHERE e.type = 'ScoreAwarded' AND m.game = 'cogs'""",
    "cogs_attacks": """CREATE VIEW IF NOT EXISTS cogs_attacks AS
SELECT e.match_id, e.beat AS turn, e.seq, e.actor AS seat,
    json_extract(m.players, '$[' || e.actor || '].name') AS player,
    json_extract(e.data, '$.mode') AS mode, json_extract(e.data, '$.weapon') AS weapon,
    json_extract(e.data, '$.roll') AS roll, json_extract(e.data, '$.target_number') AS target_number,
    json_extract(e.data, '$.hit') AS hit
FROM events e JOIN matches m ON m.match_id = e.match_id
WHERE e.type = 'AttackRolled' AND m.game = 'cogs'
UNION ALL
SELECT e.match_id, e.beat AS turn, e.seq, e.actor AS seat,
    json_extract(m.players, '$[' || e.actor || '].name') AS player,
    'artillery' AS mode, json_extract(e.data, '$.weapon') AS weapon,
    json_extract(e.data, '$.roll') AS roll, json_extract(e.data, '$.target_number') AS target_number,
    json_extract(e.data, '$.outcome') = 'hit' AS hit
FROM events e JOIN matches m ON m.match_id = e.match_id
WHERE e.type = 'ArtilleryShot' AND m.game = 'cogs'""",
}


# The same views in PostgreSQL's dialect (recorder.store_postgres), column for column.
def _pg_seat_columns(seat_sql: str, prefix: str = "") -> str:
    return (f"{seat_sql} AS {prefix}seat, {pg_player('m.players', seat_sql, 'name')} AS {prefix}player, "
            f"{pg_player('m.players', seat_sql, 'side')} AS {prefix}side")


def _pg_field(name: str) -> str:
    return f"(e.data::json ->> '{name}')"


POSTGRES_VIEWS: dict[str, str] = {
    "cogs_scores": f"""CREATE VIEW cogs_scores AS
SELECT e.match_id, e.beat AS turn, e.seq,
    {_pg_seat_columns(pg_int("e.data::json -> 'player'"))},
    {pg_int("e.data::json -> 'points'")} AS points, {_pg_field("reason")} AS reason,
    {pg_int("e.data::json -> 'total'")} AS total
FROM events e JOIN matches m ON m.match_id = e.match_id
WHERE e.type = 'ScoreAwarded' AND m.game = 'cogs'""",
    "cogs_attacks": f"""CREATE VIEW cogs_attacks AS
SELECT e.match_id, e.beat AS turn, e.seq, e.actor AS seat,
    {pg_player('m.players', 'e.actor', 'name')} AS player,
    {_pg_field("mode")} AS mode, {_pg_field("weapon")} AS weapon,
    {pg_int("e.data::json -> 'roll'")} AS roll, {pg_int("e.data::json -> 'target_number'")} AS target_number,
    {_pg_field("hit")}::boolean AS hit
FROM events e JOIN matches m ON m.match_id = e.match_id
WHERE e.type = 'AttackRolled' AND m.game = 'cogs'
UNION ALL
SELECT e.match_id, e.beat AS turn, e.seq, e.actor AS seat,
    {pg_player('m.players', 'e.actor', 'name')} AS player,
    'artillery' AS mode, {_pg_field("weapon")} AS weapon,
    {pg_int("e.data::json -> 'roll'")} AS roll, {pg_int("e.data::json -> 'target_number'")} AS target_number,
    {_pg_field("outcome")} = 'hit' AS hit
FROM events e JOIN matches m ON m.match_id = e.match_id
WHERE e.type = 'ArtilleryShot' AND m.game = 'cogs'""",
}

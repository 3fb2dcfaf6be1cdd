"""BattleCON's statistics: which events count towards which figure.

:mod:`replay.stats` knows no game. It walks a log and, for every record, asks
the game's stat hook (``STATS`` here) for *tallies*: ``(seat, counter, value)``
triples. This module declares the counters, the figures derived from them
(column order and labels for tables and the viewer) and the event-to-tally
mapping. Everything is read from event payloads, which carry their own
arithmetic, so a tally never needs the state.

Counter kinds:

``count``
    summed (damage dealt, hits, stuns...).
``sample``
    averaged: the value is one observation (the distance at the end of a beat).
``tag``
    counted by label: the most frequent labels are reported (attack pairs).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator

Tally = tuple[int, str, Any]

COUNTERS: dict[str, str] = {
    "duels_won": "count",
    "duels_lost": "count",
    "duels_drawn": "count",
    "damage_dealt": "count",
    "damage_taken": "count",
    "life_lost": "count",  # life loss that is not damage (no soak, never stuns)
    "hits": "count",
    "misses": "count",
    "stuns_inflicted": "count",
    "stuns_suffered": "count",
    "priority_won": "count",  # beats in which this fighter was the active player
    "priority_decided": "count",  # beats in which priority picked an active player
    "clashes": "count",
    "specials_used": "count",  # Special Actions revealed (option special_actions)
    "finishers_used": "count",  # Finishers that replaced the attack pair (by Special Action or anted)
    "distance": "sample",  # the distance between the fighters at the end of each beat
    "attack_pair": "tag",  # "Style Base" as revealed
}

# Derived figures, in display order. Operations (see replay.stats.derive):
# per_beat: counter / beats played; ratio: num / sum(den); mean: of a sample;
# top: the most frequent labels of a tag, with their counts.
FIGURES: tuple[dict[str, Any], ...] = (
    {"key": "damage_dealt_per_beat", "label": "Dmg/beat", "per_beat": "damage_dealt", "format": "number"},
    {"key": "damage_taken_per_beat", "label": "Taken/beat", "per_beat": "damage_taken", "format": "number"},
    {"key": "hit_rate", "label": "Hit %", "ratio": ["hits", ["hits", "misses"]], "format": "percent"},
    {"key": "stuns_inflicted", "label": "Stuns", "count": "stuns_inflicted", "format": "int"},
    {"key": "stuns_suffered", "label": "Stunned", "count": "stuns_suffered", "format": "int"},
    {"key": "priority_won_rate", "label": "Prio %", "ratio": ["priority_won", ["priority_decided"]],
     "format": "percent"},
    {"key": "clashes", "label": "Clashes", "count": "clashes", "format": "int"},
    {"key": "specials_used", "label": "Specials", "count": "specials_used", "format": "int"},
    {"key": "finishers_used", "label": "Finishers", "count": "finishers_used", "format": "int"},
    {"key": "mean_distance", "label": "Dist.", "mean": "distance", "format": "number"},
    {"key": "top_pairs", "label": "Most-played attack pairs", "top": "attack_pair", "limit": 3, "format": "top"},
)


def _both(counter: str, value: int = 1) -> Iterator[Tally]:
    yield 0, counter, value
    yield 1, counter, value


def _duel_ended(d: dict[str, Any]) -> Iterable[Tally]:
    winner = d["winner"]
    if winner is None:
        return _both("duels_drawn")
    return ((winner, "duels_won", 1), (1 - winner, "duels_lost", 1))


def _damage(d: dict[str, Any]) -> Iterable[Tally]:
    return ((d["player"], "damage_dealt", d["amount"]), (d["target"], "damage_taken", d["amount"]))


def _stun(d: dict[str, Any]) -> Iterable[Tally]:
    return ((d["player"], "stuns_suffered", 1), (1 - d["player"], "stuns_inflicted", 1))


def _priority(d: dict[str, Any]) -> Iterable[Tally]:
    active = d["active"]
    if active is None:  # a tie: the clash that follows decides
        return ()
    return ((active, "priority_won", 1), *_both("priority_decided"))


def _revealed(d: dict[str, Any]) -> Iterable[Tally]:
    # An anted Finisher shows in the style slot with no base.
    return ((p, "attack_pair", f"{style} {base}".strip()) for p, (style, base) in enumerate(zip(d["styles"], d["bases"])))


def _beat_ended(d: dict[str, Any]) -> Iterable[Tally]:
    a, b = d["positions"]
    return _both("distance", abs(a - b))


TALLIES: dict[str, Callable[[dict[str, Any]], Iterable[Tally]]] = {
    "DuelEnded": _duel_ended,
    "DamageDealt": _damage,
    "LifeLost": lambda d: ((d["player"], "life_lost", d["lost"]),),
    "HitScored": lambda d: ((d["player"], "hits", 1),),
    "AttackMissed": lambda d: ((d["player"], "misses", 1),),
    "StunApplied": _stun,
    "PriorityCompared": _priority,
    "ClashOccurred": lambda d: _both("clashes"),
    "PairRevealed": _revealed,
    "BeatEnded": _beat_ended,
    "SpecialActionRevealed": lambda d: ((d["player"], "specials_used", 1),),
    "FinisherRevealed": lambda d: ((d["player"], "finishers_used", 1),),
}


class BattleconStats:
    """The stat hook :mod:`replay.stats` looks for (``counters``, ``figures``, ``tally``)."""

    counters = COUNTERS
    figures = FIGURES

    def tally(self, record: Any) -> Iterable[Tally]:
        fn = TALLIES.get(record.type)
        return () if fn is None else fn(record.data)


STATS = BattleconStats()


def _seat_columns(seat_sql: str, prefix: str = "") -> str:
    """SQL columns naming the player and side of the seat number ``seat_sql``."""
    return (f"{seat_sql} AS {prefix}seat, "
            f"json_extract(m.players, '$[' || {seat_sql} || '].name') AS {prefix}player, "
            f"json_extract(m.players, '$[' || {seat_sql} || '].side') AS {prefix}side")


# SQL views over a store's events, added by recorder.views.create_views next to the
# game-agnostic ones, so that Datasette or sqlite-utils answer BattleCON questions directly.
VIEWS: dict[str, str] = {
    "battlecon_damage": f"""CREATE VIEW IF NOT EXISTS battlecon_damage AS
SELECT e.match_id, e.duel, e.beat, e.seq,
    {_seat_columns("json_extract(e.data, '$.player')")},
    {_seat_columns("json_extract(e.data, '$.target')", "target_")},
    json_extract(e.data, '$.power') AS power, json_extract(e.data, '$.soak') AS soak,
    json_extract(e.data, '$.amount') AS amount, json_extract(e.data, '$.life_after') AS life_after
FROM events e JOIN matches m ON m.match_id = e.match_id
WHERE e.type = 'DamageDealt' AND m.game = 'battlecon'""",
    "battlecon_pairs": f"""CREATE VIEW IF NOT EXISTS battlecon_pairs AS
SELECT e.match_id, e.duel, e.beat, e.seq,
    {_seat_columns("CAST(s.key AS INTEGER)")},
    s.value AS style, json_extract(e.data, '$.bases[' || s.key || ']') AS base
FROM events e JOIN matches m ON m.match_id = e.match_id, json_each(e.data, '$.styles') s
WHERE e.type = 'PairRevealed' AND m.game = 'battlecon'""",
}

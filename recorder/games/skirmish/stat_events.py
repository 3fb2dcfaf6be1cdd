"""Grid skirmish statistics: which events count towards which figure (the ``STATS`` hook of replay/stats.py).

Seats are the players; events name characters, so the hook reads the state *before* each record
(``reads_state``) to find whose character it is. Per character, damage and kills are tags keyed by the
character's name. Dice are counted per die with the rulebook's odds beside them: an attack die hits on
6-9 (40%) and is critical on a 10 (10%); a defense die blocks on 6-10 (50%).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from ...views import pg_int
from .state import SkirmishState

Tally = tuple[int, str, Any]

COUNTERS: dict[str, str] = {
    "damage_dealt": "count",  # HP enemies lost to this player's characters (hits, criticals, bleed, burn, knockback)
    "damage_taken": "count",  # HP this player's characters lost, from anything
    "kills": "count", "deaths": "count",
    "attacks": "count",  # attacks declared (weapon, fist, skill or item dice)
    "attack_dice": "count", "attack_hits": "count", "attack_criticals": "count",
    "defense_dice": "count", "defense_blocks": "count",  # every defense die: attacks, bleed, burn, knockback, cures
    "hits_through": "count", "criticals_through": "count",
    "skills_used": "count", "items_used": "count", "healing": "count",
    "objectives": "count",  # scenario objectives scored: towers captured, crystals delivered, souls, loot stolen,
    # caravans brought to the far edge
    "objective_kind": "tag",  # what they were
    "damage_by_character": "tag",  # one tag per HP dealt, keyed by the character who dealt it
    "kills_by_character": "tag",
    "damage_taken_by_character": "tag",
}

FIGURES: tuple[dict[str, Any], ...] = (
    {"key": "damage_dealt", "label": "Damage dealt", "count": "damage_dealt", "format": "int"},
    {"key": "damage_taken", "label": "Damage taken", "count": "damage_taken", "format": "int"},
    {"key": "kills", "label": "Kills", "count": "kills", "format": "int"},
    {"key": "deaths", "label": "Deaths", "count": "deaths", "format": "int"},
    {"key": "attacks", "label": "Attacks", "count": "attacks", "format": "int"},
    {"key": "hit_rate", "label": "Hit/die (exp. 40%)", "ratio": ["attack_hits", ["attack_dice"]], "format": "percent"},
    {"key": "critical_rate", "label": "Crit/die (exp. 10%)", "ratio": ["attack_criticals", ["attack_dice"]],
     "format": "percent"},
    {"key": "block_rate", "label": "Block/die (exp. 50%)", "ratio": ["defense_blocks", ["defense_dice"]],
     "format": "percent"},
    {"key": "objectives", "label": "Objectives", "count": "objectives", "format": "int"},
    {"key": "top_objectives", "label": "Objectives were", "top": "objective_kind", "limit": 3, "format": "top"},
    {"key": "top_damage", "label": "Damage by", "top": "damage_by_character", "limit": 3, "format": "top"},
    {"key": "top_kills", "label": "Kills by", "top": "kills_by_character", "limit": 3, "format": "top"},
)


def _owner(s: SkirmishState, cid: int | None) -> int | None:
    c = s.characters.get(cid) if cid is not None else None
    return None if c is None else c.owner


def _hp_lost(s: SkirmishState, d: dict[str, Any]) -> Iterable[Tally]:
    victim = s.characters[d["character"]]
    yield victim.owner, "damage_taken", d["amount"]
    for _ in range(d["amount"]):
        yield victim.owner, "damage_taken_by_character", victim.name
    by = s.characters.get(d["by"]) if d["by"] is not None else None
    if by is not None and by.team != victim.team:
        yield by.owner, "damage_dealt", d["amount"]
        for _ in range(d["amount"]):
            yield by.owner, "damage_by_character", by.name


def _died(s: SkirmishState, d: dict[str, Any]) -> Iterable[Tally]:
    victim = s.characters[d["character"]]
    yield victim.owner, "deaths", 1
    by = s.characters.get(d["by"]) if d["by"] is not None else None
    if by is not None and by.team != victim.team:
        yield by.owner, "kills", 1
        yield by.owner, "kills_by_character", by.name


def _rolled(s: SkirmishState, d: dict[str, Any]) -> Iterable[Tally]:
    seat = _owner(s, d["character"])
    if seat is None:
        return
    n = len(d["faces"])
    if d["roll"] == "attack":
        yield seat, "attack_dice", n
        yield seat, "attack_hits", d["successes"]
        yield seat, "attack_criticals", d["criticals"]
    else:
        yield seat, "defense_dice", n
        yield seat, "defense_blocks", d["successes"]


def _resolved(s: SkirmishState, d: dict[str, Any]) -> Iterable[Tally]:
    seat = _owner(s, d["attacker"])
    yield seat, "hits_through", d["hits_through"]
    yield seat, "criticals_through", d["criticals_through"]


def _objective(kind: str, seat: int | None, n: int = 1) -> Iterable[Tally]:
    if seat is None or n <= 0:
        return ()
    return [(seat, "objectives", n)] + [(seat, "objective_kind", kind)] * n


TALLIES: dict[str, Callable[[SkirmishState, dict[str, Any]], Iterable[Tally]]] = {
    "TowerCaptured": lambda s, d: _objective("tower captured", _owner(s, d["by"])),
    "CrystalDelivered": lambda s, d: _objective("crystal delivered", _owner(s, d["character"])),
    "SoulScored": lambda s, d: _objective("soul", _owner(s, d["by"])),
    "LootStolen": lambda s, d: _objective("loot stolen", _owner(s, d["character"]),
                                          s.caravans[d["caravan"]].loot - d["loot"]),
    "CaravanRemoved": lambda s, d: _objective("caravan delivered", 0) if d["reason"] == "arrived" and d["loot"] else (),
    "HpLost": _hp_lost,
    "CharacterDied": _died,
    "DiceRolled": _rolled,
    "AttackResolved": _resolved,
    "AttackDeclared": lambda s, d: ((_owner(s, d["attacker"]), "attacks", 1),),
    "SkillUsed": lambda s, d: ((_owner(s, d["character"]), "skills_used", 1),),
    "ItemUsed": lambda s, d: ((_owner(s, d["character"]), "items_used", 1),),
    "HpRestored": lambda s, d: ((_owner(s, d["character"]), "healing", d["amount"]),),
}


class SkirmishStats:
    counters = COUNTERS
    figures = FIGURES
    reads_state = True

    def tally(self, record: Any, state: SkirmishState) -> Iterable[Tally]:
        fn = TALLIES.get(record.type)
        if fn is None:
            return ()
        return [t for t in fn(state, record.data) if t[0] is not None]


STATS = SkirmishStats()


def _seat(character_sql: str) -> str:
    """The seat of a character: the ``player`` of its CharacterJoined."""
    return (f"(SELECT json_extract(j.data, '$.player') FROM events j WHERE j.match_id = e.match_id "
            f"AND j.type = 'CharacterJoined' AND json_extract(j.data, '$.character') = {character_sql})")


def _name(character_sql: str) -> str:
    return (f"(SELECT json_extract(j.data, '$.name') FROM events j WHERE j.match_id = e.match_id "
            f"AND j.type = 'CharacterJoined' AND json_extract(j.data, '$.character') = {character_sql})")


# SQL views over a store's events (recorder.views.create_views): every attack with its dice and what
# passed, and every HP lost with who lost it and who caused it.
VIEWS: dict[str, str] = {
    "skirmish_attacks": f"""CREATE VIEW IF NOT EXISTS skirmish_attacks AS
SELECT e.match_id, e.beat AS turn, e.seq,
    {_seat("json_extract(e.data, '$.attacker')")} AS seat,
    {_name("json_extract(e.data, '$.attacker')")} AS attacker,
    {_name("json_extract(e.data, '$.target')")} AS target,
    json_extract(e.data, '$.hits') AS hits, json_extract(e.data, '$.criticals') AS criticals,
    json_extract(e.data, '$.blocks') AS blocks, json_extract(e.data, '$.hits_through') AS hits_through,
    json_extract(e.data, '$.criticals_through') AS criticals_through
FROM events e JOIN matches m ON m.match_id = e.match_id
WHERE e.type = 'AttackResolved' AND m.game = 'skirmish'""",
    "skirmish_damage": f"""CREATE VIEW IF NOT EXISTS skirmish_damage AS
SELECT e.match_id, e.beat AS turn, e.seq,
    {_seat("json_extract(e.data, '$.character')")} AS seat,
    {_name("json_extract(e.data, '$.character')")} AS character,
    json_extract(e.data, '$.amount') AS amount, json_extract(e.data, '$.reason') AS reason,
    json_extract(e.data, '$.hp') AS hp_left,
    {_name("json_extract(e.data, '$.by')")} AS caused_by
FROM events e JOIN matches m ON m.match_id = e.match_id
WHERE e.type = 'HpLost' AND m.game = 'skirmish'""",
}


# The same views in PostgreSQL's dialect (recorder.store_postgres), column for column.
def _pg_joined(field: str, character_sql: str) -> str:
    return (f"(SELECT j.data::json ->> '{field}' FROM events j WHERE j.match_id = e.match_id "
            f"AND j.type = 'CharacterJoined' AND (j.data::json ->> 'character') = {character_sql})")


def _pg_seat(character_sql: str) -> str:
    return pg_int(_pg_joined("player", character_sql))


def _pg(field: str) -> str:
    return f"(e.data::json ->> '{field}')"


POSTGRES_VIEWS: dict[str, str] = {
    "skirmish_attacks": f"""CREATE VIEW skirmish_attacks AS
SELECT e.match_id, e.beat AS turn, e.seq,
    {_pg_seat(_pg("attacker"))} AS seat,
    {_pg_joined("name", _pg("attacker"))} AS attacker,
    {_pg_joined("name", _pg("target"))} AS target,
    {pg_int("e.data::json -> 'hits'")} AS hits, {pg_int("e.data::json -> 'criticals'")} AS criticals,
    {pg_int("e.data::json -> 'blocks'")} AS blocks, {pg_int("e.data::json -> 'hits_through'")} AS hits_through,
    {pg_int("e.data::json -> 'criticals_through'")} AS criticals_through
FROM events e JOIN matches m ON m.match_id = e.match_id
WHERE e.type = 'AttackResolved' AND m.game = 'skirmish'""",
    "skirmish_damage": f"""CREATE VIEW skirmish_damage AS
SELECT e.match_id, e.beat AS turn, e.seq,
    {_pg_seat(_pg("character"))} AS seat,
    {_pg_joined("name", _pg("character"))} AS character,
    {pg_int("e.data::json -> 'amount'")} AS amount, {_pg("reason")} AS reason,
    {pg_int("e.data::json -> 'hp'")} AS hp_left,
    {_pg_joined("name", _pg("by"))} AS caused_by
FROM events e JOIN matches m ON m.match_id = e.match_id
WHERE e.type = 'HpLost' AND m.game = 'skirmish'""",
}

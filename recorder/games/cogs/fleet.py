"""Fleets: the JSON a player brings, its schema, and the rules it must obey.

A fleet is ``{"name", "cogs": [{"name", "type", "ballistae": [{"deck", "side"}],
"crew": [{"deck", "count", "upgrades", "hero", "hero_upgrade"}], "leader":
{"deck", "hero_upgrade"}}]}`` with exactly one leader in the fleet. The schema
catches shape errors; :func:`check_fleet` the rules (points, deck capacity,
heroes, ballistae), each with a message that quotes the fleet, the cog and the
rule it breaks.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import jsonschema

from recorder.errors import InvalidDecision, UnknownSide
from recorder.names import suggestion

from .tables import (BALLISTA_SPACE, BASIC_UPGRADES, COG_TYPES, HERO_UPGRADES, PLACES)

NAME = {"type": "string", "minLength": 1, "maxLength": 60}


def fleet_schema() -> dict[str, Any]:
    crew = {
        "type": "object",
        "properties": {
            "deck": {"enum": list(PLACES)},
            "count": {"type": "integer", "minimum": 1, "maximum": 90},
            "upgrades": {"type": "array", "items": {"enum": list(BASIC_UPGRADES)},
                         "uniqueItems": True, "maxItems": 4},
            "hero": {"type": "boolean"},
            "hero_upgrade": {"anyOf": [{"type": "null"}, {"enum": list(HERO_UPGRADES)}]},
        },
        "required": ["deck", "count"],
        "additionalProperties": False,
    }
    ballista = {
        "type": "object",
        "properties": {"deck": {"enum": list(PLACES)}, "side": {"enum": ["port", "starboard"]}},
        "required": ["deck", "side"],
        "additionalProperties": False,
    }
    leader = {
        "type": "object",
        "properties": {"deck": {"enum": list(PLACES)}, "hero_upgrade": {"enum": list(HERO_UPGRADES)}},
        "required": ["deck", "hero_upgrade"],
        "additionalProperties": False,
    }
    cog = {
        "type": "object",
        "properties": {
            "name": NAME,
            "type": {"enum": list(COG_TYPES)},
            "ballistae": {"type": "array", "items": ballista, "maxItems": 4},
            "crew": {"type": "array", "items": crew, "maxItems": 50},
            "leader": leader,
            "at": {
                "type": "object",
                "description": "Optional agreed starting place: x, y in tenths of an inch, heading.",
                "properties": {"x": {"type": "integer"}, "y": {"type": "integer"},
                               "heading": {"enum": ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]}},
                "required": ["x", "y", "heading"],
                "additionalProperties": False,
            },
        },
        "required": ["name", "type", "crew"],
        "additionalProperties": False,
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "beatlog/cogs/fleet.json",
        "title": "fleet",
        "description": "A Cogs of Valor fleet: its cogs, their crews (bought with points) and the "
                       "player's leader. Validated by this schema and then by the fleet rules.",
        "type": "object",
        "properties": {"name": NAME, "cogs": {"type": "array", "items": cog, "minItems": 1, "maxItems": 8}},
        "required": ["name", "cogs"],
        "additionalProperties": False,
    }


@cache
def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(fleet_schema())


def crew_cost(group: dict[str, Any]) -> int:
    """Points for one crew line: 1 each, +1 per basic upgrade, +2 for a hero upgrade (p.1-2)."""
    each = 1 + len(group.get("upgrades", ())) + (2 if group.get("hero_upgrade") else 0)
    return each * group["count"]


def cog_points(cog: dict[str, Any]) -> int:
    """Crew points a cog spends, a ballista counting as 10 crew spots (p.2)."""
    return sum(crew_cost(g) for g in cog["crew"]) + BALLISTA_SPACE * len(cog.get("ballistae", ()))


def fleet_points(fleet: dict[str, Any]) -> int:
    return sum(cog_points(c) for c in fleet["cogs"])


def fleet_units(fleet: dict[str, Any]) -> int:
    return sum(COG_TYPES[c["type"]].units for c in fleet["cogs"])


def check_fleet(fleet: Any, who: str) -> dict[str, Any]:
    """Validate ``fleet`` (schema, then rules) and return it; ``who`` says whose it is."""
    errors = sorted(_validator().iter_errors(fleet), key=lambda e: list(e.absolute_path))
    if errors:
        err = errors[0]
        where = "/".join(str(p) for p in err.absolute_path) or "(top)"
        raise InvalidDecision(f"{who}: fleet does not match the fleet schema at {where}: {err.message}")
    name = fleet["name"]
    seen: list[str] = []
    leaders = 0
    for cog in fleet["cogs"]:
        if cog["name"] in seen:
            raise InvalidDecision(f"{who}: fleet {name!r} names two cogs {cog['name']!r}")
        seen.append(cog["name"])
        _check_cog(name, cog, who)
        leaders += 1 if "leader" in cog else 0
    if leaders != 1:
        raise InvalidDecision(
            f"{who}: fleet {name!r} has {leaders} leaders; every player has exactly one leader "
            f"(rules p.3, The Leader!)"
        )
    places = [g["deck"] for c in fleet["cogs"] for g in c["crew"]] + [c["leader"]["deck"] for c in fleet["cogs"]
                                                                       if "leader" in c]
    if all(deck == "hold" for deck in places):
        # Ruling: with nobody on a deck the fleet is "fully eliminated" (p.11) before its first turn --
        # nobody to sail, row or fight, and in cog-matching it would respawn every turn.
        raise InvalidDecision(
            f"{who}: fleet {name!r} puts no crew on a deck (the hold is not a deck); at least one crewmember "
            f"or the leader must stand on the stern castle, main deck, forecastle or crow's nest to sail it "
            f"(rules p.3 Crew placement, p.5 Movement)"
        )
    return fleet


def _check_cog(fleet: str, cog: dict[str, Any], who: str) -> None:
    kind = COG_TYPES[cog["type"]]
    at = f"{who}: fleet {fleet!r}, cog {cog['name']!r} ({kind.title})"
    points = cog_points(cog)
    if points > kind.budget:
        raise InvalidDecision(
            f"{at}: crew costs {points} points, over the {kind.budget}-point limit of a {kind.title} "
            f"(rules p.1, Crewing your cog)"
        )
    ballistae = cog.get("ballistae", [])
    for b in ballistae:
        if b["deck"] != "main":
            raise InvalidDecision(
                f"{at}: a ballista on the {b['deck']} deck; a ballista must be carried on the main deck "
                f"(rules p.2, The Ballista)"
            )
    if len(ballistae) > kind.max_ballistae:
        raise InvalidDecision(
            f"{at}: {len(ballistae)} ballistae; a {kind.title} may carry {kind.max_ballistae} "
            f"(rules p.2, The Ballista)"
        )
    heroes = 0
    crew = 0
    on_deck = {deck: 0 for deck in kind.decks}
    on_deck["main"] += BALLISTA_SPACE * len(ballistae)
    for g in cog["crew"]:
        crew += g["count"]
        if g["deck"] != "hold":
            on_deck[g["deck"]] += g["count"]
        if g.get("hero"):
            heroes += g["count"]
        elif g.get("hero_upgrade"):
            raise InvalidDecision(
                f"{at}: a {g['hero_upgrade']} hero upgrade on crew that are not heroes; "
                f"only heroes may buy hero upgrades (rules p.2, Hero Upgrades!)"
            )
    if "leader" in cog and cog["leader"]["deck"] != "hold":
        on_deck[cog["leader"]["deck"]] += 1
    if heroes > crew // 5:
        raise InvalidDecision(
            f"{at}: {heroes} heroes among {crew} crewmembers; a cog may start with one hero for "
            f"every five crewmembers, at most {crew // 5} (rules p.2, Heros!)"
        )
    for deck, count in on_deck.items():
        cap = kind.decks[deck]
        if count > cap:
            extra = " (a ballista takes 10 of it)" if deck == "main" and ballistae else ""
            if cap == 0:
                raise InvalidDecision(f"{at}: {count} crew on the {deck} deck, but a {kind.title} has "
                                      f"no {deck} deck (rules p.3, Cog types)")
            raise InvalidDecision(
                f"{at}: {count} on the {deck} deck, over its capacity of {cap}{extra} (rules p.3, Cog types)"
            )


def check_equal(fleets: list[dict[str, Any]], names: list[str]) -> None:
    """Players start with equivalent cogs: two small = one large, a hulk = three small (p.3)."""
    units = [fleet_units(f) for f in fleets]
    if len(set(units)) > 1:
        listing = ", ".join(f"{n}'s {f['name']!r} = {u}" for n, f, u in zip(names, fleets, units))
        raise InvalidDecision(
            f"fleets are not equivalent in small-cog units ({listing}); each player starts with an "
            f"equivalent amount of cogs (rules p.3); set option unequal_fleets to play anyway"
        )


@cache
def ready_fleets() -> dict[str, str]:
    """The fleets shipped with beatlog: key -> canonical JSON text."""
    out = {}
    folder = resources.files(__package__).joinpath("fleets")
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if item.name.endswith(".json"):
            out[item.name[:-5]] = item.read_text(encoding="utf-8")
    return out


def ready_fleet(key: str) -> dict[str, Any]:
    fleets = ready_fleets()
    if key not in fleets:
        raise UnknownSide(f"unknown fleet {key!r}{suggestion(key, fleets)}; ready fleets: {', '.join(fleets)} "
                          f"(or bring your own fleets: --option fleets=@FILE)")
    return json.loads(fleets[key])

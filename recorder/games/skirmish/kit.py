"""The content a grid skirmish match is played with: characters, weapons, skills, items, rosters.

The rulebook defines the system but no content, so beatlog ships its own sample kit
(``starter_kit.json``, plainly labelled as beatlog's sample content) and a user brings theirs with
``--option kit=@FILE``. A kit is data plus effect primitives (:data:`EFFECTS`); it is checked when it
loads, first against its JSON Schema (published as ``schemas/skirmish/kit.json``), then for what a
schema cannot say (names that must exist, a skill that can be used somewhere). Every failure is one
:class:`InvalidDecision` line naming the entry and the field, with the nearest valid name for a typo.
"""

from __future__ import annotations

import difflib
import json
from functools import lru_cache
from importlib import resources
from typing import Any

import jsonschema

from recorder import canonical
from recorder.errors import InvalidDecision

# Effect primitives a weapon's critical, a skill or an item may use, with what their value means.
EFFECTS: dict[str, str] = {
    "heal": "recover X HP (not above the maximum)",
    "restore_sp": "recover X SP (not above the maximum)",
    "cleanse": "remove every status (bleed, pierced, daze, burn, chill, corrosion, hex, root, stun)",
    "guard": "+X DEF until the end of the turn (an Instant skill used as an interruption)",
    "bleed": "Bleed X", "pierced": "Pierced X", "daze": "Daze X", "burn": "Burn X", "chill": "Chill X",
    "corrosion": "Corrosion X", "hex": "Hex X", "root": "Root X", "stun": "Stun X",
    "knockback": "Knockback X", "teleport": "Teleport X",
}
KEYWORDS = ("Quick", "Combat", "Movement", "Instant", "Self", "Enemy", "Ally", "Ground", "Special")
PHASE_WORDS = ("Combat", "Movement", "Instant")
TARGET_WORDS = ("Self", "Enemy", "Ally", "Ground")
ABOUT = "beatlog's own sample content"

_ID = "^[a-z][a-z0-9_]{0,39}$"
_NAME = {"type": "string", "minLength": 1, "maxLength": 40}
_SMALL = {"type": "integer", "minimum": 0, "maximum": 20}
_EFFECT = {"type": "object", "properties": {"effect": {"enum": list(EFFECTS)},
                                            "value": {"type": "integer", "minimum": 1, "maximum": 10}},
           "required": ["effect", "value"], "additionalProperties": False}
_EFFECTS = {"type": "array", "items": _EFFECT, "maxItems": 8}
_USABLE = {  # what skills and items share: keywords, range, dice, effects, criticals
    "keywords": {"type": "array", "items": {"enum": list(KEYWORDS)}, "uniqueItems": True, "minItems": 1},
    "range": {"type": "integer", "minimum": 0, "maximum": 10},
    "dice": {"anyOf": [{"type": "null"}, {"type": "integer", "minimum": 1, "maximum": 10}]},
    "effects": _EFFECTS, "critical": _EFFECTS,
    "text": {"type": "string", "maxLength": 400},
}


def _table(entry: dict[str, Any], *, min_items: int = 0) -> dict[str, Any]:
    return {"type": "object", "propertyNames": {"pattern": _ID}, "minProperties": min_items,
            "additionalProperties": entry}


def kit_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a kit file."""
    character = {"type": "object", "properties": {
        "name": _NAME, "hp": {"type": "integer", "minimum": 1, "maximum": 50},
        "sp": {"type": "integer", "minimum": 0, "maximum": 50},
        "atk": {"type": "integer", "minimum": 1, "maximum": 20}, "def": {"type": "integer", "minimum": 1, "maximum": 20},
        "agi": {"type": "integer", "minimum": 1, "maximum": 20},
        "weapon": {"anyOf": [{"type": "null"}, {"type": "string", "pattern": _ID}]},
        "skills": {"type": "array", "items": {"type": "string", "pattern": _ID}, "uniqueItems": True, "maxItems": 8},
        "movement": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 8},
                     "minItems": 1, "maxItems": 12},
    }, "required": ["name", "hp", "sp", "atk", "def", "agi", "weapon", "skills", "movement"],
        "additionalProperties": False}
    weapon = {"type": "object", "properties": {"name": _NAME, "range": {"type": "integer", "minimum": 1, "maximum": 10},
                                               "critical": _EFFECTS, "text": _USABLE["text"]},
              "required": ["name", "range", "critical"], "additionalProperties": False}
    skill = {"type": "object", "properties": {"name": _NAME, "sp": _SMALL, "cooldown": _SMALL, **_USABLE},
             "required": ["name", "keywords", "sp", "cooldown", "range", "dice", "effects", "critical"],
             "additionalProperties": False}
    item = {"type": "object", "properties": {"name": _NAME, "price": {"type": "integer", "minimum": 0, "maximum": 3},
                                             "uses": {"type": "integer", "minimum": 1, "maximum": 9}, **_USABLE},
            "required": ["name", "price", "uses", "keywords", "range", "dice", "effects", "critical"],
            "additionalProperties": False}
    roster = {"type": "array", "items": {"type": "string", "pattern": _ID}, "minItems": 1, "maxItems": 6}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "beatlog/skirmish/kit.json",
        "title": "Grid skirmish kit",
        "description": "Characters, weapons, skills, consumable items and rosters a grid skirmish match is played "
                       "with (option kit). Effects: " + "; ".join(f"{k}: {v}" for k, v in EFFECTS.items()) + ".",
        "type": "object",
        "properties": {
            "name": _NAME, "version": _NAME, "about": {"type": "string", "maxLength": 1000},
            "characters": _table(character, min_items=1), "weapons": _table(weapon), "skills": _table(skill),
            "items": _table(item), "rosters": _table(roster),
        },
        "required": ["name", "version", "characters", "weapons", "skills", "items"],
        "additionalProperties": False,
    }


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(kit_schema())


def _quote(value: Any, limit: int = 60) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _nearest(name: str, known: Any) -> str:
    close = difflib.get_close_matches(str(name), [str(k) for k in known], n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


_VALID: set[str] = set()  # fingerprints of kits that passed (a match's header is parsed several times)


def check_kit(kit: Any) -> dict[str, Any]:
    """``kit`` if it is a valid kit; else InvalidDecision naming the entry and the field."""
    if not isinstance(kit, dict):
        raise InvalidDecision(f"kit is {_quote(kit)}, not an object (a kit file: schemas/skirmish/kit.json)")
    try:
        fingerprint = canonical.digest(kit)
    except (TypeError, ValueError):
        fingerprint = None
    if fingerprint in _VALID:
        return kit
    _check(kit)
    if fingerprint is not None:
        _VALID.add(fingerprint)
    return kit


def _check(kit: dict[str, Any]) -> None:
    error = jsonschema.exceptions.best_match(_validator().iter_errors(kit))
    if error is not None:
        path = list(error.absolute_path)
        if len(path) >= 2 and path[0] in ("characters", "weapons", "skills", "items", "rosters"):
            where = f"kit {path[0]} entry {path[1]!r}" + (f" field {'.'.join(map(str, path[2:]))}" if path[2:] else "")
        else:
            where = "kit" + (f" field {'.'.join(map(str, path))}" if path else "")
        raise InvalidDecision(f"{where}: {error.message}")
    for cid, ch in kit["characters"].items():
        if ch["weapon"] is not None and ch["weapon"] not in kit["weapons"]:
            raise InvalidDecision(f"kit characters entry {cid!r} field weapon: unknown weapon {ch['weapon']!r}"
                                  + _nearest(ch["weapon"], kit["weapons"]))
        for sid in ch["skills"]:
            if sid not in kit["skills"]:
                raise InvalidDecision(f"kit characters entry {cid!r} field skills: unknown skill {sid!r}"
                                      + _nearest(sid, kit["skills"]))
    for rid, members in kit.get("rosters", {}).items():
        for cid in members:
            if cid not in kit["characters"]:
                raise InvalidDecision(f"kit rosters entry {rid!r}: unknown character {cid!r}"
                                      + _nearest(cid, kit["characters"]))
    for table in ("skills", "items"):
        for key, usable in kit[table].items():
            _check_usable(f"kit {table} entry {key!r}", usable, skill=table == "skills")


def _check_usable(where: str, usable: dict[str, Any], *, skill: bool) -> None:
    words = usable["keywords"]
    if skill and not any(w in words for w in PHASE_WORDS):
        raise InvalidDecision(f"{where} field keywords: a skill needs Combat, Movement or Instant to say when it "
                              f"can be used, got {words}")
    targets = [w for w in words if w in TARGET_WORDS]
    if not targets:
        raise InvalidDecision(f"{where} field keywords: needs a target keyword (Self, Enemy, Ally or Ground), "
                              f"got {words}")
    if usable["dice"] is not None and not any(w in words for w in ("Enemy", "Ground")):
        raise InvalidDecision(f"{where} field dice: only an Enemy or Ground skill or item rolls attack dice")
    if usable["critical"] and usable["dice"] is None:
        raise InvalidDecision(f"{where} field critical: critical effects need attack dice (dice is null)")
    if any(w in words for w in ("Enemy", "Ally", "Ground")) and usable["range"] < 1:
        raise InvalidDecision(f"{where} field range: an Enemy, Ally or Ground target needs a range of at least 1")
    if not usable["effects"] and usable["dice"] is None:
        raise InvalidDecision(f"{where} field effects: does nothing (no effects and no dice)")
    if "Ground" in words and any(e["effect"] == "teleport" for e in usable["effects"]):
        raise InvalidDecision(f"{where} field effects: teleport moves a character; a Ground target has none")


@lru_cache(maxsize=1)
def _starter_text() -> str:
    return resources.files(__package__).joinpath("starter_kit.json").read_text(encoding="utf-8")


def starter_kit() -> dict[str, Any]:
    """beatlog's own sample kit (a fresh copy)."""
    return json.loads(_starter_text())


def kit_digest(kit: dict[str, Any]) -> str:
    """The kit's fingerprint: sha256 of its canonical JSON (first 16 hex digits)."""
    return canonical.digest(kit)[:16]

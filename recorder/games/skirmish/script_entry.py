"""Grid skirmish match-script entries: the decision kinds, the entry schema, expanding an entry.

An entry (one player's decisions in one turn; turn 0 is the set-up) lists answers by kind --
``"cards": [{"character": 0, "card": 2}]``, ``"actions": [...]`` -- or in the generic form ``"choices"``
(alias ``"answers"``): ``[{"kind": "card", "character": 0, "card": 2}]``. Each answer has exactly the
fields of the request's options (docs/protocol-skirmish.md, "Decisions"). The entry is checked against a
JSON Schema (``schemas/skirmish/script-entry.json``) before anything is expanded.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import jsonschema

from recorder.errors import InvalidDecision

INT = {"type": "integer", "minimum": 0, "maximum": 1000}
OPT_INT = {"anyOf": [{"type": "null"}, INT]}
KEY = {"type": "string", "pattern": "^[a-z][a-z0-9_]{0,39}$"}
OPT_KEY = {"anyOf": [{"type": "null"}, KEY]}
FACING = {"enum": ["N", "E", "S", "W"]}
ACTION = {"character": INT, "action": {"enum": ["attack", "skill", "item", "cure", "rest", "pass", "end", "none", "capture", "steal", "deposit", "pick up",
                                                         "speed up", "rob"]},
          "skill": OPT_KEY, "item": OPT_KEY, "target": OPT_INT, "x": OPT_INT, "y": OPT_INT}

# Every request kind the engine asks: the answer's fields.
ANSWERS: dict[str, dict[str, Any]] = {
    "objective": {"player": INT, "kind": {"enum": ["tower", "obelisk", "caravan"]}, "x": INT, "y": INT},
    "caravan route": {"player": INT, "caravan": INT, "x": INT, "y": INT},
    "obstacle": {"player": INT, "x": INT, "y": INT},
    "shop": {"character": INT, "item": OPT_KEY},
    "deploy": {"character": INT, "x": INT, "y": INT},
    "discard": {"character": INT, "cards": {"type": "array", "items": INT, "maxItems": 12}},
    "card": {"character": INT, "card": INT},
    "path": {"character": INT, "path": {"type": "array", "items": {"type": "array", "items": INT, "minItems": 2,
                                                                    "maxItems": 2}, "maxItems": 12},
             "turn": {"enum": [None, "left", "right"]}, "turn_at": OPT_INT, "facing": FACING},
    "movement skill": ACTION,
    "combat": ACTION,
    "reaction": ACTION,
    "focus": {"character": INT, "die": OPT_INT},
    "teleport": {"character": INT, "x": INT, "y": INT, "facing": FACING},
}
DECISION_KINDS: tuple[str, ...] = tuple(ANSWERS)
LISTS: dict[str, str] = {"objectives": "objective", "obstacles": "obstacle", "purchases": "shop", "deployments": "deploy",
                         "discards": "discard", "cards": "card", "paths": "path",
                         "movement_skills": "movement skill", "caravan_routes": "caravan route", "actions": "combat", "reactions": "reaction",
                         "focus": "focus", "teleports": "teleport"}
GENERIC = ("choices", "answers")
PARTS = ("duel", "beat", "player", "note", *GENERIC, *LISTS)


def _answer_schema(kind: str) -> dict[str, Any]:
    fields = ANSWERS[kind]
    return {"type": "object", "properties": dict(fields), "required": list(fields), "additionalProperties": False}


def _choice_schema() -> dict[str, Any]:
    cases = [{"if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]},
              "then": {"properties": {"kind": True, **fields}, "required": ["kind", *fields],
                       "additionalProperties": False}}
             for kind, fields in ANSWERS.items()]
    return {"type": "object", "properties": {"kind": {"enum": list(DECISION_KINDS)}}, "required": ["kind"],
            "allOf": cases}


def entry_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of one grid skirmish entry of a match script's ``beats``."""
    lists = {part: {"description": f"answers to {kind!r} requests, in order", "type": "array",
                    "items": _answer_schema(kind), "maxItems": 1000} for part, kind in LISTS.items()}
    generic = {"type": "array", "items": _choice_schema(), "maxItems": 1000}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "beatlog/skirmish/script-entry.json",
        "title": "Grid skirmish match-script entry",
        "description": "One player's scripted decisions in one turn (beat = turn, 0 = set-up; see docs/recording.md). "
                       "Answers are used in this order: choices, answers, then " + ", ".join(LISTS) + ". "
                       "Each answer has exactly the fields of the request's options.",
        "type": "object",
        "properties": {
            "duel": {"type": "integer", "minimum": 1}, "beat": {"type": "integer", "minimum": 0},
            "player": {"type": "integer", "minimum": 0, "maximum": 7},
            "note": {"description": "text for people", "type": "string", "maxLength": 4096},
            "choices": {"description": 'answers of any kind: {"kind": K, ...answer}', **generic},
            "answers": {"description": "the same as choices", **generic},
            **lists,
        },
        "additionalProperties": False,
    }


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(entry_schema())


def _quote(value: Any, limit: int = 80) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def check_entry(entry: Any) -> None:
    """Raise InvalidDecision naming the first wrong part of ``entry`` (or field of an answer)."""
    if not isinstance(entry, dict):
        raise InvalidDecision(f"skirmish entry is {_quote(entry)}, not an object")
    for part in entry:
        if part not in PARTS:
            raise InvalidDecision(f"skirmish entry: unexpected part {_quote(part)}; the parts an entry may have: "
                                  f"{', '.join(p for p in PARTS if p not in ('duel', 'beat', 'player'))}")
    for part in (*GENERIC, *LISTS):
        items = entry.get(part, [])
        if not isinstance(items, list):
            raise InvalidDecision(f"{part} is {_quote(items)} (not a list); expected a list of answers")
        for i, item in enumerate(items):
            where = f"{part}[{i}]"
            if not isinstance(item, dict):
                raise InvalidDecision(f"{where} is {_quote(item)}, not an object")
            kind = item.get("kind") if part in GENERIC else LISTS[part]
            if kind not in ANSWERS:
                raise InvalidDecision(f"{where} has kind {_quote(kind)}; known kinds: {', '.join(DECISION_KINDS)}")
            fields = ANSWERS[kind]
            extra = [k for k in item if k not in fields and not (k == "kind" and part in GENERIC)]
            if extra:
                raise InvalidDecision(f"{where}: unexpected field {_quote(extra[0])} in a {kind!r} answer; its "
                                      f"fields: {', '.join(fields)}")
            missing = [k for k in fields if k not in item]
            if missing:
                raise InvalidDecision(f"{where}: a {kind!r} answer needs {', '.join(missing)} (its fields: "
                                      f"{', '.join(fields)})")
    error = jsonschema.exceptions.best_match(_validator().iter_errors(entry))
    if error is not None:
        where = ".".join(str(p) for p in error.absolute_path) or "the entry"
        raise InvalidDecision(f"{where} is {_quote(error.instance)}: {error.message}")


def script_answers(entry: dict[str, Any]) -> list[dict[str, Any]]:
    check_entry(entry)
    out = [dict(a) for part in GENERIC for a in entry.get(part, [])]
    for part, kind in LISTS.items():
        out += [{"kind": kind, **item} for item in entry.get(part, [])]
    return out

"""Cogs of Valor match-script entries: the decision kinds, the entry schema, expanding an entry.

An entry (one player's decisions in one turn) lists answers by kind -- ``"courses": [{"cog": 0,
"move": "ahead", "speed": 12}]``, ``"shots": [...]`` -- or in the generic form ``"choices"`` (alias
``"answers"``): ``[{"kind": "course", "cog": 0, ...}]``. Each answer has exactly the fields of the
request's options (docs/protocol-cogs.md); ``shots`` and ``melee`` may leave out ``mode``. The entry
is checked against a JSON Schema (published as ``schemas/cogs/script-entry.json``) before anything
is expanded, so a misspelt part or field is one exact :class:`InvalidDecision`, never a match
quietly recorded from the policy.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import jsonschema

from recorder.errors import InvalidDecision

from .tables import HERO_UPGRADES, PLACES

INT = {"type": "integer", "minimum": 0, "maximum": 100000}
OPT_INT = {"anyOf": [{"type": "null"}, INT]}
TEXT = {"type": "string", "minLength": 1, "maxLength": 80}
OPT_TEXT = {"anyOf": [{"type": "null"}, TEXT]}
FLAG = {"type": "boolean"}
DECK = {"enum": list(PLACES) + ["middle"]}
OPT_DECK = {"anyOf": [{"type": "null"}, DECK]}
ATTACK = {"mode": {"enum": ["ranged", "melee"]}, "cog": INT, "deck": DECK, "profile": TEXT, "target_cog": OPT_INT,
          "target_deck": OPT_DECK, "target_profile": OPT_TEXT, "count": INT}

# Every request kind the engine asks (docs/protocol-cogs.md, "Decisions"): the answer's fields.
ANSWERS: dict[str, dict[str, Any]] = {
    "course": {"cog": INT, "move": {"enum": ["ahead", "port", "starboard", "astern", "drift", "anchor"]},
               "speed": INT},
    "ram": {"cog": INT, "other": INT, "stop": FLAG},
    "firepot": {"cog": INT, "deck": DECK, "profile": TEXT, "target_cog": OPT_INT, "count": INT},
    "ballista": {"cog": INT, "ballista": INT, "action": {"enum": ["hold", "rotate", "hull", "ballista"]},
                 "target_cog": OPT_INT},
    "grapple": {"cog": INT, "target_cog": INT, "grapple": FLAG},
    "shoot": ATTACK,
    "deflect": {"cog": INT, "deck": DECK, "profile": TEXT},
    "board": {"cog": INT, "target_cog": INT, "count": INT},
    "melee": ATTACK,
    "hero upgrade": {"crew": INT, "hero_upgrade": {"enum": list(HERO_UPGRADES)}},
    "transfer": {"cog": OPT_INT, "deck": {"anyOf": [{"const": ""}, DECK]}, "profile": {"type": "string", "maxLength": 80},
                 "to_cog": OPT_INT, "to_deck": OPT_DECK, "count": INT},
    "equip": {"cog": INT, "action": {"enum": ["equip", "store", "done"]}, "deck": OPT_DECK, "profile": OPT_TEXT,
              "item": OPT_TEXT},
}
DECISION_KINDS: tuple[str, ...] = tuple(ANSWERS)

# Entry part -> the kind of its answers, in the order they are expanded (after choices/answers).
LISTS: dict[str, str] = {"courses": "course", "rams": "ram", "firepots": "firepot", "ballistae": "ballista",
                         "grapples": "grapple", "shots": "shoot", "deflections": "deflect", "boarding": "board",
                         "melee": "melee", "hero_upgrades": "hero upgrade", "transfers": "transfer",
                         "equips": "equip"}
DEFAULT_MODE = {"shots": "ranged", "melee": "melee"}
GENERIC = ("choices", "answers")
PARTS = ("duel", "beat", "player", "note", *GENERIC, *LISTS)


def _answer_schema(kind: str, *, mode_optional: bool = False) -> dict[str, Any]:
    fields = ANSWERS[kind]
    required = [f for f in fields if not (mode_optional and f == "mode")]
    return {"type": "object", "properties": dict(fields), "required": required, "additionalProperties": False}


def _choice_schema() -> dict[str, Any]:
    cases = [{"if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]},
              "then": {"properties": {"kind": True, **fields}, "required": ["kind", *fields],
                       "additionalProperties": False}}
             for kind, fields in ANSWERS.items()]
    return {"type": "object", "properties": {"kind": {"enum": list(DECISION_KINDS)}}, "required": ["kind"],
            "allOf": cases}


def entry_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of one Cogs of Valor entry of a match script's ``beats``."""
    lists = {part: {"description": f"answers to {kind!r} requests, in order", "type": "array",
                    "items": _answer_schema(kind, mode_optional=part in DEFAULT_MODE), "maxItems": 1000}
             for part, kind in LISTS.items()}
    generic = {"type": "array", "items": _choice_schema(), "maxItems": 1000}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "beatlog/cogs/script-entry.json",
        "title": "Cogs of Valor match-script entry",
        "description": "One player's scripted decisions in one turn (beat = turn; see docs/recording.md). "
                       "Answers are used in this order: choices, answers, then " + ", ".join(LISTS) + ". "
                       "Each answer has exactly the fields of the request's options; shots and melee may "
                       "leave out mode.",
        "type": "object",
        "properties": {
            "duel": {"type": "integer", "minimum": 1},
            "beat": {"type": "integer", "minimum": 0},
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


def check_entry(entry: Any) -> None:
    """Raise InvalidDecision naming the first wrong part of ``entry`` (or field of an answer)."""
    if not isinstance(entry, dict):
        raise InvalidDecision(f"Cogs entry is {_quote(entry)}, not an object")
    for part in entry:
        if part not in PARTS:
            raise InvalidDecision(f"Cogs entry: unexpected part {_quote(part)}; the parts an entry may have: "
                                  f"{', '.join(p for p in PARTS if p not in ('duel', 'beat', 'player'))}")
    for part in (*GENERIC, *LISTS):
        items = entry.get(part, [])
        if not isinstance(items, list):
            raise InvalidDecision(f"{part} is {_quote(items)} (not a list); expected a list of answers")
        for i, item in enumerate(items):
            _check_answer(part, i, item)
    error = jsonschema.exceptions.best_match(_validator().iter_errors(entry))
    if error is not None:
        where = ".".join(str(p) for p in error.absolute_path) or "the entry"
        raise InvalidDecision(f"{where} is {_quote(error.instance)}: {error.message}")


def _check_answer(part: str, index: int, item: Any) -> None:
    where = f"{part}[{index}]"
    if not isinstance(item, dict):
        raise InvalidDecision(f"{where} is {_quote(item)}, not an object")
    kind = item.get("kind") if part in GENERIC else LISTS[part]
    if part in GENERIC and kind not in ANSWERS:
        raise InvalidDecision(f"{where} has kind {_quote(kind)}; known kinds: {', '.join(DECISION_KINDS)}")
    fields = ANSWERS[kind]
    given = [k for k in item if k != "kind" or part not in GENERIC]
    extra = [k for k in given if k not in fields]
    if extra:
        raise InvalidDecision(f"{where}: unexpected field {_quote(extra[0])} in a {kind!r} answer; its fields: "
                              f"{', '.join(fields)}")
    missing = [k for k in fields if k not in item and not (k == "mode" and part in DEFAULT_MODE)]
    if missing:
        raise InvalidDecision(f"{where}: a {kind!r} answer needs {', '.join(missing)} (its fields: "
                              f"{', '.join(fields)})")


def script_answers(entry: dict[str, Any]) -> list[dict[str, Any]]:
    """The entry's answers, tagged with their kind: choices and answers first, then each list."""
    check_entry(entry)
    out = [dict(a) for part in GENERIC for a in entry.get(part, [])]
    for part, kind in LISTS.items():
        for item in entry.get(part, []):
            answer = {"kind": kind, **item}
            if part in DEFAULT_MODE:
                answer.setdefault("mode", DEFAULT_MODE[part])
            out.append(answer)
    return out


def _quote(value: Any, limit: int = 80) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"



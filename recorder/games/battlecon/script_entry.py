"""BattleCON match-script entries: the decision kinds, the entry schema, and expanding an entry into answers.

The kernel checks a script's frame (game, seats, ``duel``/``beat``/``player`` of each entry); the rest of an
entry is BattleCON's. It is checked here against a JSON Schema (published as
``schemas/battlecon/script-entry.json``) before anything is unpacked, so a malformed part is one
:class:`InvalidDecision` naming the part, the value and the shape expected -- never a TypeError.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from recorder.errors import InvalidDecision

from .fighters import DECISIONS as KIT_DECISIONS
from .cards import KITS

if TYPE_CHECKING:
    import jsonschema

CARD = {"type": "string", "minLength": 1, "maxLength": 64}
SPACE = {"type": "integer", "minimum": 1, "maximum": 7}
FLAG = {"type": "boolean"}
PAIR = {"type": "array", "prefixItems": [CARD, CARD], "minItems": 2, "maxItems": 2}

# Every request kind the engine can ask (docs/protocol-battlecon.md, "Decisions"), with the fields of its
# answer besides ``player`` and the shape a script writes them in (for error messages).
ANSWERS: dict[str, tuple[dict[str, Any], str]] = {
    "discards": ({"discard1": PAIR, "discard2": PAIR}, '"discard1": [style, base], "discard2": [style, base]'),
    "finisher": ({"finisher": CARD}, '"finisher": a side of the Finisher card'),
    "pair": ({"style": CARD, "base": CARD}, '"style": card, "base": card'),
    "ante": ({"ante": CARD}, '"ante": a token, the Finisher or "pass"'),
    "extra_ante": ({"ante": CARD}, '"ante": a token or "pass"'),
    "new_pair": ({"style": CARD, "base": CARD}, '"style": card, "base": card'),
    "clash": ({"base": CARD}, '"base": card'),
    "move": ({"to": SPACE}, '"to": a space 1-7'),
    "regain": ({"token": CARD}, '"token": a token'),
    "order": ({"first": CARD}, '"first": the card that resolves first'),
    "repeat": ({"repeat": FLAG}, '"repeat": true or false'),
    "rearrange": ({"positions": {"type": "array", "prefixItems": [SPACE, SPACE], "minItems": 2, "maxItems": 2},
                   "trap": {"anyOf": [SPACE, {"type": "null"}]}},
                  '"positions": [space of player 0, space of player 1], "trap": the marker\'s space or null'),
    # ... and the kinds the fighters' kits ask (KitRules.decisions; kit.MARKER_DECISION for markers).
    **KIT_DECISIONS,
}
DECISION_KINDS: tuple[str, ...] = tuple(ANSWERS)

# The shape of each entry part, as an error message states it.
PARTS = {
    "pair": "[style, base]: two card names",
    "discards": "[[style, base], [style, base]]: discard 1, then discard 2",
    "finisher": "the name of one side of the fighter's Finisher card",
    "antes": "a list of what to ante, in order (token names, the Finisher); [] means pass",
    "new_pairs": "a list of [style, base] pairs, one per new pair after a Cancel",
    "choices": 'a list of {"kind": K, ...answer} objects',
    "note": "text for people",
    "salt": "up to 128 hex digits (0-9, a-f): a secret that hides this entry's pair commitment",
}
SALT = {"type": "string", "pattern": "^[0-9a-f]{0,128}$"}


def _choice_schema() -> dict[str, Any]:
    cases = []
    for kind, (fields, _) in ANSWERS.items():
        cases.append({
            "if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]},
            "then": {"properties": {"kind": True, "player": True, **fields}, "required": ["kind", *fields],
                     "additionalProperties": False},
        })
    return {
        "type": "object",
        "properties": {"kind": {"type": "string", "minLength": 1, "maxLength": 64},
                       "player": {"type": "integer", "minimum": 0, "maximum": 1}},
        "required": ["kind"],
        "allOf": cases,
    }


def entry_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of one BattleCON entry of a match script's ``beats``."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "beatlog/battlecon/script-entry.json",
        "title": "BattleCON match-script entry",
        "description": "One player's scripted decisions in one beat (see docs/recording.md). Answers are used "
                       "in this order: discards, finisher, pair, antes, new_pairs, choices. Unknown decision "
                       "kinds in choices are reported by the recorder with the list of known kinds.",
        "type": "object",
        "properties": {
            "duel": {"type": "integer", "minimum": 1},
            "beat": {"type": "integer", "minimum": 0},
            "player": {"type": "integer", "minimum": 0, "maximum": 1},
            "note": {"description": PARTS["note"], "type": "string", "maxLength": 4096},
            "pair": {"description": PARTS["pair"], **PAIR},
            "salt": {"description": PARTS["salt"], **SALT},
            "discards": {"description": PARTS["discards"], "type": "array", "prefixItems": [PAIR, PAIR],
                         "minItems": 2, "maxItems": 2},
            "finisher": {"description": PARTS["finisher"], **CARD},
            "antes": {"description": PARTS["antes"], "type": "array", "items": CARD, "maxItems": 16},
            "new_pairs": {"description": PARTS["new_pairs"], "type": "array", "items": PAIR, "maxItems": 16},
            "choices": {"description": PARTS["choices"], "type": "array", "items": _choice_schema(),
                        "maxItems": 1000},
        },
        "additionalProperties": False,
    }


ENTRY_PARTS = ("duel", "beat", "player", *PARTS)


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft202012Validator:
    # Imported here, when a script is first checked: importing jsonschema costs about a third of the CLI's
    # start-up, which most commands never need (recorder.validate does the same).
    import jsonschema

    return jsonschema.Draft202012Validator(entry_schema())


def check_entry(entry: Any) -> None:
    """Raise InvalidDecision for the most relevant shape error of ``entry``, if any.

    The message names the part (``pair``, ``choices[1].to``), quotes the value as JSON, says what is wrong
    with it and what shape is expected, e.g. ``pair is -1 (not a list); expected [style, base]: ...``.
    """
    if isinstance(entry, dict):
        for part, value in entry.items():
            if part not in ENTRY_PARTS:
                raise InvalidDecision(f"BattleCON entry: unexpected part {_quote(part)}; the parts an entry may "
                                      f"have: {', '.join(sorted(PARTS))}")
            if _depth(value) > MAX_DEPTH:  # jsonschema's messages would recurse through it
                raise InvalidDecision(f"{part} is nested more than {MAX_DEPTH} levels deep; "
                                      f"expected {_expected(entry, [part])}")
    from jsonschema.exceptions import best_match  # lazily, as in _validator

    error = best_match(_validator().iter_errors(entry))
    if error is None:
        return
    path = list(error.absolute_path)
    if not path:
        raise InvalidDecision(f"BattleCON entry: {_reason(error, 'part')}; the parts an entry may have: "
                              f"{', '.join(sorted(PARTS))}")
    raise InvalidDecision(f"{_where(path)} is {_quote(error.instance)} ({_reason(error)}); "
                          f"expected {_expected(entry, path)}")


MAX_DEPTH = 8  # the deepest legal part, choices[i].positions, is 3 levels


def _depth(value: Any) -> int:
    """How many lists/objects deep ``value`` goes (iteratively: it may be absurdly deep)."""
    deepest, todo = 0, [(value, 0)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, (list, dict)):
            level += 1
            deepest = max(deepest, level)
            if level > MAX_DEPTH:
                return level
            todo.extend((v, level) for v in (item.values() if isinstance(item, dict) else item))
    return deepest


TYPES = {"array": "a list", "object": "an object", "string": "text", "integer": "a whole number",
         "boolean": "true or false", "null": "null"}


def _reason(error: jsonschema.ValidationError, key: str = "") -> str:
    """What is wrong, in words (jsonschema's own messages quote Python reprs, not JSON)."""
    how, want, value = error.validator, error.validator_value, error.instance
    if how == "type":
        return f"not {TYPES.get(want, want)}"
    if how in ("minItems", "maxItems"):
        return f"{len(value)} item{'s' if len(value) != 1 else ''}"
    if how == "required":
        return "missing " + ", ".join(_quote(k) for k in want if k not in value)
    if how == "additionalProperties":
        extra = [k for k in value if k not in error.schema.get("properties", {})]
        return f"unexpected {key + ' ' if key else ''}" + ", ".join(_quote(k) for k in extra)
    if how in ("minimum", "maximum"):
        return f"{'below' if how == 'minimum' else 'above'} {want}"
    if how == "minLength":
        return "empty"
    if how == "maxLength":
        return f"longer than {want} characters"
    if how == "anyOf":
        return "not one of the allowed values"
    if how == "pattern":
        return "not hex digits 0-9, a-f"
    return error.message


def _quote(value: Any, limit: int = 80) -> str:
    """``value`` as JSON, cut to ``limit`` characters (it may be huge or absurdly deep)."""
    try:
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    except (RecursionError, ValueError):
        return "a value nested too deeply to show"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _where(path: list[Any]) -> str:
    out = str(path[0])
    for part in path[1:]:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _expected(entry: dict[str, Any], path: list[Any]) -> str:
    part = path[0]
    if part == "choices" and len(path) >= 2:
        choice = entry["choices"][path[1]]
        kind = choice.get("kind") if isinstance(choice, dict) else None
        if isinstance(kind, str) and kind in ANSWERS:
            return f'a {kind} choice: {{"kind": "{kind}", {ANSWERS[kind][1]}}}'
        return f'a choice: {{"kind": K, ...answer}}, K one of {", ".join(DECISION_KINDS)}'
    if part in PARTS:
        return PARTS[part]
    return "a whole number"  # duel, beat, player


def script_answers(entry: dict[str, Any]) -> list[dict[str, Any]]:
    """``{"player":0,"pair":[style,base],"antes":[...],"choices":[{...}]}`` -> ordered kind-tagged answers.

    ``antes: []`` means "pass"; tokens anted are followed by nothing (a fighter who cannot ante
    again is not asked); an ante may name the Finisher (Ante Finishers). ``"finisher": name`` answers the
    setup's Finisher choice; ``"new_pairs": [[style, base], ...]`` the new pairs chosen after Cancels;
    ``"salt": hex`` is the pair's secret salt (without one the commitment's nonce derives from the header).
    Each choice is ``{"kind": K, ...answer}`` (``player`` is filled in).
    """
    check_entry(entry)
    p = entry.get("player")
    out: list[dict[str, Any]] = []
    if "discards" in entry:
        d1, d2 = entry["discards"]
        out.append({"kind": "discards", "player": p, "discard1": list(d1), "discard2": list(d2)})
    if "finisher" in entry:
        out.append({"kind": "finisher", "player": p, "finisher": entry["finisher"]})
    if "pair" in entry:
        style, base = entry["pair"]
        out.append({"kind": "pair", "player": p, "style": style, "base": base,
                    **({"salt": entry["salt"]} if "salt" in entry else {})})
    if "antes" in entry:
        out.extend({"kind": "ante", "player": p, "ante": a} for a in entry["antes"] or ["pass"])
    out.extend({"kind": "new_pair", "player": p, "style": s, "base": b} for s, b in entry.get("new_pairs", ()))
    for c in entry.get("choices", ()):
        item = dict(c)
        item.setdefault("player", p)
        out.append(item)
    return out


PASS = "pass"


def optional_answer(kind: str, data: dict[str, Any]) -> bool:
    """A scripted answer the match may leave unused: a pass at an ante. Passing is doing nothing, and whether
    a fighter is asked to ante at all depends on the play (a fighter without tokens; a spent pool, a Finisher
    anted by the opponent end the asking), so ``"antes": []`` means "pass if asked". A real ante must be used."""
    return kind in ("ante", "extra_ante") and data.get("ante") == PASS


# The decision kinds asked in this order, each in one block, in every beat (recorder/script.py "phases"): a
# scripted answer of one still unused once its beat is past it is reported there, not at the end of the match.
PHASES = ("pair", "ante")


def unused_reason(header: Any, player: int, kind: str, data: dict[str, Any], entries: list[Any]) -> str:
    """Why the scripted ``kind`` answer ``data`` of that beat's ante step went unused (``entries``: the beat's
    log), for the error message; "" when the log says nothing more than the legal options do."""
    if kind != "ante":
        return ""
    ante = data.get("ante")
    kit = KITS[header.players[player].side]
    name = kit.short_name
    step = []
    for e in entries:  # the ante step and what came before it
        if e.type == "PairRevealed":
            break
        step.append(e.event)
    retrieved = [ev.player for ev in step if ev.TYPE == "PairRetrieved"]
    if retrieved:
        who = "they" if retrieved[0] == player else header.players[retrieved[0]].name
        return (f"{who} anted a Finisher first, and \"No further antes can be made by either player after a "
                f"Finisher is anted\" (WoI p.32)")
    if ante in kit.finishers:
        if not header.options.get("ante_finishers"):
            return "a Finisher is anted only with the option ante_finishers=true (WoI p.32, Variant #1)"
        return ("a Finisher can be anted only at 7 life or less, once a duel, and only the side chosen for the "
                "duel (WoI p.32)")
    if ante not in kit.tokens:
        held = ", ".join(sorted(set(kit.tokens)))
        return f"{name} has no {ante} token" + (f" (tokens: {held})" if held else " (no tokens at all)")
    mine = [ev.ante for ev in step if ev.TYPE == "AnteDeclared" and ev.player == player and ev.ante != PASS]
    if mine:
        return f"{name} had already anted {', '.join(mine)} in that ante step: \"{kit.ability}\""
    return ""

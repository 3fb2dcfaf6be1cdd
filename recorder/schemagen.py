"""JSON Schemas of the log, derived from the code that writes it.

The header and envelope schemas are written out here; each event type's payload
schema is derived from its dataclass fields, so a schema cannot drift from the
code. ``schemas/`` holds these files as published artefacts (``beatlog
schema-dump`` rewrites them, and a test fails when they are stale).

Only keywords that both ``jsonschema`` (draft 2020-12) and ``fastjsonschema``
understand the same way are used, so the compiled validator used for bulk
checks and the exact one used for messages always agree.
"""

from __future__ import annotations

import types
import typing
from pathlib import Path
from typing import Annotated, Any, Iterator, Literal

from . import FORMAT, canonical
from .events import KERNEL, Event, EventRegistry, payload_types
from .errors import UnknownGame
from .game import GAMES, load_game

DRAFT = "https://json-schema.org/draft/2020-12/schema"
MAX_INT = 2**53
MAX_TEXT = 4096
HASH = {"type": "string", "pattern": "^[0-9a-f]{64}$"}
INT = {"type": "integer", "minimum": -MAX_INT, "maximum": MAX_INT}
SEQ = {"type": "integer", "minimum": 1, "maximum": MAX_INT}
TEXT = {"type": "string", "maxLength": MAX_TEXT}


def header_schema() -> dict[str, Any]:
    player = {
        "type": "object",
        "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 200}, "side": TEXT},
        "required": ["name", "side"],
        "additionalProperties": False,
    }
    return _doc(
        "header",
        "Line 1 of a log: what the match is and the seed of its hash chain. "
        "`hash` is the SHA-256 of the canonical JSON of every field except `created_at` and `hash`.",
        {
            "format": {"const": FORMAT},
            "match_id": {"type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"},
            "game": {"type": "string", "pattern": "^[a-z][a-z0-9_]{0,31}$"},
            "edition": TEXT,
            "engine_version": TEXT,
            "rules_version": TEXT,
            "seed": {"type": "integer", "minimum": 0, "maximum": MAX_INT},
            "players": {"type": "array", "items": player, "minItems": 2, "maxItems": 8},
            "options": {"type": "object"},
            "created_at": TEXT,
            "hash": HASH,
        },
    )


def envelope_schema() -> dict[str, Any]:
    actor = {"anyOf": [{"type": "null"}, {"type": "integer", "minimum": 0, "maximum": 7}]}
    return _doc(
        "envelope",
        "Every event line of every game. `data` is validated by the schema of its `type`. "
        "`hash` is the SHA-256 of the canonical JSON of the envelope without `hash`; "
        "`prev` is the previous event's hash, or the header's hash for seq 1.",
        {
            "match_id": {"type": "string", "maxLength": 64},
            "seq": SEQ,
            "duel": {"type": "integer", "minimum": 0, "maximum": 1000},
            "beat": {"type": "integer", "minimum": 0, "maximum": 100000},
            "type": {"type": "string", "pattern": "^[A-Z][A-Za-z0-9]{0,63}$"},
            "kind": {"enum": ["input", "outcome"]},
            "actor": actor,
            "data": {"type": "object"},
            "cause": {"anyOf": [{"type": "null"}, SEQ]},
            "visibility": {"anyOf": [{"const": "public"}, {"type": "integer", "minimum": 0, "maximum": 7}]},
            "prev": HASH,
            "hash": HASH,
        },
    )


def event_schema(game: str | None, cls: type[Event], *, values: bool = True) -> dict[str, Any]:
    """The payload schema of ``cls``: its fields' types, narrowed by its ``VALUES`` unless ``values`` is False.

    ``values=False`` is the shape alone, what a rules fingerprint covers: narrowing a field to the values
    the engine writes refuses only forgeries, so it must not change the rules version of recorded logs.
    """
    hints = payload_types(cls)
    props = {name: _type_schema(hint) for name, hint in hints.items()}
    if values:
        for name, narrowed in cls.VALUES.items():
            if name not in props:
                raise TypeError(f"{cls.__name__}.VALUES names {name!r}, which is not one of its fields")
            props[name] = {**props[name], **narrowed}
    doc = (cls.__doc__ or "").strip()
    schema = _doc(cls.TYPE, doc, props)
    schema["$id"] = f"beatlog/{game or 'core'}/{cls.TYPE}.json"
    schema["x-kind"] = cls.KIND
    return schema


def _doc(title: str, description: str, props: dict[str, Any]) -> dict[str, Any]:
    return {
        "$schema": DRAFT,
        "title": title,
        "description": description,
        "type": "object",
        "properties": props,
        "required": list(props),
        "additionalProperties": False,
    }


def _type_schema(hint: Any) -> dict[str, Any]:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is int:
        return dict(INT)
    if hint is str:
        return dict(TEXT)
    if hint is bool:
        return {"type": "boolean"}
    if hint is type(None):
        return {"type": "null"}
    if hint is Any:
        return {}
    if origin is Literal:
        return {"enum": list(args)}
    if origin is Annotated:  # (keyword, value) constraints on the base type, e.g. recorder.events.Name
        schema = _type_schema(args[0])
        for keyword, value in hint.__metadata__:
            schema[keyword] = value
        return schema
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [_type_schema(a) for a in args]}
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _type_schema(args[0]), "maxItems": 1000}
        if args and all(a == args[0] for a in args):
            n = len(args)
            return {"type": "array", "items": _type_schema(args[0]), "minItems": n, "maxItems": n}
        raise TypeError(f"heterogeneous tuple {hint!r} is not supported in event payloads")
    if origin is dict:
        return {"type": "object", "additionalProperties": _type_schema(args[1])}
    raise TypeError(f"unsupported payload type {hint!r}")


def all_schemas(registries: list[EventRegistry]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(relative path, schema) for every schema beatlog publishes."""
    yield "header.json", header_schema()
    yield "envelope.json", envelope_schema()
    for cls in KERNEL.own():
        yield f"core/{cls.TYPE}.json", event_schema(None, cls)
    for registry in registries:
        for cls in registry.own():
            yield f"{registry.game}/{cls.TYPE}.json", event_schema(registry.game, cls)
        for name, schema in sorted(registry.extra_schemas().items()):
            yield f"{registry.game}/{name}", schema


def installed_registries() -> list[EventRegistry]:

    out = []
    for name in sorted(GAMES):
        try:
            out.append(load_game(name).events)
        except UnknownGame:
            continue
    return out


def render(schema: dict[str, Any]) -> str:
    import json

    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_all(out_dir: str | Path) -> list[Path]:
    out = Path(out_dir)
    written = []
    for rel, schema in all_schemas(installed_registries()):
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render(schema), encoding="utf-8")
        written.append(path)
    return written


def fingerprint(registries: list[EventRegistry]) -> str:
    """A hash of these registries' own payload schemas: part of a game's rules-data version.

    The kernel's header, envelope and event schemas are deliberately left out:
    they are versioned by the log ``format``, and a kernel change must not make
    every recorded log of every game unverifiable.
    """
    own = []
    for registry in registries:
        own += [event_schema(registry.game, cls, values=False) for cls in registry.own()]
        own += [registry.extra_schemas()[k] for k in sorted(registry.extra_schemas())]
    return canonical.digest(own)

"""Schema validation of log lines: fast in bulk, exact when something is wrong.

Every schema comes from :mod:`recorder.schemagen`, so validation cannot drift
from the code that writes logs. Each schema is compiled once with
``fastjsonschema`` (a generated Python function, fast enough for every line of
every log). When it rejects a value, the same schema is run through
``jsonschema``'s draft 2020-12 validator only to word the message: the field
path and what was wrong with it.

Integers are strict: booleans are not integers, and neither are floats such as
``1.0`` (canonical logs hold no floats at all; both validators would otherwise
accept ``1.0`` for an ``integer``).
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import Any, Callable, Iterable

import fastjsonschema

from . import quickcheck, schemagen
from .errors import CorruptLog, UnknownEventType
from .events import KERNEL, Event, EventRegistry

Check = Callable[[Any], Any]

# Longest message quoted from jsonschema: an over-long value (a 5000-character
# player name...) must not turn one error line into a page.
MAX_MESSAGE = 240


def _is_strict_int(checker: Any, instance: Any) -> bool:
    return type(instance) is int


@lru_cache(maxsize=None)
def _exact_validator() -> Any:
    """jsonschema's draft 2020-12 validator with strict integers (imported only to word an error)."""
    import jsonschema

    checker = jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_strict_int)
    return jsonschema.validators.extend(jsonschema.Draft202012Validator, type_checker=checker)


class _Compiled:
    """One schema with its quick validator; the fast and exact ones are built on demand."""

    __slots__ = ("schema", "quick", "closed", "_fast_form", "_fast", "_exact")

    def __init__(self, schema: dict[str, Any]) -> None:
        # fastjsonschema would try to fetch the draft's meta-schema by its URI.
        self.schema = {k: v for k, v in schema.items() if k != "$schema"}
        self._fast_form = _fast_form(self.schema)
        # True only for values fast accepts, all of JSON's own types (see recorder.quickcheck);
        # everything else goes through fast, which decides.
        quick = quickcheck.compile(self._fast_form)
        self.quick: Callable[[Any], bool] = quick.check
        self.closed = quick.closed  # what quick accepts holds no float anywhere
        self._fast: Check | None = None
        self._exact: Any = None

    @property
    def fast(self) -> Check:
        """fastjsonschema's validator, compiled when first needed: about 1 ms a schema, which
        a process that only meets valid logs (quick says yes to all) never spends."""
        if self._fast is None:
            self._fast = fastjsonschema.compile(self._fast_form)
        return self._fast

    def explain(self, instance: Any) -> tuple[str, str] | None:
        """(path, message) of the most relevant error, or None if jsonschema sees none."""
        from jsonschema.exceptions import best_match

        if self._exact is None:
            self._exact = _exact_validator()(self.schema)
        error = best_match(self._exact.iter_errors(instance))
        if error is None:
            return None
        return _path(error.absolute_path), _shorten(_quote_briefly(error.message, error.instance))


# Keywords that constrain only values of their own JSON type: a null passes
# them all, so ``anyOf: [null, S]`` means the same as S with null added to its
# type list when S has nothing else.
_TYPED_KEYWORDS = frozenset({
    "type", "minimum", "maximum", "minLength", "maxLength", "pattern",
    "items", "minItems", "maxItems", "properties", "required", "additionalProperties",
})
_NULL = {"type": "null"}


def _fast_form(schema: Any) -> Any:
    """An equivalent schema that fastjsonschema checks faster.

    Its code for ``anyOf`` raises and catches an exception for each failed
    branch, which is most of the cost of an ``X | None`` field holding an X.
    Only the compiled fast validator sees this form; jsonschema words errors
    from the published schema.
    """
    if not isinstance(schema, dict):
        return schema
    out = dict(schema)
    if isinstance(out.get("properties"), dict):
        out["properties"] = {k: _fast_form(v) for k, v in out["properties"].items()}
    for key in ("items", "additionalProperties"):
        if isinstance(out.get(key), dict):
            out[key] = _fast_form(out[key])
    if "anyOf" in out:
        alternatives = [_fast_form(a) for a in out["anyOf"]]
        out["anyOf"] = alternatives
        others = [a for a in alternatives if a != _NULL]
        if len(out) == 1 and len(alternatives) == 2 and len(others) == 1:
            other = others[0]
            if isinstance(other.get("type"), str) and other["type"] != "null" and set(other) <= _TYPED_KEYWORDS:
                return {**other, "type": ["null", other["type"]]}
    return out


@lru_cache(maxsize=None)
def _header() -> _Compiled:
    return _Compiled(schemagen.header_schema())


@lru_cache(maxsize=None)
def _envelope() -> _Compiled:
    return _Compiled(schemagen.envelope_schema())


# Keyed by the event class itself: a class is registered once, so its schema
# never changes while the process lives.
_PAYLOADS: dict[type[Event], _Compiled] = {}


def _payload(registry: EventRegistry, cls: type[Event]) -> _Compiled:
    compiled = _PAYLOADS.get(cls)
    if compiled is None:
        game = None if cls.TYPE in _kernel_types() else registry.game
        compiled = _PAYLOADS[cls] = _Compiled(schemagen.event_schema(game, cls))
    return compiled


@lru_cache(maxsize=None)
def _kernel_types() -> frozenset[str]:
    return frozenset(cls.TYPE for cls in KERNEL.own())


# -- public API -----------------------------------------------------------------


def validate_header(raw: Any, where: str) -> None:
    """Check a parsed header line against the header schema (raises CorruptLog)."""
    _run(_header(), raw, where, prefix="")
    _no_floats(raw, where, "")
    _safe_ints(raw["options"], where, "options")


def validate_envelope(raw: Any, where: str) -> None:
    """Check a parsed event line's envelope (every field but ``data``'s content)."""
    compiled = _envelope()
    if compiled.quick(raw):
        # Its types are exact (an int is an int, never 1.0) and the envelope
        # types every field: no float can be among them.
        return
    _run(compiled, raw, where, prefix="")
    # ``data`` is walked by validate_payload; the other fields are scalars.
    for key, value in raw.items():
        if type(value) is float:
            raise CorruptLog(f"{where}: {key}: floats are not allowed in a log")


def payload_class(raw: dict[str, Any], registry: EventRegistry, where: str) -> type[Event]:
    """The event class of an envelope-valid record; checks its ``kind`` too."""
    name = raw["type"]
    if name not in registry:
        owner = f"game {registry.game!r}" if registry.game else "beatlog"
        raise _unknown_type(f"{where}: unknown event type {name!r} for {owner}")
    cls = registry.get(name)
    if raw["kind"] != cls.KIND:
        raise CorruptLog(
            f"{where}: kind: {raw['kind']!r} does not match event type {name!r}, which is an {cls.KIND}"
        )
    return cls


def validate_payload(raw: dict[str, Any], registry: EventRegistry, where: str) -> type[Event]:
    """Check ``data`` against the schema of the record's type; return that type's class."""
    cls = payload_class(raw, registry, where)
    compiled = _payload(registry, cls)
    if compiled.closed and compiled.quick(raw["data"]):
        return cls  # typed exactly all the way down: no float either
    _run(compiled, raw["data"], where, prefix="data")
    _no_floats(raw["data"], where, "data")
    return cls


def quick_payload(registry: EventRegistry, cls: type[Event]) -> Callable[[Any], bool] | None:
    """A check that says yes to a payload of ``cls`` exactly when :func:`validate_payload` accepts it outright
    (``cls`` being the registered class of the record's type and kind), for a caller checking many; None when
    the schema leaves a part free-form (floats must then be looked for: :func:`validate_payload` decides).
    When it says no, :func:`validate_payload` decides and words the error."""
    compiled = _payload(registry, cls)
    return compiled.quick if compiled.closed else None


def validate_record(raw: Any, registry: EventRegistry, where: str) -> type[Event]:
    """Check a parsed event line: the envelope, then the payload by its type."""
    validate_envelope(raw, where)
    return validate_payload(raw, registry, where)


# -- internals ------------------------------------------------------------------


def _run(compiled: _Compiled, instance: Any, where: str, *, prefix: str) -> None:
    if compiled.quick(instance):
        return
    try:
        compiled.fast(instance)
    except fastjsonschema.JsonSchemaValueException as exc:
        raise CorruptLog(f"{where}: {_describe(compiled, instance, exc, prefix)}") from None


def _describe(compiled: _Compiled, instance: Any, exc: Any, prefix: str) -> str:
    explained = compiled.explain(instance)
    if explained is None:
        # The two validators disagree (should not happen with the keywords
        # schemagen uses); fastjsonschema's own wording is still exact.
        path = _path(p for p in (exc.path or [])[1:])
        return _join(prefix, path, _shorten(exc.message))
    path, message = explained
    return _join(prefix, path, message)


def _no_floats(value: Any, where: str, prefix: str) -> None:
    """Reject floats anywhere (schemas say ``integer``, but ``1.0`` passes them)."""
    path = _find_float(value, deque())
    if path is not None:
        at = _path(path)
        raise CorruptLog(f"{where}: {_join(prefix, at, 'floats are not allowed in a log')}")


def _safe_ints(value: Any, where: str, path: str) -> None:
    """Integers in free-form data (options) must be exact in every JSON reader: within ±2^53."""
    if type(value) is int and abs(value) > schemagen.MAX_INT:
        raise CorruptLog(f"{where}: {path}: {value} is outside ±2^53")
    if type(value) is dict:
        for key, item in value.items():
            _safe_ints(item, where, f"{path}.{key}")
    elif type(value) is list:
        for index, item in enumerate(value):
            _safe_ints(item, where, f"{path}[{index}]")


def _find_float(value: Any, path: deque) -> deque | None:
    kind = type(value)
    if kind is float:
        return path
    if kind is dict:
        for key, item in value.items():
            if type(item) in _CONTAINERS_OR_FLOAT:
                path.append(key)
                if _find_float(item, path) is not None:
                    return path
                path.pop()
    elif kind is list:
        for index, item in enumerate(value):
            if type(item) in _CONTAINERS_OR_FLOAT:
                path.append(index)
                if _find_float(item, path) is not None:
                    return path
                path.pop()
    return None


_CONTAINERS_OR_FLOAT = (dict, list, float)


def _path(parts: Iterable[Any]) -> str:
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def _join(prefix: str, path: str, message: str) -> str:
    if prefix and path:
        full = f"{prefix}{path}" if path.startswith("[") else f"{prefix}.{path}"
    else:
        full = prefix or path
    return f"{full}: {message}" if full else message


def _quote_briefly(message: str, instance: Any) -> str:
    """Replace a long quoted value in ``message`` by its start, keeping the rest."""
    quoted = repr(instance)
    if len(quoted) <= 60 or quoted not in message:
        return message
    brief = quoted[:50] + "…" + (quoted[-1] if quoted[-1] in "'\"]}" else "")
    size = f" ({len(instance)} characters)" if isinstance(instance, str) else ""
    return message.replace(quoted, brief + size)


def brief(message: str, instance: Any) -> str:
    """A jsonschema message fit for one error line: a long quoted value cut short, the whole capped."""
    return _shorten(_quote_briefly(message, instance))


def _shorten(message: str) -> str:
    if len(message) <= MAX_MESSAGE:
        return message
    return message[: MAX_MESSAGE - 1] + "…"


def _unknown_type(message: str) -> CorruptLog:
    return UnknownEventType(message)

"""A quick "yes" for schema-valid values: a generated predicate that never says yes wrongly.

Every line of every log goes through the envelope schema and one payload
schema. fastjsonschema's generated validators are general (they collect key
sets, accept ``1.0`` as an integer, build an exception to try each branch of
an ``anyOf``), and the envelope alone took a third of a log reader's time.

:func:`compile` turns a schema written with the few keywords
:mod:`recorder.schemagen` uses into one straight-line Python function that
returns True only for a value the schema accepts *and* that holds only JSON's
own types where the schema says what it holds (``dict``, ``list``, ``str``,
``int``, ``bool``, ``None``: never a float, a tuple, or a subclass such as
``bool`` for ``int``). For anything else it returns False: a value it is not
sure of, or any value at all when the schema has a keyword it does not know.
The caller then runs the full validators, which decide and word the error
(:mod:`recorder.validate`). So it only ever skips work, never changes a
verdict; tests/test_quickcheck.py holds it to that.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

Predicate = Callable[[Any], bool]


@dataclass(frozen=True)
class Quick:
    """A schema's quick predicate, and whether it types every value it accepts."""

    check: Predicate
    # True when the schema leaves no part free-form (an object of any keys, an
    # array of anything, an untyped value): whatever ``check`` accepts is then
    # made of exactly typed values all the way down, so it holds no float.
    closed: bool

# Keywords that say nothing about validity.
_ANNOTATIONS = frozenset({"title", "description", "$id", "$schema", "$comment", "x-kind", "default", "examples"})
_KEYWORDS = frozenset({
    "type", "minimum", "maximum", "minLength", "maxLength", "pattern", "enum", "const", "anyOf",
    "properties", "required", "additionalProperties", "items", "minItems", "maxItems",
}) | _ANNOTATIONS

_TYPE_TESTS = {
    "integer": "type({v}) is int",
    "string": "type({v}) is str",
    "boolean": "type({v}) is bool",
    "null": "{v} is None",
    "object": "type({v}) is dict",
    "array": "type({v}) is list",
}
_SCALARS = (str, int, bool, type(None))
_JSON_TYPES = (dict, list, str, int, bool, type(None))


class _Unsupported(Exception):
    """The schema uses something this compiler does not handle: the predicate is then always False."""


def _never(value: Any) -> bool:
    return False


def compile(schema: Any) -> Quick:  # noqa: A001 - the module's one verb, as in re.compile
    """The quick predicate of ``schema`` (always False for a schema it cannot handle)."""
    generator = _Generator()
    try:
        return Quick(generator.build(schema), not generator.open)
    except _Unsupported:
        return Quick(_never, False)


def _same(value: Any, options: tuple[Any, ...]) -> bool:
    """``value`` is one of ``options`` with its exact type (JSON Schema's equality: ``True`` is not ``1``)."""
    kind = type(value)
    return any(type(option) is kind and option == value for option in options)


def _pattern(pattern: str) -> Callable[[str], Any]:
    """A search that matches exactly when both validators' readings of ``pattern`` match.

    jsonschema searches with ``$`` as written; fastjsonschema turns each ``$``
    into ``\\Z`` (no newline before the end). Only a pattern whose one ``$``
    ends it is handled: then the ``\\Z`` reading implies the other.
    """
    if "$" in pattern[:-1] or pattern.endswith("\\$"):
        raise _Unsupported(pattern)
    strict = re.compile(pattern[:-1] + r"\Z" if pattern.endswith("$") else pattern)
    return strict.search


_CONTAINER_KEYWORDS = frozenset({"properties", "required", "additionalProperties", "items", "minItems", "maxItems"})


class _Generator:
    def __init__(self) -> None:
        self.names: dict[str, Any] = {"_same": _same, "_JSON_TYPES": _JSON_TYPES}
        self.functions: list[str] = []
        self.count = 0
        self.open = False  # some part of the schema is free-form

    def build(self, schema: Any) -> Predicate:
        name = self.function(schema)
        namespace = dict(self.names)
        exec("\n\n".join(self.functions), namespace)  # noqa: S102 - generated here from a schema
        return namespace[name]

    def fresh(self, prefix: str) -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    def constant(self, value: Any) -> str:
        name = self.fresh("_k")
        self.names[name] = value
        return name

    def function(self, schema: Any) -> str:
        """Generate a function for ``schema``; return its name."""
        name = self.fresh("_check")
        lines = [f"def {name}(v0):"]
        self.checks(schema, "v0", "    ", lines)
        lines.append("    return True")
        self.functions.append("\n".join(lines))
        return name

    # -- statements: any schema ------------------------------------------------------------

    def checks(self, schema: Any, v: str, ind: str, out: list[str]) -> None:
        """Append lines that ``return False`` unless the value in variable ``v`` passes ``schema``."""
        if not isinstance(schema, dict) or not set(schema) <= _KEYWORDS:
            raise _Unsupported(schema)
        test = self.expression(schema, v)
        if test is not None:
            out.append(f"{ind}if not ({test}): return False")
            return
        kind = _single_type(schema)
        scalar = {k: schema[k] for k in schema if k not in _CONTAINER_KEYWORDS and k != "anyOf"}
        test = self.expression(scalar, v, residue=True, branched="anyOf" in schema)
        out.append(f"{ind}if not ({test}): return False")
        if "anyOf" in schema:
            names = [self.function(branch) for branch in _branches(schema)]
            out.append(f"{ind}if not ({' or '.join(f'{n}({v})' for n in names)}): return False")
        self.objects(schema, v, ind, out, kind == "object")
        self.arrays(schema, v, ind, out, kind == "array")

    def objects(self, schema: dict[str, Any], v: str, ind: str, out: list[str], known: bool) -> None:
        props = schema.get("properties", {})
        required = schema.get("required", [])
        extra = schema.get("additionalProperties", True)
        if extra is True and _may_be(schema, "object"):
            self.open = True
        if not props and not required and extra is True:
            return  # any object: nothing inside is checked (the float checks walk it)
        if not isinstance(props, dict) or not isinstance(required, list) or not isinstance(extra, (bool, dict)):
            raise _Unsupported(schema)
        if not known:
            out.append(f"{ind}if type({v}) is dict:")
            ind += "    "
        names = frozenset(props)
        present = set(required)
        if extra is False and present == names:
            out.append(f"{ind}if {v}.keys() != {self.constant(names)}: return False")
        else:
            if required:
                out.append(f"{ind}if not {self.constant(frozenset(required))} <= {v}.keys(): return False")
            if extra is False:
                out.append(f"{ind}if not {v}.keys() <= {self.constant(names)}: return False")
        for key, sub in props.items():
            w = self.fresh("v")
            if key in present:
                out.append(f"{ind}{w} = {v}[{key!r}]")
                self.checks(sub, w, ind, out)
            else:
                out.append(f"{ind}if {key!r} in {v}:")
                out.append(f"{ind}    {w} = {v}[{key!r}]")
                self.checks(sub, w, ind + "    ", out)
        if isinstance(extra, dict):
            k, w = self.fresh("k"), self.fresh("v")
            out.append(f"{ind}for {k}, {w} in {v}.items():")
            out.append(f"{ind}    if {k} in {self.constant(names)}: continue")
            self.checks(extra, w, ind + "    ", out)
        out.append(f"{ind}pass")

    def arrays(self, schema: dict[str, Any], v: str, ind: str, out: list[str], known: bool) -> None:
        bounds = _bounds(schema, "minItems", "maxItems", f"len({v})")
        if "items" not in schema and _may_be(schema, "array"):
            self.open = True  # an array of anything
        if not bounds and "items" not in schema:
            return
        if not known:
            out.append(f"{ind}if type({v}) is list:")
            ind += "    "
        if bounds:
            out.append(f"{ind}if not ({bounds}): return False")
        if "items" in schema:
            w = self.fresh("v")
            out.append(f"{ind}for {w} in {v}:")
            self.checks(schema["items"], w, ind + "    ", out)
        out.append(f"{ind}pass")

    # -- expressions: schemas of scalars ---------------------------------------------------

    def expression(self, schema: dict[str, Any], v: str, residue: bool = False, branched: bool = False) -> str | None:
        """One boolean expression for a schema without object or array keywords, else None.

        ``residue``: the schema is what is left of one with such keywords once
        they are taken out (the statements that follow check them); ``branched``:
        one of those is an ``anyOf``, whose branches have their own types.
        """
        if not isinstance(schema, dict) or not set(schema) <= _KEYWORDS:
            raise _Unsupported(schema)
        if set(schema) & _CONTAINER_KEYWORDS:
            return None
        kind = _single_type(schema)
        parts = []
        if "type" in schema:
            kinds = [schema["type"]] if isinstance(schema["type"], str) else schema["type"]
            if not isinstance(kinds, list) or not kinds or any(k not in _TYPE_TESTS for k in kinds):
                raise _Unsupported(kinds)
            parts.append(" or ".join(_TYPE_TESTS[k].format(v=v) for k in kinds))
            if not residue and ("object" in kinds or "array" in kinds):
                self.open = True  # an object or array schema without keywords for what it holds
        elif not branched and not {"enum", "const", "anyOf"} & set(schema):  # (an anyOf's branches have types)
            parts.append(f"type({v}) in _JSON_TYPES")  # a float, a tuple... is left to the full validators
            self.open = True  # but a list or an object of anything passes
        for keys, guard, measure in ((("minimum", "maximum"), "int", v),
                                     (("minLength", "maxLength"), "str", f"len({v})")):
            bounds = _bounds(schema, *keys, measure)
            if bounds:
                known = kind == {"int": "integer", "str": "string"}[guard]
                parts.append(bounds if known else f"(type({v}) is not {guard} or {bounds})")
        if "pattern" in schema:
            if not isinstance(schema["pattern"], str):
                raise _Unsupported(schema["pattern"])
            search = f"{self.constant(_pattern(schema['pattern']))}({v})"
            parts.append(search if kind == "string" else f"(type({v}) is not str or {search})")
        for key in ("enum", "const"):
            if key in schema:
                parts.append(self.choice(tuple(schema[key]) if key == "enum" else (schema[key],), v))
        if "anyOf" in schema:
            branches = [self.expression(branch, v) for branch in _branches(schema)]
            if any(b is None for b in branches):
                return None
            parts.append(" or ".join(f"({b})" for b in branches))
        return " and ".join(f"({p})" for p in parts) or "True"

    def choice(self, options: tuple[Any, ...], v: str) -> str:
        """``v`` is one of ``options``, compared as JSON Schema does (``True`` is not ``1``)."""
        if not options or not all(isinstance(o, _SCALARS) for o in options):
            raise _Unsupported(options)  # arrays and objects would need a deep, typed comparison
        kinds = {type(o) for o in options}
        if len(kinds) == 1 and kinds <= {str, int}:
            return f"type({v}) is {kinds.pop().__name__} and {v} in {self.constant(frozenset(options))}"
        return f"_same({v}, {self.constant(options)})"


def _single_type(schema: dict[str, Any]) -> str | None:
    kinds = schema.get("type")
    if isinstance(kinds, list) and len(kinds) == 1:
        kinds = kinds[0]
    return kinds if isinstance(kinds, str) else None


def _may_be(schema: dict[str, Any], kind: str) -> bool:
    """Can a value of JSON type ``kind`` pass ``schema``'s type keyword?"""
    kinds = schema.get("type")
    return kinds is None or kinds == kind or (isinstance(kinds, list) and kind in kinds)


def _bounds(schema: dict[str, Any], low: str, high: str, measure: str) -> str:
    """``lo <= measure <= hi`` for the bounds ``schema`` gives ("" when it gives none)."""
    for key in (low, high):
        if key in schema and type(schema[key]) is not int:
            raise _Unsupported(schema[key])
    if low in schema and high in schema:
        return f"{schema[low]!r} <= {measure} <= {schema[high]!r}"
    if low in schema:
        return f"{schema[low]!r} <= {measure}"
    if high in schema:
        return f"{measure} <= {schema[high]!r}"
    return ""


def _branches(schema: dict[str, Any]) -> list[Any]:
    branches = schema["anyOf"]
    if not isinstance(branches, list) or not branches:
        raise _Unsupported(branches)
    return branches

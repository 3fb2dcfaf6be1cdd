"""Compact differences between JSON-native values, so a page can hold every frame.

A match page holds one snapshot per event per perspective; consecutive
snapshots differ in a few fields, so the page stores the first one whole and
then only what changed. An operation is ``[pointer, value]`` (set) or
``[pointer]`` (delete that key), where ``pointer`` is an RFC 6901 JSON Pointer
(``"/fighters/1/life"``; ``~`` and ``/`` in keys written ``~0`` and ``~1``).
Lists of a different length are replaced whole: cheap to apply and, for the
short lists of a game state, hardly bigger.

``viewer/static/viewer.js`` applies the same operations; :func:`patch` is the
Python reference used by the tests.
"""

from __future__ import annotations

import copy
from typing import Any

import orjson

Op = list[Any]


def pointer(path: list[str | int]) -> str:
    """The JSON Pointer of a path of keys and indexes (``[]`` -> ``""``, the whole value)."""
    return "".join(_token(key) for key in path)


def _token(key: str | int) -> str:
    text = str(key)
    if "~" in text or "/" in text:
        text = text.replace("~", "~0").replace("/", "~1")
    return "/" + text


def keys(text: str) -> list[str]:
    """The raw keys of a JSON Pointer (indexes stay strings; the container decides)."""
    if not text:
        return []
    return [key.replace("~1", "/").replace("~0", "~") for key in text[1:].split("/")]


def diff(old: Any, new: Any) -> list[Op]:
    """The operations that turn ``old`` into ``new`` (``[]`` when equal)."""
    ops: list[Op] = []
    _diff(old, new, "", ops)
    return ops


def _diff(old: Any, new: Any, at: str, ops: list[Op]) -> None:
    if isinstance(old, dict) and isinstance(new, dict):
        for key, value in new.items():
            if key not in old:
                ops.append([at + _token(key), value])
                continue
            before = old[key]
            # _same, inlined: this loop runs for every field of every frame.
            if before is value or (type(before) is type(value) and before == value
                                   and (not isinstance(value, (dict, list)) or _bytes_equal(before, value))):
                continue
            _diff(before, value, at + _token(key), ops)
        ops.extend([at + _token(key)] for key in old if key not in new)
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for index, (a, b) in enumerate(zip(old, new)):
            if not _same(a, b):
                _diff(a, b, f"{at}/{index}", ops)
    elif not _same(old, new):
        ops.append([at, new])


def _same(a: Any, b: Any) -> bool:
    # A redacted snapshot shares most of its parts with the whole one: identity is the fast answer.
    if a is b:
        return True
    # ``1 == True`` in Python but not in JSON: compare containers by their bytes.
    if type(a) is not type(b):
        return False
    if isinstance(a, (dict, list)):
        return a == b and _bytes_equal(a, b)
    return a == b


def _bytes_equal(a: Any, b: Any) -> bool:
    return orjson.dumps(a) == orjson.dumps(b)


def patch(value: Any, ops: list[Op]) -> Any:
    """``value`` with ``ops`` applied (``value`` itself is left untouched)."""
    value = copy.deepcopy(value)
    for op in ops:
        path = keys(op[0])
        if not path:
            value = copy.deepcopy(op[1])
            continue
        parent = value
        for key in path[:-1]:
            parent = parent[int(key)] if isinstance(parent, list) else parent[key]
        last: str | int = int(path[-1]) if isinstance(parent, list) else path[-1]
        if len(op) == 1:
            del parent[last]
        else:
            parent[last] = copy.deepcopy(op[1])
    return value

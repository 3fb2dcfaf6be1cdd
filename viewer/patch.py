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
from operator import is_
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


def diff(old: Any, new: Any, at: str = "") -> list[Op]:
    """The operations that turn ``old`` into ``new`` (``[]`` when equal).

    ``at``: the pointer of ``old`` and ``new`` inside a larger value (prefixed to every operation).
    """
    ops: list[Op] = []
    if not _same(old, new):
        _diff(old, new, at, ops)
    return ops


_ABSENT = object()


def diff_shared(old: Any, new: Any, at: str = "") -> list[Op]:
    """:func:`diff` for a ``new`` built out of ``old``'s parts (a redacted copy of a snapshot).

    Parts that are the same objects are skipped; every other container is walked
    rather than compared whole first, as it usually holds a shared part or a change.
    ``at``: the pointer of ``old`` and ``new`` inside a larger value (prefixed to every operation).
    """
    ops: list[Op] = []
    _walk(old, new, at, ops)
    return ops


def _walk(old: Any, new: Any, at: str, ops: list[Op]) -> None:
    kind = type(new)
    if kind is dict and type(old) is dict:
        # A copy whose every value is the same object (a fighter the redaction left alone): one
        # C-level pass over the values instead of a Python loop over the keys.
        if len(old) == len(new) and all(map(is_, old.values(), new.values())) and list(old) == list(new):
            return
        added = 0
        for key, value in new.items():
            before = old.get(key, _ABSENT)
            if before is value:
                continue
            if before is _ABSENT:
                added += 1
                ops.append([at + _token(key), value])
            else:
                _walk(before, value, at + _token(key), ops)
        if len(old) > len(new) - added:
            ops.extend([at + _token(key)] for key in old if key not in new)
    elif kind is list and type(old) is list and len(old) == len(new):
        for index, (a, b) in enumerate(zip(old, new)):
            if a is not b:
                _walk(a, b, f"{at}/{index}", ops)
    elif not _same(old, new):
        ops.append([at, new])




def _diff(old: Any, new: Any, at: str, ops: list[Op]) -> None:
    """Append the operations for two values already known to differ."""
    # Exact types, not isinstance: a snapshot is plain JSON-native data, and anything else
    # (a tuple, a dict subclass) is simply replaced whole, which is always correct.
    kind = type(new)
    if kind is dict and type(old) is dict:
        added = 0
        for key, value in new.items():
            before = old.get(key, _ABSENT)
            if before is value:  # a redacted snapshot shares most of its parts with the whole one
                continue
            if before is _ABSENT:
                added += 1
                ops.append([at + _token(key), value])
            elif not _same(before, value):
                _diff(before, value, at + _token(key), ops)
        if len(old) > len(new) - added:  # some key of ``old`` is gone
            ops.extend([at + _token(key)] for key in old if key not in new)
    elif kind is list and type(old) is list and len(old) == len(new):
        for index, (a, b) in enumerate(zip(old, new)):
            if a is not b and not _same(a, b):
                _diff(a, b, f"{at}/{index}", ops)
    else:
        ops.append([at, new])


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON. Containers are compared by their bytes: one C call instead of a walk,
    and ``1 == True`` in Python but not in JSON."""
    if a is b:
        return True
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is dict or kind is list:
        # ``==`` first: it is cheap when they differ, and bytes are only needed to confirm equality.
        return a == b and orjson.dumps(a) == orjson.dumps(b)
    return a == b


def patch(value: Any, ops: list[Op], pointers: list[str] | None = None) -> Any:
    """``value`` with ``ops`` applied (``value`` itself is left untouched).

    ``pointers``: the table that :class:`Pointers` packed ``ops`` with (their pointers are indexes).
    """
    value = copy.deepcopy(value)
    for op in ops:
        path = keys(op[0] if pointers is None else pointers[op[0]])
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


class Pointers:
    """A table of the pointers in a page's operations, so each op names its pointer by index.

    ``/s/fighters/1/hand`` and its like recur in thousands of operations: a table of the few
    dozen distinct ones, and ``[index, value]`` for ``[pointer, value]``, saves a fifth of a page.
    """

    def __init__(self) -> None:
        self.index: dict[str, int] = {}

    def pack(self, ops: list[Op]) -> list[Op]:
        """``ops`` with each pointer replaced by its index in :attr:`table`."""
        if not ops:  # half a match's events change nothing
            return []
        index = self.index
        return [[index.setdefault(op[0], len(index)), *op[1:]] for op in ops]

    @property
    def table(self) -> list[str]:
        return list(self.index)

"""Frozen slotted dataclasses that are quick to build.

An event, an envelope entry or record and a decision request are frozen dataclasses with ``__slots__``: once
built they cannot change. The ``__init__`` that ``dataclasses`` writes for a frozen class stores each field
through ``object.__setattr__(self, name, value)``, which looks the field up by name every time; building the
hundreds of events of a beat spends a good share of the engine's time there. :func:`quick_init` gives such a
class an ``__init__`` with the same signature and the same effect that stores each field straight through its
slot (the member descriptor's ``__set__``), about a third faster. Nothing else changes: assigning to a field
afterwards still raises ``FrozenInstanceError``, and equality, hashing, ``repr``, ``replace`` and pickling are
the dataclass's own.

A class it cannot speed up safely (not slotted, a ``default_factory``, an ``init=False`` field, a
``__post_init__``) keeps its generated ``__init__``.
"""

from __future__ import annotations

import dataclasses
import keyword
import types
from typing import TypeVar

T = TypeVar("T", bound=type)


def _slot(cls: type, name: str) -> types.MemberDescriptorType | None:
    for klass in cls.__mro__:
        found = klass.__dict__.get(name)
        if found is not None:
            return found if isinstance(found, types.MemberDescriptorType) else None
    return None


def quick_init(cls: T) -> T:
    """Give the frozen slotted dataclass ``cls`` an ``__init__`` that sets its slots directly (see above)."""
    params = dataclasses.fields(cls) if dataclasses.is_dataclass(cls) else ()
    if (not params or not cls.__dataclass_params__.frozen or hasattr(cls, "__post_init__")  # type: ignore[attr-defined]
            or any(not f.init or f.default_factory is not dataclasses.MISSING or keyword.iskeyword(f.name)
                   for f in params)):
        return cls
    names: dict[str, object] = {}
    signature, body = [], []
    keyword_only = False
    for i, f in enumerate(params):
        slot = _slot(cls, f.name)
        if slot is None:
            return cls
        if f.kw_only and not keyword_only:
            signature.append("*")
            keyword_only = True
        if f.default is dataclasses.MISSING:
            signature.append(f.name)
        else:
            names[f"_default_{i}"] = f.default
            signature.append(f"{f.name}=_default_{i}")
        names[f"_set_{i}"] = slot.__set__
        body.append(f"    _set_{i}(self, {f.name})")
    source = (f"def _make({', '.join(names)}):\n"
              f"  def __init__(self, {', '.join(signature)}):\n" + "\n".join("  " + line for line in body)
              + "\n  return __init__\n")
    scope: dict[str, object] = {}
    exec(source, scope)  # noqa: S102 -- built from field names only, as dataclasses builds its own
    init = scope["_make"](*names.values())  # type: ignore[operator]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    init.__annotations__ = dict(cls.__init__.__annotations__)  # the signature reads as the dataclass's
    cls.__init__ = init  # type: ignore[misc]
    return cls

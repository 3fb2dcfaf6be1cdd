"""Events: frozen dataclasses registered under a stable type name.

An event class holds only its type-specific payload (the envelope's ``data``).
Its ``KIND`` says whether it is an ``input`` (a decision or a chance outcome,
taken as given on replay) or an ``outcome`` (derived by the engine, compared on
replay). Payload fields are JSON-native: ``int``, ``str``, ``bool``, ``None``,
tuples (serialised as arrays) and nested tuples/dicts of those.

Each game owns an :class:`EventRegistry`; the kernel's own events live in
:data:`KERNEL` and every game registry falls back to it.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Iterator, TypeVar

from .errors import CorruptLog, UnknownEventType
from .frozen import quick_init

INPUT = "input"
OUTCOME = "outcome"

# A payload string that names something (a card, a fighter): never empty. Its schema says so (minLength 1);
# a field that may name nothing is ``Name | None``. ``Annotated`` metadata of a payload type are (JSON Schema
# keyword, value) pairs added to the type's schema (recorder/schemagen.py).
Name = Annotated[str, ("minLength", 1)]


@dataclass(frozen=True, slots=True)
class Event:
    """Base class of every event payload."""

    TYPE: ClassVar[str] = ""
    KIND: ClassVar[str] = OUTCOME
    DOC: ClassVar[str] = ""
    # Where a field's value space is known, the JSON Schema keywords that narrow it (``{"timing": {"enum":
    # [...]}}``, ``{"card": {"minLength": 1}}``): a forged value no engine writes is then refused by the
    # structural checks, naming the field, before any reader has to interpret it (recorder/unreadable.py).
    VALUES: ClassVar[dict[str, dict[str, Any]]] = {}
    # True for the event that ends a match: nothing may follow it in a log (recorder/integrity.py).
    FINAL: ClassVar[bool] = False

    def to_data(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in type(self).field_names()}

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        names = cls.__dict__.get("_field_names")
        if names is None:
            names = tuple(f.name for f in dataclasses.fields(cls))
            type.__setattr__(cls, "_field_names", names)
        return names

    @classmethod
    def sorted_field_names(cls) -> tuple[str, ...]:
        """The payload's field names in canonical (sorted) order, as a log line has them."""
        names = cls.__dict__.get("_sorted_field_names")
        if names is None:
            names = tuple(sorted(cls.field_names()))
            type.__setattr__(cls, "_sorted_field_names", names)
        return names

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "Event":
        """Rebuild an event from its payload; lists come back as tuples."""
        names = cls.field_names()
        expected = cls.__dict__.get("_field_set")
        if expected is None:
            expected = frozenset(names)
            type.__setattr__(cls, "_field_set", expected)
        if data.keys() != expected:
            missing = sorted(set(names) - set(data))
            extra = sorted(set(data) - set(names))
            raise CorruptLog(
                f"{cls.TYPE} payload has wrong fields (missing {missing}, unexpected {extra})"
            )
        # Scalars (most values) are taken as they are, without a call.
        return cls(**{name: _freeze(v) if type(v) in _NESTED else v for name in names for v in (data[name],)})


_NESTED = frozenset({list, dict})


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return {k: _freeze(v) for k, v in value.items()}
    return value


E = TypeVar("E", bound=type[Event])


class EventRegistry:
    """Maps stable type names to event classes for one game (or the kernel)."""

    def __init__(self, game: str | None, parent: "EventRegistry | None" = None) -> None:
        self.game = game
        self.parent = parent
        self._types: dict[str, type[Event]] = {}
        self._schemas: dict[str, Any] = {}

    def add_schema(self, filename: str, schema: Any) -> None:
        """Publish an extra schema (a fleet file, a script...) under ``schemas/<game>/``."""
        self._schemas[filename] = schema

    def extra_schemas(self) -> dict[str, Any]:
        return dict(self._schemas)

    def register(self, cls: E) -> E:
        """Class decorator: register ``cls`` under its ``TYPE`` (or class name), and build its events with a
        quicker ``__init__`` (same signature and effect: :func:`recorder.frozen.quick_init`)."""
        name = cls.__dict__.get("TYPE") or cls.__name__
        cls.TYPE = name
        if name in self._types or (self.parent and name in self.parent):
            raise ValueError(f"event type {name!r} registered twice")
        self._types[name] = quick_init(cls)
        return cls

    def __contains__(self, name: str) -> bool:
        return name in self._types or (self.parent is not None and name in self.parent)

    def get(self, name: str) -> type[Event]:
        cls = self._types.get(name)
        if cls is None and self.parent is not None and name in self.parent:
            return self.parent.get(name)
        if cls is None:
            owner = f"game {self.game!r}" if self.game else "beatlog"
            raise UnknownEventType(f"unknown event type {name!r} for {owner}")
        return cls

    def with_types(self, *classes: type[Event]) -> "EventRegistry":
        """A copy of this registry with ``classes`` in place of the registered types of the same names: the
        events of an earlier ruleset whose payload was registered differently (recorder/rulesets.py)."""
        copy = EventRegistry(self.game, self.parent)
        copy._types = dict(self._types)
        copy._schemas = dict(self._schemas)
        for cls in classes:
            name = cls.__dict__.get("TYPE") or cls.__name__
            if name not in copy._types:
                raise ValueError(f"event type {name!r} is not registered in {self.game!r}: nothing to replace")
            cls.TYPE = name
            copy._types[name] = quick_init(cls)
        return copy

    def own(self) -> Iterator[type[Event]]:
        """This registry's own classes, sorted by type name."""
        for name in sorted(self._types):
            yield self._types[name]

    def all(self) -> Iterator[type[Event]]:
        if self.parent is not None:
            yield from self.parent.all()
        yield from self.own()


KERNEL = EventRegistry(None)


@KERNEL.register
@dataclass(frozen=True, slots=True)
class ChanceDrawn(Event):
    """A chance outcome drawn from the match's seeded random source.

    ``purpose`` names what it decides (e.g. ``first_active``), ``n`` the number
    of equally likely outcomes and ``value`` the outcome in ``0..n-1``.
    """

    KIND: ClassVar[str] = INPUT
    purpose: str
    n: int
    value: int


def payload_types(cls: type[Event]) -> dict[str, Any]:
    """The resolved type hints of an event's payload fields (with their ``Annotated`` constraints)."""
    hints = typing.get_type_hints(cls, include_extras=True)
    return {name: hints[name] for name in cls.field_names()}

"""recorder.frozen.quick_init: a quicker __init__ for frozen slotted dataclasses, with the same effect."""

from __future__ import annotations

import dataclasses
import inspect
from dataclasses import dataclass, field

import pytest

from recorder.decisions import Answer, Request
from recorder.envelope import Entry, Record
from recorder.frozen import quick_init
from recorder.games.battlecon import events as E


@dataclass(frozen=True, slots=True)
class Plain:
    a: int
    b: str = "x"
    c: tuple = ()
    d: int = dataclasses.field(default=4, kw_only=True)


@quick_init
@dataclass(frozen=True, slots=True)
class Quick:
    a: int
    b: str = "x"
    c: tuple = ()
    d: int = dataclasses.field(default=4, kw_only=True)


def test_same_signature_and_fields_as_the_generated_init() -> None:
    assert str(inspect.signature(Quick)) == str(inspect.signature(Plain))
    assert Quick.__init__ is not Plain.__init__
    q = Quick(1, "y", (2,), d=5)
    assert (q.a, q.b, q.c, q.d) == (1, "y", (2,), 5)
    assert Quick(1) == Quick(a=1, b="x", c=(), d=4)
    assert hash(Quick(1)) == hash(Quick(1))
    assert repr(Quick(1)) == "Quick(a=1, b='x', c=(), d=4)"


def test_still_frozen_and_checked_like_a_dataclass() -> None:
    q = Quick(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        q.a = 2  # type: ignore[misc]
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'a'"):
        Quick()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="takes from 2 to 4 positional arguments"):
        Quick(1, "y", (), 5)  # type: ignore[misc]
    assert dataclasses.replace(q, b="z") == Quick(1, "z")


def test_a_class_it_cannot_speed_up_keeps_its_own_init() -> None:
    @dataclass(frozen=True, slots=True)
    class Factory:
        items: list = field(default_factory=list)

    @dataclass(frozen=True)
    class Unslotted:
        a: int

    for cls in (Factory, Unslotted):
        before = cls.__init__
        assert quick_init(cls).__init__ is before


def test_the_engines_hot_classes_use_it() -> None:
    for cls in (Record, Request, Answer, E.PairSelected, E.TriggerResolved):
        assert cls.__init__.__qualname__ == f"{cls.__qualname__}.__init__"
        assert "_set_0" in cls.__init__.__code__.co_freevars, cls
    event = E.PairSelected(player=0, style="Drive", base="Strike", source="bot")
    assert event.salt == "" and event == E.PairSelected(0, "Drive", "Strike", "bot", "")


def test_an_entry_is_an_immutable_named_tuple() -> None:
    """The engine makes an Entry for every event (Context.emit builds it as a tuple, without Entry.__new__)."""
    event = E.PairSelected(player=0, style="Drive", base="Strike", source="bot")
    entry = Entry(3, 1, 2, event, 0, None, 0)
    assert (entry.seq, entry.duel, entry.beat, entry.event, entry.actor, entry.cause, entry.visibility) == \
        (3, 1, 2, event, 0, None, 0)
    assert entry.type == "PairSelected" and entry.kind == "input"
    with pytest.raises(AttributeError):
        entry.seq = 4  # type: ignore[misc]

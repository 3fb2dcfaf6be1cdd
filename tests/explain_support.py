"""Reading engine entries as a report reads records: describe and cite each with the state before it."""

from __future__ import annotations

import copy
from types import SimpleNamespace
from typing import Any

from recorder.citing import CiteContext


def told(game: Any, state: Any, entries: list[Any]) -> list[tuple[str, str, str | None]]:
    """``(type, description, citation)`` of each entry, folding them into a copy of ``state`` (the state
    before the first entry) and citing them in order with one context, as a report's walk does."""
    state = copy.deepcopy(state)
    citing = CiteContext()
    out = []
    for e in entries:
        record = SimpleNamespace(type=e.type, kind=e.kind, data=e.event.to_data(), actor=e.actor, cause=e.cause,
                                 seq=e.seq, duel=e.duel, beat=e.beat, visibility=e.visibility)
        out.append((e.type, game.describe(state, record), game.cite(state, record, citing)))
        game.apply(state, e.event)
    return out


def lines_of(told_entries: list[tuple[str, str, str | None]], type_: str) -> list[str]:
    return [text for t, text, _ in told_entries if t == type_]


def cites_of(told_entries: list[tuple[str, str, str | None]], type_: str) -> list[str | None]:
    return [cite for t, _, cite in told_entries if t == type_]

"""What one walk's citations remember between records: the per-walk memo of the ``cite`` hook.

A game cites a record with the state before it (``Game.cite(state, record, context)``). A citation may depend
on the records cited before it in the same log: BattleCON follows a decision up its causes to the effect that
asked for it, and cites that effect's rule. What a game learns that way is a report's, not the match's: the
visitor that cites a log's records in order (``replay.walk.Describer``: explain, the viewer's captions, what-if
reports) owns one :class:`CiteContext` for its walk and passes it to every ``cite``. The game's state never
carries it: the rules never read it, the engine never makes one, and copying or comparing a state never sees it.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

T = TypeVar("T")


class CiteContext:
    """One walk's memory for citing its records in log order (one per walk, never shared by two logs).

    A game keeps what it learns under its own name (:meth:`memo`), made on first use. A fresh context knows no
    earlier record: a record cited alone is cited as the first of its log.
    """

    __slots__ = ("_memos",)

    def __init__(self) -> None:
        self._memos: dict[str, Any] = {}

    def memo(self, name: str, make: Callable[[], T]) -> T:
        """The memo kept under ``name`` (a game's own name, e.g. ``"battlecon.origins"``); ``make()`` the first
        time it is asked for."""
        try:
            return self._memos[name]
        except KeyError:
            found = self._memos[name] = make()
            return found

    def __repr__(self) -> str:
        return f"CiteContext({sorted(self._memos)})"

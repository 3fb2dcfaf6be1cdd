"""Folding a log's records into state, for readers that trust the chain but not the content.

Recording folds events through ``game.apply`` as the engine emits them, so the
rules never see an event they would not have produced. A reader that rebuilds
state from a log (``import`` deciding whether the match ended, ``state``,
``explain``, the viewer's walk) only knows that the log's chain is intact: a
forged log with recomputed hashes can still hold an event the rules cannot
apply (a card that is not in hand, a player that is not on the board). The
fold of such an event may fail in any way the game's code fails; this module
turns every such failure into one :class:`UnreadableLog` line (a CorruptLog) that says where the
log stops making sense and points at ``verify``, which re-runs the rules.
"""

from __future__ import annotations

from typing import Any, Iterable

from .envelope import Record
from .errors import CorruptLog, UnreadableLog
from .events import Event
from .game import Game
from .header import Header


def _where(record: Record, source: str) -> str:
    prefix = f"{source}: " if source else ""
    return f"{prefix}match {record.match_id}, seq {record.seq} ({record.type})"


def rebuild(game: Game, record: Record, source: str = "") -> Event:
    """The event object of ``record``, via the game's registry (CorruptLog if it cannot be built)."""
    try:
        cls = game.events.get(record.type)
        return cls.from_data(record.data)
    except CorruptLog as exc:
        raise type(exc)(f"{_where(record, source)}: {exc}") from None
    except (TypeError, ValueError) as exc:  # a payload field of the wrong shape
        raise CorruptLog(f"{_where(record, source)}: bad {record.type} payload: {exc}") from None


def apply_record(game: Game, state: Any, record: Record, event: Event | None = None, source: str = "") -> None:
    """Apply ``record`` (or its already rebuilt ``event``) to ``state`` through the game's rules.

    ``source`` (a file or database name) prefixes the message of any failure.
    The state is unusable after a failure: the fold may have stopped half way.
    """
    if event is None:
        event = rebuild(game, record, source)
    try:
        game.apply(state, event)
    except Exception as exc:  # noqa: BLE001 - any failure of the game's fold is the log's fault
        # The chain is intact, so the event was forged or the log belongs to
        # other rules; verify re-runs the engine and says which.
        raise UnreadableLog(
            f"{_where(record, source)}: the rules cannot apply this event "
            f"({type(exc).__name__}: {exc}); run beatlog verify"
        ) from exc


def fold(game: Game, header: Header, records: Iterable[Record], source: str = "") -> Any:
    """The state after ``records``, folded from ``game.new_state(header)``."""
    state = game.new_state(header)
    for record in records:
        apply_record(game, state, record, source=source)
    return state

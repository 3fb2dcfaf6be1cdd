"""The state of a match at a point of its log, whole or as one player knew it.

``--beat N`` (``--turn N``) is the state once round N is over; ``--event K`` stops after the
K-th event of that round instead (``--event 0``: just before the round began).
``--as P`` passes the snapshot through the game's ``redact`` for player P,
removing what P could not see (the opponent's hand, face-down choices).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence

from recorder.envelope import Record
from recorder.errors import UsageError
from recorder.game import Game, game_for
from recorder.header import Header
from recorder.names import suggestion
from recorder.terms import NEUTRAL, Terms, terms_of
from recorder.unreadable import reading

from .walk import StopWalk, Visitor, walk


@dataclass(frozen=True)
class StateAt:
    """A snapshot and where in the log it was taken."""

    header: Header
    duel: int
    beat: int
    events: int  # events of the beat included
    seq: int  # the last record applied (0: none)
    snapshot: dict[str, Any]
    viewer: int | None  # the player it is redacted for, None for the full state
    terms: Terms = NEUTRAL  # the game's words for the round and its set

    @property
    def where(self) -> str:
        t = self.terms
        point = f"after event {self.events} of the {t.round}" if self.events else f"before the {t.round}'s first event"
        who = f", as {self.header.players[self.viewer].name} saw it" if self.viewer is not None else ""
        return f"match {self.header.match_id}, {t.at(self.duel, self.beat)}, {point} (seq {self.seq}){who}"


class _Stopper(Visitor):
    def __init__(self, game: Game, duel: int, beat: int, event: int | None) -> None:
        self.game, self.target, self.event = game, (duel, beat), event
        self.count = 0  # events of the target beat applied
        self.seq = 0
        self.seen = False
        self.snapshot: dict[str, Any] | None = None

    def before(self, record: Record, state: Any) -> None:
        here = (record.duel, record.beat)
        if here > self.target or (here == self.target and self.event is not None and self.count >= self.event):
            self._take(state)
            raise StopWalk
        self.seen |= here == self.target

    def after(self, record: Record, state: Any) -> None:
        self.seq = record.seq
        if (record.duel, record.beat) == self.target:
            self.count += 1

    def on_end(self, state: Any) -> None:
        if self.snapshot is None:
            self._take(state)

    def _take(self, state: Any) -> None:
        self.snapshot = self.game.snapshot(state)


def player_index(header: Header, who: str) -> int:
    """The seat (0-based, as the log counts) of the player a person names: ``1``, ``2``... as every output
    numbers them (``P1``, ``player 1`` too), a player's name or a side (case-insensitive).

    People count players from 1, as printed; the log's ``actor`` and ``visibility`` fields and match
    scripts' ``player`` stay 0-based data (docs/protocol.md)."""
    text = who.strip()
    number = re.fullmatch(r"(?:p|player\s*)?(\d+)", text, flags=re.IGNORECASE)
    if number is not None and 1 <= int(number.group(1)) <= len(header.players):
        return int(number.group(1)) - 1
    for i, p in enumerate(header.players):
        if text.casefold() in (p.name.casefold(), p.side.casefold()):
            return i
    seats = ", ".join(f"{i + 1} = {p.name} ({p.side})" for i, p in enumerate(header.players))
    hint = (" (players are counted from 1, as printed)" if number is not None and int(number.group(1)) == 0
            else suggestion(text, [n for p in header.players for n in (p.name, p.side)]))
    raise UsageError(f"no player {who!r} in match {header.match_id}{hint}; players: {seats}")


def state_at(header: Header, records: Sequence[Record], beat: int, *, duel: int | None = None,
             event: int | None = None, viewer: int | None = None, game: Game | None = None,
             source: str = "") -> StateAt:
    """The state at a round (its end, or after its ``event``-th event), optionally redacted.

    ``duel`` None: the first set (the only one of a game without sets). ``source`` (the log's file
    name) prefixes the error of an event the rules cannot apply.
    """
    game = game or game_for(header)
    terms = terms_of(game)
    duel = terms.check_set(duel, header.game)
    stopper = _Stopper(game, duel, beat, event)
    walk(header, records, [stopper], game, source=source)
    if not stopper.seen and not (event == 0 and _exists(records, duel, beat)):
        raise UsageError(f"match {header.match_id} has no {terms.at(duel, beat)} "
                         f"(its last event is at {_last(terms, records)})")
    if event is not None and event > stopper.count:
        raise UsageError(f"{terms.at(duel, beat)} of match {header.match_id} has only "
                         f"{stopper.count} events, not {event}")
    assert stopper.snapshot is not None
    snapshot = stopper.snapshot if viewer is None else game.redact(stopper.snapshot, viewer)
    return StateAt(header, duel, beat, stopper.count, stopper.seq, snapshot, viewer, terms)


def _exists(records: Sequence[Record], duel: int, beat: int) -> bool:
    return any((r.duel, r.beat) == (duel, beat) for r in records)


def _last(terms: Terms, records: Sequence[Record]) -> str:
    return terms.at(records[-1].duel, records[-1].beat) if records else "nowhere: no events"


def render(at: StateAt, game: Game | None = None) -> str:
    game = game or game_for(at.header)
    with reading(at.header.match_id, header=at.header, what=f"(its state at seq {at.seq})"):
        return f"{at.where}\n{game.render_state(at.snapshot)}\n"

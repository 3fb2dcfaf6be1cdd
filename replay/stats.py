"""Match statistics: one visitor over the walk of a log, whatever the game.

:class:`StatsVisitor` rides on :func:`replay.walk.walk` (the same walk the
viewer and ``explain`` use), so every number the CLI, the viewer and the
database views show comes from the same fold of the same events. It knows no
game: per-game figures come from the game's *stat hook* (see
:func:`stat_hook`), which turns a record into tallies ``(seat, counter,
value)`` and declares its counters and derived figures.

The per-match result (:meth:`StatsVisitor.stats`, :func:`match_stats`) is a
plain JSON-native dict::

    {
      "match_id": "m-…", "game": "battlecon", "edition": "woi", "seed": 7,
      "created_at": "2025-…Z",
      "finished": true,            # the match reached its end
      "winner": 0,                 # seat, or None (a draw, or unfinished)
      "reason": "won 2-1",         # game.result()["reason"], None while unfinished
      "events": 612, "duels": 3,   # distinct duel numbers (>= 1) in the log
      "beats": 27,                 # distinct (duel, beat >= 1): beats played
      "seats": [
        {"seat": 0, "player": "Ann", "side": "hikaru",
         "outcome": "win",         # win | loss | draw | unfinished
         "counts":  {"damage_dealt": 41, ...},    # every count counter, 0 if never tallied
         "samples": {"distance": [57, 27]},       # sum and number of observations
         "tags":    {"attack_pair": {"Trance Strike": 4, ...}},
         "usage":   {"cards_played": {"base": {"Strike": 5, ...}, "style": {...}},
                     "tokens_used": {"anted": {"Fire": 2}, "spent": {"Iron Body": 1}}}},
        ...
      ]
    }

:mod:`replay.stats_summary` adds these up per player, per fighter (side) and
per matchup.
"""

from __future__ import annotations

import importlib
from collections import Counter
from typing import Any, Iterable, Mapping, Protocol, Sequence

from recorder.envelope import Record
from recorder.errors import UnreadableLog
from recorder.game import GAMES, Game, game_for
from recorder.header import Header

from .walk import Visitor, walk

COUNT, SAMPLE, TAG, USAGE = "count", "sample", "tag", "usage"
KINDS = (COUNT, SAMPLE, TAG, USAGE)


class StatHook(Protocol):
    """What a game provides for its statistics (BattleCON: ``recorder.games.battlecon.stat_events``).

    ``counters`` maps each counter name to its kind; ``figures`` lists the
    derived figures in display order (see :func:`replay.stats_summary.derive`);
    ``tally(record)`` yields ``(seat, counter, value)`` for one record. The
    value of a ``count`` is added; of a ``sample``, one observation; of a
    ``tag``, a label, or ``(label, n)`` to add n (negative to correct an earlier
    tally: BattleCON's clash replaces the base revealed); of a ``usage``,
    ``(group, label)`` or ``(group, label, n)`` (cards played by kind, tokens).

    A hook that must remember earlier records of the same match has
    ``begin(header)`` instead, returning that match's own tallier (an object
    with ``tally`` and, optionally, ``reads_state``).

    A hook whose events do not name every seat they concern (Cogs of Valor:
    "crewmember 12 is killed" -- whose crewmember?) sets ``reads_state = True``
    and is called as ``tally(record, state)`` with the game state *before* the
    record is applied (read only; the walk's own fold).
    """

    counters: Mapping[str, str]
    figures: Sequence[Mapping[str, Any]]

    def tally(self, record: Record) -> Iterable[tuple[int, str, Any]]: ...


class NoStats:
    """The hook of a game that declares no statistics: results, duels and beats only."""

    counters: Mapping[str, str] = {}
    figures: Sequence[Mapping[str, Any]] = ()

    def tally(self, record: Record) -> Iterable[tuple[int, str, Any]]:
        return ()


def stat_hook(game: Game) -> StatHook:
    """The game's stat hook: its ``stat_events`` attribute, else ``STATS`` of ``<package>.stat_events``."""
    hook = getattr(game, "stat_events", None)
    if hook is None:
        package = GAMES.get(game.name, "").partition(":")[0] or type(game).__module__.rpartition(".")[0]
        try:
            module = importlib.import_module(f"{package}.stat_events")
        except ModuleNotFoundError as exc:
            if exc.name is None or not f"{package}.stat_events".startswith(exc.name):
                raise
            return NoStats()
        hook = getattr(module, "STATS", None)
        if hook is None:
            return NoStats()
    if getattr(hook, "begin", None) is None and getattr(hook, "tally", None) is None:
        raise ValueError(f"{game.name} stat hook has neither tally(record) nor begin(header)")
    for name, kind in hook.counters.items():
        if kind not in KINDS:
            raise ValueError(f"{game.name} stat counter {name!r} has unknown kind {kind!r}; kinds: {KINDS}")
    return hook


class StatsVisitor(Visitor):
    """Tallies one match as it is walked; :meth:`stats` gives the dict described above."""

    def __init__(self, game: Game, hook: StatHook | None = None) -> None:
        self.game = game
        self.hook = hook if hook is not None else stat_hook(game)
        self._kinds = dict(self.hook.counters)
        self._header: Header | None = None
        self._seats: list[dict[str, Any]] = []
        self._duels: set[int] = set()
        self._beats: set[tuple[int, int]] = set()
        self._events = 0
        self._result: dict[str, Any] | None = None
        self._tallier: Any = self.hook
        self._reads_state = False
        self._pending: Iterable[tuple[int, str, Any]] = ()

    def on_header(self, header: Header, state: Any) -> None:
        self._header = header
        begin = getattr(self.hook, "begin", None)
        self._tallier = begin(header) if begin is not None else self.hook
        self._reads_state = bool(getattr(self._tallier, "reads_state", False))
        self._seats = [
            {
                "seat": seat, "player": p.name, "side": p.side, "outcome": "unfinished",
                "counts": {name: 0 for name, kind in self._kinds.items() if kind == COUNT},
                "samples": {name: [0, 0] for name, kind in self._kinds.items() if kind == SAMPLE},
                "tags": {name: Counter() for name, kind in self._kinds.items() if kind == TAG},
                "usage": {name: {} for name, kind in self._kinds.items() if kind == USAGE},
            }
            for seat, p in enumerate(header.players)
        ]

    def before(self, record: Record, state: Any) -> None:
        if self._reads_state:
            # Tallied now, while the state still holds what the record is about (a crewmember it removes).
            self._pending = self._tally(record, state)

    def after(self, record: Record, state: Any) -> None:
        self._events += 1
        if record.duel >= 1:
            self._duels.add(record.duel)
            if record.beat >= 1:
                self._beats.add((record.duel, record.beat))
        tallies = self._pending if self._reads_state else self._tally(record)
        self._pending = ()
        for seat, counter, value in tallies:
            self._add(record, seat, counter, value)

    def _tally(self, record: Record, *state: Any) -> list[tuple[int, str, Any]]:
        """The hook's tallies of one record (a payload it cannot read stops the walk: replay/walk.py)."""
        return list(self._tallier.tally(record, *state))

    def _add(self, record: Record, seat: Any, counter: str, value: Any) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self._seats):
            raise UnreadableLog(
                f"match {record.match_id}, seq {record.seq}: {record.type} names seat {seat!r}, "
                f"but the match has seats 0..{len(self._seats) - 1}"
            )
        kind = self._kinds.get(counter)
        entry = self._seats[seat]
        if kind == COUNT:
            entry["counts"][counter] += value
        elif kind == SAMPLE:
            sample = entry["samples"][counter]
            sample[0] += value
            sample[1] += 1
        elif kind == TAG:
            label, n = value if isinstance(value, tuple) else (value, 1)
            entry["tags"][counter][label] += n
        elif kind == USAGE:
            group, label, n = value if len(value) == 3 else (*value, 1)
            entry["usage"][counter].setdefault(group, Counter())[label] += n
        else:
            raise ValueError(f"{self.game.name} stat hook tallied undeclared counter {counter!r} for {record.type}")

    def on_end(self, state: Any) -> None:
        self._result = self.game.result(state)
        if self._result is None:
            return
        winner = self._result.get("winner")
        for entry in self._seats:
            if winner is None:
                entry["outcome"] = "draw"
            else:
                entry["outcome"] = "win" if entry["seat"] == winner else "loss"

    def stats(self) -> dict[str, Any]:
        header = self._header
        if header is None:
            raise RuntimeError("StatsVisitor.stats() before the walk started")
        result = self._result
        seats = [
            {**entry, "tags": {name: _labels(c) for name, c in entry["tags"].items()},
             "usage": {name: _groups(groups) for name, groups in entry["usage"].items()}}
            for entry in self._seats
        ]
        return {
            "match_id": header.match_id,
            "game": header.game,
            "edition": header.edition,
            "seed": header.seed,
            "created_at": header.created_at,
            "finished": result is not None,
            "winner": None if result is None else result.get("winner"),
            "reason": None if result is None else result.get("reason"),
            "events": self._events,
            "duels": len(self._duels),
            "beats": len(self._beats),
            "seats": seats,
        }


def _labels(counts: Counter) -> dict[str, int]:
    """Labels by name, without those a later correction brought back to zero."""
    return {label: n for label, n in sorted(counts.items()) if n}


def _groups(groups: Mapping[str, Counter]) -> dict[str, dict[str, int]]:
    out = {group: _labels(counts) for group, counts in sorted(groups.items())}
    return {group: labels for group, labels in out.items() if labels}


def match_stats(header: Header, records: Iterable[Record], game: Game | None = None, *,
                source: str = "") -> dict[str, Any]:
    """Walk one log and return its statistics (the dict in this module's docstring).

    ``source`` (a file name) prefixes the message of an event the rules cannot apply.
    """
    game = game or game_for(header)
    visitor = StatsVisitor(game)
    walk(header, records, [visitor], game, source=source)
    return visitor.stats()

"""A match as the page's JavaScript steps through it: frames, events and beats.

Built by one visitor over :func:`replay.walk.walk` (with the walk's
:class:`~replay.walk.Describer` beside it), so the viewer shows exactly the
states that ``state``, ``explain`` and the statistics see.

Frame ``i`` is the state after the ``i``-th event (frame 0: before the first).
Each perspective -- the judge, and each seat as that player could know it via
``game.redact`` -- has its own frames. The judge's are stored as the first
frame then :mod:`viewer.patch` operations from each frame to the next; a
seat's are stored as operations from the judge's frame at the same index, in
runs that share the same operations (they differ only while something is
face down). A page embeds them :func:`packed`: each operation names its
pointer by index in one ``pointers`` table. The dispute report of a beat is
assembled by the page from the events, the state text at each beat boundary
and the citations, in the same format as ``beatlog explain``.

A game that names the phases of its rounds (``game.phase``, :mod:`replay.phases`)
gets ``phases``: their names and the runs of events in each, ``[first seq, last
seq, name index]``, which the page steps through.
"""

from __future__ import annotations

from typing import Any, Sequence

import orjson

from recorder.envelope import Record
from recorder.game import Game
from recorder.header import Header
from replay.explain import BeatReport, render_text
from replay.phases import PhaseTracker
from replay.stats import stat_hook
from replay.walk import Describer, Visitor, walk

from .gameview import GameView
from .patch import Pointers, diff, diff_shared

JUDGE = "judge"
FORMAT = 3  # of a page's data; 2: operations name their pointers by index (see packed); 3: the log, per-beat bars
_NO_KEY = object()  # equal to no view's extras key


def perspective_key(seat: int) -> str:
    """The page's name for a seat's perspective: ``"1"`` for seat 0 (people count from 1)."""
    return str(seat + 1)


class FrameBuilder(Visitor):
    """Collects everything a match page embeds, in one walk."""

    def __init__(self, game: Game, view: GameView, header: Header) -> None:
        self.game, self.view, self.header = game, view, header
        self.seats = range(len(header.players))
        self.describer = Describer(game)
        self.types: dict[str, int] = {}
        self.cites: dict[str, int] = {}
        self.texts: dict[str, int] = {}  # describe lines repeat (card texts, "X hits Y"): store each once
        self.events: list[list[Any]] = []
        self.beats: list[list[int]] = []  # [duel, beat, first seq, last seq]
        self.judge_frames: list[Any] = []
        self.last_judge: dict[str, Any] | None = None
        self.last_raw = b""  # the last snapshot's JSON: no snapshot's is empty
        self.extras_key = getattr(view, "extras_key", None)
        self.slim = getattr(view, "slim", None)
        self.last_extras: tuple[Any, dict[str, Any] | None] = (_NO_KEY, None)  # (key, figures)
        self.hold = getattr(view, "hold", None)
        self.held: dict[str, Any] | None = None  # the figures last shown (what ``hold`` keeps from)
        self.seat_runs: dict[int, list[list[Any]]] = {seat: [] for seat in self.seats}
        # The state text at each beat boundary, per perspective, as indexes into ``lines`` (a state
        # text repeats most of its lines from one boundary to the next and between perspectives);
        # a seat's entry is None where it reads as the judge's.
        self.state_lines: dict[str, int] = {}
        self.states: dict[str, list[list[int] | None]] = {JUDGE: [], **{perspective_key(s): [] for s in self.seats}}
        self.results: list[str | None] = []
        self.series: list[dict[str, Any]] = []
        # Per-beat amounts of the stat counters the view names (damage dealt in this beat...).
        self.beat_counters: dict[str, str] = dict(getattr(view, "beat_counters", None) or {})
        self.hook = stat_hook(game) if self.beat_counters else None
        self.tallier: Any = None  # the hook's tallier for this match (see replay.stats.StatHook)
        self.tally_before = False
        self.beat_amounts = self._no_amounts()
        self.frame = 0
        self.result: dict[str, Any] | None = None
        self.phases = PhaseTracker(game)
        self.phase_names: dict[str, int] = {}
        self.phase_runs: list[list[int]] = []  # [first seq, last seq, index into phase_names]
        # The timeline: a headline per round (the view's ``headline`` hook, else the round's public
        # decisions) and the moments the view marks on the scrubber, [seq, kind, label].
        self.headline = getattr(view, "headline", None)
        self.mark = getattr(view, "mark", None)
        self.round_records: list[Record] = []
        self.headlines: list[str] = []
        self.marks: list[list[Any]] = []

    # -- visitor hooks ----------------------------------------------------------
    def on_header(self, header: Header, state: Any) -> None:
        self._frame(state)
        if self.hook is not None:
            begin = getattr(self.hook, "begin", None)
            self.tallier = begin(header) if begin is not None else self.hook
            self.tally_before = bool(getattr(self.tallier, "reads_state", False))

    def before(self, record: Record, state: Any) -> None:
        self.describer.before(record, state)
        if not self.beats or (self.beats[-1][0], self.beats[-1][1]) != (record.duel, record.beat):
            if self.beats:
                self._boundary(state)
            else:
                self._state_texts(self.game.snapshot(state))
            self.beats.append([record.duel, record.beat, record.seq, record.seq])
        self.beats[-1][3] = record.seq
        self.events.append(self._event(record))
        self.round_records.append(record)
        if self.mark is not None:
            marked = _safely(self.mark, record, self.header)
            if isinstance(marked, tuple) and len(marked) == 2:
                self.marks.append([record.seq, str(marked[0]), str(marked[1])])
        self._phase(record)
        if self.tallier is not None and self.tally_before:
            self._tally(record, state)

    def after(self, record: Record, state: Any) -> None:
        self.frame += 1
        self._frame(state)
        if self.tallier is not None and not self.tally_before:
            self._tally(record)

    def on_end(self, state: Any) -> None:
        if self.beats:
            self._boundary(state)
        self.result = self.game.result(state)

    # -- pieces -------------------------------------------------------------------
    def _phase(self, record: Record) -> None:
        """Extend the current run of the record's phase, or start a new one (a new phase, a new round)."""
        name = self.phases.label(record)
        if name is None:
            return
        index = self.phase_names.setdefault(name, len(self.phase_names))
        runs = self.phase_runs
        same_round = runs and (self.beats[-1][2] <= runs[-1][0])
        if runs and same_round and runs[-1][2] == index and runs[-1][1] == record.seq - 1:
            runs[-1][1] = record.seq
        else:
            runs.append([record.seq, record.seq, index])

    def _event(self, record: Record) -> list[Any]:
        type_index = self.types.setdefault(record.type, len(self.types))
        cite = self.describer.cites[record.seq]
        cite_index = -1 if cite is None else self.cites.setdefault(cite, len(self.cites))
        visibility = record.visibility if isinstance(record.visibility, int) else -1
        text = self.describer.lines[record.seq]
        text_index = self.texts.setdefault(text, len(self.texts))
        return [type_index, 1 if record.kind == "input" else 0, record.actor, visibility, record.cause,
                text_index, cite_index]

    def _frame(self, state: Any) -> None:
        snapshot = self.game.snapshot(state)
        extras = self._extras(state)
        raw = orjson.dumps(snapshot)
        if raw == self.last_raw:
            # About half the events (a decision, a draw) leave the snapshot as it was. Slimming and
            # redacting are functions of the snapshot, so every perspective's snapshot is as it was
            # too: only the figures may have changed, and the seats' operations (never about the
            # figures, which every perspective shares) still hold.
            self._unchanged(extras)
            return
        self.last_raw = raw
        judge = {"s": self._slim(snapshot), "v": extras}
        if self.last_judge is None:
            self.judge_frames.append(judge)
        else:
            self.judge_frames.append(diff(self.last_judge["s"], judge["s"], "/s") + self._extras_ops(extras))
        self.last_judge = judge
        for seat in self.seats:
            # A redacted snapshot is the judge's with a few parts replaced: the diff skips every
            # shared part by identity. The figures ("v") are public: the seat's are the judge's.
            ops = diff_shared(judge["s"], self._slim(self.game.redact(snapshot, seat)), "/s")
            runs = self.seat_runs[seat]
            if runs and runs[-1][1] == self.frame - 1 and _same_ops(runs[-1][2], ops):
                runs[-1][1] = self.frame
            elif ops:
                runs.append([self.frame, self.frame, ops])

    def _unchanged(self, extras: dict[str, Any] | None) -> None:
        """The frame of an event that did not change the snapshot."""
        assert self.last_judge is not None
        self.judge_frames.append(self._extras_ops(extras))
        self.last_judge = {"s": self.last_judge["s"], "v": extras}
        for runs in self.seat_runs.values():
            if runs and runs[-1][1] == self.frame - 1:
                runs[-1][1] = self.frame

    def _extras_ops(self, extras: dict[str, Any] | None) -> list[Any]:
        """The judge's operations for the figures (none while the same figures are reused)."""
        assert self.last_judge is not None
        before = self.last_judge["v"]
        return [] if before is extras else diff(before, extras, "/v")

    def _extras(self, state: Any) -> dict[str, Any] | None:
        """The view's figures for this frame, reused while its ``extras_key`` stays the same."""
        if self.extras_key is None:
            return self._held(self.view.extras(state), state)
        key = self.extras_key(state)
        if key != self.last_extras[0]:
            self.last_extras = (key, self._held(self.view.extras(state), state))
        return self.last_extras[1]

    def _held(self, fresh: dict[str, Any] | None, state: Any) -> dict[str, Any] | None:
        """What the view's ``hold`` keeps of the figures last shown (the fresh ones without a hold)."""
        if self.hold is not None:
            fresh = self.hold(self.held, fresh, state)
        self.held = fresh
        return fresh

    def _slim(self, snapshot: dict[str, Any]) -> dict[str, Any]:
        return snapshot if self.slim is None else self.slim(snapshot)

    def _boundary(self, state: Any) -> None:
        """Between two beats (or at the end): state texts, result line, chart point."""
        snapshot = self.game.snapshot(state)
        self._state_texts(snapshot)
        result = self.game.result(state)
        self.results.append(None if result is None else _result_line(self.header, result))
        duel, beat = self.beats[-1][0], self.beats[-1][1]
        amounts = {label: self.beat_amounts[counter] for counter, label in self.beat_counters.items()}
        self.series.append({"duel": duel, "beat": beat, **self.view.series(snapshot), **amounts})
        self.beat_amounts = self._no_amounts()
        self.headlines.append(self._headline(self.round_records))
        self.round_records = []

    def _headline(self, records: list[Record]) -> str:
        """The timeline's line for a round: the view's, else its public decisions in words."""
        if self.headline is not None:
            text = _safely(self.headline, self.header, records)
            if isinstance(text, str) and text:
                return text
        said = [self.describer.lines[r.seq] for r in records if r.kind == "input" and r.visibility == "public"]
        return "; ".join(said[:3]) + (f"; … ({len(said) - 3} more)" if len(said) > 3 else "")

    def _no_amounts(self) -> dict[str, list[int]]:
        return {counter: [0 for _ in self.seats] for counter in self.beat_counters}

    def _tally(self, record: Record, *state: Any) -> None:
        try:
            tallies = list(self.tallier.tally(record, *state))
        except Exception:  # noqa: BLE001
            # A payload the hook cannot read: the StatsVisitor riding the same walk raises the log's
            # error for this very record (CorruptLog, one clean line); the chart need not.
            return
        for seat, counter, value in tallies:
            amounts = self.beat_amounts.get(counter)
            if amounts is not None and type(seat) is int and 0 <= seat < len(amounts) and type(value) is int:
                amounts[seat] += value

    def _state_texts(self, snapshot: dict[str, Any]) -> None:
        judge = self.game.render_state(snapshot)
        self.states[JUDGE].append(self._lines(judge))
        for seat in self.seats:
            text = self.game.render_state(self.game.redact(snapshot, seat))
            self.states[perspective_key(seat)].append(None if text == judge else self._lines(text))

    def _lines(self, text: str) -> list[int]:
        """``text`` as indexes into the state lines (``"\\n".join`` of them gives it back exactly)."""
        table = self.state_lines
        return [table.setdefault(line, len(table)) for line in text.split("\n")]

    def data(self) -> dict[str, Any]:
        return {
            "types": list(self.types),
            "cites": list(self.cites),
            "texts": list(self.texts),
            "events": self.events,
            "beats": self.beats,
            "states": {"lines": list(self.state_lines), **self.states},
            "results": self.results,
            "series": self.series,
            "series_bars": list(self.beat_counters.values()),  # series keys that are amounts per beat
            "phases": {"names": list(self.phase_names), "runs": self.phase_runs},
            "headlines": self.headlines,  # one per entry of ``beats``
            "marks": self.marks,
            "result": self.result,
            "frames": {JUDGE: self.judge_frames,
                       **{perspective_key(s): runs for s, runs in self.seat_runs.items()}},
        }


def packed(frames: dict[str, list[Any]]) -> dict[str, Any]:
    """``build_frames(...)["frames"]`` as a page embeds it: the operations' pointers by index
    into ``frames["pointers"]`` (the judge's first frame stays whole)."""
    pointers = Pointers()
    out: dict[str, Any] = {}
    for key, stored in frames.items():
        if key == JUDGE:
            out[key] = stored[:1] + [pointers.pack(ops) for ops in stored[1:]]
        else:
            out[key] = [[first, last, pointers.pack(ops)] for first, last, ops in stored]
    out["pointers"] = pointers.table
    return out


def _safely(hook: Any, *args: Any) -> Any:
    """A view hook's answer, or None when it cannot read a (forged, structurally odd) payload: the timeline
    is a convenience, and the walk's visitors report a log's real problems."""
    try:
        return hook(*args)
    except Exception:  # noqa: BLE001
        return None


def _same_ops(a: list[Any], b: list[Any]) -> bool:
    # As JSON: a run must not swallow a frame whose value differs only as 1 from true.
    return a == b and orjson.dumps(a) == orjson.dumps(b)


def _result_line(header: Header, result: dict[str, Any]) -> str:
    """The ``Result:`` line exactly as ``beatlog explain`` prints it."""
    text = render_text(BeatReport(header, 0, 0, result=result))
    return next(line for line in text.splitlines() if line.startswith("Result: "))


def build_frames(game: Game, view: GameView, header: Header, records: Sequence[Record],
                 also: Sequence[Visitor] = ()) -> dict[str, Any]:
    """Walk a match once and return its page data (JSON-native); ``also`` ride the same walk."""
    builder = FrameBuilder(game, view, header)
    walk(header, records, [builder, *also], game)
    return builder.data()

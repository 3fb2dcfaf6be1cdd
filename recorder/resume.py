"""Resuming a recording that stopped early (a crash, a kill, a pulled plug).

A recording writes a whole beat per batch (see :class:`~recorder.recording.BeatBatches`;
one that was stopped also wrote the decisions of the beat it stopped in), so what
survives a crash is a prefix of the match that ends on a batch boundary (a
JSONL file may also end in part of a line, which the writer cuts off). To go
on, :func:`resume` re-runs a fresh :class:`~recorder.match.Match` from the
header, checks every event it emits against the stored prefix, and answers
each recorded decision with the recorded answer -- after asking the decision
source for its own answer, which must be the same: bots and scripts keep
state (a bot's random stream, a script's position), and this brings them to
exactly where they were when the crash came. A source that asks a person
(``asks_a_person``: hot-seat play) is not asked again what the log already
says: the recorded answer stands. From the end of the prefix on,
the sources play and new batches are appended as :func:`recorder.recording.record`
would have appended them, so the finished log is byte-identical to one
recorded without interruption.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from .decisions import Answer, DecisionSource, same_answer
from .envelope import Entry, Record, seal
from .errors import UsageError, VerificationFailed
from .events import INPUT
from .game import Game
from .header import Header
from .integrity import LogFile, check_store
from .match import Match
from .recording import BeatBatches, Recording, Sink, Stop, _close, _distinct
from .terms import terms_of
from .jsonl import JsonlWriter, parse_jsonl
from .store import Store


@dataclass
class StoredPrefix:
    """What survived of a recording, and where it is kept."""

    log: LogFile
    finished: bool  # the store already marked the match finished
    where: str  # "club.db (match m-...)" or the file name, for messages
    dropped: int = 0  # bytes of an unfinished last line a JSONL file will lose


class StoreResumeSink:
    """Appends to a match already in a store (its header is not added again)."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.match_id: str | None = None

    def start(self, header: Header) -> None:
        stored = self.store.header(header.match_id)
        if stored.hash != header.hash:  # pragma: no cover - the header was read from this store
            raise UsageError(f"{self.store.name}: match {header.match_id} has another header")
        self.match_id = header.match_id

    def append(self, records: Sequence[Record]) -> None:
        assert self.match_id is not None
        self.store.append(self.match_id, list(records))

    def finish(self) -> None:
        assert self.match_id is not None
        if not self.store.summary(self.match_id).finished:
            self.store.mark_finished(self.match_id)

    def close(self) -> None:
        self.store.close()


class JsonlResumeSink:
    """Appends to an existing JSONL log (cutting off an unfinished last line first)."""

    def __init__(self, path: str | Path) -> None:
        self._writer = JsonlWriter(path, resume=True)

    def start(self, header: Header) -> None:
        self._writer.start(header)

    def append(self, records: Sequence[Record]) -> None:
        self._writer.append(records)

    def finish(self) -> None:
        pass

    def close(self) -> None:
        self._writer.close()


def load_store_prefix(db: str, match_id: str) -> tuple[StoredPrefix, StoreResumeSink]:
    """The stored part of ``match_id`` (checked: chain, hashes, counters) and a sink to continue it."""

    store = Store(db, create=False)
    try:
        if match_id not in store.match_ids():
            raise UsageError(
                f"{db}: no match {match_id!r} to resume (a recording killed before its header "
                "was stored has nothing to resume: record it again)"
            )
        # check_store reads the match in one snapshot: a writer appending
        # meanwhile cannot make the events and the match row disagree.
        stored = check_store(store, [match_id])[0]
    except BaseException:
        store.close()
        raise
    return StoredPrefix(stored.log, stored.finished, f"{db} (match {match_id})"), StoreResumeSink(store)


def load_jsonl_prefix(path: str, match_id: str) -> tuple[StoredPrefix, JsonlResumeSink]:
    """The complete lines of a JSONL log being resumed, and a sink to continue it."""
    data = Path(path).read_bytes()
    cut = data.rfind(b"\n") + 1
    if cut == 0:
        raise UsageError(f"{path}: cannot resume: not even the header line was written completely")
    log = parse_jsonl(data[:cut], name=path)
    if log.match_id != match_id:
        raise UsageError(f"{path} records match {log.match_id}, not {match_id}")
    return StoredPrefix(log, False, path, len(data) - cut), JsonlResumeSink(path)


def recorded_bots(game: Game, records: Sequence[Record], seats: int) -> tuple[str, ...] | str:
    """The bot of every seat, read from the ``source`` of its recorded decisions.

    When the log cannot say, a string says why: a person or a script answered,
    a seat mixes sources, or a seat has not decided anything yet (its bot is
    then unknown even if the other seat's is: ``--bots random,greedy`` exists).
    """
    known = {"first", *game.bots()}
    per_seat: dict[int, str] = {}
    for record in records:
        if record.kind != INPUT or record.actor is None or "source" not in record.data:
            continue
        source = record.data["source"]
        name = source[4:] if isinstance(source, str) and source.startswith("bot:") else None
        if name not in known:
            return f"seat {record.actor + 1}'s decisions come from {source!r}, not a bot"
        if per_seat.setdefault(record.actor, name) != name:
            return f"seat {record.actor + 1}'s decisions come from more than one bot"
    silent = [str(seat + 1) for seat in range(seats) if seat not in per_seat]
    if silent:
        return f"seat {', '.join(silent)} has not decided anything yet"
    return tuple(per_seat[seat] for seat in range(seats))


def recorded_people(records: Sequence[Record], seats: int) -> dict[int, str | None]:
    """Who answered each seat: ``None`` for a person (hot-seat ``player`` decisions), else the bot's name;
    a seat missing from the result has decided nothing yet. Raises UsageError for a seat a script answered
    or whose answers come from several sources."""
    per_seat: dict[int, str | None] = {}
    for record in records:
        if record.kind != INPUT or record.actor is None or "source" not in record.data:
            continue
        source = record.data["source"]
        who = None if source == "player" else (source[4:] if isinstance(source, str) and source.startswith("bot:")
                                                else source)
        if who is not None and not (isinstance(source, str) and source.startswith("bot:")):
            raise UsageError(f"player {record.actor + 1}'s decisions come from {source!r}, not a person or a bot; "
                             "resume it with `beatlog record --resume`")
        if per_seat.setdefault(record.actor, who) != who:
            raise UsageError(f"player {record.actor + 1}'s decisions come from more than one source")
    return {seat: who for seat, who in per_seat.items() if seat < seats}


def resume(
    game: Game,
    prefix: StoredPrefix,
    sources: Mapping[int, DecisionSource],
    sink: Sink,
) -> tuple[Recording, int]:
    """Re-feed ``prefix`` to a fresh match, then play on with ``sources`` into ``sink``.

    Returns the recording (counting the whole log) and how many events were
    already stored. A prefix the engine does not reproduce raises
    VerificationFailed; a source that would have decided differently from the
    log raises UsageError (it is not the bot or script that recorded it).
    """
    header, records = prefix.log.header, prefix.log.records
    if prefix.finished:
        _close(sink)
        raise UsageError(f"{prefix.where}: the match is finished already; there is nothing to resume")
    match = Match(game, header)
    # New records go on after the stored ones, a beat per batch as record() writes them.
    batches = BeatBatches(sink, header.match_id, prefix.log.final_hash)
    batches.beats.update((r.duel, r.beat) for r in records if r.beat > 0)
    try:
        sink.start(header)
        pending, _ = _catch_up(match, records, sources, header)
        batches.add(pending, match)  # the rest of an advance a torn JSONL line lost, at once
        while not match.finished:
            request = match.pending
            assert request is not None
            batches.add(match.advance_from(sources[request.player]), match)
        sink.finish()
    except Stop:
        batches.flush()
    finally:
        _close(sink)
    if match.finished:
        for source in _distinct(sources.values()):
            close = getattr(source, "close", None)
            if close is not None:
                close(match)
    recording = Recording(
        header=header,
        events=len(match.entries),
        last_hash=batches.prev,
        finished=match.finished,
        result=game.result(match.state) if match.finished else None,
        duel=match.ctx.duel,
        beat=match.ctx.beat,
        beats=len(batches.beats),
    )
    return recording, len(records)


def _catch_up(
    match: Match, records: Sequence[Record], sources: Mapping[int, DecisionSource], header: Header
) -> tuple[list[Entry], str]:
    """Run ``match`` through ``records``; return the entries past their end and the last hash.

    The entries returned are the rest of the batch the stored prefix stops in
    (none when it stops on a batch boundary, as a store's always does).
    """
    prev = header.hash
    terms = terms_of(match.game)
    i = 0
    batch = match.advance()
    while True:
        for k, entry in enumerate(batch):
            if i == len(records):
                return batch[k:], prev
            expected = seal(header.match_id, entry, prev)
            if expected != records[i]:
                raise VerificationFailed(
                    f"cannot resume match {header.match_id}: the engine does not reproduce the stored "
                    f"seq {records[i].seq} ({terms.at(records[i].duel, records[i].beat)}, {records[i].type}); "
                    "verify the log to see what differs"
                )
            prev = expected.hash
            i += 1
        if i == len(records) or match.finished:
            if i < len(records):  # pragma: no cover - the store refuses events after the end
                raise VerificationFailed(f"cannot resume match {header.match_id}: events after its end")
            return [], prev
        request = match.pending
        assert request is not None
        record = records[i]
        where = f"match {header.match_id}, {terms.at(record.duel, record.beat)}, seq {record.seq}"
        if record.kind != INPUT or record.type != request.event.TYPE or record.actor != request.player:
            raise VerificationFailed(
                f"cannot resume {where}: the engine asks for a {request.kind} ({request.event.TYPE}) "
                f"of player {request.player}, but the log has {record.type}"
            )
        data = dict(record.data)
        recorded = Answer(data, data.pop("source", "script"))
        source = sources[request.player]
        # A person is not asked again what the log already says; a bot or script is, to catch up its state.
        mine = recorded if getattr(source, "asks_a_person", False) else source.answer(request, match)
        if not same_answer(mine.data, recorded.data) or mine.source != recorded.source:
            name = header.players[request.player].name
            raise UsageError(
                f"cannot resume {where}: the log has {name}'s {request.kind} {recorded.data!r} from "
                f"{recorded.source}, but {mine.source} answers {mine.data!r}; resume with the bots or "
                "script that recorded the match"
            )
        batch = match.advance(recorded)

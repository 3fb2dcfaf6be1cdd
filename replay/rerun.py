"""Re-executing a match in lock-step with its recorded records.

The engine is run from the header alone. Whenever it emits entries they are
sealed onto an expected chain and compared with the recorded records at the
same position; whenever it asks for a decision, the next recorded record must
be an input of the request's event type by the request's player, and its data
(minus ``source``) is fed back as the answer. The run stops at the first
difference, at the end of the match, or where the recording stops.

This is the mechanism only; :mod:`replay.verify` turns a run into a verdict.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from hashlib import sha256
from typing import Any, Sequence

from recorder import canonical
from recorder.decisions import Answer, Request
from recorder.envelope import Entry, Record, entry_bytes, seal, sealed_body
from recorder.errors import IllegalDecision, InvalidDecision
from recorder.events import INPUT
from recorder.game import Game
from recorder.header import Header
from recorder.match import Match

# The fields that say what happened; seq, prev and hash only say where it sits on the chain.
CONTENT_FIELDS = ("match_id", "duel", "beat", "type", "kind", "actor", "data", "cause", "visibility")

# Why a run stopped before the end of the records.
MISMATCH = "mismatch"  # the engine emitted an entry that differs from the record
NOT_INPUT = "not-input"  # the engine waited for a decision; the record is something else
ILLEGAL = "illegal"  # the recorded decision is not legal at that point
AFTER_END = "after-end"  # records continue after the engine finished the match


@dataclass
class Run:
    """How far a re-execution agreed with the records."""

    match: Match
    expected: list[Record] = field(default_factory=list)  # sealed engine entries, in order
    diverged: int | None = None  # index into the records of the first difference
    reason: str | None = None  # MISMATCH / NOT_INPUT / ILLEGAL / AFTER_END
    detail: str = ""  # the engine's message for ILLEGAL
    pending: Request | None = None  # the decision the engine waited for when it stopped
    short: bool = False  # the engine emitted entries the records do not have
    # index of each recorded decision -> the request it answered (what else was legal there)
    requests: dict[int, Request] = field(default_factory=dict)
    # how many leading records the run was told sit correctly on the chain (``rerun``'s ``intact``)
    intact: int = 0

    @property
    def finished(self) -> bool:
        return self.match.finished

    @property
    def complete(self) -> bool:
        """The engine finished the match with every one of its entries recorded."""
        return self.match.finished and not self.short

    @property
    def agreed(self) -> int:
        """How many leading records sit correctly on the chain and were re-derived exactly by this run: an
        imagined original of the log that keeps them as they are re-derives them again (the engine is
        deterministic), so re-running it need not compare them (``rerun``'s ``agreed``)."""
        return min(self.intact, self.diverged if self.diverged is not None else len(self.expected))

    @property
    def incomplete(self) -> bool:
        """The records ran out before the match ended (and agreed until then)."""
        return self.diverged is None and (self.short or not self.match.finished)


def content(record: Record) -> tuple[Any, ...]:
    """What a record says happened, independent of its place on the chain."""
    return tuple(
        canonical.dumps(record.data) if name == "data" else getattr(record, name)
        for name in CONTENT_FIELDS
    )


def differing_fields(expected: Record, recorded: Record) -> list[str]:
    """Names of the content fields that differ (``data.<key>`` for payload keys)."""
    out: list[str] = []
    for name in CONTENT_FIELDS:
        a, b = getattr(expected, name), getattr(recorded, name)
        if name == "data" and isinstance(a, dict) and isinstance(b, dict):
            for key in sorted(set(a) | set(b)):
                if canonical.dumps(a.get(key)) != canonical.dumps(b.get(key)) or (key in a) != (key in b):
                    out.append(f"data.{key}")
        elif a != b or type(a) is not type(b):
            out.append(name)
    return out


def answer_of(record: Record) -> Answer:
    """The answer a recorded decision input stands for: its data minus ``source``."""
    return answer_of_data(record.data)


def answer_of_data(data: dict[str, Any]) -> Answer:
    """:func:`answer_of` for the ``data`` of an input."""
    data = dict(data)
    source = data.pop("source", "script")
    return Answer(data, source)


def expected_input(match: Match, request: Request, data: dict[str, Any], source: str, seq: int) -> Record:
    """The record the engine would write if ``request`` were answered with ``data``.

    Mirrors :meth:`recorder.context.Context.ask`; used to imagine a deleted input.
    """
    event = request.event(**data, source=source)
    visibility: str | int = request.player if request.secret else "public"
    ctx = match.ctx
    entry = Entry(seq, ctx.duel, ctx.beat, event, request.player, request.cause, visibility)
    return seal(match.header.match_id, entry, "0" * 64)


@dataclass(frozen=True)
class Resume:
    """Where another re-execution of the same log stopped, to go on from there instead of from the header.

    ``match`` agreed with the first ``at`` records (each one byte for byte what
    it wrote, so they stand for its own in ``Run.expected``), the last of them
    hashing to ``prev``; ``new`` holds the entries it has emitted and not yet
    compared, and ``requests`` the decisions it was asked among those records.
    Going on advances ``match``: a resume point serves one re-execution.
    """

    match: Match
    at: int
    prev: str
    new: tuple[Entry, ...]
    requests: dict[int, Request]

    def fits(self, header: Header, records: Sequence[Record]) -> bool:
        """Do ``records`` start with the records this run agreed with (the same chain up to ``at``)?"""
        if self.at > len(records):
            return False
        return self.prev == (records[self.at - 1].hash if self.at else header.hash)


def rerun(game: Game, header: Header, records: Sequence[Record], *, intact: int = 0, agreed: int = 0,
          resume: Resume | None = None) -> Run:
    """Re-execute ``header``'s match against ``records`` until they first differ.

    ``intact`` says how many leading records are known to sit correctly on
    the chain (seq, prev, and a hash that is their content's: see
    :func:`replay.tamper.chain_break`). ``resume``: an earlier run over the
    same records to go on from (see :class:`Resume`), when it fits them. Within them, a re-derived record with
    the recorded hash has exactly the recorded content, so one string
    comparison replaces the field-by-field one (and the recorded record
    stands for the engine's in ``run.expected``: they are the same bytes);
    anywhere else, and whenever the hashes differ, the contents are compared. ``agreed`` (at most ``intact``)
    says how many leading records an earlier run of this game re-derived exactly from the same records (see
    :attr:`Run.agreed`): the engine, being deterministic, writes them again, so they are taken as they are,
    not written and compared (what classifying a log does with each imagined original of it).
    """
    intact = min(intact, len(records))
    agreed = min(agreed, intact)
    if resume is not None and resume.fits(header, records):
        match, i, prev, new = resume.match, resume.at, resume.prev, resume.new
        run = Run(match, list(records[:i]), requests=dict(resume.requests), intact=intact)
    else:
        match = Match(game, header)
        run = Run(match, intact=intact)
        prev = header.hash
        i = 0
        new = match.advance()
    match_id = header.match_id
    while True:
        for entry in new:
            if i < agreed:
                run.expected.append(records[i])
                prev = records[i].hash
                i += 1
                continue
            if i < intact:
                # Only the hash is wanted when it is the record's: written straight from the event's values.
                digest = sha256(entry_bytes(match_id, entry, prev)).hexdigest()
                if records[i].hash == digest:
                    run.expected.append(records[i])
                    prev = digest
                    i += 1
                    continue
            body, prev = sealed_body(match_id, entry, prev)
            expected = Record(hash=prev, **body)
            run.expected.append(expected)
            if i >= len(records):
                run.short = True  # the recording stops here
                return run
            record = records[i]
            same = content(expected) == content(record)
            if not same:
                run.diverged, run.reason = i, MISMATCH
                return run
            i += 1
        if match.finished:
            if i < len(records):
                run.diverged, run.reason = i, AFTER_END
            return run
        request = match.pending
        assert request is not None
        run.pending = request
        if i >= len(records):
            return run
        record = records[i]
        run.requests[i] = request
        if record.kind != INPUT or record.type != request.event.TYPE or record.actor != request.player:
            run.diverged, run.reason = i, NOT_INPUT
            return run
        try:
            new = match.advance(answer_of(record))
        except (IllegalDecision, InvalidDecision, TypeError) as exc:
            # TypeError: a payload the event class cannot even be built from.
            run.diverged, run.reason, run.detail = i, ILLEGAL, str(exc)
            return run
        run.pending = None

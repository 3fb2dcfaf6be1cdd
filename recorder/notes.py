"""Notes on a match -- a judge's ruling, a player's comment -- kept beside its log, never in it.

A log is evidence and never changes; a note is said about it later. Notes of ``m.jsonl`` live in
``m.jsonl.notes`` (as its seal lives in ``m.jsonl.seal``), one JSON object per line::

    {"format": "beatlog-notes/1", "match_id": "m-…", "n": 1, "duel": 1, "beat": 3,
     "seq": 61, "event": "<hash of event 61>", "author": "Head judge", "text": "…",
     "created_at": "2026-11-25T17:00:00Z", "prev": "<hash of the line before>", "hash": "…"}

A note names the round (``duel``, ``beat``) and the event it refers to (``seq`` and that event's
``hash``, so a note cannot be moved onto another log); notes are hash-chained like the log (``prev``
of note 1 is the log header's hash; ``hash`` is SHA-256 over the canonical JSON of the rest of the
line), so an edited, dropped or reordered note is found. Author and text are untrusted text: every
consumer escapes them (the viewer shows them through ``textContent``; the terminal through the CLI's
escaping of untrusted text).
"""

from __future__ import annotations

import datetime
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from . import canonical
from .envelope import Record
from .errors import CorruptLog, UsageError
from .header import Header
from .game import terms_named

FORMAT = "beatlog-notes/1"
MAX_TEXT = 4000  # characters of one note
MAX_AUTHOR = 200
FIELDS = ("format", "match_id", "n", "duel", "beat", "seq", "event", "author", "text", "created_at", "prev")


@dataclass(frozen=True)
class Note:
    n: int
    duel: int
    beat: int
    seq: int
    event: str
    author: str
    text: str
    created_at: str
    prev: str
    hash: str

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n, "duel": self.duel, "beat": self.beat, "seq": self.seq, "author": self.author,
                "text": self.text, "created_at": self.created_at}


def notes_path(log_path: str | Path) -> Path:
    """Where the notes of a JSONL log live."""
    return Path(str(log_path) + ".notes")


def read_notes(path: str | Path, header: Header, records: Sequence[Record]) -> list[Note]:
    """The notes of ``path`` (none when there is no such file), checked against the log: format, match,
    chain, and the event each names. A problem is one :class:`CorruptLog` line naming the note."""
    path = Path(path)
    if not path.is_file():
        return []
    lines = []
    for number, raw in enumerate(path.read_bytes().splitlines(), start=1):
        where = f"{path}, line {number}"
        try:
            lines.append((where, canonical.loads(raw)))
        except ValueError as exc:
            raise CorruptLog(f"{where}: not JSON ({exc})") from None
    return check_notes(lines, header, records)


def check_notes(lines: Iterable[tuple[str, Any]], header: Header, records: Sequence[Record]) -> list[Note]:
    """Notes as stored (``where`` each is, the line's fields), checked in order against the log.

    The one check of every place notes are kept (a ``.notes`` file, a store's ``notes`` table): format,
    match, the hash chain from the header, and the event each names.
    """
    by_seq = {r.seq: r for r in records}
    notes: list[Note] = []
    prev = header.hash
    for number, (where, line) in enumerate(lines, start=1):
        if not isinstance(line, dict) or set(line) != {*FIELDS, "hash"}:
            raise CorruptLog(f"{where}: not a beatlog note (fields {', '.join(FIELDS)}, hash)")
        if line["format"] != FORMAT or line["match_id"] != header.match_id:
            raise CorruptLog(f"{where}: a note of match {line['match_id']!r} ({line['format']!r}), "
                             f"not of {header.match_id}")
        body = {k: line[k] for k in FIELDS}
        if line["prev"] != prev or canonical.digest(body) != line["hash"] or line["n"] != number:
            raise CorruptLog(f"{where}: the notes' hash chain is broken here (a note was edited, removed or "
                             "moved)")
        event = by_seq.get(line["seq"]) if isinstance(line["seq"], int) else None
        if event is None or event.hash != line["event"]:
            raise CorruptLog(f"{where}: the note names event {line['seq']!r}, which this log does not have")
        if not all(isinstance(line[k], str) for k in ("author", "text", "created_at")):
            raise CorruptLog(f"{where}: author, text and created_at must be text")
        notes.append(Note(line["n"], event.duel, event.beat, event.seq, event.hash, line["author"],
                          line["text"], line["created_at"], line["prev"], line["hash"]))
        prev = line["hash"]
    return notes


def next_note(notes: Sequence[Note], header: Header, records: Sequence[Record], *, duel: int, beat: int,
              text: str, author: str, seq: int | None = None, now: str | None = None) -> dict[str, Any]:
    """The line of a new note on a round (its first event, or event ``seq`` of it), chained after ``notes``
    (the match's notes so far, checked): its fields and ``hash``, wherever it is then kept."""
    text = text.strip()
    if not text:
        raise UsageError("a note needs some text (--text)")
    if len(text) > MAX_TEXT or len(author) > MAX_AUTHOR:
        raise UsageError(f"a note's text is at most {MAX_TEXT} characters and its author {MAX_AUTHOR}")
    in_round = [r for r in records if (r.duel, r.beat) == (duel, beat)]
    at = terms_named(header.game).at(duel, beat)
    if not in_round:
        raise UsageError(f"match {header.match_id} has no {at}")
    if seq is None:
        event = in_round[0]
    else:
        event = next((r for r in in_round if r.seq == seq), None)
        if event is None:
            raise UsageError(f"event {seq} is not in {at} of match {header.match_id} "
                             f"(its events are {in_round[0].seq}-{in_round[-1].seq})")
    body = {"format": FORMAT, "match_id": header.match_id, "n": len(notes) + 1, "duel": event.duel,
            "beat": event.beat, "seq": event.seq, "event": event.hash, "author": author, "text": text,
            "created_at": now or _now(), "prev": notes[-1].hash if notes else header.hash}
    return {**body, "hash": canonical.digest(body)}


def add_note(path: str | Path, header: Header, records: Sequence[Record], *, duel: int, beat: int,
             text: str, author: str, seq: int | None = None, now: str | None = None) -> Note:
    """Append a note on a round (its first event, or event ``seq`` of it) to the notes file ``path``."""
    line = next_note(read_notes(path, header, records), header, records, duel=duel, beat=beat, text=text,
                     author=author, seq=seq, now=now)
    with open(path, "ab") as f:
        f.write(canonical.dumps(line) + b"\n")
        f.flush()
        os.fsync(f.fileno())
    return read_notes(path, header, records)[-1]


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")

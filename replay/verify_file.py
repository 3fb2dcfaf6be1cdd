"""``beatlog verify LOG.jsonl`` in one pass over the file's lines, for logs the engine re-derives byte for byte.

:func:`replay.verify.verify_loaded` takes a log that a strict reader has
already parsed, checked and turned into records, then re-executes it. For the
usual log -- intact, every line exactly what the engine writes -- most of that
reading is redundant: an outcome line that is byte for byte the line the
engine writes at that place, on the chain it has re-derived, is valid by
construction (the engines write only valid events: tests/test_verify_fast_path.py
holds them to it) and needs neither parsing nor schema checks. So
:func:`verify_lines` runs the engine along the file and compares each line
with the engine's own encoding of it. Every input is still parsed, and its
payload checked against its schema before it is fed to the engine: the engine
passes the payload through untouched, so its reproducing it proves nothing.
The rest of an input answering the decision asked there (its kind, type and
actor those of the request) is proven by the engine's copy of it, the next line
it writes, compared with this one byte for byte: the copy's envelope is the
engine's own (seq, chain, match, clock, seats, cause, visibility: none of it
taken from the line), valid by the same construction, and so are its canonical
form and its hash. Should the copy differ, the input is checked in full then,
as the strict reader checks it (form, envelope, chain, hash, seats, schema): a
sound one is a place to go on from; any other stops the pass with no place to
go on from (the ordinary way starts afresh). Any other input is checked in full
before it is fed. The verdict is the same either way: tests/test_verify_file.py
forges inputs' envelopes and edits their lines.

:func:`verify_lines` only ever vouches for a log it verified completely; at the
first thing it does not expect (a line that differs, a log that stops early
or runs on, a torn last line, any reader complaint) it answers None and
:func:`verify_file` takes the ordinary way (:func:`replay.source.load_bytes`
then :func:`replay.verify.verify_loaded`), whose report and wording are then
the only ones given. The ordinary way goes on from where the one pass stopped
(a :class:`replay.rerun.Resume`) rather than re-executing the agreed lines
again, so a log forged late costs one re-execution and its forensics. The two
ways agree on every log: tests/test_verify_file.py.
"""

from __future__ import annotations

from hashlib import sha256
from pathlib import Path
from typing import Any, Callable

import orjson

from recorder import canonical
from recorder.decisions import Request
from recorder.envelope import WRITERS, Entry, entry_writer
from recorder.errors import BeatlogError
from recorder.events import INPUT, Event, EventRegistry
from recorder.integrity import MAX_EVENTS, Chain, parse_header
from recorder.jsonl import MAX_LINE
from recorder.match import Match
from recorder.validate import quick_payload, validate_payload

from .rerun import Resume, answer_of_data
from .source import load_bytes, load_jsonl
from .verify import VerifyReport, check_header, check_versions, verify_loaded


def verify_file(path: str | Path, *, partial: bool = False) -> VerifyReport:
    """Verify a JSONL log file (``-``: stdin) as ``beatlog verify`` does.

    Raises what :func:`replay.source.load_jsonl` raises for a file it cannot
    read as a log at all.
    """
    if str(path) == "-":
        return verify_loaded(load_jsonl(path), partial=partial)
    return verify_bytes(Path(path).read_bytes(), str(path), partial=partial)


def verify_bytes(data: bytes, name: str, *, partial: bool = False) -> VerifyReport:
    """:func:`verify_file` of a file's bytes (``name`` says where they came from).

    A log the one-pass way does not vouch for is read by the strict reader and
    verified the ordinary way, going on from where the one pass stopped (the
    lines before it were the engine's own): a forged log costs its forensics,
    not a second re-execution (nor a second check of the lines it found to be the engine's own).
    """
    outcome = _one_pass(data, name)
    if isinstance(outcome, VerifyReport):
        return outcome
    vouched = outcome.at if outcome is not None else 0
    return verify_loaded(load_bytes(data, name, vouched=vouched), partial=partial, resume=outcome)


def verify_lines(data: bytes, name: str) -> VerifyReport | None:
    """The report of a complete log whose every line the engine re-derives exactly; None for any other log."""
    outcome = _one_pass(data, name)
    return outcome if isinstance(outcome, VerifyReport) else None


def _one_pass(data: bytes, name: str) -> VerifyReport | Resume | None:
    try:
        return _verify_lines(data, name)
    except (BeatlogError, orjson.JSONDecodeError, TypeError, ValueError, KeyError):
        return None  # the ordinary way finds it again and words it


def _verify_lines(data: bytes, name: str) -> VerifyReport | Resume | None:
    """The report of a log the engine re-derives line for line; else where the engine stopped agreeing with
    the file (a :class:`replay.rerun.Resume`: the ordinary way goes on from there), or None (before it ran).

    The file is not split into lines: each line the engine writes is compared in place
    (``data.startswith(expected, at)``, no copy); only inputs are cut out, to be parsed.
    """
    if not data.endswith(b"\n"):
        return None
    size = len(data)
    at = data.index(b"\n")  # where the next line starts, once past the header's
    head = data[:at]
    at += 1
    raw = orjson.loads(head)
    if len(head) > MAX_LINE or canonical.dumps(raw) != head:
        return None
    header = parse_header(raw, f"{name}, line 1")
    game, problem = check_versions(None, header)
    if game is None or check_header(game, header) is not None:
        return None
    chain = Chain(header, game.events)
    match_id = header.match_id
    dumps = canonical.dumps
    prev = header.hash  # the hash of the last line agreed on
    requests: dict[int, Request] = {}  # record index -> the decision asked there

    def stopped(new: tuple[Entry, ...] = ()) -> Resume:
        # line i holds record i - 1; the lines before it were the engine's own, byte for byte
        return Resume(match, i - 1, prev, new, requests)

    i = 1  # the next line: record i, seq i
    match = Match(game, header)
    new = match.advance()
    # An input fed before its envelope, form and hash were checked (its copy is to prove them): its line parsed,
    # the line, its record's seq and the hash before it.
    unsure: tuple[dict[str, Any], bytes, int, str] | None = None
    writers, writer_of = WRITERS, entry_writer
    registry = chain.registry
    quick: dict[type[Event], Callable[[Any], bool] | None] = {}  # an input's class -> its payload's quick check
    while True:
        for k, entry in enumerate(new):
            # The line the engine writes for this entry, newline included: the hash of the body the record's hash
            # covers (recorder.envelope.entry_bytes, its writer looked up here), put in its place, as
            # recorder.envelope.seal and the JSONL writer would. Spelled out: this runs for every line of the log.
            body = (writers.get(type(entry[3])) or writer_of(type(entry[3])))(match_id, entry, prev)
            digest = sha256(body).hexdigest()
            cut = body.rfind(KIND_KEY)
            expected = b"".join((body[:cut], HASH_KEY, digest.encode(), QUOTE, body[cut:], NEWLINE_BYTE))
            n = len(expected)
            # (Past the end of the file -- the log stops before the engine does -- nothing starts there.)
            if n > MAX_LINE_NEWLINE or not data.startswith(expected, at):
                if k == 0 and unsure is not None and not _sound(chain, name, *unsure):
                    # The input was fed before its envelope, form and hash were checked, which would have stopped
                    # the pass before feeding it: there is no place to go on from. The ordinary way starts afresh.
                    return None
                i += k
                return stopped(tuple(new[k:]))
            prev = digest
            at += n
        i += len(new)
        if match.finished:
            if at != size:
                return stopped()  # lines after the end of the match
            break
        request = match.pending
        if request is None or at >= size:
            return stopped()
        end = data.index(b"\n", at)
        line = data[at:end]
        try:
            raw = orjson.loads(line)
            if type(raw) is not dict or end - at > MAX_LINE:
                return stopped()
            if (raw["kind"] == INPUT and raw["type"] == request.event.TYPE and raw["actor"] == request.player
                    and chain.ended is None and i <= MAX_EVENTS):
                # An answer to this request. What the engine takes from the line unchecked, its payload, is checked
                # now; the rest of the line by the engine's copy of it, the first line the engine writes next,
                # compared with this one byte for byte: equal, the line is the copy, whose envelope is the valid
                # one the engine writes (tests/test_verify_fast_path.py), in canonical form with the hash of its
                # content; else the line is checked in full (_sound) before the pass goes on from there.
                cls = request.event
                check = quick[cls] if cls in quick else quick.setdefault(cls, _quick_payload(registry, cls))
                if check is None or not check(raw["data"]):
                    cls = validate_payload(raw, registry, f"{name}, line {i + 1} (seq {i})")
                if cls.FINAL:
                    chain.ended = (i, raw["type"])
                unsure = raw, line, i, prev
            else:
                # Checked in full, as the strict reader checks it; the chain then stands where it was, for the
                # engine's own copy of this input is the first entry it writes next.
                if dumps(raw) != line:
                    return stopped()
                chain.next_seq, chain.prev_hash = i, prev
                chain.check(raw, f"{name}, line {i + 1} (seq {raw.get('seq')})", line)
                unsure = None
                # (An answer to this request was taken the quick way above: its kind, type and actor are these.)
                if raw["kind"] != INPUT or raw["type"] != request.event.TYPE or raw["actor"] != request.player:
                    return stopped()
        except (BeatlogError, orjson.JSONDecodeError, TypeError, ValueError, KeyError):
            return stopped()
        requests[i - 1] = request
        new = match.advance(answer_of_data(raw["data"]))
    return VerifyReport(match_id, i - 1, prev, True, True, None, game.result(match.state))


# The pieces of a line the engine writes: in canonical order "hash" comes just before the top-level "kind",
# after which only scalars follow (so the last ',"kind":"' in a body is the top-level one).
KIND_KEY = b',"kind":"'
HASH_KEY = b',"hash":"'
QUOTE = b'"'
NEWLINE_BYTE = b"\n"
MAX_LINE_NEWLINE = MAX_LINE + 1  # the longest line a reader takes, with its newline


def _quick_payload(registry: EventRegistry, cls: type[Event]) -> Callable[[Any], bool] | None:
    """The check that accepts the payload of an input of class ``cls`` exactly when
    :func:`recorder.validate.validate_payload` would, without wording a place for an error it will not raise;
    None when ``cls`` is not the class ``registry`` holds for its type (validate_payload then decides)."""
    if cls.TYPE not in registry or registry.get(cls.TYPE) is not cls or cls.KIND != INPUT:
        return None
    return quick_payload(registry, cls)


def _sound(chain: Chain, name: str, raw: dict[str, Any], line: bytes, seq: int, prev: str) -> bool:
    """Is the input ``line`` (parsed as ``raw``), fed as record ``seq`` after ``prev`` before the chain ended, one
    the strict reader takes there: in canonical form, its envelope, hash and payload sound?"""
    if canonical.dumps(raw) != line:
        return False
    chain.next_seq, chain.prev_hash, chain.ended = seq, prev, None
    try:
        chain.check(raw, f"{name}, line {seq + 1} (seq {raw.get('seq')})", line)
    except (BeatlogError, TypeError, ValueError, KeyError):
        return False
    return True

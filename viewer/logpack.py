"""The match log inside its page, compactly, so a mailed page still carries the evidence.

A page embeds the log as ``data["log"]``: the header as it is logged, and each
record's ``data`` as its values only, ``[shape, value...]``. A shape is
``[keys, interned]``: the payload's keys once per distinct key list, and which
of the values are indexes into ``strings`` (a string that occurs more than once
in the log's payloads -- a card name, a card's text -- is written once).
Everything else of a record is already in the page -- its type, kind, actor,
cause and visibility in ``events``, its duel and beat in ``beats`` -- or follows
from the chain: ``match_id`` is the header's, ``prev`` the hash before, ``hash``
the SHA-256 of the canonical line. So the exact bytes of the log file come back
(``viewer/static/logfile.js`` in the page, :func:`unpack` here), and ``final``
(the last hash) checks them: a page whose log was edited no longer rebuilds to it.

A 15-beat duel's log is ~160 KB as JSONL and ~15 KB packed.
"""

from __future__ import annotations

import re
import zlib
from collections import Counter
from typing import Any, Sequence

import orjson

from recorder import canonical
from recorder.envelope import Record
from recorder.errors import CorruptLog, UsageError
from recorder.header import Header

from .embed import PACKED, unpacked_json

PUBLIC = -1  # events[i][3] for a record visible to everyone ("public")


def pack(header: Header, records: Sequence[Record]) -> dict[str, Any]:
    """The log as a page embeds it (beside the page's ``events`` and ``beats``)."""
    seen = Counter(v for record in records for v in record.data.values() if type(v) is str)
    strings = {text: i for i, text in enumerate(t for t, n in seen.items() if n > 1)}
    shapes: dict[tuple[tuple[str, ...], tuple[int, ...]], int] = {}
    data = []
    for record in records:
        values = list(record.data.values())
        interned = tuple(j for j, v in enumerate(values) if type(v) is str and v in strings)
        for j in interned:
            values[j] = strings[values[j]]
        index = shapes.setdefault((tuple(record.data), interned), len(shapes))
        data.append([index, *values])
    final = records[-1].hash if records else header.hash
    return {"header": header.to_dict(), "shapes": [[list(keys), list(interned)] for keys, interned in shapes],
            "strings": list(strings), "data": data, "final": final}


def unpack(page: dict[str, Any], name: str = "page") -> bytes:
    """The exact bytes of the log file a page's data was rendered from (checked against ``final``)."""
    log = page.get("log")
    if not isinstance(log, dict):
        raise UsageError(f"{name}: this page carries no match log (rendered by an older beatlog)")
    try:
        lines, last = _rebuild(page, log)
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise CorruptLog(f"{name}: the embedded log is malformed ({type(exc).__name__}: {exc})") from None
    if last != log["final"]:
        raise CorruptLog(f"{name}: the embedded log does not rebuild to its final hash {log['final']} "
                         f"(it gives {last}): the page was edited")
    return b"\n".join(lines + [b""])


def _rebuild(page: dict[str, Any], log: dict[str, Any]) -> tuple[list[bytes], str]:
    """The log's lines and its last hash, rebuilt record by record along the chain."""
    header = log["header"]
    lines = [canonical.dumps(header)]
    types, events, shapes, strings = page["types"], page["events"], log["shapes"], log["strings"]
    if len(events) != len(log["data"]):
        raise ValueError(f"{len(events)} events but {len(log['data'])} payloads")
    where = _places(page["beats"])
    prev = header["hash"]
    for seq, (event, packed) in enumerate(zip(events, log["data"]), 1):
        duel, beat = where[seq]
        keys, interned = shapes[packed[0]]
        values = packed[1:]
        for j in interned:
            values[j] = strings[values[j]]
        body = {
            "match_id": header["match_id"], "seq": seq, "duel": duel, "beat": beat, "type": types[event[0]],
            "kind": "input" if event[1] else "outcome", "actor": event[2],
            "data": dict(zip(keys, values)), "cause": event[4],
            "visibility": "public" if event[3] == PUBLIC else event[3], "prev": prev,
        }
        prev = canonical.sha256_hex(canonical.dumps(body))
        lines.append(canonical.dumps({**body, "hash": prev}))
    return lines, prev


def _places(beats: list[list[int]]) -> dict[int, tuple[int, int]]:
    """``seq -> (duel, beat)`` from the page's beat table."""
    return {seq: (duel, beat) for duel, beat, first, last in beats for seq in range(first, last + 1)}


_DATA = re.compile(rb'<script type="[^"]*" id="beatlog-data"(?: data-encoding="([^"]*)")?>(.*?)</script>', re.DOTALL)


def page_data(html: bytes, name: str) -> dict[str, Any]:
    """The data a rendered match page embeds (``<script id="beatlog-data">``, deflated on a single-file page)."""
    found = _DATA.search(html)
    if found is None:
        raise UsageError(f"{name}: not a beatlog match page (no beatlog-data element)")
    encoding, text = found.group(1), found.group(2)
    if encoding is not None:
        if encoding.decode("ascii", "replace") != PACKED:
            raise UsageError(f"{name}: the page's data is encoded as {encoding.decode('ascii', 'replace')!r}, "
                             f"which this beatlog does not read")
        try:
            text = unpacked_json(text)
        except (ValueError, zlib.error) as exc:
            raise UsageError(f"{name}: the page's data is not {PACKED} ({exc})") from None
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        raise UsageError(f"{name}: the page's data is not JSON ({exc})") from None

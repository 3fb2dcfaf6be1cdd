"""Canonical JSON and hashing.

Canonical form: UTF-8, keys sorted, no insignificant whitespace, integers only
(no floats anywhere in a log), exactly what ``orjson`` writes with sorted keys.
Hashes are lowercase hex SHA-256 of that byte string.
"""

from __future__ import annotations

import hashlib
from typing import Any

import orjson

MAX_SAFE_INT = 2**53

# orjson's options for canonical JSON, for a caller that calls orjson.dumps itself in a hot loop.
OPTIONS = orjson.OPT_SORT_KEYS
_OPTS = OPTIONS


def dumps(obj: Any) -> bytes:
    """Serialise ``obj`` canonically (sorted keys, compact, UTF-8)."""
    return orjson.dumps(obj, option=_OPTS)


def loads(raw: bytes | str) -> Any:
    """Parse JSON text; raises ``orjson.JSONDecodeError`` (a ValueError)."""
    return orjson.loads(raw)


def sha256_hex(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def digest(obj: Any) -> str:
    """The SHA-256 of ``obj``'s canonical JSON."""
    return hashlib.sha256(orjson.dumps(obj, option=_OPTS)).hexdigest()


_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def short_digest(hex_hash: str) -> str:
    """A 12-character Crockford base32 form of a hash, as ``XXXX-XXXX-XXXX``.

    Short enough to write on a score sheet, with 60 bits of the hash and no
    easily confused letters (no I, L, O, U).
    """
    value = int(hex_hash[:15], 16)  # 60 bits
    chars = []
    for _ in range(12):
        chars.append(_CROCKFORD[value & 31])
        value >>= 5
    text = "".join(reversed(chars))
    return f"{text[0:4]}-{text[4:8]}-{text[8:12]}"

"""The match's random source: platform- and version-independent draws.

Each draw hashes (seed, match id, draw counter) with SHA-256 and maps the hash
onto ``0..n-1`` by rejection sampling, so every Python on every platform gives
the same stream (``random.Random`` does not promise that for ``randrange``).
"""

from __future__ import annotations

from hashlib import sha256
from struct import Struct

_TOP = 2**64
_SURE_N = 2**32
_SURE = _TOP - _SURE_N
_first_8 = Struct(">Q").unpack_from  # the first 8 bytes of a digest as a big-endian unsigned integer

class ChanceSource:
    def __init__(self, seed: int, stream: str) -> None:
        self._prefix = f"{seed}:{stream}:".encode()
        self.counter = 0

    def draw(self, n: int) -> int:
        """A uniformly distributed integer in ``0..n-1``."""
        if n < 2:
            if n == 1:
                return 0
            raise ValueError(f"cannot draw from {n} outcomes")
        # Largest multiple of n below 2**64: values at or above it are redrawn
        # so that every outcome is exactly equally likely. It is above 2**64 - n, so for n up to 2**32 a value
        # below _SURE is under it (nearly all of them): only a value above that needs the exact limit.
        sure = _SURE if n <= _SURE_N else 0
        prefix, counter = self._prefix, self.counter
        while True:
            counter += 1
            value = _first_8(sha256(b"%s%d" % (prefix, counter)).digest())[0]
            if value < sure or value < _TOP - _TOP % n:
                self.counter = counter
                return value % n

    def shuffle(self, items: list) -> list:
        """A new list with ``items`` in a Fisher–Yates order drawn from this source."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.draw(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

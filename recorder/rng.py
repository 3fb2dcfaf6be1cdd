"""The match's random source: platform- and version-independent draws.

Each draw hashes (seed, match id, draw counter) with SHA-256 and maps the hash
onto ``0..n-1`` by rejection sampling, so every Python on every platform gives
the same stream (``random.Random`` does not promise that for ``randrange``).
"""

from __future__ import annotations

import hashlib


class ChanceSource:
    def __init__(self, seed: int, stream: str) -> None:
        self._prefix = f"{seed}:{stream}:".encode()
        self.counter = 0

    def draw(self, n: int) -> int:
        """A uniformly distributed integer in ``0..n-1``."""
        if n < 1:
            raise ValueError(f"cannot draw from {n} outcomes")
        if n == 1:
            return 0
        # Largest multiple of n below 2**64: values at or above it are redrawn
        # so that every outcome is exactly equally likely.
        limit = (2**64 // n) * n
        while True:
            self.counter += 1
            raw = hashlib.sha256(self._prefix + str(self.counter).encode()).digest()
            value = int.from_bytes(raw[:8], "big")
            if value < limit:
                return value % n

    def shuffle(self, items: list) -> list:
        """A new list with ``items`` in a Fisher–Yates order drawn from this source."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.draw(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

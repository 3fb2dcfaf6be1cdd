"""A page's plain-language text, written as words from one table: a third of the bytes.

The event lines and the state texts of a match say the same few hundred words
over and over (names, card names, "priority", "+"...). A page stores each text
as indexes into ``words`` (most frequent first, so the common ones take one or
two digits): the text split at each space, so joining the words with spaces
gives it back exactly (two spaces in a row make an empty word). ``viewer.js``
joins them when the page loads.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain
from typing import Sequence


def pack_words(tables: Sequence[Sequence[str]]) -> tuple[list[str], list[list[list[int]]]]:
    """One word table for ``tables`` (lists of texts), and each table as lists of word indexes."""
    split = [[text.split(" ") for text in table] for table in tables]
    counts = Counter(chain.from_iterable(chain.from_iterable(split)))
    words = [word for word, _ in counts.most_common()]
    index = {word: i for i, word in enumerate(words)}.__getitem__
    return words, [[list(map(index, parts)) for parts in table] for table in split]


def unpack_words(words: Sequence[str], table: Sequence[Sequence[int]]) -> list[str]:
    """The texts back (what the page's script does)."""
    return [" ".join(words[i] for i in parts) for parts in table]

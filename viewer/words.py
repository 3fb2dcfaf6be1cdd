"""A page's plain-language text, written as words from one table: a third of the bytes.

The event lines and the state texts of a match say the same few hundred words
over and over (names, card names, "priority", "+"...). A page stores each text
as indexes into ``words`` (most frequent first, so the common ones take one or
two digits); a word carries the space before it, so joining gives the text back
exactly. ``viewer.js`` joins them when the page loads.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Sequence

# A word with the space before it, or a space on its own (two in a row): every character is in a token.
_TOKEN = re.compile(r" ?[^ ]+| ")


def pack_words(tables: Sequence[Sequence[str]]) -> tuple[list[str], list[list[list[int]]]]:
    """One word table for ``tables`` (lists of texts), and each table as lists of word indexes."""
    split = [[_TOKEN.findall(text) for text in table] for table in tables]
    counts = Counter(word for table in split for tokens in table for word in tokens)
    words = [word for word, _ in counts.most_common()]
    index = {word: i for i, word in enumerate(words)}
    return words, [[[index[w] for w in tokens] for tokens in table] for table in split]


def unpack_words(words: Sequence[str], table: Sequence[Sequence[int]]) -> list[str]:
    """The texts back (what the page's script does)."""
    return ["".join(words[i] for i in tokens) for tokens in table]

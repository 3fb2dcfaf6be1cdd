"""Names people type: fighters, cards, fleets, bots, games.

A typed name is matched case-insensitively (``Hikaru`` is ``hikaru``, ``strike`` is ``Strike``); a name
that matches nothing gets the nearest known one as a suggestion (difflib), so an error can say
"unknown base 'Strik' (did you mean 'Strike'?)". Every place that takes a name from a person goes through :func:`resolve`
(or :func:`suggestion` for its error message), so the rule is the same everywhere.
"""

from __future__ import annotations

import difflib
from typing import Iterable

CUTOFF = 0.6  # difflib's default: "Strik" -> "Strike", "khadth" -> "khadath", never "Fire" -> "Wind"


def resolve(given: str, known: Iterable[str]) -> str | None:
    """The known name ``given`` means: itself, or the one name equal to it ignoring letter case."""
    names = list(dict.fromkeys(known))
    if given in names:
        return given
    folded = [name for name in names if name.casefold() == given.casefold()]
    return folded[0] if len(folded) == 1 else None


def closest(given: str, known: Iterable[str]) -> str | None:
    """The known name nearest ``given`` (ignoring letter case), or None when none is near."""
    names = list(dict.fromkeys(known))
    by_fold = {name.casefold(): name for name in names}
    near = difflib.get_close_matches(given.casefold(), list(by_fold), n=1, cutoff=CUTOFF)
    return by_fold[near[0]] if near else None


def suggestion(given: str, known: Iterable[str]) -> str:
    """``" (did you mean 'Strike'?)"`` for a near miss, else ``""`` -- to put after the name in an error."""
    near = closest(given, known)
    return f" (did you mean {near!r}?)" if near is not None else ""

"""A game's own words for the kernel's clock and seats: the optional ``terms`` hook.

The log counts time as (``duel``, ``beat``) and calls what a player plays their
``side``: those field names are part of the published log format and stay. What
a person reads -- command output, statistics tables, reports, the viewer -- uses
the game's words instead: a BattleCON ``side`` is a *fighter* and its rounds are
*beats* in *duels*; a Cogs of Valor side is a *fleet*, its rounds are *turns*,
and a match is not played in sets at all (``set`` is None, so "duel 1" is never
printed for it).

A game declares them as a plain dict (``game.terms``); every key is optional::

    terms = {"side": "fleet", "sides": "fleets", "round": "turn", "rounds": "turns",
             "set": None, "sets": None, "setup": "muster", "phase": "phase"}

``setup`` names round 0 (what happens before the first round of a set).
The kernel's defaults are the neutral words below.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from .errors import UsageError


@dataclass(frozen=True)
class Terms:
    side: str = "side"
    sides: str = "sides"
    round: str = "round"
    rounds: str = "rounds"
    set: str | None = "set"  # None: the game has no sets (every record is in set 1)
    sets: str | None = "sets"
    setup: str = "set-up"  # round 0
    phase: str = "phase"
    title: str | None = None  # the game's name as people write it ("BattleCON"); None: its id
    editions: tuple[tuple[str, str], ...] = ()  # (edition id, its name): ("woi", "War of Indines")

    def game_title(self, game: str) -> str:
        return self.title or game

    def edition_title(self, edition: str) -> str:
        return dict(self.editions).get(edition, edition)

    # -- the clock in words --------------------------------------------------------
    def at(self, duel: int, beat: int) -> str:
        """``duel 2, beat 3`` / ``turn 3``: a round, with its set when the game has sets."""
        here = f"{self.round} {beat}"
        return here if self.set is None else f"{self.set} {duel}, {here}"

    def stage(self, duel: int, beat: int) -> str:
        """Like :meth:`at`, but round 0 by its name: ``duel 1, set-up`` / ``muster``."""
        if beat != 0:
            return self.at(duel, beat)
        return self.setup if self.set is None else f"{self.set} {duel}, {self.setup}"

    def count(self, n: int, singular: str, plural: str) -> str:
        return f"{n} {singular if n == 1 else plural}"

    def check_set(self, duel: int | None, game: str) -> int:
        """The set a command asks for (1 when not given); a game without sets takes only set 1."""
        if duel is None or duel == 1:
            return 1
        if self.set is None:
            raise UsageError(f"{game} matches are not played in sets (duels): leave out --duel")
        return duel

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


NEUTRAL = Terms()
_KEYS = tuple(f.name for f in fields(Terms))


def terms_of(game: Any) -> Terms:
    """The game's ``terms`` over the kernel's defaults (a game without the hook reads neutrally).

    An unknown key is a mistake in the game's declaration, not in anyone's input: it fails loudly.
    """
    declared = getattr(game, "terms", None)
    if declared is None:
        return NEUTRAL
    if isinstance(declared, Terms):
        return declared
    unknown = sorted(set(declared) - set(_KEYS))
    if unknown:
        raise ValueError(f"game {getattr(game, 'name', '?')!r} declares unknown terms {unknown}; known: {_KEYS}")
    declared = dict(declared)
    if "editions" in declared:
        declared["editions"] = tuple(tuple(pair) for pair in dict(declared["editions"]).items())
    return Terms(**declared)


def cap(text: str) -> str:
    """``duel 1, beat 3`` -> ``Duel 1, beat 3`` (only the first letter changes)."""
    return text[:1].upper() + text[1:]


def shared(all_terms: list[Terms], key: str, neutral: str | None = None) -> str:
    """One word for several games: theirs when they agree, else the neutral one (``side``)."""
    words = {getattr(t, key) for t in all_terms}
    if len(words) == 1:
        word = words.pop()
        if word is not None:
            return word
    return neutral if neutral is not None else getattr(NEUTRAL, key)

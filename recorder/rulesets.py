"""Rules versions: the earlier rules a game still runs, so that logs are forever.

A log's header names the engine and rules it was recorded under. When a rule
changes, the game's ``engine_version`` moves on and the earlier rules stay
runnable as a *ruleset*: a subclass of the next newer game class that overrides
only what differs (an event registered differently, a hook whose behaviour
changed), as each of Pokémon Showdown's ``data/mods/genN`` inherits the next
generation. Nothing is copied: the chain ``Engine3 <- Engine4 <- current``
reads as the list of rule changes.

A game opts in by keeping a :class:`Rulesets` table and answering the kernel's
optional ``ruleset(engine_version, rules_version)`` hook from it; the kernel's
:func:`recorder.game.game_for` asks that hook for every recorded header.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, TypeVar

T = TypeVar("T", bound=type)


class Rulesets:
    """One game's earlier rulesets, by engine version.

    Each registered class carries the frozen ``engine_version`` it re-runs and
    ``rules_versions``, the header rules strings it accepts for it (a rules
    fingerprint recorded under that engine; a frozenset, or :class:`RulesVersions`
    where they are worked out from the rules). The current game accepts its own
    versions through its ``accepts(rules_version)`` method.
    """

    def __init__(self, game: str) -> None:
        self.game = game
        self._classes: dict[str, type] = {}
        self._made: dict[Any, Any] = {}
        self._revisions: dict[str, list[type]] = {}

    def register(self, cls: T) -> T:
        """Class decorator: ``cls`` re-runs logs of ``cls.engine_version``."""
        version = cls.__dict__.get("engine_version")
        accepted = cls.__dict__.get("rules_versions")
        if not version or not accepted:
            raise TypeError(f"ruleset {cls.__name__} must set its own engine_version and rules_versions")
        if version in self._classes:
            raise ValueError(f"{self.game} ruleset {version!r} registered twice")
        self._classes[version] = cls
        return cls

    def revision(self, cls: T) -> T:
        """Class decorator: ``cls`` re-runs logs of ``cls.engine_version`` as that engine stood at an earlier
        commit on main, before later changes were made under the same version string.

        A version's rules should not change once a commit records logs under it; where they did, the logs
        of each earlier state carry the same header versions as the final one and cannot be told apart
        by them. Each such state is kept as a revision (``revision``: its number, newest highest; its
        docstring says which commits recorded it), and a log that the engine version's final rules do not
        re-derive is re-run under each revision that accepts its rules version (:meth:`alternatives`).
        """
        version = cls.__dict__.get("engine_version")
        accepted = cls.__dict__.get("rules_versions")
        number = cls.__dict__.get("revision")
        if not version or not accepted or not isinstance(number, int):
            raise TypeError(f"revision {cls.__name__} must set its own engine_version, rules_versions and revision")
        known = self._revisions.setdefault(version, [])
        if any(other.revision == number for other in known):
            raise ValueError(f"{self.game} engine {version!r} revision {number} registered twice")
        known.append(cls)
        known.sort(key=lambda c: -c.revision)  # newest first
        return cls

    def _made_of(self, cls: type) -> Any:
        game = self._made.get(cls)
        if game is None:
            game = self._made[cls] = cls()
        return game

    def alternatives(self, found: Any, engine_version: str, rules_version: str) -> tuple[Any, ...]:
        """The revisions of ``engine_version`` that accept ``rules_version``, newest first, other than ``found``
        (what :meth:`find` gave): the earlier states to re-run a log under when ``found`` does not re-derive it."""
        return tuple(game for game in (self._made_of(cls) for cls in self._revisions.get(engine_version, ())
                                       if rules_version in cls.rules_versions)
                     if type(game) is not type(found))

    def versions(self) -> tuple[str, ...]:
        """The earlier engine versions this game still runs, oldest first."""
        return tuple(sorted(self._classes))

    def find(self, current: Any, engine_version: str, rules_version: str) -> Any | None:
        """The game object that re-runs ``engine_version``/``rules_version``, or None."""
        if engine_version == current.engine_version:
            if current.accepts(rules_version):
                return current
        else:
            cls = self._classes.get(engine_version)
            if cls is not None and rules_version in cls.rules_versions:
                return self._made_of(cls)
        # A rules version only an earlier state of this engine version had (a card added later changed it).
        for cls in self._revisions.get(engine_version, ()):
            if rules_version in cls.rules_versions:
                return self._made_of(cls)
        return None



class RulesVersions:
    """A ruleset's ``rules_versions`` worked out when first read, not when its module is imported.

    Where the accepted versions are digests of the rules (BattleCON's fingerprint every pairing of its roster),
    computing them costs more than the rest of a short command; :meth:`Rulesets.find` reads them only when a log
    of that engine is re-run. ``compute`` returns the versions; it is called once."""

    def __init__(self, compute: Callable[[], Iterable[str]]) -> None:
        self._compute = compute
        self._versions: frozenset[str] | None = None

    def __get__(self, obj: Any, owner: type | None = None) -> frozenset[str]:
        if self._versions is None:
            self._versions = frozenset(self._compute())
        return self._versions

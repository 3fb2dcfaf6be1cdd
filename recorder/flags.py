"""Command-line flags a game offers for its own options and decisions: the hooks ``match_flags`` and
``whatif_shortcuts``.

The CLI knows no game's words: a flag such as BattleCON's ``--duels N`` (its header option ``duels``) or
``whatif --pair STYLE,BASE`` (a script-entry field) is declared by the game as a :class:`Flag` and the
command line builds its option from it. A flag only says what ``--option KEY=VALUE`` or ``--choices JSON``
already say, in fewer keystrokes; :func:`flag_fields` turns the values given into those fields, for the game
the match plays, and refuses a flag the game does not have in one line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence

from .errors import UsageError
from .names import resolve, suggestion
from .terms import terms_of


@dataclass(frozen=True)
class Flag:
    """One ``--NAME VALUE`` flag of a game: its help, its values and the fields they stand for."""

    name: str  # the flag without its dashes: "duels" is --duels
    help: str  # what it does, in the game's words (the CLI puts the game's title before it)
    translate: Callable[[tuple[str, ...]], dict[str, Any]]  # the values given -> header options / entry fields
    same_as: str = ""  # the long way to say it ("--option duels=N")
    metavar: str = "VALUE"
    choices: tuple[str, ...] = ()  # the values it takes, when they are few (empty: any text)
    multiple: bool = False  # repeatable (--ante A --ante B)

    def fields(self, values: Sequence[str]) -> dict[str, Any]:
        """The fields ``values`` stand for; a value outside :attr:`choices` is refused naming the nearest."""
        given = []
        for value in values:
            if self.choices:
                known = resolve(value, self.choices)
                if known is None:
                    raise UsageError(f"--{self.name} takes {_either(self.choices)}, got {value!r}"
                                     f"{suggestion(value, self.choices)}")
                value = known
            given.append(value)
        return self.translate(tuple(given))


def _either(choices: Sequence[str]) -> str:
    return choices[0] if len(choices) == 1 else f"{', '.join(choices[:-1])} or {choices[-1]}"


def flags_of(game: Any, hook: str) -> tuple[Flag, ...]:
    """The flags a game declares in ``hook`` (``match_flags``, ``whatif_shortcuts``); none without it."""
    return tuple(getattr(game, hook, None) or ())


def flag_fields(game: Any, hook: str, given: Mapping[str, Sequence[str]], games: Iterable[Any] = (),
                *, over: Mapping[str, Any] | None = None, where: str = "--option", instead: str = ""
                ) -> dict[str, Any]:
    """The fields the flags ``given`` (name -> values; a flag not given has none) stand for in ``game``.

    A flag ``game`` does not declare is refused, naming the games of ``games`` that have it (and ``instead``,
    what to do instead). ``over`` are the fields given the long way (``--option KEY=VALUE``): a flag that
    says otherwise is refused, naming both.
    """
    mine = {flag.name: flag for flag in flags_of(game, hook)}
    fields: dict[str, Any] = {}
    for name, values in given.items():
        if not values:
            continue
        flag = mine.get(name)
        if flag is None:
            owners = [(g, f) for g in games for f in flags_of(g, hook) if f.name == name]
            whose = "; ".join(f"{terms_of(g).game_title(g.name)}'s ({f.help})" for g, f in owners)
            raise UsageError(f"--{name} does not apply to {game.name}" + (f": it is {whose}" if whose else "")
                             + (f"; {instead}" if instead else ""))
        found = flag.fields(values)
        for key, value in found.items():
            if over is not None and key in over and over[key] != value:
                raise UsageError(f"--{name} {' '.join(values)} and {where} {key}={over[key]!r} disagree; "
                                 "give one of them")
        fields.update(found)
    return fields

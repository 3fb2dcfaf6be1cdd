"""Help text that names each installed game's own sides and bots, read from the games when help is shown.

No game's fighters, fleets or bots are written into the commands' help by hand: an option's help holds a
``{games}`` part, filled from the games (their ``fighters``, ``bots()`` and ``terms``) only when a help
page is printed, so no command loads a game before it needs one.
"""

from __future__ import annotations

from typing import Any, Callable

import click

from recorder.errors import BeatlogError
from recorder.game import GAMES, load_game
from recorder.terms import terms_of


def _games() -> list[Any]:
    out = []
    for name in GAMES:
        try:
            out.append(load_game(name))
        except BeatlogError:  # a game this beatlog lists but cannot load has nothing to say here
            continue
    return out


def _title(game: Any) -> str:
    return terms_of(game).game_title(game.name)


def bots_text() -> str:
    """``battlecon: random, greedy; cogs: first, random, sensible; ...``"""
    return "; ".join(f"{_title(game)}: {', '.join(game.bots())}" for game in _games())


def sides_text() -> str:
    """``battlecon fighters (hikaru,cadenza...); cogs fleets (griffins,herons...); ...``"""
    parts = []
    for game in _games():
        sides = list(getattr(game, "fighters", ()))
        example = f" ({','.join(sides[:2])}...)" if len(sides) > 2 else (f" ({','.join(sides)})" if sides else "")
        parts.append(f"{_title(game)} {terms_of(game).sides}{example}")
    return "; ".join(parts)


def games_text() -> str:
    """``battlecon, cogs, skirmish``"""
    return ", ".join(GAMES)


class GameHelpOption(click.Option):
    """A click option whose help has a ``{games}`` part, filled by ``games()`` when the help is shown."""

    def __init__(self, *args: Any, games: Callable[[], str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._games = games

    def get_help_record(self, ctx: click.Context):  # type: ignore[override]
        if self.help and "{games}" in self.help:
            self.help = self.help.replace("{games}", self._games())
        return super().get_help_record(ctx)

"""Help text that names each installed game's own sides and bots, read from the games when help is shown.

No game's fighters, fleets or bots are written into the commands' help by hand: an option's help holds a
``{games}`` part, filled from the games (their ``fighters``, ``bots()`` and ``terms``) only when a help
page is printed, so no command loads a game before it needs one.
"""

from __future__ import annotations

import json
from typing import Any, Callable

import click

from recorder.terms import terms_of


def _games() -> list[Any]:
    from recorder.game import installed_games  # loads every game: only when a help page is printed

    return installed_games()  # a game this beatlog lists but cannot load has nothing to say here


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


def tournament_text() -> str:
    """``BattleCON woi: special_actions=true; ...``: each edition's tournament defaults (as --option writes them)."""
    parts = []
    for game in _games():
        hook = getattr(game, "tournament_options", None)
        terms = terms_of(game)
        for edition in game.editions if hook is not None else ():
            options = hook(edition)
            if options:
                shown = " ".join(f"{key}={json.dumps(value)}" for key, value in sorted(options.items()))
                parts.append(f"{_title(game)} {edition}: {shown}")
    return "; ".join(parts) or "none"


def rounds_text(setup: bool = False) -> str:
    """``a BattleCON beat, a Sailpower: Cogs of Valor turn, ...``: what a round is in each game (``setup``:
    and what round 0 is, ``0 = the set-up or muster``)."""
    games = _games()
    text = ", ".join(f"a {_title(game)} {terms_of(game).round}" for game in games)
    if setup:
        text += "; 0 = the " + " or ".join(dict.fromkeys(terms_of(game).setup for game in games))
    return text


def sets_text() -> str:
    """``a BattleCON match's duel (default 1); ...``: the games played in sets, and that the others are not."""
    with_sets = [game for game in _games() if terms_of(game).set is not None]
    text = "; ".join(f"the {terms_of(g).set} of a {_title(g)} match" for g in with_sets)
    rest = len(_games()) - len(with_sets)
    return text + ("; a game not played in sets has none" if rest else "")


def games_text() -> str:
    """``battlecon, cogs, skirmish``"""
    from recorder.game import GAMES

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

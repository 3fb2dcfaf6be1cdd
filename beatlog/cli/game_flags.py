"""Options a command takes from the installed games: each game's flags (recorder/flags.py), built here.

``record``, ``play`` and ``simulate`` offer every game's ``match_flags`` (BattleCON's ``--duels N``) and
``whatif`` every game's ``whatif_shortcuts`` (BattleCON's ``--pair``, ``--ante``); the commands declare none
of them by hand. Declaring them means loading every game, which a command line that uses none of them
should not pay for: a :class:`GameFlagsCommand` adds them only when its arguments hold an option it does not
declare itself (a game's flag, a typo to suggest a name for, or ``-h``).
"""

from __future__ import annotations

from typing import Any, Mapping

import click

from recorder.flags import Flag, flag_fields, flags_of
from recorder.names import suggestion
from recorder.terms import terms_of

from . import BeatlogCommand

PREFIX = "game_flag__"  # the flags' names among a command's parameters (never a click option's own name)


class SuggestingChoice(click.Choice):
    """A choice whose refusal names the nearest value (``'thre' is not one of '1', '3'`` and a did-you-mean)."""

    def get_invalid_choice_message(self, value: Any, ctx: click.Context | None) -> str:
        message = super().get_invalid_choice_message(value, ctx)
        near = suggestion(str(value), [str(c) for c in self.choices])
        return f"{message.removesuffix('.')}{near}." if near else message


def game_options(hook: str) -> list[click.Option]:
    """One click option per flag name the games declare in ``hook``, its help naming each game that has it."""
    from recorder.game import GAMES, installed_games  # loads every game: only when a flag or the help needs them

    by_name: dict[str, list[tuple[Any, Flag]]] = {}
    for game in installed_games():
        for flag in flags_of(game, hook):
            by_name.setdefault(flag.name, []).append((game, flag))
    options = []
    for name, owners in by_name.items():
        first = owners[0][1]
        choices = list(dict.fromkeys(c for _, flag in owners for c in flag.choices))
        everyone = all(flag.choices for _, flag in owners)
        text = "; ".join(f"{terms_of(game).game_title(game.name)}: {flag.help}"
                         + (f" (the same as {flag.same_as})" if flag.same_as else "") for game, flag in owners)
        others = "" if len(owners) == len(GAMES) else "; another game refuses it"
        options.append(click.Option(
            [f"--{name}", f"{PREFIX}{name}"], metavar=first.metavar, multiple=any(f.multiple for _, f in owners),
            type=SuggestingChoice(choices) if choices and everyone else None, help=f"{text}{others}."))
    return options


class GameFlagsCommand(BeatlogCommand):
    """A command whose games' flags (the hook ``flags``) join its options, after the one named ``after``."""

    def __init__(self, *args: Any, flags: str, after: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.flags_hook = flags
        self.flags_after = after
        self._flags_added = False

    def _own_options(self) -> set[str]:
        return {opt for param in self.params for opt in (*param.opts, *param.secondary_opts)}

    def _add_flags(self) -> None:
        if self._flags_added:
            return
        self._flags_added = True
        names = [p.name for p in self.params]
        at = names.index(self.flags_after) + 1 if self.flags_after in names else len(self.params)
        self.params[at:at] = game_options(self.flags_hook)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        own = self._own_options()
        for arg in args:
            if arg == "--":
                break
            if arg.startswith("-") and arg != "-" and arg.partition("=")[0] not in own:
                self._add_flags()
                break
        return super().parse_args(ctx, args)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self._add_flags()
        super().format_help(ctx, formatter)


def given_flags(params: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
    """The games' flags among a command's parameters: flag name -> the values given (empty: not given)."""
    out = {}
    for key, value in params.items():
        if key.startswith(PREFIX):
            values = () if value is None else (value,) if isinstance(value, str) else tuple(value)
            out[key.removeprefix(PREFIX)] = values
    return out


def flag_values(game: Any, hook: str, flags: Mapping[str, tuple[str, ...]], *, instead: str = "") -> dict[str, Any]:
    """The fields the flags given stand for in ``game`` (recorder.flags.flag_fields over the installed games)."""
    from recorder.game import installed_games

    if not any(flags.values()):
        return {}
    return flag_fields(game, hook, flags, installed_games(), instead=instead)

"""A game's sides -- BattleCON's fighters and their cards, Cogs of Valor's ready fleets -- for
``beatlog sides`` (``beatlog fighters``).

The data belongs to the game: the ids are its ``fighters`` hook (the sides a
tournament pairs up), one side is its ``side_info(id)`` hook and its text its
``render_side(info)`` hook. A game without ``side_info`` is listed by id; one
without ``render_side`` is printed as a plain outline. Only that fallback lives here.
"""

from __future__ import annotations

from typing import Any

from recorder.errors import UnknownSide, UsageError
from recorder.game import Game
from recorder.names import resolve, suggestion
from recorder.terms import terms_of


def side_ids(game: Game) -> tuple[str, ...]:
    listed = getattr(game, "fighters", None)
    if listed is None:
        raise UsageError(f"game {game.name!r} publishes no list of {terms_of(game).sides}")
    return tuple(listed() if callable(listed) else listed)


def side_entry(game: Game, side: str) -> dict[str, Any]:
    """One side as JSON-native data (at least its ``id``)."""
    known = side_ids(game)
    side = resolve(side, known) or side  # "Hikaru" is hikaru
    if side not in known:
        terms = terms_of(game)
        raise UnknownSide(f"unknown {terms.side} {side!r}{suggestion(side, known)}; "
                          f"known {terms.sides}: {', '.join(known)}")
    hook = getattr(game, "side_info", None)
    return dict(hook(side)) if callable(hook) else {"id": side}


def render_side(game: Game, entry: dict[str, Any]) -> str:
    hook = getattr(game, "render_side", None)
    if callable(hook):
        return hook(entry)
    return "\n".join([str(entry["id"]), *_outline({k: v for k, v in entry.items() if k != "id"}, "  ")])


def _outline(value: Any, indent: str) -> list[str]:
    if isinstance(value, dict):
        lines = []
        for key, item in value.items():
            if isinstance(item, (dict, list)) and item:
                lines += [f"{indent}{key}:", *_outline(item, indent + "  ")]
            else:
                lines.append(f"{indent}{key}: {item}")
        return lines
    if isinstance(value, list):
        return [line for item in value for line in _outline(item, indent)]
    return [f"{indent}{value}"]

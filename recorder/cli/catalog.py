"""A game's fighters and their cards, as text for ``beatlog fighters``.

The card data belongs to the game: it is read through the game's optional
``fighters()`` / ``fighter_info(id)`` / ``fighter_cards(id)`` hooks, or else
through the public card API of the game's package (``<package>.cards``:
``FIGHTERS``, ``KITS``, ``fighter_cards``). Only formatting lives here.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..errors import UnknownFighter, UsageError
from ..game import GAMES, Game

KIND_TITLES = (("style", "Styles"), ("base", "Bases"), ("finisher", "Finishers"))


def _cards_module(game_name: str) -> Any:
    package = GAMES[game_name].partition(":")[0]
    try:
        return importlib.import_module(f"{package}.cards")
    except ModuleNotFoundError:
        raise UsageError(f"game {game_name!r} publishes no fighter list") from None


def fighter_ids(game_name: str, game: Game) -> tuple[str, ...]:
    listed = getattr(game, "fighters", None)
    if listed is not None:
        return tuple(listed() if callable(listed) else listed)
    return tuple(_cards_module(game_name).FIGHTERS)


def fighter_entry(game_name: str, game: Game, fighter: str) -> dict[str, Any]:
    """One fighter as JSON-native data: id, name, ability, tokens, forms, cards."""
    known = fighter_ids(game_name, game)
    if fighter not in known:
        raise UnknownFighter(f"unknown fighter {fighter!r}; known fighters: {', '.join(known)}")
    entry: dict[str, Any] = {"id": fighter}
    kit = getattr(_cards_module(game_name), "KITS", {}).get(fighter)
    if kit is not None:
        entry.update({
            "name": kit.name, "initial": kit.initial, "ability": kit.ability,
            "tokens": list(kit.tokens), "forms": dict(kit.forms), "trap": kit.has_trap,
            "suggested_discards": [list(kit.suggested[0]), list(kit.suggested[1])],
        })
    info_hook = getattr(game, "fighter_info", None)
    if callable(info_hook):
        entry.update(info_hook(fighter))
    cards_hook = getattr(game, "fighter_cards", None)
    entry["cards"] = list(cards_hook(fighter) if callable(cards_hook) else _cards_module(game_name).fighter_cards(fighter))
    return entry


def render_fighter(entry: dict[str, Any]) -> str:
    lines = [f"{entry['id']}: {entry.get('name', entry['id'])}"]
    if entry.get("ability"):
        lines.append(f"  {entry['ability']}")
    if entry.get("tokens"):
        lines.append(f"  tokens: {', '.join(entry['tokens'])}")
    if entry.get("forms"):
        forms = "; ".join(f"{name} ({_terms(effect)})" for name, effect in entry["forms"].items())
        lines.append(f"  forms: {forms}")
    discards = entry.get("suggested_discards")
    if discards:
        lines.append(f"  suggested discards: 1 = {' + '.join(discards[0])}; 2 = {' + '.join(discards[1])}")
    cards = entry["cards"]
    for kind, title in KIND_TITLES:
        group = [c for c in cards if c["kind"] == kind]
        if not group:
            continue
        lines.append(f"  {title}:")
        width = max(len(c["name"]) for c in group)
        for card in group:
            lines.append(f"    {card['name']:<{width}}  {_numbers(card)}")
            if card.get("text"):
                lines.append(f"    {'':<{width}}  {card['text']}")
    return "\n".join(lines)


def _numbers(card: dict[str, Any]) -> str:
    style = card["kind"] == "style"
    parts = [
        f"range {_range(card['range'], style)}",
        f"power {_signed(card['power'], style)}",
        f"priority {_signed(card['priority'], style)}",
    ]
    if card.get("soak"):
        parts.append(f"soak {card['soak']}")
    if card.get("stun_guard"):
        parts.append(f"stun guard {card['stun_guard']}")
    if card.get("stun_immune"):
        parts.append("stun immunity")
    return ", ".join(parts)


def _range(value: Any, style: bool) -> str:
    if value is None:
        return "N/A"
    if isinstance(value, str):
        return value  # a special range, e.g. Khadath's "trap"
    low, high = value
    sign = "+" if style else ""
    text = f"{sign}{low}" if low == high else f"{sign}{low}~{high}"
    return text.replace("+-", "-")


def _signed(value: int | None, style: bool) -> str:
    if value is None:
        return "N/A"
    return f"{value:+d}" if style else str(value)


def _terms(effect: dict[str, Any]) -> str:
    return ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in effect.items())

"""A BattleCON fighter and its cards for ``beatlog sides`` (``beatlog fighters``): data and text.

The game's ``side_info`` / ``render_side`` hooks; the command itself only
lists ids and prints what these return.
"""

from __future__ import annotations

from typing import Any

from recorder.errors import UnknownSide
from recorder.names import suggestion

from .cards import BORROWED, FIGHTERS, KITS, fighter_cards

KIND_TITLES = (("style", "Styles"), ("base", "Bases"), ("finisher", "Finishers"),
               ("extra", "Cards set beside the fighter"))


def cards_of(fighter: str) -> list[dict[str, Any]]:
    if fighter not in KITS:
        raise UnknownSide(f"unknown fighter {fighter!r}{suggestion(fighter, KITS)}; "
                          f"known fighters: {', '.join(sorted(FIGHTERS))}")
    return fighter_cards(fighter)


def side_info(fighter: str) -> dict[str, Any]:
    """One fighter as JSON-native data: id, name, ability, tokens, forms, cards."""
    cards = cards_of(fighter)
    kit = KITS[fighter]
    return {
        "id": fighter, "name": kit.name, "initial": kit.initial, "ability": kit.ability,
        "tokens": list(kit.tokens), "forms": dict(kit.forms), "markers": sorted(kit.markers),
        "counters": {k: dict(v) for k, v in kit.counters.items()}, "zones": list(kit.zones),
        "editions": list(kit.editions),
        "suggested_discards": [list(kit.suggested[0]), list(kit.suggested[1])], "cards": cards,
    }


def render_side(entry: dict[str, Any]) -> str:
    lines = [f"{entry['id']}: {entry.get('name', entry['id'])}"]
    if entry.get("ability"):
        lines.append(f"  {entry['ability']}")
    if entry.get("tokens"):
        lines.append(f"  tokens: {', '.join(entry['tokens'])}")
    if entry.get("forms"):
        forms = "; ".join(f"{name} ({_terms(effect)})" for name, effect in entry["forms"].items())
        lines.append(f"  forms: {forms}")
    if entry.get("counters"):
        counters = "; ".join(f"{name} {c['min']}-{c['max']} (starts at {c['start']})"
                             for name, c in entry["counters"].items())
        lines.append(f"  counters: {counters}")
    if entry.get("markers"):
        lines.append(f"  markers: {', '.join(entry['markers'])}")
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


def card_lines(fighter: str, names: list[str]) -> list[str]:
    """The named cards of ``fighter`` as a hot-seat menu shows them: numbers, then the card's text."""
    known = {c["name"]: c for c in cards_of(fighter)}
    group = []
    for n in names:
        if n in known:
            group.append(known[n])
        elif n in BORROWED:  # another fighter's card held as the fighter's own: as its owner prints it
            owner, printed = BORROWED[n]
            group += [{**c, "name": n} for c in cards_of(owner) if c["name"] == printed]
    if not group:
        return []
    width = max(len(c["name"]) for c in group)
    lines = []
    for card in group:
        kind = "" if card["kind"] == "extra" else f"{card['kind']}: "  # a card set beside the fighter: no kind
        lines.append(f"  {card['name']:<{width}}  {kind}{_numbers(card)}")
        if card.get("text"):
            lines.append(f"  {'':<{width}}  {card['text']}")
    return lines


def _numbers(card: dict[str, Any]) -> str:
    if card["kind"] == "extra" and card["range"] is None and card["power"] is None and not card["priority"]:
        return "no numbers (applies its text)"  # a card set beside the fighter (a Paradigm)
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
        return value  # a special range a kit defines
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

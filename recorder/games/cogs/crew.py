"""What a crewmember can do, from its upgrades (rules p.1-3)."""

from __future__ import annotations

from typing import Iterable

from .state import CogsState, Crew, crew_profile
from .tables import BALLISTA_SPACE, DECKS

NO_SAIL = ("armor", "sword", "longbow")  # p.1: these upgrades cannot sail
NO_SAIL_HERO = ("crossbow", "quickshot", "firepot")  # p.2


def can_sail(c: Crew) -> bool:
    return not any(u in c.upgrades for u in NO_SAIL) and c.hero_upgrade not in NO_SAIL_HERO


def can_row(c: Crew) -> bool:
    return not c.armored  # p.1: armor cannot sail or row; the other upgrades only cannot sail


def ranged_weapon(c: Crew) -> str | None:
    """The crewmember's missile weapon; a hero crossbow or quick shot replaces a longbow."""
    if c.hero_upgrade in ("crossbow", "quickshot"):
        return c.hero_upgrade
    return "longbow" if "longbow" in c.upgrades else None


def shots(c: Crew) -> int:
    return 2 if c.hero_upgrade == "quickshot" else 1  # p.2: quick shot fires twice per turn


def melee_weapon(c: Crew) -> str:
    """Ruling: a sword if it has one, else a mace, else bare hands."""
    if "sword" in c.upgrades:
        return "sword"
    return "mace" if "mace" in c.upgrades else "unarmed"


def armed(c: Crew) -> bool:
    return "sword" in c.upgrades or "mace" in c.upgrades


def cost(c: Crew) -> int:
    """Points value, used to pick the least valuable crew for chores (sailing, rowing, ballista)."""
    return 1 + len(c.upgrades) + (2 if c.hero_upgrade else 0) + (5 if c.hero else 0) + (50 if c.leader else 0)


def fighting_order(c: Crew) -> tuple[int, int]:
    """Boarders go strongest first: armed, armored, heroes, then by id."""
    return (-(2 * armed(c) + c.armored + c.hero), c.id)


def cheapest(crew: Iterable[Crew], n: int) -> list[Crew]:
    return sorted(crew, key=lambda c: (cost(c), c.id))[:n]


def fresh(c: Crew) -> bool:
    return c.spent == 0 and c.captive_of is None and c.deck != "hold"


def loot(c: Crew) -> tuple[str, ...]:
    items = list(c.upgrades)
    if c.hero_upgrade:
        items.append(c.hero_upgrade)
    return tuple(items)


def deck_room(state: CogsState, cog_id: int, deck: str) -> int:
    """Free places on a deck: capacity minus crew (any side) minus ballista space."""
    cog = state.cogs[cog_id]
    cap = cog.kind.decks.get(deck, 0)
    if deck == "main":
        cap -= BALLISTA_SPACE * len([b for b in cog.ballistae if not b.destroyed])
    used = len(state.aboard(cog_id, deck=deck, living=False))
    return cap - used


def place_for(state: CogsState, cog_id: int, n: int = 1) -> str:
    """The first deck with room for ``n`` (main, stern, fore, crow's nest), else the hold."""
    for deck in ("main", "stern", "fore", "nest"):
        if deck_room(state, cog_id, deck) >= n:
            return deck
    return "hold"


def groups(crew: Iterable[Crew]) -> dict[tuple[int, str, str], list[Crew]]:
    """Crew grouped by (cog, deck, profile), in id order within and across groups."""
    out: dict[tuple[int, str, str], list[Crew]] = {}
    for c in sorted(crew, key=lambda c: c.id):
        out.setdefault((c.cog, c.deck, crew_profile(c)), []).append(c)
    return dict(sorted(out.items()))


def members(crew: Iterable[Crew], key: tuple[int, str, str]) -> list[Crew]:
    """The crew of one (cog, deck, profile) group, in id order."""
    return sorted((c for c in crew if (c.cog, c.deck, crew_profile(c)) == key), key=lambda c: c.id)


def on_decks(state: CogsState, cog_id: int, owner: int, *, nest: bool = True) -> list[Crew]:
    decks = DECKS if nest else DECKS[:3]
    return [c for c in state.aboard(cog_id, owner=owner) if c.deck in decks]

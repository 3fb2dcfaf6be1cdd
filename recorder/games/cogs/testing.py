"""Scenario support for tests and rules checks: forced dice and hand-placed cogs.

``scenario(fleets, dice=[...], answers={...})`` builds a match whose chance
draws come from a list of die faces instead of the seeded source, so a test can
state "the firepot rolls 5" and check what the rules make of it.
"""

from __future__ import annotations

from typing import Any, Iterable

from recorder.header import Player
from recorder.match import Match
from recorder.scripted import Chooser, ScriptedDice, events_of, play_until, types  # noqa: F401 (re-exported)

from .game import GAME



def cog(name: str, type_: str, x: int, y: int, heading: str, crew: list[dict[str, Any]],
        leader: str | None = None, leader_upgrade: str = "carpenter", **extra: Any) -> dict[str, Any]:
    spec = {"name": name, "type": type_, "crew": crew, "at": {"x": x, "y": y, "heading": heading}, **extra}
    if leader:
        spec["leader"] = {"deck": leader, "hero_upgrade": leader_upgrade}
    return spec


def fleet(name: str, *cogs: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "cogs": list(cogs)}



def scenario(fleets: list[dict[str, Any]], *, dice: Iterable[int] = (), seed: int = 1,
             **options: Any) -> Match:
    players = tuple(Player(n, f["name"]) for n, f in zip(("Ann", "Ben", "Cy", "Di"), fleets))
    opts = {"fleets": fleets, "unequal_fleets": True, "islands": [], **options}
    header = GAME.make_header(players=players, edition="standard", seed=seed, options=opts)
    match = Match(GAME, header, chance=ScriptedDice(dice, fallback=10))
    return match



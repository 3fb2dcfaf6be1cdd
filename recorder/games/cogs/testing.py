"""Scenario support for tests and rules checks: forced dice and hand-placed cogs.

``scenario(fleets, dice=[...], answers={...})`` builds a match whose chance
draws come from a list of die faces instead of the seeded source, so a test can
state "the firepot rolls 5" and check what the rules make of it.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from recorder.decisions import Answer, Request
from recorder.header import Player
from recorder.match import Match

from .game import GAME


class ScriptedDice:
    """Stands in for the match's ChanceSource: each draw takes the next face (1-based)."""

    def __init__(self, faces: Iterable[int], fallback: int = 10) -> None:
        self.faces = list(faces)
        self.fallback = fallback
        self.counter = 0

    def draw(self, n: int) -> int:
        self.counter += 1
        face = self.faces.pop(0) if self.faces else min(self.fallback, n)
        if not 1 <= face <= n:
            raise AssertionError(f"scripted die face {face} is not on a d{n}")
        return face - 1


def cog(name: str, type_: str, x: int, y: int, heading: str, crew: list[dict[str, Any]],
        leader: str | None = None, leader_upgrade: str = "carpenter", **extra: Any) -> dict[str, Any]:
    spec = {"name": name, "type": type_, "crew": crew, "at": {"x": x, "y": y, "heading": heading}, **extra}
    if leader:
        spec["leader"] = {"deck": leader, "hero_upgrade": leader_upgrade}
    return spec


def fleet(name: str, *cogs: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "cogs": list(cogs)}


Chooser = Callable[[Request, Match], dict[str, Any] | None]


def scenario(fleets: list[dict[str, Any]], *, dice: Iterable[int] = (), seed: int = 1,
             **options: Any) -> Match:
    players = tuple(Player(n, f["name"]) for n, f in zip(("Ann", "Ben", "Cy", "Di"), fleets))
    opts = {"fleets": fleets, "unequal_fleets": True, "islands": [], **options}
    header = GAME.make_header(players=players, edition="standard", seed=seed, options=opts)
    match = Match(GAME, header, chance=ScriptedDice(dice))
    return match


def play_until(match: Match, choose: Chooser, stop: Callable[[Match], bool] = lambda m: False) -> None:
    """Advance, answering with ``choose`` (None = first option), until ``stop`` or the end."""
    if not match._started:
        match.advance()
    while not match.finished and not stop(match):
        request = match.pending
        picked = choose(request, match)
        match.advance(Answer(picked if picked is not None else request.options[0], "test"))


def types(match: Match) -> list[str]:
    return [e.type for e in match.entries]


def events_of(match: Match, type_name: str) -> list[Any]:
    return [e.event for e in match.entries if e.type == type_name]

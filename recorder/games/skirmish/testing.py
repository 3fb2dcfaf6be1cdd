"""Scenario support for tests and rules checks: forced dice, a small kit, agreed placements.

``scenario(sides, deploy=[...], dice=[...])`` builds a match whose D10s come from a list of faces instead
of the seeded source, so a test can state "the attacker rolls 3, 7, 8, 10" and check what the rules make
of it. Characters stand where ``deploy`` says; obstacles where ``obstacles`` says (none by default).
"""

from __future__ import annotations

import copy
from typing import Any, Callable, Generator, Iterable

from recorder.context import Context
from recorder.decisions import Answer, Request
from recorder.header import Player
from recorder.match import Match
from recorder.scripted import Chooser, ScriptedDice, events_of, play_until, types  # noqa: F401 (re-exported)

from . import board
from . import events as ev
from .game import GAME
from .kit import starter_kit
from .setup import parse_options, roster, set_up



def kit(**characters: dict[str, Any]) -> dict[str, Any]:
    """The starter kit with extra or replaced characters (each a partial entry over a plain fighter with no
    weapon or skills); a plain ``dummy`` is always there."""
    out = copy.deepcopy(starter_kit())
    characters = {"dummy": {}, **characters}
    for key, extra in characters.items():
        base = {"name": key.title(), "hp": 6, "sp": 4, "atk": 3, "def": 3, "agi": 3, "weapon": None, "skills": [],
                "movement": [1, 2, 3]}
        out["characters"][key] = {**base, **extra}
    return out



def scenario(sides: tuple[str, ...], *, deploy: list[list[int]], kit_: dict[str, Any] | None = None,
             dice: Iterable[int] = (), obstacles: list[list[int]] | None = None, seed: int = 1,
             **options: Any) -> Match:
    players = tuple(Player(n, s) for n, s in zip(("Ann", "Ben", "Cy", "Di"), sides))
    opts = {"kit": kit_ or starter_kit(), "deploy": deploy, "obstacles": obstacles or [], **options}
    header = GAME.make_header(players=players, edition="standard", seed=seed, options=opts)
    return Match(GAME, header, chance=ScriptedDice(dice, fallback=1))




def arena(sides: tuple[str, ...], positions: list[tuple[int, int, str]], *, kit_: dict[str, Any] | None = None,
          dice: Iterable[int] = (), obstacles: list[list[int]] | None = None, turn: int = 1,
          choose: Callable[[Request], dict[str, Any] | None] = lambda r: None, **options: Any) -> Context:
    """A match context after the set-up, each character moved to its ``(x, y, facing)``, turn ``turn`` begun:
    for calling one rule (an attack, a knockback, a status phase) and checking its events."""
    players = tuple(Player(n, s) for n, s in zip(("Ann", "Ben", "Cy", "Di"), sides))
    k = kit_ or starter_kit()
    count = sum(len(roster(k, s)) for s in sides)
    zones = [board.zone(seat, len(sides)) for seat in range(len(sides))]
    owners = [seat for seat, s in enumerate(sides) for _ in roster(k, s)]
    deploy = [list(zones[o][i]) for i, o in enumerate(owners)]
    opts = {"kit": k, "deploy": deploy, "obstacles": obstacles or [], **options}
    header = GAME.make_header(players=players, edition="standard", seed=1, options=opts)
    ctx = Context(GAME, header, GAME.new_state(header), ScriptedDice(dice, fallback=1))
    drive(set_up(ctx, parse_options(header.options, list(sides))), choose)
    for cid, (x, y, facing) in zip(range(count), positions):
        ctx.emit(ev.CharacterMoved(character=cid, path=(), x=x, y=y, facing=facing, spent=0, lost=0))
    ctx.set_clock(1, turn)
    ctx.emit(ev.TurnBegan(turn=turn))
    return ctx


def drive(gen: Generator[Request, Any, Any], choose: Callable[[Request], dict[str, Any] | None] = lambda r: None,
          log: list[Request] | None = None) -> Any:
    """Run a rules generator to its end, answering each request with ``choose`` (None = its first option)."""
    try:
        request = next(gen)
        while True:
            if log is not None:
                log.append(request)
            picked = choose(request)
            request = gen.send(Answer(picked if picked is not None else request.options[0], "test"))
    except StopIteration as stop:
        return stop.value

"""Unique abilities as small hooks, one module per fighter.

Each module may define:
- ``ante_options(state, p, extra) -> list[str]``: what the fighter may ante now (besides pass);
- ``after_ante(ctx, p)``: effects fixed by the ante step (Kallistar's form);
- ``triggers(state, p, timing) -> list[Trigger]``: the unique ability's triggers in a timing window (Khadath's
  Gate Trap at Reveal); they are ordered with the pair's own triggers (triggers.run_triggers);
- ``end_of_beat(ctx, p)``: what the ability does "at the end of each beat", after recycling (WoI p.25: "UA's
  that activate at the end of each beat happen after recycling"); none of the four Preview fighters has one.
Hooks are data-driven helpers, not control flow: the beat calls them at fixed points.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import Any, Callable, Generator

from ..cards import FIGHTERS


@dataclass(frozen=True, slots=True)
class Trigger:
    """One triggered effect waiting in a window: ``name`` (a card, or the ability) is what an order answer
    names, ``text`` what TriggerResolved quotes, ``run(ctx, p, cause)`` resolves it."""

    name: str
    text: str
    run: Callable[[Any, int, int], Generator[Any, Any, None]]


# Imported after Trigger is defined: a fighter's module builds its triggers from it.
HOOKS: dict[str, ModuleType] = {fid: import_module(f"{__name__}.{fid}") for fid in FIGHTERS}


def _hook(kit: str, name: str) -> Callable[..., Any] | None:
    """The fighter's hook ``name``, or None. Looked up in the module's namespace: asked several times in every
    beat, and ``getattr`` with a default pays for an AttributeError whenever the fighter has no such hook."""
    return HOOKS[kit].__dict__.get(name)


def ante_options(state, p: int, extra: bool = False) -> list[str]:
    fn = _hook(state.fighters[p].kit, "ante_options")
    return fn(state, p, extra) if fn else []


def after_ante(ctx, p: int) -> None:
    fn = _hook(ctx.state.fighters[p].kit, "after_ante")
    if fn:
        fn(ctx, p)


def ability_triggers(state, p: int, timing: str) -> list[Trigger]:
    fn = _hook(state.fighters[p].kit, "triggers")
    return fn(state, p, timing) if fn else []


def end_of_beat(ctx, p: int):
    """The unique ability's end-of-beat effect, if it has one (a generator: it may ask)."""
    fn = _hook(ctx.state.fighters[p].kit, "end_of_beat")
    if fn:
        yield from fn(ctx, p)

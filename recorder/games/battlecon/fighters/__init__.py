"""Unique abilities as small hooks, one module per fighter.

Each module may define:
- ``ante_options(state, p, extra) -> list[str]``: what the fighter may ante now (besides pass);
- ``after_ante(ctx, p)``: effects fixed by the ante step (Kallistar's form);
- ``on_reveal(ctx, p)``: unique-ability effects at Reveal (Khadath's trap penalty).
Hooks are data-driven helpers, not control flow: the beat calls them at fixed points.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from ..cards import FIGHTERS

HOOKS: dict[str, ModuleType] = {fid: import_module(f"{__name__}.{fid}") for fid in FIGHTERS}


def ante_options(state, p: int, extra: bool = False) -> list[str]:
    fn = getattr(HOOKS[state.fighters[p].kit], "ante_options", None)
    return fn(state, p, extra) if fn else []


def after_ante(ctx, p: int) -> None:
    fn = getattr(HOOKS[ctx.state.fighters[p].kit], "after_ante", None)
    if fn:
        fn(ctx, p)


def on_reveal(ctx, p: int) -> None:
    fn = getattr(HOOKS[ctx.state.fighters[p].kit], "on_reveal", None)
    if fn:
        fn(ctx, p)

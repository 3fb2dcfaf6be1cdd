"""Phase 4 D, transfers (rules p.9): crew move between adjacent decks and, via the main decks,
to an adjacent friendly or abandoned cog -- one crewmember and one step at a time."""

from __future__ import annotations

from typing import Any, Generator

from recorder.context import Context
from recorder.decisions import Request

from . import events as ev
from .combat_grapple import within_reach
from .crew import deck_room, groups, members
from .state import Cog, CogsState

ADJACENT = {"stern": ("main",), "fore": ("main",), "nest": ("main",), "hold": ("main",),
            "main": ("stern", "fore", "nest", "hold")}
DONE = {"cog": None, "deck": "", "profile": "", "to_cog": None, "to_deck": None}


def transfer_options(state: CogsState, player: int) -> list[dict[str, Any]]:
    """Every one-step move of one crewmember of each group, "done" first.

    Ruling: a side's crew may move on any cog afloat (boarders may climb an enemy's castle);
    the hold is a place only on a cog the side controls; another cog is reached main deck to main
    deck when it is grappled or within 3" and friendly or abandoned (no crew aboard)."""
    movable = [c for c in state.crew.values() if c.owner == player and c.captive_of is None and c.alive
               and not c.moved and not state.cogs[c.cog].sunk and c.deck in ADJACENT]
    out = [dict(DONE)]
    for key in groups(movable):
        cog_id, deck, profile = key
        cog = state.cogs[cog_id]
        places = [(cog_id, d) for d in ADJACENT[deck] if cog.kind.decks.get(d, 1)
                  and (d != "hold" or cog.owner == player)]
        if deck == "main":
            places += [(o.id, "main") for o in state.afloat()
                       if o.id != cog_id and _reachable(state, player, cog, o)]
        for to_cog, to_deck in places:
            if to_deck == "hold" or deck_room(state, to_cog, to_deck) > 0:
                out.append({"cog": cog_id, "deck": deck, "profile": profile, "to_cog": to_cog, "to_deck": to_deck})
    return out


def _reachable(state: CogsState, player: int, cog: Cog, other: Cog) -> bool:
    """Main decks of adjacent cogs: friendly ones, or abandoned ones (no crew aboard at all)."""
    if not (other.id in cog.grappled or within_reach(cog, other)):
        return False
    return other.owner == player or not state.aboard(other.id, living=False)


def transfers(ctx: Context) -> Generator[Request, Any, None]:
    """Ruling: each crewmember moves one step per regroup (one deck, or to an adjacent cog)."""
    state: CogsState = ctx.state
    for player in range(len(state.players)):
        while True:
            options = transfer_options(state, player)
            if len(options) == 1:
                break
            order = yield from ctx.ask(Request(player, "transfer", ev.TransferOrdered, tuple(options),
                                               prompt="Transfer crew (one at a time), or done?"))
            if order.cog is None:
                break
            mover = members([c for c in state.crew.values() if c.owner == player and not c.moved and c.alive
                             and c.captive_of is None], (order.cog, order.deck, order.profile))[0]
            ctx.emit(ev.CrewMoved(crew=(mover.id,), cog=order.to_cog, deck=order.to_deck, reason="transfer"),
                     actor=player, cause=ctx.last_seq)

"""Phase 4 D, transfers (rules p.9): crew move between adjacent decks and, via the main decks,
to an adjacent friendly or abandoned cog -- a number of one group (cog, deck, profile) at a time,
each crewmember one step a regroup."""

from __future__ import annotations

from typing import Any, Generator

from recorder.context import Context
from recorder.decisions import Request

from . import events as ev
from .combat_grapple import within_reach
from .crew import deck_room, groups, members
from .describe import labelled
from .state import Cog, CogsState, Crew

ADJACENT = {"stern": ("main",), "fore": ("main",), "nest": ("main",), "hold": ("main",),
            "main": ("stern", "fore", "nest", "hold")}
DONE = {"cog": None, "deck": "", "profile": "", "to_cog": None, "to_deck": None, "count": 0}


def _movable(state: CogsState, player: int) -> list[Crew]:
    return [c for c in state.crew.values() if c.owner == player and c.captive_of is None and c.alive
            and not c.moved and not state.cogs[c.cog].sunk and c.deck in ADJACENT]


def transfer_options(state: CogsState, player: int) -> list[dict[str, Any]]:
    """Every one-step move of each group, "done" first: one crewmember, or all of the group the
    destination has room for -- one decision moves a whole party, and the list stays short enough to
    read at a prompt (a party of 5 out of 20 is five single moves).

    Ruling: a side's crew may move on any cog afloat (boarders may climb an enemy's castle);
    the hold is a place only on a cog the side controls; another cog is reached main deck to main
    deck when it is grappled or within 3" and friendly or abandoned (no crew aboard)."""
    out = [dict(DONE)]
    for key, crew in groups(_movable(state, player)).items():
        cog_id, deck, profile = key
        cog = state.cogs[cog_id]
        places = [(cog_id, d) for d in ADJACENT[deck] if cog.kind.decks.get(d, 1)
                  and (d != "hold" or cog.owner == player)]
        if deck == "main":
            places += [(o.id, "main") for o in state.afloat()
                       if o.id != cog_id and _reachable(state, player, cog, o)]
        for to_cog, to_deck in places:
            room = len(crew) if to_deck == "hold" else min(len(crew), deck_room(state, to_cog, to_deck))
            out += [{"cog": cog_id, "deck": deck, "profile": profile, "to_cog": to_cog, "to_deck": to_deck,
                     "count": n} for n in (sorted({1, room}) if room > 0 else ())]
    return out


def _reachable(state: CogsState, player: int, cog: Cog, other: Cog) -> bool:
    """Main decks of adjacent cogs: friendly ones, or abandoned ones (no crew aboard at all)."""
    if not (other.id in cog.grappled or within_reach(cog, other)):
        return False
    return other.owner == player or not state.aboard(other.id, living=False)


def transfers(ctx: Context) -> Generator[Request, Any, None]:
    """Ruling: each crewmember moves one step per regroup (one deck, or to an adjacent cog); the
    first ``count`` of the group (in id order) go."""
    state: CogsState = ctx.state
    for player in range(len(state.players)):
        while True:
            options = transfer_options(state, player)
            if len(options) == 1:
                break
            order = yield from ctx.ask(labelled(state, Request(
                player, "transfer", ev.TransferOrdered, tuple(options),
                prompt=f"{state.players[player]}: transfer crew (a group at a time), or done?")))
            if order.cog is None:
                break
            movers = members(_movable(state, player), (order.cog, order.deck, order.profile))[:order.count]
            ctx.emit(ev.CrewMoved(crew=tuple(c.id for c in movers), cog=order.to_cog, deck=order.to_deck,
                                  reason="transfer"), actor=player, cause=ctx.last_seq)

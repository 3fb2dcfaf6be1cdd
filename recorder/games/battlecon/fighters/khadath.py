"""Khadath Ahemusei: the Gate Trap, a marker of his kit (card data ``markers``), off the board at the start.

- At Reveal an opponent on the trap has -3 Priority, next to it -1 (a trigger ordered with his pair's);
- an opponent's own non-direct movement stops on it (``movement_stops``); Khadath ignores it (Y);
- his special ranges "trap" (Snare: the trap's space and the spaces next to it) and "trap_only" (Dimensional
  Exile), and his cards' dodges (Teleport: the trap strictly between; Evacuation: the attacker on it);
- effect primitives ``trap`` (place it: on his space, anywhere else, or within range) and ``hunters``;
  passive ``trap_locked`` (Snare: the trap cannot be placed or moved this beat).

Kit-registered events (kept as recorded since the first logs): ``TrapSpaceChosen``, ``TrapPlaced``; they fold
into the generic marker.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from recorder.events import INPUT, Event
from recorder.rulings import Ruling

from .. import events as E
from .. import stats
from ..effects import Primitive, choose
from ..kit import FIRST_RULES, KitRules, Trigger
from ..movement import between

GATE_TRAP = "Gate Trap"
TEXT = "At Reveal an opponent on the trap has -3 Priority, adjacent to it -1 Priority."  # the ability's words
ON, NEXT_TO = "on Khadath's trap", "next to Khadath's trap"


@dataclass(frozen=True, slots=True)
class TrapSpaceChosen(Event):
    """The space Khadath chose for his Gate Trap."""

    KIND: ClassVar[str] = INPUT
    player: int
    space: int
    source: str


@dataclass(frozen=True, slots=True)
class TrapPlaced(Event):
    """Khadath's Gate Trap placed on ``space`` (from ``from_space``, None = off the board)."""

    player: int
    space: int
    from_space: int | None


def trap_space(state, p: int) -> int | None:
    m = state.marker(p, GATE_TRAP)
    return None if m is None else m.space


def _placed(state, p: int, e: TrapPlaced) -> None:
    state.marker(p, GATE_TRAP).space = e.space


def _penalty(ctx, p: int, cause: int):
    s = ctx.state
    opp = 1 - p
    d = abs(s.fighters[opp].position - trap_space(s, p))
    ctx.emit(E.StatusGained(player=opp, stat="priority", amount=-3 if d == 0 else -1, when="this",
                            label=ON if d == 0 else NEXT_TO), actor=p, cause=cause)
    return
    yield


GATE_TRAP_TRIGGER = Trigger(GATE_TRAP, TEXT, _penalty)  # immutable, so one serves every beat


def place_trap(ctx, owner, card, cause, where):
    """Place the trap: on his own space (``own``), on any other space (``any``), or within this attack's range
    on a space the opponent does not occupy (``range``)."""
    s = ctx.state
    if stats.has_passive(s, owner, "trap_locked"):
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="Snare: the trap cannot be placed or moved this beat"),
                 actor=owner, cause=cause)
        return
    me, opp, trap = s.fighters[owner].position, s.fighters[1 - owner].position, trap_space(s, owner)
    if where == "own":
        spaces = [me]
    elif where == "any":
        spaces = [sp for sp in range(1, 8) if sp != trap]
    else:
        kind, lo, hi, _t = stats.attack_range(s, owner)
        if kind != "normal":
            ctx.emit(E.EffectIgnored(player=owner, card=card, reason="special range: no space is within range"),
                     actor=owner, cause=cause)
            return
        spaces = [sp for sp in range(1, 8) if lo <= abs(sp - me) <= hi and sp != opp]
    if not spaces:
        ctx.emit(E.EffectIgnored(player=owner, card=card, reason="no space for the trap"), actor=owner, cause=cause)
        return
    pick = yield from choose(ctx, owner, "trap", TrapSpaceChosen, [{"player": owner, "space": sp} for sp in spaces],
                             [f"Trap on {sp}" for sp in spaces], f"{card}: place your Gate Trap", cause)
    ctx.emit(TrapPlaced(player=owner, space=pick["space"], from_space=trap), actor=owner, cause=cause)


def hunters(ctx, owner, card, cause):
    """+2 Power and +2 Priority when the opponent is on or next to the trap."""
    s = ctx.state
    trap = trap_space(s, owner)
    if trap is not None and abs(s.fighters[1 - owner].position - trap) <= 1:
        for stat in ("power", "priority"):
            ctx.emit(E.StatusGained(player=owner, stat=stat, amount=2, when="this", label=card),
                     actor=owner, cause=cause)
    return
    yield


PLANAR_CROSSING = {"woi": "WoI p.33, Pulse (rearrange all standups); Planar Crossing",
                   "preview": "Khadath: Planar Crossing (Finisher)"}


class Khadath(KitRules):
    rules_aliases = {FIRST_RULES: "9d62a8de684b21720e3630abeb2bce97bc7361284acd82dee9b790da567d608b"}  # card data and events as in battlecon-engine-3
    events = (TrapSpaceChosen, TrapPlaced)
    folds = {"TrapPlaced": _placed}
    primitives = {"trap": Primitive(place_trap), "hunters": Primitive(hunters, ("reveal",))}
    passives = {"dodge": ("when",), "trap_locked": ()}
    decisions = {"trap": ({"space": {"type": "integer", "minimum": 1, "maximum": 7}}, '"space": a space 1-7')}
    words = {
        "TrapPlaced": lambda d, n: f"{n(d['player'])} places the Gate Trap on {d['space']}"
                                   + ("" if d["from_space"] is None
                                      else " (it stays there)" if d["from_space"] == d["space"]
                                      else f" (from {d['from_space']})"),
        "TrapSpaceChosen": lambda d, n: f"{n(d['player'])} chooses space {d['space']} for the trap",
    }
    card_rulings = {"*": {("power", "Hunter's"): Ruling("bc-hunters", "Hunter's"),
                          ("priority", "Hunter's"): Ruling("bc-hunters", "Hunter's"),
                          ("range", "Teleport"): Ruling("bc-teleport", "Teleport"),
                          ("priority", "Teleport"): Ruling("bc-teleport", "Teleport")}}
    cites = {"TrapPlaced": "Khadath's Unique Ability (Gate Trap)", "TrapSpaceChosen": "Khadath's Unique Ability (Gate Trap)",
             # the shared rearrangement, as Planar Crossing also makes it (a Pulse's cites the Pulse: cites.py)
             "ArrangementChosen": PLANAR_CROSSING, "FightersRearranged": PLANAR_CROSSING}
    # the opponent moved by Planar Crossing's rearrangement (their FighterMoved)
    opponent_cites = {"FightersRearranged": PLANAR_CROSSING}

    def triggers(self, state, p: int, timing: str) -> list[Trigger]:
        """At Reveal, when the opponent is on or next to the trap: one trigger of Khadath's, ordered with his
        pair's Reveal effects. Once per beat (a Cancel's new pairs are revealed again, the ability is not)."""
        trap = trap_space(state, p)
        if timing != "reveal" or trap is None:
            return []
        opp = state.fighters[1 - p]
        d = abs(opp.position - trap)
        if d > 1 or any(st.label in (ON, NEXT_TO) and st.beat == state.beat for st in opp.statuses):
            return []
        return [GATE_TRAP_TRIGGER]

    special_ranges = ("trap", "trap_only")  # the trap's space and the spaces next to it; the trap's space alone

    def special_range(self, state, p: int, kind: str, label: str, target: int):
        if kind not in self.special_ranges:
            return None
        trap = trap_space(state, p)
        reach = 1 if kind == "trap" else 0
        in_range = trap is not None and abs(target - trap) <= reach
        where = "off the board" if trap is None else f"on {trap}"
        return in_range, f"{label}: the trap's space{' and the spaces next to it' if reach else ''} (trap {where})"

    def dodge(self, state, defender: int, attacker: int) -> str | None:
        trap = trap_space(state, defender)
        if trap is None:
            return None
        a_pos, d_pos = state.fighters[attacker].position, state.fighters[defender].position
        for card, item in stats.passives(state, defender, "dodge"):
            if item["when"] == "trap_between" and between(a_pos, trap, d_pos):
                return f"{card.name}: the trap is between the fighters"
            if item["when"] == "attacker_on_trap" and a_pos == trap:
                return f"{card.name}: the attacker stands on the trap"
        return None

    def movement_stops(self, state, owner: int, mover: int, by: int) -> tuple[int, ...]:
        """The trap stops the opponent's own (non-direct) movement only; Khadath ignores it (Y)."""
        trap = trap_space(state, owner)
        return (trap,) if trap is not None and mover != owner and by == mover else ()


RULES = Khadath("khadath")

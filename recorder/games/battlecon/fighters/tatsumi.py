"""Tatsumi Nuac & Juto: Tidal Bond, a Specialist (War of Indines only).

- Juto is an extra figure of her kit (card data ``figures``: ``shares_spaces``, so he may stand on Tatsumi's or the
  opponent's space, and movement neither hops over him nor counts his space as occupied), placed on her space at
  set-up (``setup``: ``FigurePlaced``), moved by ``move_figure`` (a ``figure`` decision: ``FigureSpaceChosen``).
- His life is the counter ``Juto's life`` (4): when Tatsumi's zone soak keeps damage off her (the generic
  ``damage_soaked`` hook), he loses that much (``CounterChanged``); at 0 or less he is disabled (``FigureRemoved``).
  Fearless' End of Beat brings him back at 4 on her space.
- The zone bonuses are ``stat_terms`` read from the board at every look (WoI FAQ: the current zone always
  applies at once): Zone 0 behind her (Range +0~2, +1 Power), 1 on her space (Soak 3), 2 between her and the
  opponent (Soak 1, Stun Guard 2), 3 on the opponent's space or beyond (+1 Priority); a disabled Juto is in none.
- Fearless counts its range from Juto's space (the generic ``range_origin`` hook, passive ``range_from_figure``)
  and does not hit while he is disabled (``misses``); Guardian Xandjinn's special range ``next_to_figure``
  (``special_range``); Tsunamis Collide does not hit an opponent adjacent to him (``misses``, passive
  ``misses_next_to_figure``) and gains its Zone 3 bonus at Reveal (``StatusGained``); Riptide's Zone 2 dodge
  (``dodge``, from its Start of Beat ``TriggerResolved``); Empathic's swap (a ``swap_places`` decision,
  ``OptionDecided``) and its End of Beat life loss (the life Juto lost this beat, from ``CounterChanged``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import events as E
from .. import kit_events as KE
from .. import movement, stats
from ..cards import KITS
from ..effects import (Primitive, change_counter, choose, figure_of, fighter_name, lose_life, move_fighter,
                       move_figure, moved, place_figure, remove_figure)
from ..kit import FIGURE_DECISION, KitRules

ABILITY = "Tidal Bond"
JUTO = "Juto"
LIFE = "Juto's life"
FULL_LIFE = 4
# Each zone's bonus (stat -> term), as the ability prints it.
ZONES = {0: {"range": (0, 2), "power": 1}, 1: {"soak": 3}, 2: {"soak": 1, "stun_guard": 2}, 3: {"priority": 1}}
ZONE_WHERE = {0: "Juto behind Tatsumi", 1: "Juto on Tatsumi's space", 2: "Juto between Tatsumi and the opponent",
              3: "Juto on the opponent's space or beyond"}
RIPTIDE_RANGE = 3  # "attacks at range 3 or more do not hit you this beat"
SPACES = range(movement.FIRST, movement.LAST + 1)


@dataclass(slots=True)
class Own:
    juto_damage: int = 0  # the life Juto lost this beat (Empathic)
    riptide: str = ""  # the card whose Start of Beat found Juto in Zone 2 this beat ("": none)


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def juto(state, p: int):
    """Juto's figure while he is on the board, else None (disabled, or before the set-up)."""
    fig = figure_of(state, p, JUTO)
    return fig if fig is not None and fig.space else None


def zone(state, p: int) -> int | None:
    """Juto's zone now (0-3), or None while he is off the board."""
    fig = juto(state, p)
    if fig is None:
        return None
    t, o, j = state.fighters[p].position, state.fighters[1 - p].position, fig.space
    if j == t:
        return 1
    toward = _sign(o - t)
    if _sign(j - t) != toward:
        return 0
    return 2 if (j - o) * toward < 0 else 3


def _lost(state, p: int, e) -> None:
    if e.player == p and e.counter == LIFE and e.amount < 0:
        state.fighters[p].own.juto_damage -= e.amount


def _resolved(state, p: int, e) -> None:
    if e.player == p and e.timing == "start" and e.card in RIPTIDE_CARDS and zone(state, p) == 2:
        state.fighters[p].own.riptide = e.card


def _beat_ended(state, p: int, e) -> None:
    own = state.fighters[p].own
    own.juto_damage, own.riptide = 0, ""


def _ignored(ctx, owner: int, card: str, why: str, cause: int | None) -> None:
    ctx.emit(E.EffectIgnored(player=owner, card=card, reason=why), actor=owner, cause=cause)


def _disabled(name: str) -> str:
    return f"{name} is disabled (off the board)"


# -- card primitives -----------------------------------------------------------------------------------------


def move_figure_prim(ctx, owner, card, cause, figure, n=None, direction="move"):
    """Move the kit's extra figure: ``n`` spaces at most (None: any number), in ``direction``: "move" (either way),
    "advance" (toward the opponent's space, and past it), "toward_self" (toward the fighter, at most onto her
    space) or "any" (any space of the board). The figure shares spaces, so nothing is in its way."""
    s = ctx.state
    fig = juto(s, owner) if figure == JUTO else None
    if fig is None:
        _ignored(ctx, owner, card, _disabled(figure), cause)
        return
    j = fig.space
    most = 6 if n is None else n
    if direction == "any":
        spaces = list(SPACES)
    elif direction == "move":
        spaces = [sp for sp in SPACES if abs(sp - j) <= most]
    else:
        to = s.fighters[1 - owner].position if direction == "advance" else s.fighters[owner].position
        d = _sign(to - j)
        if d == 0:
            where = "the opponent's" if direction == "advance" else f"{fighter_name(ctx, owner)}'s"
            _ignored(ctx, owner, card, f"{figure} is on {where} space already", cause)
            return
        reach = most if direction == "advance" else min(most, abs(to - j))
        spaces = [j + d * k for k in range(reach + 1) if movement.FIRST <= j + d * k <= movement.LAST]
    how = {"any": " to any space", "move": f" up to {most} space{'s' if most != 1 else ''}",
           "advance": " any number of spaces toward the opponent",
           "toward_self": f" any number of spaces toward {fighter_name(ctx, owner)}"}[direction]
    yield from move_figure(ctx, owner, figure, spaces, card, cause, how)


def pull_toward_figure(ctx, owner, card, cause, figure):
    """Move the nearest opponent 1 space toward the figure: a pull when the figure is on the fighter's side of the
    opponent, a push when it is beyond them (hopping over figures as any movement does)."""
    s = ctx.state
    fig = juto(s, owner)
    if fig is None:
        _ignored(ctx, owner, card, _disabled(figure), cause)
        return
    o, t = s.fighters[1 - owner].position, s.fighters[owner].position
    if fig.space == o:
        _ignored(ctx, owner, card, f"{figure} is on the opponent's space", cause)
        return
    kind = "pull" if _sign(fig.space - o) == _sign(t - o) else "push"
    yield from move_fighter(ctx, owner, 1 - owner, kind, (1,), card, cause)


def swap_with_figure(ctx, owner, card, cause, figure):
    """If the figure is on an unoccupied space (no fighter there), the fighter may swap places with it."""
    s = ctx.state
    fig = juto(s, owner)
    if fig is None:
        _ignored(ctx, owner, card, _disabled(figure), cause)
        return
    t, j = s.fighters[owner].position, fig.space
    if j in {f.position for f in s.fighters}:
        _ignored(ctx, owner, card, f"{figure} is not on an unoccupied space", cause)
        return
    o = s.fighters[1 - owner].position
    dest = movement.Dest(j, abs(j - t), _sign(t - o) != _sign(j - o), _sign(j - t))
    if not movement.allowed(s, owner, owner, "swap", [dest]):
        why = movement.locked(s, owner) or "a movement restriction"
        _ignored(ctx, owner, card, f"{fighter_name(ctx, owner)} cannot move there ({why})", cause)
        return
    opts = [{"player": owner, "use": True}, {"player": owner, "use": False}]
    pick = yield from choose(ctx, owner, "swap_places", KE.OptionDecided, opts,
                             [f"Swap places with {figure} (you {t} → {j}, {figure} {j} → {t})", "Do not swap"],
                             f"{card}: swap places with {figure}?", cause, always=True)
    if pick["use"]:
        moved(ctx, E.FighterMoved(player=owner, by=owner, kind="swap", from_space=t, to_space=j,
                                  distance=dest.distance, switched_sides=dest.switched), owner, cause)
        place_figure(ctx, owner, figure, t, card, cause)


def empathic(ctx, owner, card, cause):
    """The nearest opponent loses life equal to the damage Juto took this beat."""
    n = ctx.state.fighters[owner].own.juto_damage
    if n <= 0:
        _ignored(ctx, owner, card, f"{JUTO} took no damage this beat", cause)
        return
    lose_life(ctx, 1 - owner, n, f"{card} ({JUTO} took {n} damage this beat)", cause)
    return
    yield


def revive_figure(ctx, owner, card, cause, figure):
    """If the figure is disabled, it comes back at full life on the fighter's space."""
    s = ctx.state
    if juto(s, owner) is not None:
        _ignored(ctx, owner, card, f"{figure} is not disabled", cause)
        return
    change_counter(ctx, owner, LIFE, FULL_LIFE - s.fighters[owner].counters[LIFE], card, cause)
    place_figure(ctx, owner, figure, s.fighters[owner].position, card, cause)
    return
    yield


def riptide(ctx, owner, card, cause):
    """Start of Beat, Juto in Zone 2: attacks at range 3 or more do not hit her this beat (the kit's state, folded
    from this trigger's TriggerResolved; ``dodge``). Otherwise it says why nothing happens."""
    z = zone(ctx.state, owner)
    if z != 2:
        why = _disabled(JUTO) if z is None else f"{JUTO} is in Zone {z}, not Zone 2"
        _ignored(ctx, owner, card, why, cause)
    return
    yield


def tsunamis(ctx, owner, card, cause, figure, power, priority, most):
    """Reveal, the figure in Zone 3: +``power`` Power and +``priority`` Priority per space strictly between the
    fighter and the figure (at most ``most`` spaces)."""
    s = ctx.state
    z = zone(s, owner)
    if z != 3:
        _ignored(ctx, owner, card, _disabled(figure) if z is None else f"{figure} is in Zone {z}, not Zone 3", cause)
        return
    n = min(abs(juto(s, owner).space - s.fighters[owner].position) - 1, most)
    if n <= 0:
        _ignored(ctx, owner, card, f"no space between you and {figure}", cause)
        return
    label = f"{card} (Zone 3, {n} space{'s' if n > 1 else ''} between)"
    for stat, each in (("power", power), ("priority", priority)):
        ctx.emit(E.StatusGained(player=owner, stat=stat, amount=each * n, when="this", label=label),
                 actor=owner, cause=cause)
    return
    yield


# The cards whose Start of Beat is Riptide's (the kit's fold reads their TriggerResolved).
RIPTIDE_CARDS = frozenset(name for name, c in KITS["tatsumi"].cards.items()
                          if any(e["op"] == "riptide" for e in c.triggers.get("start", ())))


def _stat_counter(d):
    if d["counter"] != LIFE:
        return ()
    if d["amount"] < 0:
        return ((d["player"], "tokens_used", ("Juto soaked", "damage")),) * -d["amount"]
    return ((d["player"], "tokens_used", ("Juto revived", "life")),) * d["amount"]


def _bonus(stat: str, v) -> str:
    """A zone's bonus as the ability prints it: "Range +0~2", "+1 Power", "Soak 3", "Stun Guard 2"."""
    if stat == "range":
        return f"Range +{v[0]}~{v[1]}"
    if stat in ("soak", "stun_guard"):
        return f"{stat.replace('_', ' ').title()} {v}"
    return f"+{v} {stat.title()}"


class Tatsumi(KitRules):
    folds = {"CounterChanged": _lost, "TriggerResolved": _resolved, "BeatEnded": _beat_ended}
    primitives = {
        "move_figure": Primitive(move_figure_prim), "pull_toward_figure": Primitive(pull_toward_figure),
        "swap_with_figure": Primitive(swap_with_figure), "empathic": Primitive(empathic, ("end",)),
        "revive_figure": Primitive(revive_figure), "riptide": Primitive(riptide, ("start",)),
        "tsunamis": Primitive(tsunamis, ("reveal",)),
    }
    passives = {"range_from_figure": ("figure",), "misses_next_to_figure": ("figure",)}
    decisions = {**FIGURE_DECISION,
                 "swap_places": ({"use": {"type": "boolean"}}, '"use": true to swap places with Juto')}
    words = {
        "OptionDecided": lambda d, name: (f"{name(d['player'])} swaps places with {JUTO} ({d['source']})" if d["use"]
                                          else f"{name(d['player'])} does not swap places with {JUTO}"),
    }
    cites = {"CounterChanged": "Tatsumi's Unique Ability (Tidal Bond: Juto loses life equal to the damage soaked)",
             "OptionDecided": "Tatsumi: Empathic (Start of Beat: she may swap places with Juto)",
             "FigurePlaced": "Tatsumi's Unique Ability (Tidal Bond: Juto)",
             "FigureRemoved": "Tatsumi's Unique Ability (Tidal Bond: Juto is disabled at 0 life or less)",
             "FigureSpaceChosen": "Tatsumi: the card's effect (move Juto)"}
    stat_events = {"CounterChanged": _stat_counter,
                   "FigureRemoved": lambda d: ((d["player"], "tokens_used", ("Juto disabled", JUTO)),)}

    def new_own(self) -> Own:
        return Own()

    def setup(self, ctx, p: int):
        """Put Juto on Tatsumi's starting space (his life starts at 4: the counter's start)."""
        place_figure(ctx, p, JUTO, ctx.state.fighters[p].position, f"{ABILITY} (set-up)", None)
        return
        yield

    # -- the zones -----------------------------------------------------------------------------------------
    def stat_terms(self, state, p: int, stat: str):
        z = zone(state, p)
        if z is None:
            return []
        v = ZONES[z].get(stat)
        return [(f"{ABILITY} (Zone {z})", v)] if v else []

    def view_key(self, state, p: int) -> tuple:
        # The zone (from Juto's space and both fighters'): the attack figures the viewer shows depend on it.
        return (zone(state, p), state.fighters[p].own.riptide)

    def damage_soaked(self, ctx, p: int, soaked: int, attacker: int, cause: int) -> None:
        """Zones 1 and 2: Juto loses life equal to the damage his zone's soak kept off Tatsumi; at 0 or less he
        is disabled."""
        z = zone(ctx.state, p)
        if z is None:
            return
        lost = min(ZONES[z].get("soak", 0), soaked)
        if lost <= 0:
            return
        change_counter(ctx, p, LIFE, -lost, f"{ABILITY} (Zone {z}): {JUTO} soaked {lost} damage", cause)
        if ctx.state.fighters[p].counters[LIFE] <= 0:
            remove_figure(ctx, p, JUTO, f"{ABILITY}: {JUTO}'s life is 0 or less (disabled)", cause)

    # -- range: Fearless, Guardian Xandjinn, Tsunamis Collide; Riptide ----------------------------------------
    def range_origin(self, state, p: int):
        if stats.has_passive(state, p, "range_from_figure"):
            return juto(state, p)
        return None

    special_ranges = ("next_to_figure",)  # Juto's space and the spaces next to it (Guardian Xandjinn)

    def special_range(self, state, p: int, kind: str, label: str, target: int):
        if kind != "next_to_figure":
            return None
        fig = juto(state, p)
        if fig is None:
            return False, f"{label}: {JUTO}'s space and the spaces next to it ({_disabled(JUTO)})"
        lo, hi = max(fig.space - 1, movement.FIRST), min(fig.space + 1, movement.LAST)
        return abs(target - fig.space) <= 1, f"{label}: {JUTO}'s space and the spaces next to it ({JUTO} on " \
                                               f"{fig.space}: {lo}~{hi})"

    def misses(self, state, attacker: int, defender: int) -> str | None:
        if stats.has_passive(state, attacker, "range_from_figure") and juto(state, attacker) is None:
            card = stats.passives(state, attacker, "range_from_figure")[0][0].name
            return f"{card}: {_disabled(JUTO)}, this attack does not hit"
        if stats.has_passive(state, attacker, "misses_next_to_figure"):
            fig = juto(state, attacker)
            if fig is not None and abs(fig.space - state.fighters[defender].position) == 1:
                card = stats.passives(state, attacker, "misses_next_to_figure")[0][0].name
                return f"{card} does not hit an opponent adjacent to {JUTO}"
        return None

    def dodge(self, state, defender: int, attacker: int) -> str | None:
        card = state.fighters[defender].own.riptide
        if not card:
            return None
        a = state.fighters[attacker]
        origin = a.rules.range_origin(state, attacker) if "range_origin" in a.rules.hooks else None
        dist = abs((origin or a.figure).space - state.fighters[defender].position)
        if dist >= RIPTIDE_RANGE:
            return f"{card}: attacks at range {RIPTIDE_RANGE} or more do not hit Tatsumi this beat ({JUTO} in Zone 2)"
        return None

    # -- what the kit shows --------------------------------------------------------------------------------
    def snapshot(self, state, p: int) -> dict:
        z = zone(state, p)
        if z is None:
            note = "disabled: no zone" if figure_of(state, p, JUTO) is not None else ""
        else:
            bonus = ", ".join(_bonus(stat, v) for stat, v in ZONES[z].items())
            note = f"Zone {z} ({ZONE_WHERE[z]}): {bonus}"
        return {"zone": z, "figure_notes": {JUTO: note} if note else {}}

    def summary(self, f: dict) -> list[str]:
        z = f.get("zone")
        return [f"Juto: Zone {z} ({ZONE_WHERE[z]})" if z is not None else "Juto: disabled"]


RULES = Tatsumi("tatsumi")

"""An attack's combined figures for the viewer, from the same arithmetic the engine uses."""

from __future__ import annotations

from typing import Any, Hashable

from .. import stats
from ..state import BattleState


def attack_figures(state: BattleState, player: int) -> dict[str, Any]:
    """Range, power, priority, soak and stun guard of ``player``'s revealed pair, with their terms,
    and the pair's cards (the table keeps showing them once the pair is recycled)."""
    kind, low, high, range_terms = stats.attack_range(state, player)
    power, power_terms = stats.power(state, player)
    priority, priority_terms = stats.priority(state, player)
    soak, soak_terms = stats.soak(state, player)
    guard, guard_terms = stats.stun_guard(state, player)
    if kind == "normal":
        reach = f"{low}" if low == high else f"{low}~{high}"
    else:
        reach = "N/A" if kind == "na" else kind.replace("_", " ")
    shown_power = "N/A" if power is None else power
    shown_guard = "∞" if guard >= stats.INFINITE else guard
    f = state.fighters[player]
    cards = [f.finisher] if f.finisher_active and f.finisher else [c for c in (f.style, f.base) if c is not None]
    return {
        "cards": cards,
        "range": reach, "range_terms": _terms(range_terms, reach),
        "power": shown_power, "power_terms": _terms(power_terms, shown_power),
        "priority": priority, "priority_terms": _terms(priority_terms, priority),
        "soak": soak, "soak_terms": _terms(soak_terms, soak),
        "stun_guard": shown_guard, "stun_guard_terms": _terms(guard_terms, shown_guard),
    }


def fighter_key(state: BattleState, player: int) -> Hashable:
    """Everything :func:`attack_figures` reads (through ``stats``) of ``player``'s own state, as one value
    (the view keys a fighter's figures by every fighter's key: an opponent's card may change them too).

    Keep it in step with ``stats``: a field the arithmetic starts to read must be added here,
    or the viewer would show stale figures (tests/test_viewer_frames.py checks every frame of
    the sample logs against a fresh computation). Only this beat's statuses count.
    """
    f = state.fighters[player]
    statuses = tuple((st.stat, st.amount, st.label) for st in f.statuses if st.beat == state.beat) \
        if f.statuses else ()
    return (f.kit, f.style, f.base, f.finisher, f.finisher_active, f.form, f.form_at_ante, tuple(f.anted),
            statuses, f.damage_taken, tuple(f.counters.values()), f.rules.view_key(state, player))


def figures_key(state: BattleState) -> Hashable:
    """What the view's figures for ``state`` depend on: nothing before the pairs are revealed."""
    if not state.revealed:
        return None
    # A face-down clash base holds the figures (BattleconView.hold): its reveal must recompute them.
    hidden = any(f.clash_hidden for f in state.fighters)
    return (hidden, *(fighter_key(state, p) for p in range(len(state.fighters))))


def _terms(terms: stats.Terms, total: Any) -> str | None:
    """The sum spelled out, when there is a sum (one card's figure needs no explaining)."""
    return stats.format_terms(terms, total) if len(terms) > 1 else None

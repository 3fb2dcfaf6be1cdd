"""An attack's combined figures for the viewer, from the same arithmetic the engine uses."""

from __future__ import annotations

from typing import Any

from .. import stats
from ..state import BattleState


def attack_figures(state: BattleState, player: int) -> dict[str, Any]:
    """Range, power, priority, soak and stun guard of ``player``'s revealed pair, with their terms."""
    fighter = state.fighters[player]
    kind, low, high, range_terms = stats.attack_range(state, player)
    power, power_terms = stats.power(state, player)
    priority, priority_terms = stats.priority(state, player)
    soak, soak_terms = stats.soak(state, player)
    guard, guard_terms = stats.stun_guard(state, player)
    if kind == "normal":
        reach = f"{low}" if low == high else f"{low}~{high}"
    else:
        reach = "N/A" if kind == "na" else kind.replace("_", " ")
    return {
        "range": reach,
        "range_terms": stats.format_terms(range_terms, reach),
        "power": "N/A" if power is None else power,
        "power_terms": stats.format_terms(power_terms, "N/A" if power is None else power),
        "priority": priority,
        "priority_terms": stats.format_terms(priority_terms, priority),
        "soak": soak,
        "stun_guard": "∞" if guard >= stats.INFINITE else guard,
        "stun_guard_terms": stats.format_terms(guard_terms, "∞" if guard >= stats.INFINITE else guard),
        "soak_terms": stats.format_terms(soak_terms, soak),
    }

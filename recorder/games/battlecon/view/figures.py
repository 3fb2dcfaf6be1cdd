"""An attack's combined figures for the viewer, from the same arithmetic the engine uses."""

from __future__ import annotations

from typing import Any

from .. import stats
from ..state import BattleState


def attack_figures(state: BattleState, player: int) -> dict[str, Any]:
    """Range, power, priority, soak and stun guard of ``player``'s revealed pair, with their terms."""
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
    return {
        "range": reach, "range_terms": _terms(range_terms, reach),
        "power": shown_power, "power_terms": _terms(power_terms, shown_power),
        "priority": priority, "priority_terms": _terms(priority_terms, priority),
        "soak": soak, "soak_terms": _terms(soak_terms, soak),
        "stun_guard": shown_guard, "stun_guard_terms": _terms(guard_terms, shown_guard),
    }


def _terms(terms: stats.Terms, total: Any) -> str | None:
    """The sum spelled out, when there is a sum (one card's figure needs no explaining)."""
    return stats.format_terms(terms, total) if len(terms) > 1 else None

"""How a report shows a figure's sum: the base first, the style and the rest modifying it, and the ruling
that decided a term where the rule texts print another number.

The log records each sum as the engine added it up (``PriorityCompared.terms``, ``RangeChecked.terms``,
``DamageDealt.power_terms``...), style first. A style modifies a base (WoI p.19-20, Preview p.2: "the range
modifier is added to both sides"), so a reader expects "Strike 1 + Stylish +0~1", not "Stylish 0~1 + Strike +1".
The terms are re-derived from the state before the record and shown base first only when they give exactly
the recorded text; otherwise the recorded text is shown as it is (a log of another engine, a forged one).
"""

from __future__ import annotations

from . import rulings as R
from . import stats
from .state import BattleState

STATS = {"power": stats.power, "priority": stats.priority, "soak": stats.soak, "stun_guard": stats.stun_guard}


def base_first(s: BattleState, p: int, terms: stats.Terms) -> stats.Terms:
    """``terms`` with the base's term first (the Finisher's alone is first already)."""
    bases = {c.name for c in stats.pair_cards(s, p) if c.kind == "base"}
    return [t for t in terms if t[0] in bases] + [t for t in terms if t[0] not in bases]


def tags(s: BattleState, stat: str, terms: stats.Terms) -> str:
    """`` [ruling: Damage]``: the rulings that decided a term of the figure (none: "")."""
    found = []
    for label, _ in terms:
        ruling = R.card_value(s.edition, stat, label)
        if ruling is not None and ruling not in found:
            found.append(ruling)
    return "".join(f" {r.tag}" for r in found)


def scalar(s: BattleState, p: int, stat: str, recorded: str) -> tuple[str, str]:
    """A power, priority, soak or stun guard sum as recorded (``"Stylish 1 + Strike 4 = 5"``), shown base first
    (``"Strike 4 + Stylish 1 = 5"``), and the tags of the rulings that decided its terms."""
    total, terms = STATS[stat](s, p)
    if stats.format_terms(terms, total) != recorded:
        return recorded, ""
    return stats.format_terms(base_first(s, p, terms), total), tags(s, stat, terms)


def range_sum(s: BattleState, p: int, recorded: str) -> str:
    """A range as recorded (``"Stylish 0~1 + Strike +1 = 1~2"``), shown base first (``"Strike 1 + Stylish +0~1 =
    1~2"``); a negative sum says that it counts as 0 (WoI p.20, Preview FAQ)."""
    kind, lo, hi, terms = stats.attack_range(s, p)
    if kind != "normal":
        return recorded
    total = f"{lo}~{hi}" if lo != hi else f"{lo}"
    if stats.format_terms(terms, total) != recorded:
        return recorded
    text = _range_terms(base_first(s, p, terms), total) + tags(s, "range", terms)
    raw_lo = sum(v[0] for _, v in terms)
    if raw_lo < 0:
        body, _, _ = text.partition(" = ")
        raw_hi = sum(v[1] for _, v in terms)
        raw = f"{raw_lo}~{raw_hi}" if raw_lo != raw_hi else f"{raw_lo}"
        text = f"{body} = {raw}, below 0 counts as 0: {total} {R.RANGE_ARITHMETIC.tag}"
    return text


def _range_terms(terms: stats.Terms, total: str) -> str:
    """'Strike 1 + Stylish +0~1 = 1~2': the first range as printed, each modifier signed once."""
    parts = []
    for i, (label, (a, b)) in enumerate(terms):
        if i == 0:
            parts.append(f"{label} {a}~{b}" if a != b else f"{label} {a}")
        else:
            parts.append(f"+ {label} {a:+d}~{b}" if a != b else f"+ {label} {a:+d}")
    return " ".join(parts) + f" = {total}"

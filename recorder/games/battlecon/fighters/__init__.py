"""The fighters' kits: one module per fighter (``<id>.py``, defining ``RULES``) beside its card data
(``<id>.json``). This module loads them in roster order, registers what each kit brings (its events, effect
primitives, passive types) and checks every fighter's card data against the effect primitives and passive
types that exist -- when the package loads, so a bad entry is a :class:`CardDataError` naming the card, never
a crash in the middle of a match. See docs/adding-a-fighter.md.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from ..cards import FIGHTERS, KITS, CardDataError, Kit
from ..effects import PRIMITIVES as SHARED_PRIMITIVES
from ..effects import Primitive
from ..events import EVENTS
from ..finisher_effects import FINISHER_PRIMITIVES
from recorder.names import suggestion

from ..kit import KitRules, Trigger

# Every verb card data is written in: the shared ones, the Finishers', then each kit's (registered below).
PRIMITIVES: dict[str, Primitive] = {**SHARED_PRIMITIVES, **FINISHER_PRIMITIVES}

# Passive types card data may use, with their parameters (besides "type" and "if"); a kit adds its own.
PASSIVES: dict[str, tuple[str, ...]] = {
    "stat": ("stat", "amount"),
    "extra_damage_taken": ("amount",),
    "power_per_damage_taken": (),
    "tokens_no_effect": (),
    "ignores_stun_guard": (),
    "ignores_soak": (),
}
PASSIVE_OWNER: dict[str, str] = {}


def _load_rules(fid: str) -> KitRules:
    module = import_module(f"{__name__}.{fid}")
    rules = getattr(module, "RULES", None)
    if not isinstance(rules, KitRules):
        raise CardDataError(f"kit of {fid}: fighters/{fid}.py defines no RULES (a KitRules instance)")
    return rules


def check_clashes(rules: dict[str, KitRules]) -> None:
    """No two kits of the roster give one name to different things: an effect primitive, a passive type, an
    event type or a decision kind (whose answers scripts write) is one kit's, or the same shared object in both.
    Checked when the roster loads, before anything registers; the error names both kits (or the shared one)."""
    owners: dict[tuple[str, str], tuple[str, Any]] = {}
    shared = {("effect primitive", n): ("the shared effects", p.run) for n, p in SHARED_PRIMITIVES.items()}
    shared |= {("effect primitive", n): ("the shared Finisher effects", p.run) for n, p in FINISHER_PRIMITIVES.items()}
    shared |= {("passive type", n): ("the shared passives", params) for n, params in PASSIVES.items()
               if n not in PASSIVE_OWNER}
    for fid, kit_rules in rules.items():
        mine: list[tuple[tuple[str, str], Any]] = [
            *((("effect primitive", n), getattr(p, "run", p)) for n, p in kit_rules.primitives.items()),
            *((("passive type", n), tuple(params)) for n, params in kit_rules.passives.items()),
            *((("event type", cls.__dict__.get("TYPE") or cls.__name__), cls) for cls in kit_rules.events),
            *((("decision kind", n), shape) for n, shape in kit_rules.decisions.items()),
        ]
        for key, value in mine:
            what, name = key
            if key in shared:
                raise CardDataError(f"kit of {fid}: {what} {name!r} is already one of {shared[key][0]}")
            if what == "event type" and name in EVENTS and EVENTS.get(name) is not value:
                raise CardDataError(f"kit of {fid}: event type {name!r} is already a BattleCON event")
            other = owners.get(key)
            if other is not None and other[0] != fid and other[1] is not value and other[1] != value:
                raise CardDataError(f"kits of {other[0]} and {fid} both define the {what} {name!r}, differently; "
                                    "rename one (or share one object)")
            owners.setdefault(key, (fid, value))


def register(rules: KitRules) -> None:
    """Register what a kit brings: its events, its effect primitives and its passive types (check_clashes has
    checked that no two kits give one name to different things)."""
    fid = rules.id
    for cls in rules.events:
        if cls.TYPE not in EVENTS:
            EVENTS.register(cls)
    for name, prim in rules.primitives.items():
        PRIMITIVES.setdefault(name, Primitive(prim.run, prim.windows, fid))
    for name, params in rules.passives.items():
        PASSIVES.setdefault(name, params)
        PASSIVE_OWNER.setdefault(name, fid)


def check_kit(kit: Kit, rules: KitRules | None = None) -> None:
    """Every effect and passive of the fighter's cards names a primitive (passive type) that exists, that its
    fighter may use, in a window it supports, with exactly its parameters; every special range (a range written
    as a name) is one its kit (``rules``, else the loaded kit of ``kit.id``) defines in ``special_ranges``; the
    kit's ``token_ante`` names one of the fighter's tokens."""
    if rules is None:
        rules = RULES.get(kit.id) or KitRules(kit.id)
    if rules.token_ante is not None and rules.token_ante.token not in kit.tokens:
        token = rules.token_ante.token
        raise CardDataError(f"kit of {kit.id}: its token_ante names {token!r}{suggestion(token, set(kit.tokens))}, "
                            f"which is not one of its tokens ({', '.join(dict.fromkeys(kit.tokens)) or 'none'})")
    for card in {**kit.cards, **{n: c for v in kit.variants.values() for n, c in v.items()}}.values():
        if card.owner not in (kit.id,):
            continue
        where = f"card data of {kit.id}: {card.name}"
        if isinstance(card.range, str):
            check_special_range(where, card.range, rules)
        for timing, effects in card.triggers.items():
            for e in effects:
                check_effect(where, kit.id, timing, e)
        for item in card.passives:
            check_passive(where, kit.id, item)


def check_special_range(where: str, kind: str, rules: KitRules) -> None:
    """A card's range written as a name is one its kit's ``special_range`` hook answers for (``special_ranges``)."""
    known = rules.special_ranges
    if kind not in known:
        raise CardDataError(f"{where} has special range {kind!r}{suggestion(kind, known)}, which its kit does not "
                            f"define; its kit's special ranges: {', '.join(known) or 'none'}")


def check_effect(where: str, fid: str, timing: str, effect: dict[str, Any]) -> None:
    op = effect["op"]
    prim = PRIMITIVES.get(op)
    if prim is None or (prim.kit is not None and prim.kit != fid):
        known = sorted(n for n, p in PRIMITIVES.items() if p.kit in (None, fid))
        raise CardDataError(f"{where}: unknown effect primitive {op!r} in its {timing} effects; known: "
                            f"{', '.join(known)}")
    if timing not in prim.windows:
        raise CardDataError(f"{where}: effect primitive {op!r} cannot be used in the {timing} window (only "
                            f"{', '.join(prim.windows)})")
    params = prim.params
    least = effect.get("at_least")
    if least is not None:
        counters = KITS[fid].counters if fid in KITS else {}
        if not isinstance(least, dict) or not least or any(
                name not in counters or not isinstance(n, int) for name, n in least.items()):
            raise CardDataError(f"{where}: a {timing} effect's at_least {least!r} must name its fighter's counters "
                                f"with a number each ({', '.join(counters) or 'no counters'})")
    given = set(effect) - {"op", "if", "at_least"}
    unknown = sorted(given - set(params))
    if unknown:
        raise CardDataError(f"{where}: effect {op!r} has unknown parameter(s) {', '.join(unknown)}; it takes "
                            f"{', '.join(params) or 'none'}")
    missing = sorted(n for n, required in params.items() if required and n not in given)
    if missing:
        raise CardDataError(f"{where}: effect {op!r} is missing parameter(s) {', '.join(missing)}")


def check_passive(where: str, fid: str, item: dict[str, Any]) -> None:
    kind = item["type"]
    params = PASSIVES.get(kind)
    if params is None or PASSIVE_OWNER.get(kind, fid) != fid:
        known = sorted(n for n in PASSIVES if PASSIVE_OWNER.get(n, fid) == fid)
        raise CardDataError(f"{where}: unknown passive type {kind!r}; known: {', '.join(known)}")
    given = set(item) - {"type", "if"}
    unknown = sorted(given - set(params))
    if unknown:
        raise CardDataError(f"{where}: passive {kind!r} has unknown parameter(s) {', '.join(unknown)}; it takes "
                            f"{', '.join(params) or 'none'}")
    missing = sorted(set(params) - given)
    if missing:
        raise CardDataError(f"{where}: passive {kind!r} is missing parameter(s) {', '.join(missing)}")


def _load() -> dict[str, KitRules]:
    rules = {fid: _load_rules(fid) for fid in FIGHTERS}
    check_clashes(rules)
    for r in rules.values():
        register(r)
    for fid in FIGHTERS:
        check_kit(KITS[fid], rules[fid])
    return rules


def _generic_check() -> None:
    """The generic bases and the Special Action use only shared primitives and passives."""
    any_kit = KITS[FIGHTERS[0]]
    for card in any_kit.cards.values():
        if card.owner != "generic":
            continue
        if isinstance(card.range, str):
            check_special_range(f"shared card data: {card.name}", card.range, KitRules("generic"))
        for timing, effects in card.triggers.items():
            for e in effects:
                check_effect(f"shared card data: {card.name}", "generic", timing, e)
        for item in card.passives:
            check_passive(f"shared card data: {card.name}", "generic", item)


def _merged(attr: str) -> dict[str, Any]:
    """One table of what every kit declares under ``attr`` (a name declared by two kits: their values joined)."""
    out: dict[str, Any] = {}
    for fid in FIGHTERS:
        for key, value in getattr(RULES[fid], attr).items():
            if key in out and out[key] != value:
                if isinstance(value, str):
                    out[key] = f"{out[key]}; {value}"
                elif callable(value) and callable(out[key]):
                    out[key] = _chained(out[key], value)  # two kits count the same generic event: both count
            else:
                out.setdefault(key, value)
    return out


def _chained(first, second):
    """Both kits' statistics of one event type: the tallies of ``first``, then those of ``second``."""
    return lambda data: (*first(data), *second(data))


RULES: dict[str, KitRules] = _load()
_generic_check()


def _card_rulings() -> dict[str, dict[tuple[str, str], Any]]:
    out: dict[str, dict[tuple[str, str], Any]] = {}
    for fid in FIGHTERS:
        for edition, table in RULES[fid].card_rulings.items():
            out.setdefault(edition, {}).update(table)
    return out


CARD_RULINGS = _card_rulings()  # edition ("*": both) -> (stat, term label) -> Ruling, of every kit
DECISIONS: dict[str, tuple[dict[str, Any], str]] = _merged("decisions")  # script vocabulary of the kits
def _stat_events() -> dict[str, Any]:
    """Every kit's statistics handlers of an event type, joined: one handler giving all their tallies (a type two
    kits count, such as CardMoved, keeps each kit's tallies)."""
    handlers: dict[str, list[Any]] = {}
    for fid in FIGHTERS:
        for key, fn in RULES[fid].stat_events.items():
            handlers.setdefault(key, []).append(fn)
    return {key: fns[0] if len(fns) == 1 else (lambda d, fns=tuple(fns): tuple(t for fn in fns for t in fn(d)))
            for key, fns in handlers.items()}


STAT_EVENTS: dict[str, Any] = _stat_events()
KEEP_ON_TIE: frozenset[str] = frozenset(k for r in RULES.values() for k in r.keep_on_tie)

__all__ = ["RULES", "PASSIVES", "CARD_RULINGS", "DECISIONS", "STAT_EVENTS", "KEEP_ON_TIE", "Trigger", "KitRules",
           "check_kit", "check_effect", "check_passive", "check_clashes", "check_special_range"]

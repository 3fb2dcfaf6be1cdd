"""Card data, loaded once at import from ``cards.json``.

Every card becomes a frozen :class:`Card`; a fighter's kit is a
:class:`Kit` (its styles, its bases -- the six generic ones plus its unique
base -- and its finishers). Nothing here has behaviour: effects are named
primitives interpreted by ``effects.py``.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from . import card_text

RAW_BYTES = resources.files(__package__).joinpath("cards.json").read_bytes()
RAW: dict[str, Any] = json.loads(RAW_BYTES)
SPECIAL_ACTION = RAW["special_action"]["name"]  # the Special Action card (WoI p.33, Preview p.10)
FINISHER_LIFE = RAW["special_action"]["finisher_life"]  # a Finisher needs this much life or less

STYLE, BASE, FINISHER, SPECIAL = "style", "base", "finisher", "special"
TIMINGS = ("reveal", "start", "before", "hit", "damage", "after", "end")
GENERIC_BASES = tuple(RAW["generic_bases"])  # Strike, Shot, Drive, Burst, Grasp, Dash


@dataclass(frozen=True, slots=True)
class Card:
    name: str
    kind: str  # style | base | finisher
    owner: str  # fighter id, or "generic"
    range: tuple[int, int] | str | None  # None = N/A, "trap"/"trap_only" = special
    power: int | None
    priority: int
    soak: int = 0
    stun_guard: int = 0
    stun_immune: bool = False
    text: str = ""
    ruling: str = ""
    triggers: dict[str, tuple[dict[str, Any], ...]] = field(default_factory=dict)
    passives: tuple[dict[str, Any], ...] = ()
    requires: dict[str, Any] = field(default_factory=dict)  # a finisher's condition (Kallistar's form)
    windows: dict[str, tuple[card_text.Segment, ...]] = field(default_factory=dict)  # text cut by timing

    def trigger_text(self, timing: str, form: str | None) -> str:
        """This card's text for one timing window, as it applies in ``form`` ("On Hit: ...")."""
        return card_text.quote(self.windows, timing, form)

    def to_dict(self) -> dict[str, Any]:
        rng = self.range
        return {
            "name": self.name, "kind": self.kind, "owner": self.owner,
            "range": list(rng) if isinstance(rng, tuple) else rng,
            "power": self.power, "priority": self.priority, "soak": self.soak,
            "stun_guard": self.stun_guard, "stun_immune": self.stun_immune,
            "text": self.text, "ruling": self.ruling,
        }


@dataclass(frozen=True, slots=True)
class Kit:
    id: str
    name: str
    initial: str
    ability: str
    styles: tuple[str, ...]
    bases: tuple[str, ...]  # generic six, then the unique base
    unique_base: str
    finishers: tuple[str, ...]
    tokens: tuple[str, ...]
    token_effects: dict[str, dict[str, Any]]
    forms: dict[str, dict[str, Any]]
    has_trap: bool
    suggested: tuple[tuple[str, str], tuple[str, str]]  # (discard 1 pair, discard 2 pair)
    cards: dict[str, Card]
    # Cards printed differently in an edition: edition -> name -> Card (Preview's Geomantic antes at Reveal).
    variants: dict[str, dict[str, Card]] = field(default_factory=dict)

    def card(self, name: str, edition: str) -> Card:
        """The card ``name`` as ``edition`` prints it."""
        return self.variants.get(edition, {}).get(name) or self.cards[name]

    @property
    def all_cards(self) -> tuple[str, ...]:
        return self.styles + self.bases

    @property
    def hand_order(self) -> tuple[str, ...]:
        """Every card that can be in hand, in display order (the Special Action last)."""
        return self.all_cards + (SPECIAL_ACTION,)


def _card(name: str, kind: str, owner: str, raw: dict[str, Any], forms: tuple[str, ...] = ()) -> Card:
    rng = raw.get("range")
    if isinstance(rng, list):
        rng = (rng[0], rng[1])
    triggers = {t: tuple(raw.get("triggers", {}).get(t, ())) for t in TIMINGS if raw.get("triggers", {}).get(t)}
    unknown = set(raw.get("triggers", {})) - set(TIMINGS)
    if unknown:
        raise ValueError(f"cards.json: {name} has unknown timing(s) {sorted(unknown)}")
    text = raw.get("text", "")
    windows = card_text.split(text)
    card_text.check(name, text, windows, triggers, forms)
    return Card(
        name=name, kind=kind, owner=owner, range=rng, power=raw.get("power"),
        priority=raw.get("priority", 0), soak=raw.get("soak", 0), stun_guard=raw.get("stun_guard", 0),
        stun_immune=raw.get("stun_immune", False), text=text, ruling=raw.get("ruling", ""),
        triggers=triggers, passives=tuple(raw.get("passives", ())), requires=dict(raw.get("requires", {})),
        windows=windows,
    )


def _variants(name: str, kind: str, owner: str, raw: dict[str, Any], forms: tuple[str, ...],
              out: dict[str, dict[str, Card]]) -> None:
    """``raw["editions"][edition]`` replaces some of the card's fields in that edition (text and triggers)."""
    for edition, changes in raw.get("editions", {}).items():
        out.setdefault(edition, {})[name] = _card(name, kind, owner, {**raw, **changes}, forms)


def _load() -> dict[str, Kit]:
    generic = {n: _card(n, BASE, "generic", raw) for n, raw in RAW["generic_bases"].items()}
    generic[SPECIAL_ACTION] = _card(SPECIAL_ACTION, SPECIAL, "generic", RAW["special_action"])
    kits = {}
    for fid, raw in RAW["fighters"].items():
        cards = dict(generic)
        forms = tuple(raw.get("forms", {}))
        (ubase, ubase_raw), = raw["base"].items()
        cards[ubase] = _card(ubase, BASE, fid, ubase_raw, forms)
        variants: dict[str, dict[str, Card]] = {}
        for n, r in raw["styles"].items():
            cards[n] = _card(n, STYLE, fid, r, forms)
            _variants(n, STYLE, fid, r, forms, variants)
        for n, r in raw.get("finishers", {}).items():
            cards[n] = _card(n, FINISHER, fid, r, forms)
        sd = raw["suggested_discards"]
        kits[fid] = Kit(
            id=fid, name=raw["name"], initial=raw["initial"], ability=raw["ability"],
            styles=tuple(raw["styles"]), bases=GENERIC_BASES + (ubase,), unique_base=ubase,
            finishers=tuple(raw.get("finishers", {})), tokens=tuple(raw.get("tokens", ())),
            token_effects=raw.get("token_effects", {}), forms=raw.get("forms", {}),
            has_trap=bool(raw.get("trap")), suggested=(tuple(sd["discard1"]), tuple(sd["discard2"])),
            cards=cards, variants=variants,
        )
    return kits


KITS: dict[str, Kit] = _load()
FIGHTERS: tuple[str, ...] = tuple(KITS)
DATA_HASH = hashlib.sha256(RAW_BYTES).hexdigest()


def special_action(kit_: Kit, base: str) -> str:
    """What the Special Action does paired with ``base``: pulse, cancel or finisher."""
    raw = RAW["special_action"]
    if base == kit_.unique_base:
        return raw["unique_base"]
    return raw["actions"][base]


def kit(fighter: str) -> Kit:
    return KITS[fighter]


def fighter_cards(fighter: str) -> list[dict[str, Any]]:
    """A fighter's cards as JSON-native dicts (for ``beatlog fighters``)."""
    k = KITS[fighter]
    return [k.cards[n].to_dict() for n in k.styles + k.bases + k.finishers]

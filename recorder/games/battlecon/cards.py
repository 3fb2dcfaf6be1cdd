"""Card data, loaded once at import: ``cards.json`` (the generic bases, the Special Action and the roster)
and each fighter's ``fighters/<id>.json`` beside its kit module.

Every card becomes a frozen :class:`Card`; a fighter's card data is a :class:`Kit` (its styles, its bases --
the six generic ones plus its unique base -- its finishers, tokens, counters, markers, zones and forms).
Nothing here has behaviour: effects are named primitives interpreted by ``effects.py`` or by the fighter's
kit. The shape of every entry is checked here (a misspelt field, timing window or fighter is a
:class:`CardDataError` naming the card); ``fighters/__init__.py`` then checks every effect and passive
against the primitives that exist, once the kits are loaded.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from recorder import canonical
from recorder.errors import BeatlogError

from . import card_text



class CardDataError(BeatlogError, ValueError):
    """Card data that cannot be played: the message names the fighter and the card."""


RAW_BYTES = resources.files(__package__).joinpath("cards.json").read_bytes()
RAW: dict[str, Any] = json.loads(RAW_BYTES)
ROSTER: tuple[str, ...] = tuple(RAW["roster"])
SPECIAL_ACTION = RAW["special_action"]["name"]  # the Special Action card (WoI p.33, Preview p.10)
FINISHER_LIFE = RAW["special_action"]["finisher_life"]  # a Finisher needs this much life or less

STYLE, BASE, FINISHER, SPECIAL = "style", "base", "finisher", "special"
EXTRA = "extra"  # a card set beside the fighter in one of its kit's card zones (never in hand): card data "card_zones"
TIMINGS = ("reveal", "start", "before", "hit", "damage", "after", "end")
GENERIC_BASES = tuple(RAW["generic_bases"])  # the six bases every fighter has
EDITIONS = ("woi", "preview")
STATS = ("power", "priority", "range", "soak", "stun_guard", "stun_immune")
# What an anted token may do besides its stats: its attack ignores the opponent's Soak or Stun Guard.
TOKEN_FLAGS = ("ignores_soak", "ignores_stun_guard")
CARD_FIELDS = frozenset({"range", "power", "priority", "soak", "stun_guard", "stun_immune", "text", "ruling",
                         "triggers", "passives", "requires", "editions", "since_engine"})
FIGHTER_FIELDS = frozenset({"id", "name", "short_name", "initial", "ability", "editions", "tokens", "token_effects",
                            "forms", "markers", "figures", "counters", "zones", "card_zones", "suggested_discards", "base", "styles",
                            "finishers", "rulings"})
FIGURE_FIELDS = frozenset({"shares_spaces", "life", "glyph", "label"})
REQUIRED_FIGHTER = ("id", "name", "initial", "ability", "editions", "suggested_discards", "base", "styles")


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
    requires: dict[str, Any] = field(default_factory=dict)  # a finisher's condition (a form)
    since_engine: int = 1  # the first BattleCON engine whose rules have the card (card data "since_engine")
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
    tokens: tuple[str, ...]  # the starting pool (a name repeats for a stack)
    token_effects: dict[str, dict[str, Any]]
    forms: dict[str, dict[str, Any]]  # the first is the starting form
    markers: dict[str, dict[str, Any]]  # name -> drawing hints (glyph, label); off the board at the start
    counters: dict[str, dict[str, int]]  # name -> {"min", "max", "start"}
    zones: tuple[str, ...]  # zones beyond hand, discards and play (the card zones' names included)
    editions: tuple[str, ...]  # the editions that offer this fighter
    digest: str  # of this fighter's card data: part of the rules fingerprint of the matches that use it
    suggested: tuple[tuple[str, str], tuple[str, str]]  # (discard 1 pair, discard 2 pair)
    cards: dict[str, Card]
    # Cards printed differently in an edition: edition -> name -> Card (a style whose trigger window differs).
    variants: dict[str, dict[str, Card]] = field(default_factory=dict)
    # Zones that hold cards set beside the fighter (never in hand): zone -> the cards in it at the start of a
    # duel (card data "card_zones"); the cards themselves are in ``cards``, kind EXTRA.
    card_zones: dict[str, tuple[str, ...]] = field(default_factory=dict)
    short: str = ""  # how people call the fighter when it is not the first word of the name (a title first)
    # Extra figures of the fighter's player on the board (a second standup): name -> {"shares_spaces": whether it
    # may share a space with any figure, "life": the counter that is its life (or absent), "glyph", "label"};
    # off the board until the kit places it (FigurePlaced).
    figures: dict[str, dict[str, Any]] = field(default_factory=dict)

    def card(self, name: str, edition: str) -> Card:
        """The card ``name`` as ``edition`` prints it."""
        return self.variants.get(edition, {}).get(name) or self.cards[name]

    @property
    def short_name(self) -> str:
        """The name the logs' words use: card data ``short_name``, else the first word of the name."""
        return self.short or self.name.split()[0]

    @property
    def all_cards(self) -> tuple[str, ...]:
        return self.styles + self.bases

    @property
    def zone_cards(self) -> tuple[str, ...]:
        """The cards that live in the kit's card zones (set beside the fighter), in card data order."""
        return tuple(c for cards in self.card_zones.values() for c in cards)

    @property
    def hand_order(self) -> tuple[str, ...]:
        """Every card that can be in hand, in display order (the Special Action last)."""
        return self.all_cards + (SPECIAL_ACTION,)


def _card(name: str, kind: str, owner: str, raw: dict[str, Any], forms: tuple[str, ...] = ()) -> Card:
    where = f"card data of {owner}: {name}"
    if not isinstance(raw, dict):
        raise CardDataError(f"{where} is not an object")
    unknown_fields = sorted(set(raw) - CARD_FIELDS)
    if unknown_fields:
        raise CardDataError(f"{where} has unknown field(s) {', '.join(unknown_fields)}; known fields: "
                            f"{', '.join(sorted(CARD_FIELDS))}")
    rng = raw.get("range")
    if isinstance(rng, list):
        if len(rng) != 2 or not all(isinstance(v, int) for v in rng):
            raise CardDataError(f"{where} has range {rng!r}; a range is [min, max], null or a special range name")
        rng = (rng[0], rng[1])
    elif rng is not None and not isinstance(rng, str):
        raise CardDataError(f"{where} has range {rng!r}; a range is [min, max], null or a special range name")
    raw_triggers = raw.get("triggers", {})
    unknown = sorted(set(raw_triggers) - set(TIMINGS))
    if unknown:
        raise CardDataError(f"{where} has unknown timing window(s) {', '.join(unknown)}; the windows are "
                            f"{', '.join(TIMINGS)}")
    triggers = {t: tuple(raw_triggers.get(t, ())) for t in TIMINGS if raw_triggers.get(t)}
    for timing, effects in triggers.items():
        for e in effects:
            if not isinstance(e, dict) or not isinstance(e.get("op"), str):
                raise CardDataError(f"{where}: a {timing} effect without an \"op\": {e!r}")
            if "if" in e and e["if"] not in forms:
                raise CardDataError(f"{where}: a {timing} effect names form {e['if']!r}, which its fighter does "
                                    f"not have ({', '.join(forms) or 'no forms'})")
    for item in raw.get("passives", ()):
        if not isinstance(item, dict) or not isinstance(item.get("type"), str):
            raise CardDataError(f"{where}: a passive without a \"type\": {item!r}")
        if "if" in item and item["if"] not in forms:
            raise CardDataError(f"{where}: a passive names form {item['if']!r}, which its fighter does not have")
    text = raw.get("text", "")
    windows = card_text.split(text)
    try:
        card_text.check(name, text, windows, triggers, forms)
    except ValueError as exc:
        raise CardDataError(f"card data of {owner}: {exc}") from None
    return Card(
        name=name, kind=kind, owner=owner, range=rng, power=raw.get("power"),
        priority=raw.get("priority", 0), soak=raw.get("soak", 0), stun_guard=raw.get("stun_guard", 0),
        stun_immune=raw.get("stun_immune", False), text=text, ruling=raw.get("ruling", ""),
        triggers=triggers, passives=tuple(raw.get("passives", ())), requires=dict(raw.get("requires", {})),
        windows=windows, since_engine=raw.get("since_engine", 1),
    )


def _variants(name: str, kind: str, owner: str, raw: dict[str, Any], forms: tuple[str, ...],
              out: dict[str, dict[str, Card]]) -> None:
    """``raw["editions"][edition]`` replaces some of the card's fields in that edition (text and triggers)."""
    for edition, changes in raw.get("editions", {}).items():
        out.setdefault(edition, {})[name] = _card(name, kind, owner, {**raw, **changes}, forms)


def _fighter_raw(fid: str) -> tuple[dict[str, Any], bytes]:
    try:
        data = resources.files(__package__).joinpath("fighters", f"{fid}.json").read_bytes()
    except FileNotFoundError:
        raise CardDataError(f"card data of {fid}: fighters/{fid}.json is missing (cards.json's roster names "
                            f"{fid})") from None
    return json.loads(data), data


def build_kit(raw: dict[str, Any], generic: dict[str, Card]) -> Kit:
    """One fighter's :class:`Kit` from its raw card data; a :class:`CardDataError` names what is wrong."""
    fid = raw.get("id", "?")
    missing = [k for k in REQUIRED_FIGHTER if k not in raw]
    if missing:
        raise CardDataError(f"card data of {fid}: missing field(s) {', '.join(missing)}")
    unknown = sorted(set(raw) - FIGHTER_FIELDS)
    if unknown:
        raise CardDataError(f"card data of {fid}: unknown field(s) {', '.join(unknown)}; known fields: "
                            f"{', '.join(sorted(FIGHTER_FIELDS))}")
    bad_editions = [e for e in raw["editions"] if e not in EDITIONS]
    if bad_editions or not raw["editions"]:
        raise CardDataError(f"card data of {fid}: editions {raw['editions']!r}; each is one of {', '.join(EDITIONS)}")
    cards = dict(generic)
    forms = tuple(raw.get("forms", {}))
    for where in ("base", "styles", "finishers"):
        for n, r in raw.get(where, {}).items():
            since = r.get("since_engine", 1) if isinstance(r, dict) else 1
            if not isinstance(since, int) or isinstance(since, bool) or since < 1:
                raise CardDataError(f"card data of {fid}: {n} has since_engine {since!r}; it is the number of the "
                                    "first BattleCON engine that has the card (a whole number, 1 or more)")
    if len(raw["base"]) != 1:
        raise CardDataError(f"card data of {fid}: \"base\" holds exactly one unique base, got {len(raw['base'])}")
    (ubase, ubase_raw), = raw["base"].items()
    cards[ubase] = _card(ubase, BASE, fid, ubase_raw, forms)
    variants: dict[str, dict[str, Card]] = {}
    for n, r in raw["styles"].items():
        cards[n] = _card(n, STYLE, fid, r, forms)
        _variants(n, STYLE, fid, r, forms, variants)
    for n, r in raw.get("finishers", {}).items():
        cards[n] = _card(n, FINISHER, fid, r, forms)
    tokens = tuple(raw.get("tokens", ()))
    for t, effect in raw.get("token_effects", {}).items():
        if t not in tokens:
            raise CardDataError(f"card data of {fid}: token_effects names {t!r}, which is not one of its tokens")
        bad = sorted(set(effect) - set(STATS) - set(TOKEN_FLAGS))
        if bad:
            raise CardDataError(f"card data of {fid}: token {t!r} has unknown effect(s) {', '.join(bad)}; known: "
                                f"{', '.join(STATS + TOKEN_FLAGS)}")
    for form, effect in raw.get("forms", {}).items():
        bad = sorted(set(effect) - set(STATS) - {"lose_life"})
        if bad:
            raise CardDataError(f"card data of {fid}: form {form!r} has unknown effect(s) {', '.join(bad)}")
    card_zones: dict[str, tuple[str, ...]] = {}
    for zone, zone_raw in raw.get("card_zones", {}).items():
        if not isinstance(zone_raw, dict):
            raise CardDataError(f"card data of {fid}: card zone {zone!r} is not an object of cards")
        if zone in raw.get("zones", ()):
            raise CardDataError(f"card data of {fid}: {zone!r} is both a zone and a card zone")
        for n, r in zone_raw.items():
            if n in cards:
                raise CardDataError(f"card data of {fid}: card zone {zone!r} names {n!r}, which is already "
                                    "one of its cards")
            cards[n] = _card(n, EXTRA, fid, r, forms)
        card_zones[zone] = tuple(zone_raw)
    counters = {}
    for name, spec in raw.get("counters", {}).items():
        if set(spec) - {"min", "max", "start"} or not {"min", "max"} <= set(spec):
            raise CardDataError(f"card data of {fid}: counter {name!r} needs min and max (and may give start), "
                                f"got {spec!r}")
        counters[name] = {"min": spec["min"], "max": spec["max"], "start": spec.get("start", spec["min"])}
    figures = {}
    for name, spec in raw.get("figures", {}).items():
        bad = sorted(set(spec) - FIGURE_FIELDS)
        if bad or not isinstance(spec.get("shares_spaces", False), bool):
            raise CardDataError(f"card data of {fid}: figure {name!r} has unknown field(s) {', '.join(bad)}; known: "
                                f"{', '.join(sorted(FIGURE_FIELDS))} (shares_spaces: true or false)" if bad else
                                f"card data of {fid}: figure {name!r}: shares_spaces is true or false")
        if "life" in spec and spec["life"] not in counters:
            raise CardDataError(f"card data of {fid}: figure {name!r} has life {spec['life']!r}, which is not one of "
                                "its counters")
        figures[name] = {"shares_spaces": False, **spec}
    sd = raw["suggested_discards"]
    for pile in ("discard1", "discard2"):
        for c in sd.get(pile, ()):
            if c not in cards:
                raise CardDataError(f"card data of {fid}: suggested {pile} names {c!r}, which is not one of its cards")
    return Kit(
        id=fid, name=raw["name"], initial=raw["initial"], ability=raw["ability"],
        styles=tuple(raw["styles"]), bases=GENERIC_BASES + (ubase,), unique_base=ubase,
        finishers=tuple(raw.get("finishers", {})), tokens=tokens,
        token_effects=raw.get("token_effects", {}), forms=raw.get("forms", {}),
        markers=raw.get("markers", {}), counters=counters, zones=tuple(raw.get("zones", ())) + tuple(card_zones),
        editions=tuple(raw["editions"]), digest=canonical.digest(raw),
        suggested=(tuple(sd["discard1"]), tuple(sd["discard2"])), cards=cards, variants=variants,
        card_zones=card_zones,
        short=raw.get("short_name", ""), figures=figures,
    )


def generic_cards() -> dict[str, Card]:
    generic = {n: _card(n, BASE, "generic", raw) for n, raw in RAW["generic_bases"].items()}
    special = {k: v for k, v in RAW["special_action"].items()
               if k not in ("name", "actions", "unique_base", "finisher_life")}  # its rules, read in specials.py
    generic[SPECIAL_ACTION] = _card(SPECIAL_ACTION, SPECIAL, "generic", special)
    return generic


def _load() -> tuple[dict[str, Kit], dict[str, dict[str, Any]]]:
    generic = generic_cards()
    kits, data = {}, {}
    for fid in ROSTER:
        raw, _bytes = _fighter_raw(fid)
        data[fid] = raw
        if raw.get("id") != fid:
            raise CardDataError(f"card data of {fid}: fighters/{fid}.json says id {raw.get('id')!r}")
        kits[fid] = build_kit(raw, generic)
    return kits, data


KITS, RAW_FIGHTERS = _load()  # RAW_FIGHTERS: each fighter's card data as read
FIGHTERS: tuple[str, ...] = tuple(KITS)
# The shared card data (generic bases, Special Action): part of every match's rules fingerprint. The roster and
# the notes are not rules, so a fighter added to the roster changes no fingerprint of a match without it.
SHARED_DIGEST = canonical.digest({k: v for k, v in RAW.items() if k not in ("roster", "_about")})


# -- cards added by a later engine -----------------------------------------------------------------------------
# A card whose data says ``since_engine`` N is part of the rules from battlecon-engine-N on: an earlier engine's
# ruleset (rulesets/) plays the fighter without it, and fingerprints its card data as it was before the card came.


def raw_as_of(raw: dict[str, Any], engine: int | None) -> dict[str, Any]:
    """A fighter's raw card data as engine ``engine`` has it: without the cards a later engine added (None: all)."""
    if engine is None:
        return raw
    out = dict(raw)
    for where in ("base", "styles", "finishers"):
        cards = raw.get(where)
        if isinstance(cards, dict) and any(c.get("since_engine", 1) > engine for c in cards.values()):
            out[where] = {n: c for n, c in cards.items() if c.get("since_engine", 1) <= engine}
    return out


def digest_as_of(fighter: str, engine: int | None) -> str:
    """The digest of a fighter's card data as engine ``engine`` has it (the kit's ``digest`` for None)."""
    if engine is None:
        return KITS[fighter].digest
    return canonical.digest(raw_as_of(RAW_FIGHTERS[fighter], engine))


def finishers_as_of(fighter: str, engine: int | None) -> tuple[str, ...]:
    """The sides of a fighter's Finisher card engine ``engine`` offers, in card data order."""
    k = KITS[fighter]
    if engine is None:
        return k.finishers
    return tuple(n for n in k.finishers if k.cards[n].since_engine <= engine)


# -- another fighter's cards held as one's own ------------------------------------------------------------------
# An effect may put another fighter's cards into a fighter's hand, to use as the fighter's own cards: there
# they are named "<card> (<its fighter>'s)", so a borrowed Strike and the fighter's own are two cards, and every
# zone that holds names (hand, discards, the pair) holds them as they are. BORROWED maps each such name back.


def borrowed_name(fighter: str, card: str) -> str:
    """The name another fighter's ``card`` has among the cards of the fighter who holds it."""
    return f"{card} ({KITS[fighter].short_name}'s)"


def _borrowed_names() -> dict[str, tuple[str, str]]:
    out: dict[str, tuple[str, str]] = {}
    for fid, k in KITS.items():
        for card in k.all_cards:
            name = borrowed_name(fid, card)
            if name in out:
                raise CardDataError(f"card data of {fid}: {card!r} as a borrowed card is named {name!r}, as "
                                    f"{out[name][0]}'s {out[name][1]!r} is (the fighters' short names clash)")
            out[name] = (fid, card)
    return out


BORROWED: dict[str, tuple[str, str]] = _borrowed_names()
# Each card's place in its fighter's hand order, to sort hands and options by (built once from the card data).
HAND_RANK = {fid: {c: i for i, c in enumerate(k.hand_order)} for fid, k in KITS.items()}


def hand_card(fighter: str, name: str) -> Card:
    """A card among ``fighter``'s cards by name: its own, or a borrowed card (``BORROWED``) as its fighter has it."""
    card = KITS[fighter].cards.get(name)
    if card is None:
        owner, printed = BORROWED[name]
        card = KITS[owner].cards[printed]
    return card


def hand_rank(fighter: str, name: str) -> int:
    """Where a card sorts in ``fighter``'s hand: its own cards in hand order, then borrowed cards in their owners'
    hand order."""
    rank = HAND_RANK[fighter].get(name)
    if rank is None:
        owner, printed = BORROWED[name]
        rank = 1000 + HAND_RANK[owner][printed]
    return rank


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
    return [k.cards[n].to_dict() for n in k.styles + k.bases + k.finishers + k.zone_cards]

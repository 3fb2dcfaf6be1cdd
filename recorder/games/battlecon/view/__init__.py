"""How the viewer draws BattleCON: the ``VIEW`` hook (see ``viewer/gameview.py``).

``board.js`` draws the seven spaces, every figure, the kits' markers (with the
glyphs and labels their card data gives), life bars, tokens, counters, forms,
extra card zones, piles and hands; ``board.css`` styles it. The Python side only
adds what a snapshot does not already say: each fighter's full name and card
figures (once per match) and, once the pairs are revealed, each attack's
combined range, power and priority with the terms they add up from.
"""

from __future__ import annotations

import functools

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Hashable, Sequence

from recorder.envelope import Record
from recorder.header import Header

from ..cards import GENERIC_BASES, KITS
from ..catalog import cards_of
from ..fighters import RULES
from ..state import BattleState
from . import timeline
from .figures import attack_figures, figures_key, fighter_key

HERE = Path(__file__).parent
_KNOWN_MAX = 4096  # figures kept for reuse (a few KB each at most)


@dataclass(frozen=True)
class BattleconView:
    name: str = "battlecon"
    js: Path = HERE / "board.js"
    css: Path = HERE / "board.css"
    _known: dict[Any, dict[str, Any]] = field(default_factory=dict, init=False, repr=False, compare=False)

    def static(self, header: Header) -> dict[str, Any]:
        # The six generic bases are the same for every fighter: listed once, not in each fighter's cards.
        first = header.players[0].side
        return {"bases": {name: _card_info(first, name) for name in GENERIC_BASES},
                "fighters": [_kit_info(p.side) for p in header.players]}

    def extras(self, state: BattleState) -> dict[str, Any] | None:
        # Figures exist only once both pairs are face up, so every seat may see them. A fighter
        # without a whole pair (recycled, canceled, bases taken back after a clash) has none.
        if not state.revealed:
            return None
        return {"attacks": [self._figures(state, p) if _has_pair(state, p) else None
                            for p in range(len(state.fighters))]}

    def hold(self, previous: dict[str, Any] | None, fresh: dict[str, Any] | None,
             state: BattleState) -> dict[str, Any] | None:
        """The figures shown: the beat's revealed pairs stay on the table until the beat ends.

        Recycling (or a cancel) takes a pair off the board while the events above still describe
        its attack, so a fighter without a pair keeps the figures it was last shown with. While a
        clash base is face down, the figures are the ones from before it: fresh ones would give it away.
        """
        if fresh is None or previous is None:
            return fresh
        if any(f.clash_hidden for f in state.fighters):
            return previous
        attacks = [old if fig is None else fig for fig, old in zip(fresh["attacks"], previous["attacks"])]
        if all(a is b for a, b in zip(attacks, fresh["attacks"])):
            return fresh
        return {"attacks": attacks}

    def _figures(self, state: BattleState, player: int) -> dict[str, Any]:
        # A fighter's figures are a function of every fighter's key: its own (a pair played again with the
        # same tokens and form, any match, any beat, has them already) and the others' (an opponent's card may
        # change them: a style that caps the other's values at their printed numbers). Callers never mutate them.
        key = (fighter_key(state, player),
               *(fighter_key(state, q) for q in range(len(state.fighters)) if q != player))
        figures = self._known.get(key)
        if figures is None:
            if len(self._known) >= _KNOWN_MAX:
                self._known.clear()
            figures = self._known[key] = attack_figures(state, player)
        return figures

    def extras_key(self, state: BattleState) -> Hashable:
        return figures_key(state)

    # Charted beat by beat: each fighter's life and the distance between them at the end of the
    # beat (from the snapshot), and what each dealt and took in it (the stat counters of that name).
    beat_counters = (("damage_dealt", "Damage dealt"), ("damage_taken", "Damage taken"))

    def series(self, snapshot: dict[str, Any]) -> dict[str, Any]:
        fighters = snapshot["fighters"]
        spaces = [f["position"] for f in fighters]
        on_board = len(spaces) == 2 and all(isinstance(p, int) and 1 <= p <= 7 for p in spaces)
        return {"Life": [f["life"] for f in fighters], "Distance": abs(spaces[0] - spaces[1]) if on_board else None}

    def slim(self, snapshot: dict[str, Any]) -> dict[str, Any]:
        # ``in_play`` repeats ``pair`` (style, base, covered); leaving it out saves a tenth of a page.
        out = dict(snapshot)
        out["fighters"] = [_without(f, "in_play") for f in snapshot["fighters"]]
        return out

    def headline(self, header: Header, records: Sequence[Record]) -> str:
        """The timeline's line for one round (:mod:`.timeline`)."""
        return timeline.headline(header, records)

    def mark(self, record: Record, header: Header) -> tuple[str, str] | None:
        """A moment marked on the scrubber (:mod:`.timeline`)."""
        return timeline.mark(record, header)

    def side_name(self, side: str) -> str:
        kit = KITS.get(side)
        return kit.name if kit is not None else side


def _has_pair(state: BattleState, player: int) -> bool:
    f = state.fighters[player]
    return f.finisher_active or (f.style is not None and f.base is not None)


def _without(d: dict[str, Any], key: str) -> dict[str, Any]:
    out = dict(d)
    out.pop(key, None)
    return out


@functools.lru_cache(maxsize=None)
def _texts(fighter: str) -> dict[str, str]:
    return {c["name"]: c.get("text") or "" for c in cards_of(fighter)}  # as the engine knows them


def _card_info(fighter: str, name: str) -> dict[str, Any]:
    card = KITS[fighter].cards[name]
    return {"kind": card.kind, "range": list(card.range) if isinstance(card.range, tuple) else card.range,
            "power": card.power, "priority": card.priority, "text": _texts(fighter).get(name, "")}


def _kit_info(fighter: str) -> dict[str, Any]:
    """A fighter's own cards (the generic bases are the static data's ``bases``) and pieces."""
    kit = KITS[fighter]
    cards = {name: _card_info(fighter, name) for name in kit.all_cards + kit.finishers + kit.zone_cards
             if name not in GENERIC_BASES}
    return {"id": kit.id, "name": kit.name, "initial": kit.initial, "tokens": list(kit.tokens),
            "forms": sorted(kit.forms), "markers": {n: dict(h) for n, h in kit.markers.items()},
            "counters": {k: dict(v) for k, v in kit.counters.items()}, "zones": list(kit.zones),
            "drawing": RULES[fighter].drawing(), "cards": cards}


VIEW = BattleconView()

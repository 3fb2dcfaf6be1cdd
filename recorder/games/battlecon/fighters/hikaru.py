"""Hikaru Sorayama: four Elemental tokens, at most one anted per beat (Geomantic: one more, late).

The tokens, their effects and their anting are generic (card data ``tokens`` and ``token_effects``); the kit
says how many he may ante, and the Preview's tie rule for an ante after the ante step."""

from __future__ import annotations

from recorder.rulings import Ruling

from ..cards import KITS
from ..kit import FIRST_RULES, KitRules


class Hikaru(KitRules):
    rules_aliases = {FIRST_RULES: "3e6c7ba62e201fbcad6477e22141b4c113b88d6a454eec995d9edcf366436dbf"}  # card data and events as in battlecon-engine-3
    cites = {"TokensReturned": "Hikaru: Trance (Reveal)", "TokensAnted": "Hikaru: Wrath of Elements (Reveal)"}
    # Sweeping's +2 goes to every hit, a 0-power one too (docs/rulings.md; the comic's "6 damage" is 3 + 2 = 5).
    card_rulings = {"*": {("extra", "Sweeping"): Ruling("bc-sweeping", "Sweeping")}}

    def ante_options(self, state, p: int, extra: bool = False) -> list[str]:
        f = state.fighters[p]
        allowed = 2 if extra else 1
        return sorted(set(f.tokens)) if f.ante_turns < allowed else []

    def tie_winner(self, state, priorities, terms):
        """Preview: a tie made by a token anted after the ante step (Geomantic at Reveal) leaves priority with
        the player who had it before that ante (Preview FAQ, Hikaru)."""
        if state.edition != "preview" or priorities[0] != priorities[1]:
            return None
        before = []
        for p in (0, 1):
            late = {f"{t} token" for t in state.fighters[p].anted_late}
            before.append(priorities[p] - sum(v for label, v in terms[p] if label in late and isinstance(v, int)))
        if before[0] == before[1]:
            return None
        kept = 0 if before[0] > before[1] else 1
        late = ", ".join(f"{t} token" for f in state.fighters for t in f.anted_late)
        name = KITS[state.fighters[kept].kit].short_name
        return kept, (f"tie at {priorities[0]} made by an ante after the ante step ({late}): {name} had the "
                      f"higher priority before it and keeps it (Preview FAQ, Hikaru's Geomantic)")


RULES = Hikaru("hikaru")

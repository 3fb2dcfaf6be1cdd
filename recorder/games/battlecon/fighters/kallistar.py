"""Kallistar Flarechild: two forms (generic: card data ``forms``, ``FormChanged``). The form she is in during the
ante step gives this beat's form effect (``FormEffectApplied``), Elemental losing 1 life (never below 1)."""

from __future__ import annotations

from recorder.rulings import Ruling

from .. import events as E
from ..cards import KITS
from ..effects import lose_life
from ..kit import FIRST_RULES, KitRules


class Kallistar(KitRules):
    rules_aliases = {FIRST_RULES: "bad885ca7e45a34426a5ea42716d9bd2a5ada86f8580962e35d63b8ec54ac404"}  # card data and events as in battlecon-engine-3
    # Human form's Soak 1 (WoI stun example 2's "6 damage" is 6 - 1 = 5 taken); the Preview's stun examples print
    # Flare Strike's priority and Caustic Grasp's power without Flare's +3 and the Elemental form's +2.
    card_rulings = {"*": {("soak", "Human form"): Ruling("bc-kallistar", "Kallistar")},
                    "preview": {("priority", "Flare"): Ruling("bc-preview-stun-examples", "Preview stun examples"),
                                ("power", "Elemental form"): Ruling("bc-preview-stun-examples",
                                                                    "Preview stun examples")}}
    cites = {"FormEffectApplied": "Kallistar's Unique Ability (form during the ante step)",
             "FormChanged": "Kallistar's Unique Ability (forms)",
             "RepeatDecided": "Kallistar: Chain of Destruction (On Hit)"}

    def after_ante(self, ctx, p: int) -> None:
        f = ctx.state.fighters[p]
        seq = ctx.emit(E.FormEffectApplied(player=p, form=f.form), actor=p)
        loss = KITS[f.kit].forms[f.form].get("lose_life")
        if loss:
            lose_life(ctx, p, loss, f"{f.form.capitalize()} form", seq)

    def life_at_reveal(self, state, p: int, life: int) -> int:
        f = state.fighters[p]
        loss = KITS[f.kit].forms.get(f.form, {}).get("lose_life", 0) if f.form else 0
        return max(life - loss, min(life, 1))


RULES = Kallistar("kallistar")

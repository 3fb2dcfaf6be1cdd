"""Kallistar Flarechild: the form she is in during the ante step gives this beat's form effect."""

from .. import events as E
from ..cards import KITS


def after_ante(ctx, p: int) -> None:
    from ..effects import lose_life

    f = ctx.state.fighters[p]
    seq = ctx.emit(E.FormEffectApplied(player=p, form=f.form), actor=p)
    loss = KITS[f.kit].forms[f.form].get("lose_life")
    if loss:
        lose_life(ctx, p, loss, f"{f.form.capitalize()} form", seq)

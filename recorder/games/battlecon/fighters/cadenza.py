"""Cadenza: Iron Body. Ante one token for Stun Immunity (generic token effects; a second adds nothing), or
spend one when damage would stun him: Stun Guard infinity for the rest of the beat (WoI FAQ Cadenza); not against an
attack that ignores Stun Guard (engine 5 on: ``EffectIgnored``, the token not offered; WoI FAQ Cadenza).

Kit-registered event (kept as recorded since the first logs): ``IronBodyDecided``. Kit state: whether a token
was spent this beat."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from recorder.events import INPUT, Event
from recorder.rulings import Ruling

from .. import events as E
from ..effects import choose, spending_forbidden
from ..kit import FIRST_RULES, KitRules
from ..stats import INFINITE

TOKEN = "Iron Body"
GUARD_IGNORED = "the attack ignores Stun Guard"  # EffectIgnored.reason: the token cannot be spent against it
IGNORED = Ruling("bc-iron-body-ignored", "Iron Body against an attack that ignores Stun Guard")


@dataclass(frozen=True, slots=True)
class IronBodyDecided(Event):
    """Cadenza's choice, when damage would stun him, to spend an Iron Body token (Stun Guard infinity)."""

    KIND: ClassVar[str] = INPUT
    player: int
    spend: bool
    source: str


@dataclass(slots=True)
class Own:
    spent: bool = False  # Stun Guard infinity this beat


def _decided(state, p: int, e: IronBodyDecided) -> None:
    if e.spend:
        f = state.fighters[p]
        f.tokens.remove(TOKEN)
        f.token_discard.append(TOKEN)
        f.own.spent = True


def _beat_ended(state, p: int, e) -> None:
    state.fighters[p].own.spent = False


class Cadenza(KitRules):
    rules_aliases = {FIRST_RULES: "5f977e3b59dfa5c0a79754031acf405de13936b14e91a0a683302b342c25ff98"}  # card data and events as in battlecon-engine-3
    events = (IronBodyDecided,)
    folds = {"IronBodyDecided": _decided, "BeatEnded": _beat_ended}
    decisions = {"iron_body": ({"spend": {"type": "boolean"}}, '"spend": true or false')}
    words = {"IronBodyDecided": lambda d, n: f"{n(d['player'])} " + (
        "spends an Iron Body token: infinite stun guard for the rest of this beat" if d["spend"]
        else "keeps the Iron Body tokens")}
    cites = {"IronBodyDecided": {"woi": "Cadenza's Unique Ability (Iron Body); WoI FAQ Cadenza",
                                 "preview": "Cadenza's Unique Ability (Iron Body); Preview p.9 FAQ Cadenza"},
             "EffectIgnored": lambda d, edition: (
                 f"WoI FAQ Cadenza ('an effect that ignores Stun Guard will still take precedence'); {IGNORED.cite}"
                 if d["card"] == TOKEN and d["reason"].startswith(GUARD_IGNORED) else None)}
    card_rulings = {"*": {("power", "Feedback Field"): Ruling("bc-feedback-field", "Feedback Field"),
                          ("power", "damage taken this beat"): Ruling("bc-press", "Press")}}
    stat_events = {"IronBodyDecided": lambda d: ((d["player"], "tokens_used", ("spent", TOKEN)),) if d["spend"]
                   else ()}
    keep_on_tie = ("iron_body",)  # the greedy bot never spends a token for nothing

    def new_own(self) -> Own:
        return Own()

    def ante_options(self, state, p: int, extra: bool = False) -> list[str]:
        f = state.fighters[p]
        return [TOKEN] if TOKEN in f.tokens and TOKEN not in f.anted else []

    def ante_label(self, state, p: int, ante: str) -> str:
        return f"Ante {ante} (Stun Immunity)"

    def stun_guard(self, state, p: int):
        return (INFINITE, [(TOKEN, "infinity")]) if state.fighters[p].own.spent else None

    def prevent_stun(self, ctx, p: int, amount: int, guard: int, cause: int, guard_ignored: str | None):
        s = ctx.state
        f = s.fighters[p]
        if TOKEN not in f.tokens or f.own.spent:
            return False
        if guard_ignored:  # "The token gives him Stun Guard infinity when spent, so an effect that ignores Stun
            # Guard will still take precedence" (WoI FAQ Cadenza): not asked (engine 5 on; engine 4 asked)
            ctx.emit(E.EffectIgnored(player=p, card=TOKEN, reason=f"{GUARD_IGNORED} ({guard_ignored}): "
                                     "a spent token's Stun Guard infinity would not stop the stun"),
                     actor=p, cause=cause)
            return False
        why = spending_forbidden(s)
        if why:
            ctx.emit(E.EffectIgnored(player=p, card=TOKEN, reason=f"no tokens may be spent this beat ({why})"),
                     actor=p, cause=cause)
            return False
        opts = [{"player": p, "spend": True}, {"player": p, "spend": False}]
        pick = yield from choose(ctx, p, "iron_body", IronBodyDecided, opts,
                                 ["Spend an Iron Body token (Stun Guard infinity)", "Keep it and be stunned"],
                                 f"{amount} damage{' this beat' if s.edition == 'preview' else ''} would stun you "
                                 f"(stun guard {guard})", cause, always=True)
        if pick["spend"]:
            ctx.emit(E.StunPrevented(player=p, by=TOKEN, damage=amount, stun_guard=INFINITE), actor=p, cause=cause)
            return True
        return False

    def snapshot(self, state, p: int) -> dict:
        return {"iron_body_spent": state.fighters[p].own.spent}

    def view_key(self, state, p: int) -> tuple:
        return (state.fighters[p].own.spent,)


RULES = Cadenza("cadenza")

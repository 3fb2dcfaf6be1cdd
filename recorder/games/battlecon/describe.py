"""Plain-language text for people: describe and cite one record.

The state hooks (snapshot, redact, render_state) live in :mod:`.snapshot` and :mod:`.render`.
"""

from __future__ import annotations

from typing import Any

from . import figures, movement, stats
from . import rulings as R
from .attack import NO_DAMAGE
from .cards import KITS
from .render import board_line, render_state  # noqa: F401 - the game's state hooks live there
from .snapshot import redact, snapshot  # noqa: F401
from .state import BattleState


def _name(state: BattleState, p: int | None) -> str:
    if p is None:
        return "nobody"
    return KITS[state.sides[p]].short_name


def describe(state: BattleState, record) -> str:
    d = record.data
    t = record.type
    n = lambda p: _name(state, p)  # noqa: E731
    own = _own_words(state, t, d)
    if own is not None:
        text = own(d, n)
        if text is not None:  # None: the kit has no words of its own for this record
            return text
    fn = _TEXT.get(t) or _kit_words(state, t)
    if fn is not None:
        return fn(d, n)
    stateful = _WITH_STATE.get(t)
    if stateful is not None:
        return stateful(d, n, state)
    return f"{t} " + ", ".join(f"{k}={v}" for k, v in d.items() if k != "source")


def _tokens(tokens) -> str:
    """'a Red token', 'an Orange token', '2 Red tokens', 'Red, Blue': tokens as a person counts them."""
    names = list(dict.fromkeys(tokens))
    if len(names) == 1:
        k = len(tokens)
        article = "an" if names[0][:1] in "AEIOU" else "a"
        return f"{article} {names[0]} token" if k == 1 else f"{k} {names[0]} tokens"
    return ", ".join(tokens)


def _own_words(state: BattleState, t: str, d: dict[str, Any]):
    """The words the kit of the record's player gives its type (``KitRules.words``): they come before the shared
    text, so a kit says what a generic event (CardMoved, TokensSpent...) means for its own cards. A kit's words
    may return None for a record they do not cover: the shared text is used."""
    p = d.get("player")
    fighters = state.fighters
    if isinstance(p, int) and 0 <= p < len(fighters) and fighters[p].rules is not None:
        return fighters[p].rules.words.get(t)
    return None


def _kit_words(state: BattleState, t: str):
    """The words of a kit event the shared text does not know, from any fighter's kit in the match."""
    for f in state.fighters:
        if f.rules is not None and t in f.rules.words:
            return f.rules.words[t]
    return None


def _pair(d, p: int) -> str:
    style, base = d["styles"][p], d["bases"][p]
    return f"{style} {base}" if base else f"{style} (Finisher)"


def _move(d, n) -> str:
    who, by, other = n(d["player"]), d["by"], n(1 - d["player"])
    verb = {"advance": "advances", "retreat": "retreats", "move": "moves", "move_directly": "moves directly",
            "push": "is pushed", "pull": "is pulled", "move_opponent": "is moved", "swap": "swaps places"}
    v = verb.get(d["kind"], d["kind"])
    if d["kind"] == "swap":
        v = f"swaps places with {other}"
    dist = "" if d["kind"] in ("move_directly", "swap", "rearrange") else f" {d['distance']}"
    byw = f" by {n(by)}" if by != d["player"] and d["kind"] in ("push", "pull", "move_opponent") else ""
    if d["kind"] == "rearrange":  # a direct move, part of a Pulse's (or a card's) arrangement
        v, byw = ("moves directly", " in the rearrangement") if by == d["player"] else \
            ("is moved directly", f" by {n(by)}'s rearrangement")
    side = ""
    if d["switched_sides"] and d["kind"] in ("move_directly", "rearrange"):
        side = f", to the other side of {other} (switches sides)"
    elif d["switched_sides"] and d["kind"] != "swap":
        side = f", hops over {other} (switches sides)"
    return f"{who} {v}{dist}{byw} ({d['from_space']} → {d['to_space']}){side}"


def _moved(d, n, state: BattleState) -> str:
    """A movement; one made by an ante (an ability that moves during the ante step) says so."""
    return _move(d, n) + (" during the ante step, before the reveal" if state.phase == "ante" else "")


def _terms(text: str, total: int) -> str:
    """'Style 1 + Drive 3' from 'Style 1 + Drive 3 = 4'; a lone number means no terms."""
    body, sep, _ = text.rpartition(" = ")
    return body if sep else ("" if text == str(total) else text)


def _damage(d, n, state: BattleState) -> str:
    target, attacker = d["target"], d["player"]
    shown, ruled = figures.scalar(state, attacker, "power", d["power_terms"])
    body, _, written = shown.rpartition(" = ")
    power = f"power {d['power']}"
    if body:
        floor = f" = {written}, below 0 counts as 0 {R.DAMAGE.tag}" if written != str(d["power"]) else ""
        power += f" ({body}{floor}){ruled}"
    if d["extra"]:
        power += f" + {d['extra']} extra" + _extra_cause(d, n, state)
    soak = f"soak {d['soak']}"
    shown, ruled = figures.scalar(state, target, "soak", d["soak_terms"])
    soak_terms = _terms(shown, d["soak"])
    if soak_terms:
        soak += f" ({soak_terms}){ruled}"
    before = d["life_after"] + d["amount"]
    raw = max(d["power"] + d["extra"] - d["soak"], 0)
    # A cap on the damage from one attack (the target kit's damage_cap: DamageCapped, just before) leaves less than
    # the arithmetic; any other difference is the record's own (a forged log): its amount is shown as it is.
    rules = state.fighters[target].rules
    capped = d["amount"] < raw and rules is not None and "damage_cap" in rules.hooks
    result = f"{raw}, capped at {d['amount']}" if capped else str(d["amount"])
    return (f"{n(target)} takes {d['amount']} damage from {n(attacker)}: {power} - {soak} = {result}; "
            f"life {before} → {d['life_after']}")


def _extra_cause(d, n, state: BattleState) -> str:
    """' (X's card: +2 damage taken)': the target's cards that make it take more damage."""
    causes = list(stats.passives(state, d["target"], "extra_damage_taken"))
    if not causes or sum(item["amount"] for _, item in causes) != d["extra"]:
        return ""  # the state does not account for the recorded extra: say no more than the record
    named = ", ".join(f"{card.name}: +{item['amount']}" for card, item in causes)
    ruled = figures.tags(state, "extra", [(card.name, item["amount"]) for card, item in causes])
    return f" ({n(d['target'])}'s {named} damage taken){ruled}"


def _stun_guard(d, state: BattleState) -> str:
    """'stun guard 5 (Strike 5)', the terms re-derived from the state (when they add up to the record)."""
    guard = f"infinite ({d['by']})" if d["stun_guard"] >= stats.INFINITE else str(d["stun_guard"])
    total, terms = stats.stun_guard(state, d["player"])
    if total == d["stun_guard"] and terms and total < stats.INFINITE:
        shown = stats.format_terms(figures.base_first(state, d["player"], terms), total).rpartition(" = ")[0]
        return f"stun guard {guard} ({shown}){figures.tags(state, 'stun_guard', terms)}"
    return f"stun guard {guard}"


def _compared(d, state: BattleState) -> str:
    """The damage a stun is decided by: this attack's (WoI), everything taken this beat (Preview); the ruling
    "Stun guard" decided which, and is named where it makes a difference to the reader."""
    if state.edition == "preview":
        return f"{d['damage']} damage taken this beat {R.STUN_GUARD.tag}"
    earlier = state.fighters[d["player"]].damage_taken - d["damage"]
    return f"{d['damage']} damage" + (f" from this attack alone {R.STUN_GUARD.tag}" if earlier > 0 else "")


def _stunned(d, n, state: BattleState) -> str:
    if d["reason"] != "damage":
        if d["stun_guard"] > 0:  # engine 4 records it (engine 3 wrote 0): the effect ignores it
            return f"{n(d['player'])} is stunned (by effect, which ignores {_stun_guard(d, state)})"
        return f"{n(d['player'])} is stunned (by effect)"
    return f"{n(d['player'])} is stunned: {_compared(d, state)} > {_stun_guard(d, state)}"


def _not_stunned(d, n, state: BattleState) -> str:
    who = n(d["player"])
    if d["by"] == "stun guard":
        return f"{who} is not stunned: {_compared(d, state)} ≤ {_stun_guard(d, state)}"
    if d["stun_guard"] >= stats.INFINITE:
        return f"{who} is not stunned: {_compared(d, state)} ≤ stun guard infinite ({d['by']})"
    return f"{who} is not stunned ({d['by']})"


def _priority(d, n, state: BattleState) -> str:
    a, b = (figures.scalar(state, p, "priority", d["terms"][p]) for p in (0, 1))
    why = d["why"]
    who = f"{n(d['active'])} is active: {why}" if d["active"] is not None else f"No active player: {why}"
    return f"Priority: {n(0)} {a[0]}{a[1]}; {n(1)} {b[0]}{b[1]}. {who}"


def _chance(d, n) -> str:
    if d["purpose"] == "first_ante" and d["n"] == 2:
        # The player first, as people read it; the drawn value stays for an auditor, never as "0 = a seat".
        return f"Chance draws who antes first: {n(d['value'])} (of {n(0)} and {n(1)}; the draw's value {d['value']} of 0..1)"
    return f"Chance ({d['purpose']}): {d['value']} of 0..{d['n'] - 1}"


def _trigger(d, n) -> str:
    """"X's Drive, Before Activating: Advance 1 or 2 spaces." (the text names its window, or is given it)."""
    text = d["text"]
    window = _WINDOWS.get(d["timing"], d["timing"])
    if text.startswith(window.split()[0]):
        return f"{n(d['player'])}'s {d['card']}, {text}"
    if window.split()[0].casefold() in text[:20].casefold():  # "At Reveal an opponent on the ... has..."
        return f"{n(d['player'])}'s {d['card']}: {text}"
    return f"{n(d['player'])}'s {d['card']}, {window}: {text}"


def _recycled(d, n, state: BattleState) -> str:
    """Played pair to discard 1, discard 1 to discard 2, discard 2 (and bases covered in a clash) to hand."""
    covered = [c for c in d["to_hand"] if c in state.fighters[d["player"]].covered]
    piled = [c for c in d["to_hand"] if c not in covered]
    played = " ".join(d["discard1"]) or "nothing"
    text = f"{n(d['player'])} recycles: {played} to discard 1; discard 2 now {' '.join(d['discard2']) or 'empty'}"
    if piled:
        text += f"; {' '.join(piled)} return{'s' if len(piled) == 1 else ''} to hand from discard 2"
    if covered:
        text += f"; {', '.join(covered)} (covered in the clash) back to hand"
    return text


def _ante(d, n, state: BattleState) -> str:
    """'X antes T (+3 power)': what the token gives, from the fighter's Unique Ability."""
    who, what = n(d["player"]), d["ante"]
    if what == "pass":
        return f"{who} passes"
    fighter = state.fighters[d["player"]]
    if what == fighter.finisher:
        return f"{who} antes the Finisher {what}"
    effects = KITS[fighter.kit].token_effects.get(what, {})
    gives = ", ".join(_effect(stat, v) for stat, v in effects.items())
    return f"{who} antes {what}" + (f" ({gives} this beat)" if gives else "")


def _effect(stat: str, v: Any) -> str:
    if v is True:
        return stat.replace("_", " ").replace("immune", "immunity")
    if isinstance(v, (list, tuple)):
        return f"{stat} {v[0]:+d}~{v[1]:+d}"
    return f"{v:+d} {stat}"


_WINDOWS = {"reveal": "Reveal", "start": "Start of Beat", "before": "Before Activating", "hit": "On Hit",
            "damage": "On Damage", "after": "After Activating", "end": "End of Beat"}


def _range(d, n, state: BattleState) -> str:
    res = "in range" if d["in_range"] else "out of range"
    if d["range_min"] is None and not d["in_range"]:
        res = "a range of N/A never hits"
    dodge = f", but dodged ({d['dodge']})" if d["dodge"] else ""
    terms = figures.range_sum(state, d["player"], d["terms"])
    return f"{n(d['player'])} checks range: distance {d['distance']} vs {terms} — {res}{dodge}"


def _move_chosen(d, n, state: BattleState) -> str:
    """'Ann chooses space 3', or, for a movement of 0 ("up to N" allows it: WoI p.27, Preview p.6), who stays
    where: 'Ann stays on 5 (advance 0)', 'Ann leaves Ben on 4 (pull 0)' (fighters are named as elsewhere)."""
    p, to = d["player"], d["to"]
    me, other = state.fighters[p].position, state.fighters[1 - p].position
    if to == me:
        return f"{n(p)} stays on {me} ({_zero_move(state, p, movement.SELF_KINDS)} 0)"
    if to == other:
        return f"{n(p)} leaves {n(1 - p)} on {other} ({_zero_move(state, p, movement.OTHER_KINDS)} 0)"
    return f"{n(p)} chooses space {to}"


def _zero_move(state: BattleState, p: int, kinds: tuple[str, ...]) -> str:
    """The movement a 0 was chosen for: the one effect of the card resolving now that allows 0 ("move" when
    the state cannot tell)."""
    if state.resolving is None or state.resolving[0] != p:
        return "move"
    _, card, timing = state.resolving
    if card == "Pulse":  # Preview: push the opponent, then retreat, each 0 or more spaces (Preview p.10)
        return "retreat" if kinds == movement.SELF_KINDS else "push"
    form = state.fighters[p].form
    found = {e["op"] for c in stats.pair_cards(state, p) if c.name == card for e in c.triggers.get(timing, ())
             if e["op"] in kinds and 0 in e.get("n", ()) and stats.in_form(form, e)}
    return found.pop() if len(found) == 1 else "move"


def _spent(d, n) -> str:
    where = "is removed from the duel" if d["to"] == "removed" else "goes to discard 1"
    base = ""
    if d["base"]:
        base = f"; {d['base']} " + ("returns to hand" if d["base_to"] == "hand" else "goes to discard 1")
    return f"{n(d['player'])}'s Special Action {where}{base}"


def _marker_word(state: BattleState) -> str:
    """The word for the marker a rearrangement moves (the ``trap`` field: the first marker of the match)."""
    if not state.markers:
        return "marker"
    m = state.markers[0]
    return KITS[state.fighters[m.owner].kit].markers[m.name].get("label", m.name)


def _arrangement(d, n, state: BattleState) -> str:
    return (f"{n(d['player'])} chooses {n(0)} on {d['positions'][0]}, {n(1)} on {d['positions'][1]}"
            + (f", {_marker_word(state)} on {d['trap']}" if d["trap"] else ""))


def _rearranged(d, n, state: BattleState) -> str:
    moves = [f"{n(p)} {d['from_positions'][p]} → {d['positions'][p]}" for p in (0, 1)
             if d["from_positions"][p] != d["positions"][p]]
    if d["trap"] != d["from_trap"]:
        moves.append(f"{_marker_word(state)} {d['from_trap'] or 'off the board'} → {d['trap']}")
    return f"{n(d['player'])} rearranges the board: {', '.join(moves)}"


_TEXT = {
    "DuelStarted": lambda d, n: f"Duel {d['duel']} begins: {n(0)} on {d['positions'][0]}, {n(1)} on "
                                f"{d['positions'][1]}, {d['life'][0]} life each",
    "DiscardsSet": lambda d, n: f"{n(d['player'])}'s starting discards ({d['how']}): discard 1 "
                                f"{' '.join(d['discard1'])}, discard 2 {' '.join(d['discard2'])}",
    "DiscardsChosen": lambda d, n: f"{n(d['player'])} chooses starting discards (secret)",
    "BeatStarted": lambda d, n: f"Beat {d['beat']} begins",
    "PairSelected": lambda d, n: f"{n(d['player'])} selects {d['style']} {d['base']} (face down)",
    "PairCommitted": lambda d, n: f"{n(d['player'])} commits to a face-down pair ({d['digest'][:12]}…)",
    "AnteStarted": lambda d, n: f"Ante: {n(d['first'])} antes first — {d['why']}"
                                + (f" {R.ANTE.tag}" if "the last beat that had one" in d["why"] else ""),

    "FormEffectApplied": lambda d, n: f"{n(d['player'])} is in {d['form'].capitalize()} form this beat",
    "PairRevealed": lambda d, n: f"Reveal: {n(0)} {_pair(d, 0)} vs {n(1)} {_pair(d, 1)}",
    "TriggerResolved": _trigger,
    "EffectIgnored": lambda d, n: (f"{n(d['player'])}'s {d['card']} deals no damage: {d['reason']} {R.POWER_NA.tag}"
                                   if d["reason"].startswith(NO_DAMAGE) else
                                   f"{n(d['player'])}'s {d['card']} does nothing: {d['reason']}"),
    "TokensReturned": lambda d, n: f"{n(d['player'])}'s anted {', '.join(d['tokens'])} "
                                   f"{'return' if len(d['tokens']) > 1 else 'returns'} to the pool (no bonus)",
    "StatusGained": lambda d, n: f"{n(d['player'])} has {d['amount']:+d} {d['stat'].capitalize()} "
                                 f"{'this beat' if d['when'] == 'this' else 'during the next beat'} ({d['label']})",
    "ClashOccurred": lambda d, n: f"Clash (round {d['round']}) at priority {d['priority']}: both play a new base",
    "ClashBaseSelected": lambda d, n: f"{n(d['player'])} plays {d['base']} face down for the clash",
    "ClashRevealed": lambda d, n: f"Clash bases: {n(0)} {d['bases'][0]}, {n(1)} {d['bases'][1]}",
    "ClashBasesRecovered": lambda d, n: f"{n(d['player'])} is out of bases and picks up {', '.join(d['bases'])}",
    "ClashAbandoned": lambda d, n: f"{n(d['player'])} is out of bases: the clash ends, both skip to recycling",
    "BeatSkipped": lambda d, n: f"{n(d['player'])} has {d['reason']}: the beat ends, discards recycle",
    "AttackStarted": lambda d, n: f"{n(d['player'])} ({d['role']}) activates {d['attack']}",
    "AttackSkipped": lambda d, n: (f"{n(d['player'])} is {d['reason']} and does not activate"
                                   if d["reason"] == "stunned" else f"{n(d['player'])} does not activate ({d['reason']})"),
    "DodgeGained": lambda d, n: f"{n(d['player'])} cannot be hit this beat ({d['reason']})",
    "HitScored": lambda d, n: f"{n(d['player'])} hits {n(d['target'])}",
    "AttackMissed": lambda d, n: f"{n(d['player'])} misses: {d['reason']}",
    "LifeLost": lambda d, n: f"{n(d['player'])} loses {d['amount']} life ({d['reason']})"
                             + (f", only {d['lost']} (never below 1) {R.LIFE_LOSS.tag}" if d["lost"] != d["amount"] else "")
                             + f"; life {d['life_after'] + d['lost']} → {d['life_after']}",
    "TokenChosen": lambda d, n: f"{n(d['player'])} chooses to regain {d['token']}",
    "TokenRegained": lambda d, n: f"{n(d['player'])} regains the {d['token']} token",
    "TriggerOrderChosen": lambda d, n: f"{n(d['player'])} resolves {d['first']} first",
    "FormChanged": lambda d, n: f"{n(d['player'])} becomes {d['form'].capitalize()}",
    "BeatEnded": lambda d, n: f"Beat {d['beat']} ends: {n(0)} {d['life'][0]} life on {d['positions'][0]}, "
                              f"{n(1)} {d['life'][1]} life on {d['positions'][1]}"
                              + (f"; {d['beats_left']} beats left" if d["beats_left"] is not None else ""),
    "DuelEnded": lambda d, n: f"Duel {d['duel']} ends: " + (f"{n(d['winner'])} wins" if d["winner"] is not None
                                                            else "draw") + f" ({d['reason']}; life {n(0)} "
                              f"{d['life'][0]}, {n(1)} {d['life'][1]})",
    "MatchEnded": lambda d, n: ("Match ends: " + (f"{n(d['winner'])} wins" if d["winner"] is not None else "draw")
                                + f" (duels won: {n(0)} {d['score'][0]}, {n(1)} {d['score'][1]})"),
    "ChanceDrawn": _chance,
    # Finishers and Special Actions
    "FinisherChosen": lambda d, n: f"{n(d['player'])} chooses {d['finisher']} as Finisher (secret)",
    "FinishersRevealed": lambda d, n: f"Finishers: {n(0)} {d['finishers'][0]}, {n(1)} {d['finishers'][1]}",
    "SpecialActionRevealed": lambda d, n: f"{n(d['player'])}'s Special Action with {d['base']}: "
                                          f"{d['action'].capitalize()}!",
    "FinisherDowngraded": lambda d, n: f"{n(d['player'])}'s {d['finisher'] or 'Finisher'} becomes a Cancel "
                                       f"({d['reason']})",
    "FinisherRevealed": lambda d, n: f"{n(d['player'])} unleashes the Finisher {d['finisher']}"
                                     + (" (anted)" if d["how"] == "ante" else "") + ": it replaces the attack pair",
    "SpecialActionSpent": _spent,
    "SpecialActionsMet": lambda d, n: f"{' meets '.join(a.capitalize() for a in d['actions'])}: {d['result']}",
    "PulseResolved": lambda d, n: f"{n(d['player'])}'s Pulse negates {n(d['target'])}'s attack pair; "
                                  "straight to recycling",
    "PairCanceled": lambda d, n: f"{n(d['by'])} Cancels {n(d['player'])}'s "
                                 + (f"{' '.join(d['cards'])}: to discard 1" if d["cards"] else "anted Finisher")
                                 + "; both choose new pairs",
    "PairRetrieved": lambda d, n: f"{n(d['player'])} takes the face-down pair back into hand",
    "TokensAnted": lambda d, n: f"{n(d['player'])}'s {d['card']} antes {', '.join(d['tokens'])}",
    "RepeatDecided": lambda d, n: f"{n(d['player'])} " + ("pays to repeat the attack" if d["repeat"]
                                                          else "does not repeat the attack"),
    "RepeatEarned": lambda d, n: f"{n(d['player'])}'s {d['card']} will repeat ({d['reason']})",
    "AttackRepeated": lambda d, n: f"{n(d['player'])} repeats {d['card']} (repeat {d['repeat']})",
    "RecycleSkipped": lambda d, n: f"{n(d['player'])} does not recycle ({d['reason']})",
    "FinisherRemoved": lambda d, n: f"{n(d['player'])}'s anted {d['finisher']} is removed from the game",
    "BeatNotCounted": lambda d, n: f"Beat {d['beat']} does not count toward the beat limit ({d['reason']})",
    # The generic pieces of kits (kit_events.py)
    "TokensGained": lambda d, n: f"{n(d['player'])} gains {_tokens(d['tokens'])} ({d['reason']})",
    "TokenSpendChosen": lambda d, n: (f"{n(d['player'])} chooses to spend {d['token']}" if d["token"] != "none"
                                      else f"{n(d['player'])} chooses to spend no token"),
    "TokensSpent": lambda d, n: f"{n(d['player'])} spends {_tokens(d['tokens'])} ({d['reason']})",
    "AmountChosen": lambda d, n: f"{n(d['player'])} chooses {d['amount']}",
    "MovementLocked": lambda d, n: f"{n(d['player'])} cannot move "
                                   f"{'for the rest of this beat' if d['when'] == 'this' else 'during the next beat'}"
                                   f" ({d['reason']})",
    "ActivePlayerSet": lambda d, n: f"{n(d['player'])} becomes the Active Player ({d['reason']})",
    "ActivationEarned": lambda d, n: f"{n(d['player'])}'s {d['card']}: the attack will activate again "
                                     f"({d['reason']})",
    "ActivationRepeated": lambda d, n: f"{n(d['player'])} activates {d['card']} again (activation "
                                       f"{d['activation']})",
    "CounterChanged": lambda d, n: f"{n(d['player'])}'s {d['counter']} {d['amount']:+d} → {d['value']} "
                                   f"({d['reason']})",
    "LifeGained": lambda d, n: f"{n(d['player'])} regains {d['amount']} life ({d['reason']}); life "
                               f"{d['life_after'] - d['amount']} → {d['life_after']}",
    "LifeSwapped": lambda d, n: f"{n(d['player'])} and {n(d['other'])} swap life totals ({d['reason']}): "
                                f"{n(d['player'])} {d['other_life']} → {d['life']}, {n(d['other'])} {d['life']} → "
                                f"{d['other_life']}",
    "DamageCapped": lambda d, n: f"{n(d['player'])} would take {d['damage']} damage but takes at most {d['cap']} "
                                 f"from this attack ({d['reason']})",
    "MarkerSpaceChosen": lambda d, n: f"{n(d['player'])} chooses space {d['space']} for the {d['marker']}",
    "MarkerPlaced": lambda d, n: f"{n(d['player'])} places the {d['marker']} on {d['space']}"
                                 + ("" if d["from_space"] is None else f" (from {d['from_space']})")
                                 + f" ({d['reason']})",
    "MarkerRemoved": lambda d, n: f"{n(d['player'])}'s {d['marker']} leaves the board ({d['reason']})",
    "CardMoved": lambda d, n: f"{n(d['player'])}'s {d['card']}: {d['from_zone']} → {d['to_zone']} ({d['reason']})",
    "FigureSpaceChosen": lambda d, n: f"{n(d['player'])} chooses space {d['space']} for {d['figure']}",
    "FigurePlaced": lambda d, n: f"{n(d['player'])}'s {d['figure']} "
                                 + (f"enters the board on {d['space']}" if d["from_space"] is None
                                    else f"moves {d['from_space']} → {d['space']}") + f" ({d['reason']})",
    "FigureRemoved": lambda d, n: f"{n(d['player'])}'s {d['figure']} leaves the board from {d['from_space']} "
                                  f"({d['reason']})",
}

# Entries that need the state before the record (the cards in play), not just its payload.
_WITH_STATE = {"AnteDeclared": _ante, "FighterMoved": _moved, "CardsRecycled": _recycled, "DamageDealt": _damage,
               "ArrangementChosen": _arrangement, "FightersRearranged": _rearranged,
               "StunApplied": _stunned, "StunPrevented": _not_stunned, "PriorityCompared": _priority,
               "RangeChecked": _range, "MoveChosen": _move_chosen}

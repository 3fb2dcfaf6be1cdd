"""Plain-language text for people: describe and cite one record.

The state hooks (snapshot, redact, render_state) live in :mod:`.snapshot` and :mod:`.render`.
"""

from __future__ import annotations

from typing import Any

from . import stats
from .cards import KITS
from .render import board_line, render_state  # noqa: F401 - the game's state hooks live there
from .snapshot import redact, snapshot  # noqa: F401
from .state import BattleState


def _name(state: BattleState, p: int | None) -> str:
    if p is None:
        return "nobody"
    return KITS[state.sides[p]].name.split()[0]


def describe(state: BattleState, record) -> str:
    d = record.data
    t = record.type
    n = lambda p: _name(state, p)  # noqa: E731
    fn = _TEXT.get(t) or _kit_words(state, t, d)
    if fn is not None:
        return fn(d, n)
    stateful = _WITH_STATE.get(t)
    if stateful is not None:
        return stateful(d, n, state)
    return f"{t} " + ", ".join(f"{k}={v}" for k, v in d.items() if k != "source")


def _kit_words(state: BattleState, t: str, d: dict[str, Any]):
    """The words a kit gives its own events (``KitRules.words``): the kit of the record's player, else any
    fighter's kit in the match that has words for it."""
    p = d.get("player")
    fighters = state.fighters
    if isinstance(p, int) and 0 <= p < len(fighters) and fighters[p].rules is not None:
        fn = fighters[p].rules.words.get(t)
        if fn is not None:
            return fn
    for f in fighters:
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


def _terms(text: str, total: int) -> str:
    """'Style 1 + Drive 3' from 'Style 1 + Drive 3 = 4'; a lone number means no terms."""
    body, sep, _ = text.rpartition(" = ")
    return body if sep else ("" if text == str(total) else text)


def _damage(d, n, state: BattleState) -> str:
    target, attacker = d["target"], d["player"]
    body, _, written = d["power_terms"].rpartition(" = ")
    power = f"power {d['power']}"
    if body:
        floor = f" = {written}, below 0 counts as 0" if written != str(d["power"]) else ""
        power += f" ({body}{floor})"
    if d["extra"]:
        power += f" + {d['extra']} extra" + _extra_cause(d, n, state)
    soak = f"soak {d['soak']}"
    soak_terms = _terms(d["soak_terms"], d["soak"])
    if soak_terms:
        soak += f" ({soak_terms})"
    before = d["life_after"] + d["amount"]
    return (f"{n(target)} takes {d['amount']} damage from {n(attacker)}: {power} - {soak} = {d['amount']}; "
            f"life {before} → {d['life_after']}")


def _extra_cause(d, n, state: BattleState) -> str:
    """' (X's card: +2 damage taken)': the target's cards that make it take more damage."""
    causes = list(stats.passives(state, d["target"], "extra_damage_taken"))
    if not causes or sum(item["amount"] for _, item in causes) != d["extra"]:
        return ""  # the state does not account for the recorded extra: say no more than the record
    named = ", ".join(f"{card.name}: +{item['amount']}" for card, item in causes)
    return f" ({n(d['target'])}'s {named} damage taken)"


def _stun_guard(d, state: BattleState) -> str:
    """'stun guard 5 (Strike 5)', the terms re-derived from the state (when they add up to the record)."""
    guard = f"infinite ({d['by']})" if d["stun_guard"] >= stats.INFINITE else str(d["stun_guard"])
    total, terms = stats.stun_guard(state, d["player"])
    if total == d["stun_guard"] and terms and total < stats.INFINITE:
        return f"stun guard {guard} ({stats.format_terms(terms, total).rpartition(' = ')[0]})"
    return f"stun guard {guard}"


def _compared(d, state: BattleState) -> str:
    """The damage a stun is decided by: this attack's (WoI), everything taken this beat (Preview)."""
    return f"{d['damage']} damage" + (" taken this beat" if state.edition == "preview" else "")


def _stunned(d, n, state: BattleState) -> str:
    if d["reason"] != "damage":
        return f"{n(d['player'])} is stunned (by effect)"
    return f"{n(d['player'])} is stunned: {_compared(d, state)} > {_stun_guard(d, state)}"


def _not_stunned(d, n, state: BattleState) -> str:
    who = n(d["player"])
    if d["by"] == "stun guard":
        return f"{who} is not stunned: {_compared(d, state)} ≤ {_stun_guard(d, state)}"
    if d["stun_guard"] >= stats.INFINITE:
        return f"{who} is not stunned: {_compared(d, state)} ≤ stun guard infinite ({d['by']})"
    return f"{who} is not stunned ({d['by']})"


def _priority(d, n) -> str:
    a, b = d["terms"]
    who = f"{n(d['active'])} is active: {d['why']}" if d["active"] is not None else f"No active player: {d['why']}"
    return f"Priority: {n(0)} {a}; {n(1)} {b}. {who}"


def _chance(d, n) -> str:
    if d["purpose"] == "first_ante" and d["n"] == 2:
        return f"Chance draws who antes first: {d['value']} of 0..1 (0 = {n(0)}, 1 = {n(1)}): {n(d['value'])}"
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


def _range(d, n) -> str:
    res = "in range" if d["in_range"] else "out of range"
    if d["range_min"] is None and not d["in_range"]:
        res = "a range of N/A never hits"
    dodge = f", but dodged ({d['dodge']})" if d["dodge"] else ""
    return f"{n(d['player'])} checks range: distance {d['distance']} vs {d['terms']} — {res}{dodge}"


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
    "AnteStarted": lambda d, n: f"Ante: {n(d['first'])} antes first — {d['why']}",

    "FormEffectApplied": lambda d, n: f"{n(d['player'])} is in {d['form'].capitalize()} form this beat",
    "PairRevealed": lambda d, n: f"Reveal: {n(0)} {_pair(d, 0)} vs {n(1)} {_pair(d, 1)}",
    "TriggerResolved": _trigger,
    "EffectIgnored": lambda d, n: f"{n(d['player'])}'s {d['card']} does nothing: {d['reason']}",
    "TokensReturned": lambda d, n: f"{n(d['player'])}'s anted {', '.join(d['tokens'])} "
                                   f"{'return' if len(d['tokens']) > 1 else 'returns'} to the pool (no bonus)",
    "StatusGained": lambda d, n: f"{n(d['player'])} has {d['amount']:+d} {d['stat'].capitalize()} "
                                 f"{'this beat' if d['when'] == 'this' else 'during the next beat'} ({d['label']})",
    "PriorityCompared": _priority,
    "ClashOccurred": lambda d, n: f"Clash (round {d['round']}) at priority {d['priority']}: both play a new base",
    "ClashBaseSelected": lambda d, n: f"{n(d['player'])} plays {d['base']} face down for the clash",
    "ClashRevealed": lambda d, n: f"Clash bases: {n(0)} {d['bases'][0]}, {n(1)} {d['bases'][1]}",
    "ClashBasesRecovered": lambda d, n: f"{n(d['player'])} is out of bases and picks up {', '.join(d['bases'])}",
    "ClashAbandoned": lambda d, n: f"{n(d['player'])} is out of bases: the clash ends, both skip to recycling",
    "BeatSkipped": lambda d, n: f"{n(d['player'])} has {d['reason']}: the beat ends, discards recycle",
    "AttackStarted": lambda d, n: f"{n(d['player'])} ({d['role']}) activates {d['attack']}",
    "AttackSkipped": lambda d, n: f"{n(d['player'])} is {d['reason']} and does not activate",
    "FighterMoved": _move,
    "MoveChosen": lambda d, n: f"{n(d['player'])} chooses space {d['to']}",
    "DodgeGained": lambda d, n: f"{n(d['player'])} cannot be hit this beat ({d['reason']})",
    "RangeChecked": _range,
    "HitScored": lambda d, n: f"{n(d['player'])} hits {n(d['target'])}",
    "AttackMissed": lambda d, n: f"{n(d['player'])} misses: {d['reason']}",
    "LifeLost": lambda d, n: f"{n(d['player'])} loses {d['amount']} life ({d['reason']})"
                             + (f", only {d['lost']} (never below 1)" if d["lost"] != d["amount"] else "")
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
    "TokensGained": lambda d, n: f"{n(d['player'])} gains {', '.join(d['tokens'])} ({d['reason']})",
    "TokensSpent": lambda d, n: f"{n(d['player'])} spends {', '.join(d['tokens'])} ({d['reason']})",
    "CounterChanged": lambda d, n: f"{n(d['player'])}'s {d['counter']} {d['amount']:+d} → {d['value']} "
                                   f"({d['reason']})",
    "MarkerSpaceChosen": lambda d, n: f"{n(d['player'])} chooses space {d['space']} for the {d['marker']}",
    "MarkerPlaced": lambda d, n: f"{n(d['player'])} places the {d['marker']} on {d['space']}"
                                 + ("" if d["from_space"] is None else f" (from {d['from_space']})")
                                 + f" ({d['reason']})",
    "MarkerRemoved": lambda d, n: f"{n(d['player'])}'s {d['marker']} leaves the board ({d['reason']})",
    "CardMoved": lambda d, n: f"{n(d['player'])}'s {d['card']}: {d['from_zone']} → {d['to_zone']} ({d['reason']})",
}

# Entries that need the state before the record (the cards in play), not just its payload.
_WITH_STATE = {"AnteDeclared": _ante, "CardsRecycled": _recycled, "DamageDealt": _damage,
               "ArrangementChosen": _arrangement, "FightersRearranged": _rearranged,
               "StunApplied": _stunned, "StunPrevented": _not_stunned}

_CITES = {
    "DuelStarted": "WoI p.22, Game Setup 1-2; Preview 'Setup'",
    "DiscardsSet": "WoI p.22, Game Setup 3 (initial discards)", "DiscardsChosen": "WoI p.22, Game Setup 3",
    "PairSelected": "WoI p.23, Play Sequence 1: select attack pairs",
    "PairCommitted": "WoI p.23, Play Sequence 1: select attack pairs (face down)",
    "AnteStarted": "WoI p.24, Play Sequence 2: ante", "AnteDeclared": "WoI p.24, Play Sequence 2: ante",
    "PairRevealed": "WoI p.24, Play Sequence 3: reveal",
    "PriorityCompared": "WoI p.24, Play Sequence 3: priority; FAQ 'priority changes after the Reveal'",
    "ClashOccurred": "WoI p.24, Priority tie: Clash", "ClashBaseSelected": "WoI p.24, Clash",
    "ClashRevealed": "WoI p.24, Clash", "ClashAbandoned": "WoI p.24, Clash (out of cards)",
    "ClashBasesRecovered": "Preview p.4, Clash (out of cards)",
    "TriggerResolved": "WoI p.26-27, Triggered Effects", "TriggerOrderChosen": "WoI p.26, Resolving Effects",
    "EffectIgnored": "WoI p.28, Movement ('If a legal movement cannot be made, then the movement is ignored')",
    "AttackStarted": "WoI p.25, Active attack / 4B Reactive attack",
    "AttackSkipped": "WoI p.25, 4B Reactive attack (a stunned player skips activation)",
    "FighterMoved": "WoI p.27-28, Movement", "MoveChosen": "WoI p.27-28, Movement",
    "DodgeGained": "WoI p.30, dodge effects",
    "RangeChecked": "WoI p.25, Active attack, step 2: range; p.19-20 range arithmetic",
    "HitScored": "WoI p.25, Active attack, step 3: on hit", "AttackMissed": "WoI p.25, Active attack, step 2: range",
    "DamageDealt": "WoI p.25, Active attack, step 4: damage; p.30 Soak",
    "LifeLost": "WoI p.29, Lose Life; FAQ 'Can I die from a Life Loss effect?'",
    "StunApplied": "WoI p.25, Active attack, step 5: stun; p.28-30 Stun",
    "StunPrevented": "WoI p.28-30, Stun Guard / Stun Immunity",
    "StatusGained": "WoI p.26, Status Effects; FAQ 'How long do status effects last'",
    "TokenRegained": "WoI p.31, Tokens", "TokenChosen": "WoI p.31, Tokens",
    "CardsRecycled": "WoI p.25-26, Play Sequence 5: recycle", "BeatSkipped": "WoI p.30, Set Step (no style or base)",
    "BeatStarted": "WoI p.23, Play Sequence", "BeatEnded": "WoI p.26, Recycle (beat count)",
    "DuelEnded": "WoI p.23, Objective; p.25 step 6", "MatchEnded": "WoI p.18, Gameplay Overview (best of three)",
    "FinisherChosen": "WoI p.22, Game Setup 3 (Finishers); p.32 Variant #1",
    "FinishersRevealed": "WoI p.22, Game Setup 3; p.32 'reveal their Finishers at the start of the duel'",
    "SpecialActionRevealed": "WoI p.33, Variant #2 Special Actions; Preview p.10 'Usage'",
    "FinisherDowngraded": "WoI p.34, Finisher (7 or fewer life, otherwise a Cancel); p.32 Clashing with Finishers",
    "FinisherRevealed": "WoI p.20 Finisher Card; p.32 Using the Finisher; p.34 Finisher; Preview p.10 'Finish'",
    "SpecialActionSpent": "WoI p.33, Special Actions (removed until the end of the duel, base back to hand)",
    "SpecialActionsMet": "WoI p.33-34, Pulse / Cancel / Finisher (simultaneous specials); Preview p.10",
    "PulseResolved": "WoI p.33, Pulse; Preview p.10, Pulse",
    "ArrangementChosen": "WoI p.33, Pulse (rearrange all standups)",
    "FightersRearranged": "WoI p.33, Pulse (rearrange all standups)",
    "PairCanceled": "WoI p.33-34, Cancel", "PairRetrieved": "WoI p.32, Using the Finisher (retrieve your pair)",
    "RepeatEarned": "Finisher: repeat this attack", "AttackRepeated": "Finisher: repeat this attack",
    "RecycleSkipped": "WoI p.33 'During a Pulse or Finish Special Action, your discard piles will not recycle'; "
                      "p.32; Preview p.10",
    "FinisherRemoved": "WoI p.32, Using the Finisher (removed at the end of the beat)",
    "BeatNotCounted": "WoI p.33, Pulse ('Do not reduce the beat count')",
}


# Where one event type applies different rules depending on its payload.
_TRIGGER_CITES = {
    "reveal": "WoI p.24, Play Sequence 3: Reveal effects; p.26 Triggers 'Reveal'",
    "start": "WoI p.24-25, Start of Beat effects (Active Player first); p.26 Triggers 'Start of Beat'",
    "before": "WoI p.25, Active attack, step 1: Before Activating; p.26 Triggers",
    "hit": "WoI p.25, Active attack, step 3: On Hit; p.26 Triggers",
    "damage": "WoI p.25, Active attack, step 5: On Damage; p.26 Triggers",
    "after": "WoI p.25, Active attack, step 7: After Activating; p.26 Triggers",
    "end": "WoI p.25, Play Sequence 5: End of Beat effects (Active Player first); p.26 Triggers",
}
_MOVES = ("advance", "retreat", "move", "push", "pull")

_CITE_BY = {
    "EffectIgnored": lambda d: (_CITES["EffectIgnored"] if d["reason"].split()[0].casefold() in _MOVES
                                or "destination" in d["reason"]
                                else "WoI p.26, Triggered Effects ('All triggered effects are mandatory'); comic "
                                     "rules p.6-16: 'The only time you won't use a trigger is when you can't'"),
    "FighterMoved": lambda d: (_cite_of("FightersRearranged") if d["kind"] == "rearrange" else _CITES["FighterMoved"]),
    "AttackMissed": lambda d: ("WoI p.24, Special Ranges ('Attacks with a range of N/A never hit')"
                               if "N/A" in d["reason"] else "WoI p.25, Active attack, step 2; p.30 dodge effects"
                               if d["reason"].startswith("dodged") else _CITES["AttackMissed"]),
    "TriggerResolved": lambda d: _TRIGGER_CITES.get(d["timing"], _CITES["TriggerResolved"]),
    "AttackStarted": lambda d: ("WoI p.25, Play Sequence 4A: Active attack" if d["role"] == "active"
                                else "WoI p.25, Play Sequence 4B: Reactive attack"),
    "ChanceDrawn": lambda d: ("WoI p.24, Play Sequence 2: ante ('Starting with the Active Player during the "
                              "previous beat (or randomly, on the first turn)')" if d["purpose"] == "first_ante"
                              else None),
}


# The kits' citations of their own events and of the generic ones they alone use (fighters/__init__.py
# refuses two kits citing one event type differently).
from .fighters import CITES as _KIT_CITES  # noqa: E402

_CITES.update({"TokensGained": "WoI p.31, Tokens", "TokensSpent": "WoI p.31, Tokens",
               "CounterChanged": "the fighter's Unique Ability", "MarkerSpaceChosen": "the fighter's Unique Ability",
               "MarkerPlaced": "the fighter's Unique Ability", "MarkerRemoved": "the fighter's Unique Ability",
               "CardMoved": "the card's effect"})


def _cite_of(kind: str) -> str | None:
    return _KIT_CITES.get(kind) or _CITES.get(kind)


def cite(record) -> str | None:
    special = _CITE_BY.get(record.type)
    if special is not None:
        return special(record.data)
    return _cite_of(record.type)

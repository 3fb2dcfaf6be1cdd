"""Plain-language text for people: describe/cite one record, snapshot/redact/render a state."""

from __future__ import annotations

from typing import Any

from .cards import KITS
from .state import BattleState

SIGN = {True: "switches sides", False: ""}


def _name(state: BattleState, p: int | None) -> str:
    if p is None:
        return "nobody"
    return KITS[state.sides[p]].name.split()[0]


def describe(state: BattleState, record) -> str:
    d = record.data
    t = record.type
    n = lambda p: _name(state, p)  # noqa: E731
    fn = _TEXT.get(t)
    if fn is not None:
        return fn(d, n)
    return f"{t} " + ", ".join(f"{k}={v}" for k, v in d.items() if k != "source")


def _pair(d, p: int) -> str:
    style, base = d["styles"][p], d["bases"][p]
    return f"{style} {base}" if base else f"{style} (Finisher)"


def _move(d, n) -> str:
    who, by = n(d["player"]), d["by"]
    verb = {"advance": "advances", "retreat": "retreats", "move": "moves", "move_directly": "moves directly",
            "push": "is pushed", "pull": "is pulled", "move_opponent": "is moved", "swap": "swaps places"}
    v = verb.get(d["kind"], d["kind"])
    extra = ", switches sides" if d["switched_sides"] else ""
    dist = "" if d["kind"] in ("move_directly", "swap") else f" {d['distance']}"
    byw = f" by {n(by)}" if by != d["player"] and d["kind"] in ("push", "pull", "move_opponent") else ""
    return f"{who} {v}{dist}{byw} ({d['from_space']} → {d['to_space']}){extra}"


def _damage(d, n) -> str:
    parts = f"power {d['power']}"
    if d["extra"]:
        parts += f" + {d['extra']} extra"
    parts += f" - soak {d['soak']}"
    return (f"{n(d['target'])} takes {d['amount']} damage ({parts}; {d['power_terms']}), "
            f"life {d['life_after']}")


def _range(d, n) -> str:
    res = "in range" if d["in_range"] else "out of range"
    dodge = f", but dodged ({d['dodge']})" if d["dodge"] else ""
    return f"{n(d['player'])} checks range: distance {d['distance']} vs {d['terms']} — {res}{dodge}"


def _priority(d, n) -> str:
    a, b = d["terms"]
    return f"Priority: {n(0)} {a}; {n(1)} {b}. " + (
        f"{n(d['active'])} is active" if d["active"] is not None else "Tie: clash!")


def _spent(d, n) -> str:
    where = "is removed from the duel" if d["to"] == "removed" else "goes to discard 1"
    base = ""
    if d["base"]:
        base = f"; {d['base']} " + ("returns to hand" if d["base_to"] == "hand" else "goes to discard 1")
    return f"{n(d['player'])}'s Special Action {where}{base}"


def _rearranged(d, n) -> str:
    moves = [f"{n(p)} {d['from_positions'][p]} → {d['positions'][p]}" for p in (0, 1)
             if d["from_positions"][p] != d["positions"][p]]
    if d["trap"] != d["from_trap"]:
        moves.append(f"trap {d['from_trap'] or 'off the board'} → {d['trap']}")
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
    "AnteStarted": lambda d, n: f"Ante: {n(d['first'])} antes first ({d['why']})",
    "AnteDeclared": lambda d, n: f"{n(d['player'])} passes" if d["ante"] == "pass"
    else f"{n(d['player'])} antes {d['ante']}",
    "FormEffectApplied": lambda d, n: f"{n(d['player'])} is in {d['form'].capitalize()} form this beat",
    "PairRevealed": lambda d, n: f"Reveal: {n(0)} {_pair(d, 0)} vs {n(1)} {_pair(d, 1)}",
    "TriggerResolved": lambda d, n: f"{n(d['player'])}'s {d['card']} ({d['timing']}): {d['text']}",
    "EffectIgnored": lambda d, n: f"{n(d['player'])}'s {d['card']} does nothing: {d['reason']}",
    "TokensReturned": lambda d, n: f"{n(d['player'])}'s anted {', '.join(d['tokens'])} return to the pool (no bonus)",
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
    "TrapPlaced": lambda d, n: f"{n(d['player'])} places the Gate Trap on {d['space']}"
                               + (f" (from {d['from_space']})" if d["from_space"] else ""),
    "TrapSpaceChosen": lambda d, n: f"{n(d['player'])} chooses space {d['space']} for the trap",
    "RangeChecked": _range,
    "HitScored": lambda d, n: f"{n(d['player'])} hits {n(d['target'])}",
    "AttackMissed": lambda d, n: f"{n(d['player'])} misses: {d['reason']}",
    "DamageDealt": _damage,
    "LifeLost": lambda d, n: f"{n(d['player'])} loses {d['amount']} life ({d['reason']})"
                             + (f", only {d['lost']} (never below 1)" if d["lost"] != d["amount"] else "")
                             + f", life {d['life_after']}",
    "StunApplied": lambda d, n: f"{n(d['player'])} is stunned" + (
        f" ({d['damage']} damage > stun guard {d['stun_guard']})" if d["reason"] == "damage" else " (by effect)"),
    "StunPrevented": lambda d, n: f"{n(d['player'])} is not stunned ({d['by']}"
                                  + (f": {d['damage']} damage ≤ stun guard {d['stun_guard']})"
                                     if d["by"] == "stun guard" else ")"),
    "IronBodyDecided": lambda d, n: f"{n(d['player'])} {'spends' if d['spend'] else 'keeps'} an Iron Body token",
    "TokenChosen": lambda d, n: f"{n(d['player'])} chooses to regain {d['token']}",
    "TokenRegained": lambda d, n: f"{n(d['player'])} regains the {d['token']} token",
    "TriggerOrderChosen": lambda d, n: f"{n(d['player'])} resolves {d['first']} first",
    "FormChanged": lambda d, n: f"{n(d['player'])} becomes {d['form'].capitalize()}",
    "CardsRecycled": lambda d, n: f"{n(d['player'])} recycles: {' '.join(d['discard1']) or '(nothing)'} to discard 1"
                                  + (f", {', '.join(d['to_hand'])} back to hand" if d["to_hand"] else ""),
    "BeatEnded": lambda d, n: f"Beat {d['beat']} ends: {n(0)} {d['life'][0]} life on {d['positions'][0]}, "
                              f"{n(1)} {d['life'][1]} life on {d['positions'][1]}"
                              + (f"; {d['beats_left']} beats left" if d["beats_left"] is not None else ""),
    "DuelEnded": lambda d, n: f"Duel {d['duel']} ends: " + (f"{n(d['winner'])} wins" if d["winner"] is not None
                                                            else "draw") + f" ({d['reason']}, life "
                              f"{d['life'][0]}-{d['life'][1]})",
    "MatchEnded": lambda d, n: ("Match ends: " + (f"{n(d['winner'])} wins" if d["winner"] is not None else "draw")
                                + f" {d['score'][0]}-{d['score'][1]}"),
    "ChanceDrawn": lambda d, n: f"Chance ({d['purpose']}): {d['value']} of 0..{d['n'] - 1}",
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
    "ArrangementChosen": lambda d, n: f"{n(d['player'])} chooses {n(0)} on {d['positions'][0]}, {n(1)} on "
                                      f"{d['positions'][1]}" + (f", trap on {d['trap']}" if d["trap"] else ""),
    "FightersRearranged": _rearranged,
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
}

_CITES = {
    "DuelStarted": "WoI p.22, Game Setup 1-2; Preview 'Setup'",
    "DiscardsSet": "WoI p.22, Game Setup 3 (initial discards)", "DiscardsChosen": "WoI p.22, Game Setup 3",
    "PairSelected": "WoI p.23, Play Sequence 1: select attack pairs",
    "PairCommitted": "WoI p.23, Play Sequence 1: select attack pairs (face down)",
    "AnteStarted": "WoI p.24, Play Sequence 2: ante", "AnteDeclared": "WoI p.24, Play Sequence 2: ante",
    "FormEffectApplied": "Kallistar's Unique Ability (form during the ante step)",
    "PairRevealed": "WoI p.24, Play Sequence 3: reveal", "TokensReturned": "Hikaru: Trance (Reveal)",
    "PriorityCompared": "WoI p.24, Play Sequence 3: priority; FAQ 'priority changes after the Reveal'",
    "ClashOccurred": "WoI p.24, Priority tie: Clash", "ClashBaseSelected": "WoI p.24, Clash",
    "ClashRevealed": "WoI p.24, Clash", "ClashAbandoned": "WoI p.24, Clash (out of cards)",
    "ClashBasesRecovered": "Preview p.4, Clash (out of cards)",
    "TriggerResolved": "WoI p.26-27, Triggered Effects", "TriggerOrderChosen": "WoI p.26, Resolving Effects",
    "EffectIgnored": "WoI p.28, Movement (no legal movement is ignored)",
    "AttackStarted": "WoI p.25, Active attack / 4B Reactive attack",
    "AttackSkipped": "WoI p.25, 4B Reactive attack (a stunned player skips activation)",
    "FighterMoved": "WoI p.27-28, Movement", "MoveChosen": "WoI p.27-28, Movement",
    "DodgeGained": "WoI p.30, dodge effects", "TrapPlaced": "Khadath's Unique Ability (Gate Trap)",
    "TrapSpaceChosen": "Khadath's Unique Ability (Gate Trap)",
    "RangeChecked": "WoI p.25, Active attack, step 2: range; p.19-20 range arithmetic",
    "HitScored": "WoI p.25, Active attack, step 3: on hit", "AttackMissed": "WoI p.25, Active attack, step 2",
    "DamageDealt": "WoI p.25, Active attack, step 4: damage; p.30 Soak",
    "LifeLost": "WoI p.29, Lose Life; FAQ 'Can I die from a Life Loss effect?'",
    "StunApplied": "WoI p.25, Active attack, step 5: stun; p.28-30 Stun",
    "StunPrevented": "WoI p.28-30, Stun Guard / Stun Immunity",
    "IronBodyDecided": "Cadenza's Unique Ability (Iron Body); WoI FAQ Cadenza",
    "StatusGained": "WoI p.26, Status Effects; FAQ 'How long do status effects last'",
    "TokenRegained": "WoI p.31, Tokens", "TokenChosen": "WoI p.31, Tokens",
    "FormChanged": "Kallistar's Unique Ability (forms)",
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
    "ArrangementChosen": "WoI p.33, Pulse (rearrange all standups); Planar Crossing",
    "FightersRearranged": "WoI p.33, Pulse (rearrange all standups); Planar Crossing",
    "PairCanceled": "WoI p.33-34, Cancel", "PairRetrieved": "WoI p.32, Using the Finisher (retrieve your pair)",
    "TokensAnted": "Hikaru: Wrath of Elements (Reveal)",
    "RepeatDecided": "Kallistar: Chain of Destruction (On Hit)", "RepeatEarned": "Finisher: repeat this attack",
    "AttackRepeated": "Finisher: repeat this attack (Four Winds, Chain of Destruction)",
    "RecycleSkipped": "WoI p.33 'During a Pulse or Finish Special Action, your discard piles will not recycle'; "
                      "p.32; Preview p.10",
    "FinisherRemoved": "WoI p.32, Using the Finisher (removed at the end of the beat)",
    "BeatNotCounted": "WoI p.33, Pulse ('Do not reduce the beat count')",
}


def cite(record) -> str | None:
    return _CITES.get(record.type)


# -- snapshots ---------------------------------------------------------------------


def snapshot(s: BattleState) -> dict[str, Any]:
    fighters = []
    for p, f in enumerate(s.fighters):
        fighters.append({
            "player": p, "name": s.names[p], "fighter": f.kit, "initial": KITS[f.kit].initial,
            "position": f.position, "life": f.life,
            "hand": sorted(f.hand, key=KITS[f.kit].hand_order.index) if f.hand else [],
            "discard1": list(f.discard1), "discard2": list(f.discard2),
            "pair": None if f.style is None and f.base is None else {"style": f.style, "base": f.base,
                                                                      "covered": list(f.covered)},
            "face_down": f.style is not None and not f.revealed,
            "base_face_down": f.clash_hidden,
            "in_play": f.in_play, "removed": list(f.removed),
            "tokens": list(f.tokens), "token_discard": list(f.token_discard), "anted": list(f.anted),
            "form": f.form, "form_this_beat": f.form_at_ante,
            "statuses": [{"stat": st.stat, "amount": st.amount, "beat": st.beat, "label": st.label}
                         for st in f.statuses],
            "stunned": f.stunned, "dodge": f.dodge, "damage_taken": f.damage_taken,
            "iron_body_spent": f.iron_body,
            "finisher": f.finisher, "finisher_revealed": f.finisher_revealed,
            "finisher_removed": f.finisher_removed, "finisher_active": f.finisher_active,
            "special": f.special, "negated": f.negated,
        })
    return {
        "game": "battlecon", "edition": s.edition, "duel": s.duel, "beat": s.beat, "phase": s.phase,
        "beat_limit": s.beat_limit, "beats_counted": s.counted_beats, "score": list(s.score), "draws": s.draws,
        "special_actions": s.special_actions, "ante_finishers": s.ante_finishers,
        "trap": s.trap, "trap_owner": s.trap_owner, "active": s.active,
        "fighters": fighters, "duels": [dict(d) for d in s.duel_results], "result": s.match_result,
    }


def redact(snap: dict[str, Any], player: int | None) -> dict[str, Any]:
    """What ``player`` may know: the opponent's face-down pair (or clash base) and unrevealed Finisher side
    are hidden. The opponent's hand stays: it is inferable (every kit is public and the discards are face
    up), with a hidden pair's cards put back among its possible cards.

    ``player=None`` is the spectator's view (a shared screen, a broadcast): what neither player alone knows,
    i.e. both players' face-down choices, is hidden."""
    out = dict(snap)
    out["fighters"] = [dict(f) for f in snap["fighters"]]
    for f in out["fighters"]:
        if f["player"] != player and f["face_down"] and f["pair"] is not None:
            hidden = f["pair"]
            f["pair"] = {"style": "?", "base": "?", "covered": list(hidden["covered"])}
            f["in_play"] = ["?", "?"] + list(hidden["covered"])
            # The hidden pair's cards are back in the "possible" hand for the opponent's eyes.
            f["hand"] = sorted(f["hand"] + [hidden["style"], hidden["base"]],
                               key=KITS[f["fighter"]].hand_order.index)
            f["hand_hidden_count"] = 2
        elif f["player"] != player and f.get("base_face_down") and f["pair"] is not None:
            hidden = f["pair"]
            f["pair"] = {"style": hidden["style"], "base": "?", "covered": list(hidden["covered"])}
            f["in_play"] = [hidden["style"], "?"] + list(hidden["covered"])
            f["hand"] = sorted(f["hand"] + [hidden["base"]], key=KITS[f["fighter"]].hand_order.index)
            f["hand_hidden_count"] = 1
    for f in out["fighters"]:  # a Finisher side is secret until both are shown
        if f["player"] != player and f.get("finisher") and not f.get("finisher_revealed"):
            f["finisher"] = "?"
    out["redacted_for"] = player
    return out


def board_line(snap: dict[str, Any]) -> str:
    cells = ["."] * 7
    if snap.get("trap") is not None:
        cells[snap["trap"] - 1] = "^"
    for f in snap["fighters"]:
        if 1 <= f["position"] <= 7:
            cells[f["position"] - 1] = f["initial"]
    return "".join(cells)


def render_state(snap: dict[str, Any]) -> str:
    lines = [f"duel {snap['duel']} beat {snap['beat']}  [{board_line(snap)}]"
             + (f"  trap on {snap['trap']}" if snap.get("trap") else "")
             + f"  score {snap['score'][0]}-{snap['score'][1]}"]
    for f in snap["fighters"]:
        bits = [f"{f['initial']} {KITS[f['fighter']].name} ({f['name']}) life {f['life']} on {f['position']}"]
        bits.append(f"d1: {' '.join(f['discard1']) or '-'}")
        bits.append(f"d2: {' '.join(f['discard2']) or '-'}")
        if f["pair"]:
            bits.append(f"pair: {f['pair']['style']} {f['pair']['base']}")
        if KITS[f["fighter"]].tokens:
            bits.append(f"tokens: {', '.join(f['tokens']) or '-'}")
        if f["form"]:
            bits.append(f"form: {f['form']}")
        if f.get("finisher"):
            gone = " (used)" if f.get("finisher_removed") else ""
            bits.append(f"finisher: {f['finisher']}{gone}")
        if f.get("special"):
            bits.append(f"special: {f['special']}")
        if f["stunned"]:
            bits.append("STUNNED")
        lines.append("  " + " | ".join(bits))
    return "\n".join(lines)

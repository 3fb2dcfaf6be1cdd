"""The rule each BattleCON record applies, quoted from the edition the match is played under.

A War of Indines match cites the WoI rulebook (``battlecon-war-of-indines-rulebook.md``: its pages, comic and
FAQ), a Free Preview match the Preview rules (``battlecon-preview-rules.txt``, "p.N" being the page marker of
the transcription). A fighter's card or unique ability is the same in both. Where the Preview says nothing
(status durations, a beat without a style) its citation names the ruling of docs/rulings.md that decides,
never a WoI page: a judge of a Preview match reads only the Preview rules and our rulings. A quoted
fragment ('...') is the rulebook's own words (tests/test_explain_editions.py checks each against the text).
"""

from __future__ import annotations

from typing import Any, Callable

from recorder.citing import CiteContext

from . import rulings as R
from .attack import CANNOT_HIT, NO_DAMAGE, NO_PAIR
from .fighters import RULES
from .state import BattleState

# -- War of Indines --------------------------------------------------------------------------------------

WOI = {
    "DuelStarted": "WoI p.22, Game Setup 1-2",
    "DiscardsSet": "WoI p.22, Game Setup 3 (initial discards)", "DiscardsChosen": "WoI p.22, Game Setup 3",
    "PairSelected": "WoI p.23, Play Sequence 1: select attack pairs",
    "PairCommitted": "WoI p.23, Play Sequence 1: select attack pairs (face down)",
    "AnteStarted": "WoI p.24, Play Sequence 2: ante", "AnteDeclared": "WoI p.24, Play Sequence 2: ante",
    "PairRevealed": "WoI p.24, Play Sequence 3: reveal",
    "PriorityCompared": "WoI p.24, Play Sequence 3: priority; FAQ 'What happens if priority changes after the "
                        "Reveal?'",
    "ClashOccurred": "WoI p.24, Priority tie: Clash", "ClashBaseSelected": "WoI p.24, Clash",
    "ClashRevealed": "WoI p.24, Clash", "ClashAbandoned": "WoI p.24, Clash (out of cards)",
    "ClashBasesRecovered": R.CLASH_OUT_OF_BASES.cite,  # the Preview's rule: never in a WoI match
    "TriggerResolved": "WoI p.26-27, Triggered Effects", "TriggerOrderChosen": "WoI p.26, Resolving Effects",
    "EffectIgnored": "WoI p.28, Movement ('If a legal movement cannot be made, then the movement is ignored')",
    "AttackStarted": "WoI p.25, Active attack / 4B Reactive attack",
    "AttackSkipped": "WoI p.25, 4B Reactive attack ('A stunned player skips activation entirely')",
    "FighterMoved": "WoI p.27-28, Movement", "MoveChosen": "WoI p.27-28, Movement",
    "DodgeGained": "WoI p.30, dodge effects",
    "RangeChecked": "WoI p.25, Active attack, step 2: range; p.19-20 range arithmetic",
    "HitScored": "WoI p.25, Active attack, step 3: on hit", "AttackMissed": "WoI p.25, Active attack, step 2: range",
    "DamageDealt": "WoI p.25, Active attack, step 4: damage; p.30 Soak",
    "LifeLost": "WoI p.29, Lose Life; FAQ 'Can I die from a Life Loss effect?'",
    "StunPrevented": "WoI p.28-30, Stun Guard / Stun Immunity",
    "StatusGained": "WoI p.26, Status Effects; FAQ 'How long do status effects last'",
    "TokenRegained": "WoI p.31, Tokens", "TokenChosen": "WoI p.31, Tokens",
    "CardsRecycled": "WoI p.25-26, Play Sequence 5: recycle", "BeatSkipped": "WoI p.30, Set Step (no style or base)",
    "BeatStarted": "WoI p.23, Play Sequence", "BeatEnded": "WoI p.26, Recycle (beat count)",
    "DuelEnded": "WoI p.23, Objective; p.25 step 6", "MatchEnded": "WoI p.18, Gameplay Overview (best of three)",
    "FinisherChosen": "WoI p.22, Game Setup 3 (Finishers); p.32 Variant #1",
    "FinishersRevealed": "WoI p.22, Game Setup 3; p.32 'reveal their Finishers at the start of the duel'",
    "SpecialActionRevealed": "WoI p.33, Variant #2 Special Actions",
    "FinisherDowngraded": "WoI p.34, Finisher (7 or fewer life, otherwise a Cancel); p.32 Clashing with Finishers",
    "FinisherRevealed": "WoI p.20 Finisher Card; p.32 Using the Finisher; p.34 Finisher",
    "SpecialActionSpent": "WoI p.33, Special Actions (removed until the end of the duel, base back to hand)",
    "SpecialActionsMet": "WoI p.33-34, Pulse / Cancel / Finisher (simultaneous specials)",
    "PulseResolved": "WoI p.33, Pulse",
    "ArrangementChosen": "WoI p.33, Pulse (rearrange all standups)",
    "FightersRearranged": "WoI p.33, Pulse (rearrange all standups)",
    "PairCanceled": "WoI p.33-34, Cancel", "PairRetrieved": "WoI p.32, Using the Finisher (retrieve your pair)",
    "RepeatEarned": "Finisher: repeat this attack", "AttackRepeated": "Finisher: repeat this attack",
    "RepeatDecided": "Finisher: repeat this attack",
    "RecycleSkipped": "WoI p.33 'During a Pulse or Finish Special Action, your discard piles will not recycle'; "
                      "p.32",
    "FinisherRemoved": "WoI p.32, Using the Finisher (removed at the end of the beat)",
    "BeatNotCounted": "WoI p.33, Pulse ('Do not reduce the beat count')",
    # the kits' generic pieces
    "TokensGained": "WoI p.31, Tokens", "TokensSpent": "WoI p.31, Tokens", "TokenSpendChosen": "the card's effect",
    "TokensReturned": "the card's effect (return anted tokens to the pool)",
    "AmountChosen": "the card's effect", "ActivePlayerSet": "WoI p.24-25, the Active Player (an effect)",
    "CardChosen": "the card's effect", "OptionDecided": "the card's effect",
    "MovementLocked": "the card's effect; WoI p.27-28, Movement (restrictions apply to direct movement too); FAQ "
                      "'How long do status effects last'",
    "ActivationEarned": "WoI p.25, Active attack (the card executes it again)",
    "ActivationRepeated": "WoI p.25, Active attack, steps 1-7 again",
    "CounterChanged": "the fighter's Unique Ability", "MarkerSpaceChosen": "the fighter's Unique Ability",
    "LifeGained": f"the card's effect (regain life); {R.LIFE_GAIN.cite}",
    "LifeSwapped": "the card's effect (swap life totals)",
    "DamageCapped": "the card's effect (the most damage taken from each attack)",
    "MarkerPlaced": "the fighter's Unique Ability", "MarkerRemoved": "the fighter's Unique Ability",
    "CardMoved": "the card's effect",
    "FigureSpaceChosen": "the card's effect", "FigurePlaced": "the fighter's Unique Ability (its second standup)",
    "FigureRemoved": "the fighter's Unique Ability (its second standup)",
    "StyleShown": "the card's effect (the style is played face up)",
    "FighterEliminated": "the card's effect (the opponent is eliminated from the duel)",
}

WOI_TRIGGERS = {
    "reveal": "WoI p.24, Play Sequence 3: Reveal effects; p.26 Triggers 'Reveal'",
    "start": "WoI p.24-25, Start of Beat effects (Active Player first); p.26 Triggers 'Start of Beat'",
    "before": "WoI p.25, Active attack, step 1: Before Activating; p.26 Triggers",
    "hit": "WoI p.25, Active attack, step 3: On Hit; p.26 Triggers",
    "damage": "WoI p.25, Active attack, step 5: On Damage; p.26 Triggers",
    "after": "WoI p.25, Active attack, step 7: After Activating; p.26 Triggers",
    "end": "WoI p.25, Play Sequence 5: End of Beat effects (Active Player first); p.26 Triggers",
}

# -- Free Preview ------------------------------------------------------------------------------------------

_EXECUTE = "Preview p.5, Step 4 Execute Attacks"
PREVIEW = {
    "DuelStarted": "Preview p.3, Setup ('Place both players on spaces 2 and 6')",
    "DiscardsSet": "Preview p.3, Setup (the two discard piles at the game's start)",
    "DiscardsChosen": "Preview p.3, Setup ('Advanced players can choose which two cards they want to have in "
                      "their discard piles')",
    "PairSelected": "Preview p.4, Step 1 Select Attack Pairs",
    "PairCommitted": "Preview p.4, Step 1 Select Attack Pairs (face down)",
    "AnteStarted": f"Preview p.4, Step 2 Ante Tokens ('Players may ante tokens in any order'); {R.ANTE.cite}",
    "AnteDeclared": "Preview p.4, Step 2 Ante Tokens",
    "PairRevealed": "Preview p.4, Step 3 Reveal Attack Pairs",
    "PriorityCompared": "Preview p.4, Step 3 Reveal Attack Pairs ('check the priorities of both attacks'); p.5 "
                        "Step 4 ('The player who has higher priority after reveal effects are resolved is called "
                        "the Active Player')",
    "ClashOccurred": "Preview p.4, Step 3, CLASH ('If the total priorities tie, then a clash occurs')",
    "ClashBaseSelected": "Preview p.4, CLASH ('both players must play a new base face-down')",
    "ClashRevealed": "Preview p.4, CLASH", "ClashAbandoned": f"Preview p.4, CLASH; {R.CLASH_OUT_OF_BASES.cite}",
    "ClashBasesRecovered": "Preview p.4, CLASH ('If players run out of cards during a clash, then they pick up "
                           "all bases in the attack')",
    "TriggerResolved": "Preview p.6, Resolving Effects (triggered effects)",
    "TriggerOrderChosen": "Preview p.5 ('he chooses which order he activates them. This is true for all "
                          "triggers')",
    "EffectIgnored": "Preview p.6, Movement ('The presence of walls may preclude movement entirely. In this "
                     "case, movement is ignored')",
    "AttackStarted": f"{_EXECUTE} (Active Player first, then the Reactive Player)",
    "AttackSkipped": f"{_EXECUTE} ('A stunned player skips activation entirely')",
    "FighterMoved": "Preview p.6, Movement", "MoveChosen": "Preview p.6, Movement",
    "DodgeGained": "the card's passive effect (Preview p.6, Resolving Effects: passive effects; 'your Dash "
                   "prevents opponents from hitting you if you change sides')",

    "RangeChecked": f"{_EXECUTE}, 2: range; p.2 Styles, Range Modifier",
    "HitScored": f"{_EXECUTE}, 3: On Hit",
    "AttackMissed": f"{_EXECUTE}, 2: range",
    "DamageDealt": f"{_EXECUTE}, 3: damage ('reducing the damage taken by his own attack's Soak value'); p.7 "
                   "Common Effects: Soak",
    "LifeLost": "Preview p.5, Ending the Duel ('Other effects than damage cannot reduce a player to fewer than 1 "
                "life points'); p.9 FAQ ('characters can never die by their own effects')",
    "StunPrevented": "Preview p.6-7, Stun and Stun Guard; p.7 Common Effects: Stun Guard",
    "StatusGained": R.STATUSES.cite,  # the Preview says nothing of how long a status lasts
    "TokenRegained": "Preview p.4, Step 2 Ante Tokens ('cannot be retrieved except by the effects of that "
                     "character's styles and bases')",
    "TokenChosen": "Preview p.4, Step 2 Ante Tokens",
    "CardsRecycled": "Preview p.5, Step 5 Recycle",
    "BeatSkipped": R.NO_STYLE_OR_BASE.cite,
    "BeatStarted": "Preview p.4, Turn Sequence", "BeatEnded": "Preview p.5, Step 5 Recycle",
    "DuelEnded": "Preview p.4, Objective; p.5 Step 4, 5 ('the game immediately ends')",
    "MatchEnded": "Preview p.6 ('The first to 2 match points wins a standard match')",
    "FinisherChosen": f"Preview p.2, Overdrive Finish Attack; {R.FINISHER_CHOICE.cite}",
    "FinishersRevealed": R.FINISHER_CHOICE.cite,
    "SpecialActionRevealed": "Preview p.10, Special Actions, Usage",
    "FinisherDowngraded": "Preview p.10, Finish ('the finish becomes a Cancel instead')",
    "FinisherRevealed": "Preview p.10, Finish ('This attack replaces a character's entire attack pair')",
    "SpecialActionSpent": "Preview p.10, Usage ('it is removed from the game until the end of the duel')",
    "SpecialActionsMet": "Preview p.10, Pulse / Cancel / Finish",
    "PulseResolved": "Preview p.10, Pulse ('the opponent's entire action (even another special action) is negated "
                     "immediately')",
    "PairCanceled": "Preview p.10, Cancel",
    "PairRetrieved": R.FINISHER.cite,  # Ante Finishers (WoI Variant #1): never in a Preview match
    "RepeatEarned": "Finisher: repeat this attack", "AttackRepeated": "Finisher: repeat this attack",
    "RepeatDecided": "Finisher: repeat this attack",
    "RecycleSkipped": "Preview p.10 ('Your discard pile does not cycle the turn when a pulse is used'; Finish)",
    "FinisherRemoved": R.FINISHER.cite,  # Ante Finishers only
    "BeatNotCounted": R.BEAT_LIMIT.cite,  # the Preview has no beat limit
    # the kits' generic pieces
    "TokensGained": "Preview p.4, Step 2 Ante Tokens", "TokensSpent": "Preview p.4, Step 2 Ante Tokens",
    "TokenSpendChosen": "the card's effect", "TokensReturned": "the card's effect (return anted tokens to the pool)",
    "AmountChosen": "the card's effect", "ActivePlayerSet": "the card's effect (the Active Player)",
    "CardChosen": "the card's effect", "OptionDecided": "the card's effect",
    "MovementLocked": "the card's effect (Preview p.6, Movement)",
    "ActivationEarned": "the card's effect (the attack again)", "ActivationRepeated": "the card's effect (the attack again)",
    "CounterChanged": "the fighter's Unique Ability", "MarkerSpaceChosen": "the fighter's Unique Ability",
    "LifeGained": f"the card's effect (regain life); {R.LIFE_GAIN.cite}",
    "LifeSwapped": "the card's effect (swap life totals)",
    "DamageCapped": "the card's effect (the most damage taken from each attack)",
    "MarkerPlaced": "the fighter's Unique Ability", "MarkerRemoved": "the fighter's Unique Ability",
    "CardMoved": "the card's effect",
    "FigureSpaceChosen": "the card's effect", "FigurePlaced": "the fighter's Unique Ability (its second standup)",
    "FigureRemoved": "the fighter's Unique Ability (its second standup)",
    "StyleShown": "the card's effect (the style is played face up)",
    "FighterEliminated": "the card's effect (the opponent is eliminated from the duel)",
}

PREVIEW_TRIGGERS = {
    "reveal": "Preview p.4, Step 3 Reveal Attack Pairs ('then activate any Reveal effects they have')",
    "start": "Preview p.4 ('the Start of Beat effects of both attacks trigger, with the higher priority "
             "character's effects triggering first')",
    "before": f"{_EXECUTE}, 1: Before Activating",
    "hit": f"{_EXECUTE}, 3: On Hit",
    "damage": f"{_EXECUTE}, 4: On Damage",
    "after": f"{_EXECUTE}, 6: After Activating",
    "end": "Preview p.5, Step 5 Recycle ('If both players have End of Beat effects, the active player executes "
           "all of his effects first')",
}

TABLES = {"woi": (WOI, WOI_TRIGGERS), "preview": (PREVIEW, PREVIEW_TRIGGERS)}

# -- where one event type applies different rules depending on its payload ---------------------------------

_MOVES = ("advance", "retreat", "move", "push", "pull")


def _effect_ignored(d, edition: str, table) -> str:
    if d["reason"].startswith(NO_DAMAGE):  # a hit with power N/A (no Preview base has one)
        return (R.POWER_NA.cite if edition == "preview" else
                f"WoI p.20, Power ('Attacks with a power of N/A will not do any damage'); {R.POWER_NA.cite}")
    if d["reason"].split()[0].casefold() in _MOVES or "destination" in d["reason"]:
        return table["EffectIgnored"]
    if edition == "preview":
        return "Preview p.6, Resolving Effects ('All triggered effects are mandatory')"
    return ("WoI p.26, Triggered Effects ('All triggered effects are mandatory'); comic rules p.6-16: 'The only "
            "time you won't use a trigger is when you can't'")


def _attack_missed(d, edition: str, table) -> str:
    if "N/A" in d["reason"]:
        return ("Preview p.2, Bases ('Attacks with a range of N/A will never hit')" if edition == "preview"
                else "WoI p.24, Special Ranges ('Attacks with a range of N/A (on either side of the attack pair) never "
                     "hit opponents')")
    if d["reason"].startswith(CANNOT_HIT):
        return (f"{_EXECUTE}, 2" if edition == "preview" else "WoI p.25, Active attack, step 2") + (
            ": the attack's own card or ability says it cannot hit (not a dodge: WoI p.30 'Opponents/Attacks at range "
            f"X do not hit you' is the defender's effect); {R.CANNOT_HIT.cite}")
    if d["reason"].startswith("dodged"):
        return (f"{_EXECUTE}, 2; {PREVIEW['DodgeGained']}" if edition == "preview"
                else "WoI p.25, Active attack, step 2; p.30 dodge effects")
    return table["AttackMissed"]


def _attack_skipped(d, edition: str, table) -> str:
    """Stunned (the rulebook's one reason to skip an attack), or an effect took the attack pair out of play first."""
    if d["reason"] != NO_PAIR:
        return table["AttackSkipped"]
    step = f"{_EXECUTE}" if edition == "preview" else "WoI p.25, Play Sequence 4A-4B (each player activates their attack)"
    return (f"{step}: the effect of the card that took this attack pair out of play before it activated (its cards "
            "left play, so there is nothing to activate and none of its effects happen); not a stun")


def _attack_started(d, edition: str, table) -> str:
    if edition == "preview":
        return (f"{_EXECUTE} ('The active player activates his attack first')" if d["role"] == "active" else
                f"{_EXECUTE} ('If the reactive player is not stunned, then he may activate his attack')")
    return ("WoI p.25, Play Sequence 4A: Active attack" if d["role"] == "active"
            else "WoI p.25, Play Sequence 4B: Reactive attack")


def _stun_applied(d, edition: str, table) -> str:
    """A stun by damage happens at the damage step; "the opponent is stunned" at the On Hit step that says it."""
    if d["reason"] == "effect":
        if edition == "preview":
            return (f"{_EXECUTE}, 3: On Hit; p.9 FAQ ('always stuns, except in the case that the opponent "
                    "has Stun Immunity')")
        return ("WoI p.25, Active attack, step 3: On Hit; p.28-30 Stun, example 5 ('This is called an auto-stun "
                "effect and can stun regardless of the opponent's Stun Guard and Soak')")
    if edition == "preview":
        return (f"{_EXECUTE}, 4 ('if any damage was done, the opponent may be stunned'); p.7 Common Effects: Stun "
                f"Guard ('the total damage taken this turn'); {R.STUN_GUARD.cite}")
    return "WoI p.25, Active attack, step 5: stun; p.28-30 Stun; p.30 Stun Guard (each attack on its own)"


def _stun_prevented(d, edition: str, table) -> str:
    if d["by"].startswith("stun immunity") and edition == "preview":
        return "Preview p.8, General Questions ('Stun Immunity prevents the stun'); p.6-7 Stun and Stun Guard"
    return table["StunPrevented"]


def _priority(d, edition: str, table) -> str:
    if edition == "preview" and "after the ante step" in d["why"]:  # a tie made by a late ante (a kit's rule)
        return (f"{table['PriorityCompared']}; p.9 FAQ ('the player who originally had the highest priority "
                f"continues to have priority')")
    if "Finisher" in d["why"]:
        return ("Preview p.10, Finish ('Overdrive finishes always win priority ties without clashing')"
                if edition == "preview" else "WoI p.32, Clashing with Finishers; p.34 Finisher")
    return table["PriorityCompared"]


def _duel_ended(d, edition: str, table) -> str:
    if d["reason"] == "beat_cap":
        return R.BEAT_LIMIT.cite
    if d["reason"] == "time":
        return "WoI p.23, Objective (15 beats); " + R.BEAT_LIMIT.cite
    if d["reason"] not in ("knockout", "time", "beat_cap"):  # a card's effect ended it (a Finisher's)
        return f"the card's effect ({d['reason']}: the duel ends)"
    return table["DuelEnded"]


def _ante_order(d, edition: str, table) -> str | None:
    if d["purpose"] != "first_ante":
        return None
    if edition == "preview":
        return f"Preview p.4, Step 2 Ante Tokens ('Players may ante tokens in any order'); {R.ANTE.cite}"
    return ("WoI p.24, Play Sequence 2: ante ('Starting with the player who was Active Player during the previous "
            "beat (or randomly, on the first turn)')")


_BY_PAYLOAD: dict[str, Callable[[Any, str, dict[str, str]], str | None]] = {
    "EffectIgnored": _effect_ignored,
    "FighterMoved": lambda d, e, t: t["FightersRearranged"] if d["kind"] == "rearrange" else t["FighterMoved"],
    "AttackMissed": _attack_missed,
    "TriggerResolved": lambda d, e, t: TABLES[e][1].get(d["timing"], t["TriggerResolved"]),
    "AttackStarted": _attack_started,
    "AttackSkipped": _attack_skipped,
    "StunApplied": _stun_applied,
    "StunPrevented": _stun_prevented,
    "PriorityCompared": _priority,
    "DuelEnded": _duel_ended,
    "ChanceDrawn": _ante_order,
}


def _edition_text(found: Any, edition: str) -> Any:
    """A kit's citation: one text (or function) for both editions, or one per edition."""
    return found.get(edition) if isinstance(found, dict) else found


def _kit_cites(rules, edition: str, attr: str = "cites") -> dict[str, Any]:
    """Every citation one kit gives (``attr`` "cites": its own events and the generic ones it uses for its own
    rules; "opponent_cites": the generic ones its effects make on another fighter's records): a text, or
    ``fn(data, edition) -> text | None`` for a type the kit cites only some records of."""
    key = (rules.id, edition, attr)
    found = _KIT_TABLES.get(key)
    if found is None:
        declared = {**rules.own_cites, **rules.cites} if attr == "cites" else rules.opponent_cites
        found = {k: v for k, c in declared.items() if (v := _edition_text(c, edition)) is not None}
        _KIT_TABLES[key] = found
    return found


_KIT_TABLES: dict[tuple[str, str, str], dict[str, Any]] = {}

# A kit's own event types (its ``events``) -> the kit: its records cite that kit whoever's they are.
_EVENT_KITS = {cls.TYPE: rules for rules in RULES.values() for cls in rules.events}

# The records a WoI Pulse makes as it rearranges the fighters: the shared rule of the Pulse, whoever's kit also
# makes rearrangements (a kit whose card rearranges cites its card's records).
_PULSE_RECORDS = frozenset({"ArrangementChosen", "FightersRearranged", "FighterMoved"})

# Shared events the shared beat records as the player's own act for another fighter's effect: the other fighter's
# hook made it (StyleShown: ``style_face_up``).
_MADE_BY_THE_OTHER = frozenset({"StyleShown"})

# Records that start an effect: what they cause is that player's effect (a card's trigger, a Pulse).
_EFFECTS = frozenset({"TriggerResolved", "PulseResolved"})


def _kit_cite(kind: str, edition: str) -> str | None:
    """The citation the first kit of the roster that cites ``kind`` gives it (a text), or None: every event type
    has a citation somewhere (tests/test_explain_editions.py). A record cites through :func:`cite`."""
    for rules in RULES.values():
        found = _kit_cites(rules, edition).get(kind)
        if isinstance(found, str):
            return found
    return None


# The walk's memo of whose effect each record cited so far belongs to, by seq (:func:`_origin`): a report's, kept in
# the context the visitor that cites the log owns (recorder/citing.py), never in the match's state.
ORIGINS = "battlecon.origins"


def _origin(memo: dict[int, int | None], record) -> int | None:
    """The player whose effect ``record`` comes from, followed up its causes to the effect that started it (a
    trigger, a Pulse; a record with no cause: its actor). Learned in log order: each record's origin is kept by seq
    in ``memo`` (the walk's, :data:`ORIGINS`), so a cause is found when the records are cited in order with one
    context, as every report does; a record whose cause was not cited counts as its actor's."""
    data = record.data
    cause = getattr(record, "cause", None)
    actor = getattr(record, "actor", None)
    if record.type in _EFFECTS:
        found = data.get("player")
    elif cause is not None and cause in memo:
        found = memo[cause]
    else:
        found = actor if actor is not None else data.get("player")
    seq = getattr(record, "seq", None)
    if seq is not None:
        memo[seq] = found
    return found


def _claims(table: dict[str, Any], kind: str, data, edition: str) -> bool:
    """Whether a kit's table cites this record (a text, or a function that answers for it)."""
    found = table.get(kind)
    return isinstance(found, str) or (callable(found) and found(data, edition) is not None)


def _kit_table(state: BattleState, record, edition: str, origins: dict[int, int | None]) -> dict[str, Any]:
    """The kit citations that apply to ``record``: those of the kit that caused it.

    A kit's own event: that kit's. A Pulse's rearrangement: none (the shared rule of the Pulse). A record of a player
    that another fighter made (its actor: a lock put on them), or that comes from another fighter's effect (a base
    they choose and discard for its card), when that fighter's ``opponent_cites`` cite it. A record another fighter
    made never cites the player's kit; anything else, the player's own kit (its ability may answer an opponent's
    card: "ignore this movement"). Never a kit of another match, never a kit that did not cause the record, never
    several joined."""
    kind = record.type
    started = _origin(origins, record)
    owner = _EVENT_KITS.get(kind)
    if owner is not None:
        return _kit_cites(owner, edition)
    resolving = state.resolving
    if kind in _PULSE_RECORDS and resolving is not None and resolving[2] == "pulse":
        return {}
    fighters = state.fighters
    data = record.data
    p = data.get("player")
    if not isinstance(p, int) or not 0 <= p < len(fighters):
        return {}
    actor = getattr(record, "actor", None)
    made_by = 1 - p if kind in _MADE_BY_THE_OTHER and len(fighters) == 2 else actor
    others = [q for q in (made_by, started) if isinstance(q, int) and q != p and 0 <= q < len(fighters)]
    for q in dict.fromkeys(others):
        theirs = _kit_cites(fighters[q].rules, edition, "opponent_cites")
        if kind in _BY_PAYLOAD and q == made_by or _claims(theirs, kind, data, edition):
            return theirs
    if others and others[0] == made_by:
        return {}  # another fighter's act on the player: never the player's own kit
    return _kit_cites(fighters[p].rules, edition)


def cite(state: BattleState, record, context: CiteContext) -> str | None:
    """The rule ``record`` applies, in the rulebook of the match's edition (``state.edition``); ``context`` is the
    walk's (the records before it were cited with it, in log order).

    The citation of the kit that caused the record, when it cites that type (:func:`_kit_table`): two kits use one
    generic event (``CardMoved``, ``CounterChanged``...) for their own cards, each record cites its own kit's rule;
    a lock one fighter's card puts on the other cites that card. Else the shared text of the event (a generic
    event's generic rule: "the card's effect").
    """
    edition = state.edition if state.edition in TABLES else "woi"
    kind = record.type
    texts = _kit_table(state, record, edition, context.memo(ORIGINS, dict))
    shared = TABLES[edition][0]
    found = texts.get(kind)
    if callable(found):  # a kit citing some records of a type (its own ability's): None for the others
        found = found(record.data, edition)
        if found is not None:
            return found
    special = _BY_PAYLOAD.get(kind)
    if special is not None:
        strings = {k: v for k, v in texts.items() if isinstance(v, str)}
        return special(record.data, edition, {**shared, **strings} if strings else shared)
    return found if found is not None else shared.get(kind)

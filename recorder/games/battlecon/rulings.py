"""The BattleCON rulings (docs/rulings.md, section BattleCON) that reports cite by name."""

from __future__ import annotations

from recorder.rulings import Ruling

from .fighters import CARD_RULINGS

BEAT_LIMIT = Ruling("bc-beat-limit", "Beat limit")
WALLS = Ruling("bc-walls", "Walls")
CLASH_OUT_OF_BASES = Ruling("bc-clash-out-of-bases", "Clash out of bases")
ZERO_DAMAGE = Ruling("bc-zero-damage-hits", "Zero-damage hits")
STUN_GUARD = Ruling("bc-stun-guard", "Stun guard")
PREVIEW_STUN_EXAMPLES = Ruling("bc-preview-stun-examples", "Preview stun examples")
STARTING_DISCARDS = Ruling("bc-starting-discards", "Starting discards")
MATCH = Ruling("bc-match", "Match")
ANTE = Ruling("bc-ante", "Ante")
RANGE_ARITHMETIC = Ruling("bc-range-arithmetic", "Range arithmetic")
DAMAGE = Ruling("bc-damage", "Damage")
LIFE_LOSS = Ruling("bc-life-loss", "Life loss")
LIFE_GAIN = Ruling("bc-life-gain", "Life gain")
POWER_NA = Ruling("bc-power-na", "Power N/A")
CANNOT_HIT = Ruling("bc-cannot-hit", "Cannot hit")
STUN = Ruling("bc-stun", "Stun")
PRIORITY = Ruling("bc-priority", "Priority")
CLASH = Ruling("bc-clash", "Clash")
TRIGGERS = Ruling("bc-triggers", "Triggers")
MOVEMENT = Ruling("bc-movement", "Movement")
STATUSES = Ruling("bc-statuses", "Statuses")
NO_STYLE_OR_BASE = Ruling("bc-no-style-or-base", "Beat with no style or no base in hand")
FINISHER_CHOICE = Ruling("bc-finisher-choice", "Finisher choice")
FINISHER_CONDITIONS = Ruling("bc-finisher-conditions", "Finisher conditions")
SPECIAL_ACTION_CARD = Ruling("bc-special-action-card", "Special Action card")
PULSE_WOI = Ruling("bc-pulse-woi", "Pulse")
PULSE_PREVIEW = Ruling("bc-pulse-preview", "Pulse")
CANCEL_WOI = Ruling("bc-cancel-woi", "Cancel")
CANCEL_PREVIEW = Ruling("bc-cancel-preview", "Cancel")
FINISHER = Ruling("bc-finisher", "Finisher")
FINISHER_EFFECTS = Ruling("bc-finisher-effects", "Finisher effects")

# Card values a ruling decided (where a source or a printed example gives another number): a term of a figure
# -> the ruling, by (stat, the term's label), per edition ("*": both). The shared ones are here; each kit adds
# its own (KitRules.card_rulings).
CARD_VALUES: dict[str, dict[tuple[str, str], Ruling]] = {
    # The Preview's stun examples 3 and 5 give the Strike pairs "Stun Guard 4": the engine follows the cards (5).
    "preview": {("stun_guard", "Strike"): PREVIEW_STUN_EXAMPLES},
}


def card_value(edition: str, stat: str, label: str) -> Ruling | None:
    """The ruling that decided a term's value, if one did (``label`` as a figure's terms name it; a status's
    "<card> (3 soaked × 2)" counts as its card)."""
    card = label.split(" (")[0]
    for table in (CARD_VALUES, CARD_RULINGS):
        found = table.get(edition, {}).get((stat, card)) or table.get("*", {}).get((stat, card))
        if found is not None:
            return found
    return None

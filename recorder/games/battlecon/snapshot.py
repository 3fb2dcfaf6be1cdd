"""A BattleCON state as JSON-native data, whole or as one player (or a spectator) could know it."""

from __future__ import annotations

from typing import Any

from .cards import KITS, hand_rank
from .state import BattleState


def snapshot(s: BattleState) -> dict[str, Any]:
    fighters = []
    for p, f in enumerate(s.fighters):
        fighters.append({
            "player": p, "name": s.names[p], "fighter": f.kit, "initial": KITS[f.kit].initial,
            "position": f.position, "life": f.life,
            "hand": sorted(f.hand, key=lambda c: hand_rank(f.kit, c)) if f.hand else [],
            "discard1": list(f.discard1), "discard2": list(f.discard2),
            "pair": None if f.style is None and f.base is None else {"style": f.style, "base": f.base,
                                                                      "covered": list(f.covered)},
            "face_down": f.style is not None and not f.revealed,
            "base_face_down": f.clash_hidden,
            "in_play": f.in_play, "removed": list(f.removed),
            "tokens": list(f.tokens), "token_discard": list(f.token_discard), "anted": list(f.anted),
            "form": f.form, "form_this_beat": f.form_at_ante,
            "counters": dict(f.counters), "zones": {k: list(v) for k, v in f.zones.items()},
            "statuses": [{"stat": st.stat, "amount": st.amount, "beat": st.beat, "label": st.label}
                         for st in f.statuses],
            "stunned": f.stunned, "dodge": f.dodge, "damage_taken": f.damage_taken,
            "finisher": f.finisher, "finisher_revealed": f.finisher_revealed,
            "finisher_removed": f.finisher_removed, "finisher_active": f.finisher_active,
            "special": f.special, "negated": f.negated,
            # "Cannot move" this beat or the next (MovementLocked), only while there is one.
            **({"cannot_move": [{"beat": b, "label": why} for b, why in f.locks]} if f.locks else {}),
            # A kit's secret ante decision (a guess), only while there is one; a style played face up.
            **({"secret": {"name": f.secret[0], "choice": f.secret[1], "revealed": f.secret_shown}}
               if f.secret is not None else {}),
            **({"style_shown": True} if f.style_shown else {}),
            **({"eliminated": f.eliminated} if f.eliminated else {}),  # by an instant win, whatever the life
            **f.rules.snapshot(s, p),  # what the kit shows of its own state
        })
    return {
        "game": "battlecon", "edition": s.edition, "duel": s.duel, "beat": s.beat, "phase": s.phase,
        "beat_limit": s.beat_limit, "beats_counted": s.counted_beats, "score": list(s.score), "draws": s.draws,
        "special_actions": s.special_actions, "ante_finishers": s.ante_finishers,
        "markers": [{"owner": m.owner, "name": m.name, "space": m.space} for m in s.markers],
        "figures": [_figure(s, fig) for fig in s.extra_figures],
        "active": s.active,
        "fighters": fighters, "duels": [dict(d) for d in s.duel_results], "result": s.match_result,
    }


def _figure(s: BattleState, fig) -> dict[str, Any]:
    """An extra figure as shown: its owner, name and space (0: off the board), and its life when a counter of its
    kit is its life (card data ``figures``)."""
    out = {"owner": fig.owner, "name": fig.name, "space": fig.space}
    f = s.fighters[fig.owner]
    life = KITS[f.kit].figures.get(fig.name, {}).get("life")
    if life is not None:
        out["life"] = f.counters[life]
    return out


def redact(snap: dict[str, Any], player: int | None) -> dict[str, Any]:
    """What ``player`` may know: the opponent's face-down pair (or clash base, or only its base when its style
    is face up), secret ante decision and unrevealed Finisher side are hidden. The opponent's hand stays: it is
    inferable (every kit is public and the discards are face up), with a hidden pair's cards put back among its
    possible cards.

    ``player=None`` is the spectator's view (a shared screen, a broadcast): what neither player alone knows,
    i.e. both players' face-down choices, is hidden."""
    out = dict(snap)
    out["fighters"] = [dict(f) for f in snap["fighters"]]
    for f in out["fighters"]:
        if f["player"] != player and f["face_down"] and f["pair"] is not None and not f.get("style_shown"):
            hidden = f["pair"]
            f["pair"] = {"style": "?", "base": "?", "covered": list(hidden["covered"])}
            f["in_play"] = ["?", "?"] + list(hidden["covered"])
            # The hidden pair's cards are back in the "possible" hand for the opponent's eyes.
            f["hand"] = sorted(f["hand"] + [hidden["style"], hidden["base"]],
                               key=lambda c, fid=f["fighter"]: hand_rank(fid, c))
            f["hand_hidden_count"] = 2
        elif f["player"] != player and (f.get("base_face_down") or f.get("style_shown") and f["face_down"]) \
                and f["pair"] is not None:
            hidden = f["pair"]
            f["pair"] = {"style": hidden["style"], "base": "?", "covered": list(hidden["covered"])}
            f["in_play"] = [hidden["style"], "?"] + list(hidden["covered"])
            f["hand"] = sorted(f["hand"] + [hidden["base"]], key=lambda c, fid=f["fighter"]: hand_rank(fid, c))
            f["hand_hidden_count"] = 1
    for f in out["fighters"]:  # a kit's secret ante decision is face down until the pairs are revealed
        if f["player"] != player and "secret" in f and not f["secret"]["revealed"]:
            f["secret"] = {**f["secret"], "choice": "?"}
    for f in out["fighters"]:  # a Finisher side is secret until both are shown
        if f["player"] != player and f.get("finisher") and not f.get("finisher_revealed"):
            f["finisher"] = "?"
    out["redacted_for"] = player
    return out

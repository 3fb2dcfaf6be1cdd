"""A BattleCON snapshot as text: the board line, then each fighter's life, piles, hand and pair.

The same function renders the full state and a redacted one (``redacted_for``
set by :func:`describe.redact`): a redacted opponent's face-down pair reads
"face down (unknown to you)", and its hand reads as what the viewer can infer
-- every card that is neither in a discard pile, in play nor removed -- with
the count of those cards that are really the hidden pair ("could hold: ...").
"""

from __future__ import annotations

from typing import Any

from .cards import KITS
from .fighters import RULES

HIDDEN = "?"


def _marker_hint(snap: dict[str, Any], m: dict[str, Any]) -> dict[str, Any]:
    """A marker's drawing hints from its kit's card data (``markers``: glyph, label)."""
    fighter = snap["fighters"][m["owner"]]["fighter"]
    return KITS[fighter].markers.get(m["name"], {})


def _figure_hint(snap: dict[str, Any], fig: dict[str, Any]) -> dict[str, Any]:
    """An extra figure's drawing hints from its kit's card data (``figures``: glyph, label)."""
    fighter = snap["fighters"][fig["owner"]]["fighter"]
    return KITS[fighter].figures.get(fig["name"], {})


def board_line(snap: dict[str, Any]) -> str:
    cells = ["."] * 7
    for m in snap.get("markers", ()):
        if m["space"] is not None:
            cells[m["space"] - 1] = _marker_hint(snap, m).get("glyph", "*")
    for fig in snap.get("figures", ()):
        if 1 <= fig["space"] <= 7:
            cells[fig["space"] - 1] = _figure_hint(snap, fig).get("glyph", fig["name"][:1].lower())
    for f in snap["fighters"]:
        if 1 <= f["position"] <= 7:
            cells[f["position"] - 1] = f["initial"]
    return "".join(cells)


def render_state(snap: dict[str, Any]) -> str:
    where = "".join(f"  {_marker_hint(snap, m).get('label', m['name'])} on {m['space']}"
                    for m in snap.get("markers", ()) if m["space"])
    where += "".join(f"  {fig['name']} " + (f"on {fig['space']}" if fig["space"] else "off the board")
                     + (f" (life {fig['life']})" if "life" in fig else "") for fig in snap.get("figures", ()))
    lines = [f"duel {snap['duel']} beat {snap['beat']}  [{board_line(snap)}]" + where
             + f"  score {snap['score'][0]}-{snap['score'][1]}"]
    viewer = snap.get("redacted_for", False)  # False: the full state; None: a spectator; else a seat
    for f in snap["fighters"]:
        lines.append("  " + " | ".join(_summary(f, viewer)))
        lines.append("      " + _hand(f, viewer))
        extra = _extras(f, snap["beat"])
        if extra:
            lines.append("      " + " | ".join(extra))
    return "\n".join(lines)


def _summary(f: dict[str, Any], viewer: Any) -> list[str]:
    bits = [f"{f['initial']} {KITS[f['fighter']].name} ({f['name']}) life {f['life']} on {f['position']}",
            f"d1: {' '.join(f['discard1']) or '-'}", f"d2: {' '.join(f['discard2']) or '-'}"]
    if f["pair"]:
        bits.append("pair: " + _pair(f, viewer))
    if KITS[f["fighter"]].tokens:
        spent = f" (discarded: {', '.join(f['token_discard'])})" if f.get("token_discard") else ""
        bits.append(f"tokens: {', '.join(f['tokens']) or '-'}{spent}")
    if f["form"]:
        bits.append(f"form: {f['form']}")
    for name, value in f.get("counters", {}).items():
        bits.append(f"{name}: {value}")
    for name, cards in f.get("zones", {}).items():
        if cards:
            bits.append(f"{name}: {', '.join(cards)}")
    bits += RULES[f["fighter"]].summary(f)  # the kit's own words for what it shows
    if f.get("finisher"):
        if f["finisher"] == HIDDEN:
            bits.append("finisher: chosen face down (unknown to you)")
        else:
            gone = " (used)" if f.get("finisher_removed") else ""
            bits.append(f"finisher: {f['finisher']}{gone}")
    if f.get("special"):
        bits.append(f"special: {f['special']}")
    if f["stunned"]:
        bits.append("STUNNED")
    if f.get("eliminated"):
        bits.append(f"ELIMINATED ({f['eliminated']})")
    return bits


def _pair(f: dict[str, Any], viewer: Any) -> str:
    pair = f["pair"]
    covered = f" (covering {', '.join(pair['covered'])})" if pair.get("covered") else ""
    if pair["style"] == HIDDEN:
        return "face down (unknown to you)"
    if pair["base"] == HIDDEN and f.get("style_shown"):
        return f"{pair['style']} (style face up) + a face-down base (unknown to you){covered}"
    if pair["base"] == HIDDEN:
        return f"{pair['style']} + a face-down clash base (unknown to you){covered}"
    text = f"{pair['style']} {pair['base']}" if pair["base"] else f"{pair['style']} (Finisher)"
    if f.get("face_down"):
        hidden_from = " (face down; hidden from the opponent)" if viewer is not False else " (face down)"
        if f.get("style_shown"):
            hidden_from = hidden_from.replace("face down", "face down, the style face up").replace(
                "hidden from", "the base hidden from")
        return text + hidden_from + covered
    if f.get("base_face_down"):
        return text + " (clash base face down)" + covered
    return text + covered


def _hand(f: dict[str, Any], viewer: Any) -> str:
    """The hand, split into styles and bases; for a redacted opponent, the cards it could hold."""
    cards = KITS[f["fighter"]].cards
    hand = list(f["hand"])
    listed = _cards(hand, cards)
    hidden = f.get("hand_hidden_count", 0)
    if viewer is False or viewer == f["player"]:
        return f"hand: {listed}"
    if hidden:
        what = ("the face-down pair" if hidden == 2 else "the face-down base" if f.get("style_shown")
                else "the face-down clash base")
        unknown = f"{hidden} card{'s' if hidden != 1 else ''} unknown to you: {what}"
        return f"could hold: {listed} ({unknown})"
    return f"hand: {listed} (known to you: every other card is in a discard pile or in play)"


def _cards(names: list[str], cards: dict[str, Any]) -> str:
    styles = [n for n in names if n in cards and cards[n].kind == "style"]
    bases = [n for n in names if n in cards and cards[n].kind == "base"]
    other = [n for n in names if n not in styles and n not in bases]
    parts = []
    if styles:
        parts.append("styles " + ", ".join(styles))
    if bases:
        parts.append("bases " + ", ".join(bases))
    if other:
        parts.append(", ".join(other))
    return "; ".join(parts) or "(empty)"


def _extras(f: dict[str, Any], beat: int) -> list[str]:
    """What this beat has added: anted tokens, statuses, damage taken, a dodge; removed cards."""
    out = []
    if f.get("anted"):
        out.append(f"anted: {', '.join(f['anted'])}")
    for st in f.get("statuses", []):
        if st["beat"] < beat:
            continue  # spent
        out.append(f"{st['amount']:+d} {st['stat']} in beat {st['beat']} ({st['label']})")
    for lock in f.get("cannot_move", ()):
        if lock["beat"] >= beat:
            out.append(f"cannot move in beat {lock['beat']} ({lock['label']})")
    secret = f.get("secret")
    if secret:  # a kit's secret ante decision (a base named face down)
        choice = secret["choice"]
        out.append(f"{secret['name']}: " + ("chosen face down (unknown to you)" if choice == HIDDEN else
                                            ("named nothing" if choice == "none" else f"named {choice}")
                                            + ("" if secret["revealed"] else " (face down)")))
    if f.get("damage_taken"):
        out.append(f"damage taken this beat: {f['damage_taken']}")
    if f.get("dodge"):
        out.append("cannot be hit this beat")
    if f.get("removed"):
        out.append(f"removed: {', '.join(f['removed'])}")
    return out

"""A roster of the starter kit for ``beatlog sides --game skirmish``: its characters, their statistics,
weapon, skills and movement deck, as data and text."""

from __future__ import annotations

from typing import Any

from recorder.errors import InvalidDecision

from .kit import starter_kit
from .setup import roster


def side_info(side: str) -> dict[str, Any]:
    """A roster (``vanguard``) or ``+``-joined characters of the starter kit (raises InvalidDecision)."""
    kit = starter_kit()
    keys = roster(kit, side)
    chars = []
    for key in keys:
        ch = kit["characters"][key]
        weapon = kit["weapons"].get(ch["weapon"]) if ch["weapon"] else None
        chars.append({"id": key, **ch,
                      "weapon": None if weapon is None else {"id": ch["weapon"], **weapon},
                      "skills": [{"id": s, **kit["skills"][s]} for s in ch["skills"]]})
    if not chars:
        raise InvalidDecision(f"side {side!r} names no character")
    return {"id": side, "kit": kit["name"], "characters": chars}


def render_side(info: dict[str, Any]) -> str:
    lines = [f"{info['id']} ({info['kit']}, beatlog's own sample content)"]
    for ch in info["characters"]:
        weapon = ch["weapon"]
        arm = f"{weapon['name']} (range {weapon['range']})" if weapon else "fists (range 1)"
        lines.append(f"  {ch['name']}: HP {ch['hp']}, SP {ch['sp']}, ATK {ch['atk']}, DEF {ch['def']}, AGI {ch['agi']}; "
                     f"{arm}; movement deck {ch['movement']}")
        for s in ch["skills"]:
            lines.append(f"    {s['name']}: {', '.join(s['keywords'])}; {s['sp']} SP, cooldown {s['cooldown']}, range "
                         f"{s['range']}" + (f", {s['dice']} dice" if s["dice"] else "")
                         + "; " + (", ".join(f"{e['effect']} {e['value']}" for e in s["effects"]) or "no effect")
                         + ("; critical: " + ", ".join(f"{e['effect']} {e['value']}" for e in s["critical"])
                            if s["critical"] else ""))
    return "\n".join(lines)

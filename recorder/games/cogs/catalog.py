"""A ready fleet for ``beatlog sides --game cogs``: its cogs, crews and points, as data and text."""

from __future__ import annotations

from typing import Any

from .fleet import cog_points, fleet_points, ready_fleet
from .tables import COG_TYPES


def side_info(key: str) -> dict[str, Any]:
    """A ready fleet (``lions``...) with its points per cog and in all (raises UnknownSide)."""
    fleet = ready_fleet(key)
    cogs = [{**cog, "points": cog_points(cog)} for cog in fleet["cogs"]]
    return {"id": key, "name": fleet["name"], "points": fleet_points(fleet), "cogs": cogs}


def render_side(info: dict[str, Any]) -> str:
    lines = [f"{info['id']}: {info['name']} ({info['points']} points)"]
    for cog in info["cogs"]:
        kind = COG_TYPES[cog["type"]]
        lines.append(f"  {cog['name']}: {kind.title}, hull {kind.hull}, {cog['points']} points")
        for ballista in cog.get("ballistae", []):
            lines.append(f"    ballista on the {ballista['deck']} deck, pointed {ballista['side']}")
        for group in cog["crew"]:
            lines.append(f"    {group['deck']:<5}  {group['count']} × {_profile(group)}")
        leader = cog.get("leader")
        if leader:
            lines.append(f"    {leader['deck']:<5}  the leader ({leader['hero_upgrade']})")
    return "\n".join(lines)


def _profile(group: dict[str, Any]) -> str:
    parts = (["hero"] if group.get("hero") else []) + list(group.get("upgrades", []))
    if group.get("hero_upgrade"):
        parts.append(group["hero_upgrade"])
    return "+".join(parts) or "basic"

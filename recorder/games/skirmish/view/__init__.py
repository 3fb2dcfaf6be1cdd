"""How the viewer draws a grid skirmish match: the ``VIEW`` hook (see ``viewer/gameview.py``).

``board.js`` draws the 10×14 grid from above -- team zones, obstacles, towers and obelisks, each character
as a disc in its player's colour with an arrow for its facing, its HP, its statuses and the path of its
move this turn -- and a card per character (HP, SP, statistics, statuses, items, movement deck); a
face-down movement card shows only to its own player. ``board.css`` styles it; both work at phone width.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from recorder.header import Header

from ..board import HEIGHT, WIDTH, ZONE_DEPTH
from ..scenarios import SCENARIOS
from ..state import SkirmishState

HERE = Path(__file__).parent


@dataclass(frozen=True)
class SkirmishView:
    name: str = "skirmish"
    js: Path = HERE / "board.js"
    css: Path = HERE / "board.css"

    def static(self, header: Header) -> dict[str, Any]:
        kit = header.options.get("kit") if isinstance(header.options.get("kit"), dict) else {}
        scenario = header.options.get("scenario", "skirmish")
        return {
            "grid": [WIDTH, HEIGHT], "zone_depth": ZONE_DEPTH, "seats": len(header.players),
            "scenario": SCENARIOS[scenario].title if scenario in SCENARIOS else str(scenario),
            "items": {k: v.get("name", k) for k, v in kit.get("items", {}).items()},
            "skills": {k: v.get("name", k) for k, v in kit.get("skills", {}).items()},
            "weapons": {k: v.get("name", k) for k, v in kit.get("weapons", {}).items()},
        }

    def extras(self, state: SkirmishState) -> dict[str, Any] | None:
        return None

    def series(self, snapshot: dict[str, Any]) -> dict[str, list[int]]:
        seats = range(len(snapshot["players"]))
        hp = [sum(c["hp"] for c in snapshot["characters"] if c["owner"] == p and c["alive"]) for p in seats]
        standing = [sum(1 for c in snapshot["characters"] if c["owner"] == p and c["alive"] and not c["recovering"])
                    for p in seats]
        return {"HP": hp, "Standing": standing}


VIEW = SkirmishView()

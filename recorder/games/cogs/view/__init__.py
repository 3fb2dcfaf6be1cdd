"""How the viewer draws Cogs of Valor: the ``VIEW`` hook (see ``viewer/gameview.py``).

``board.js`` draws the play surface from above -- islands, each cog as a hull
shaped by its type and turned to its heading, grapples, the wind -- and a
panel per player and per cog (hull, fire, crews by deck, hold, ballistae);
``board.css`` styles it. The Python side adds what a snapshot does not say
directly: the cog types' sizes (once per match), per-player totals each frame,
and a compact crew list (groups instead of one entry per crewmember).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from recorder.envelope import Record
from recorder.header import Header

from ..setup import ISLAND_RADIUS
from ..state import CogsState
from ..tables import COG_TYPES, DECKS, ISLAND_REACH, TENTH
from ..fleet import ready_fleet, ready_fleets
from . import timeline

HERE = Path(__file__).parent


@dataclass(frozen=True)
class CogsView:
    name: str = "cogs"
    js: Path = HERE / "board.js"
    css: Path = HERE / "board.css"

    def static(self, header: Header) -> dict[str, Any]:
        fleets = header.options.get("fleets") or []
        return {
            "fleets": [f.get("name") if isinstance(f, dict) else None for f in fleets],
            "types": {k: {"title": t.title, "hull": t.hull, "radius": t.radius, "large": t.large,
                          "decks": [d for d in DECKS if t.decks.get(d)]}
                      for k, t in COG_TYPES.items()},
            "island_radius": ISLAND_RADIUS, "island_reach": ISLAND_REACH * TENTH, "tenth": TENTH,
            "cog_match": bool(header.options.get("cog_match", False)),
            "turns": header.options.get("turns", 12),
        }

    def extras(self, state: CogsState) -> dict[str, Any] | None:
        # Public totals per player (every perspective sees the same decks and hulls).
        totals = []
        for player in range(len(state.players)):
            afloat = [c for c in state.afloat() if c.owner == player]
            crew = [c for c in state.crew.values() if c.owner == player and c.captive_of is None and c.alive
                    and not state.cogs[c.cog].sunk]
            captives = [c for c in state.crew.values() if c.captive_of == player]
            totals.append({"cogs": len(afloat), "hull": sum(c.hull for c in afloat),
                           "max_hull": sum(c.max_hull for c in afloat), "crew": len(crew),
                           "captives": len(captives), "in_play": state.in_play(player)})
        return {"totals": totals}

    def series(self, snapshot: dict[str, Any]) -> dict[str, list[int]]:
        players = range(len(snapshot["players"]))
        sunk = {c["id"] for c in snapshot["cogs"] if c["sunk"]}
        crew = [sum(1 for c in snapshot["crew"] if c["owner"] == p and c["captive_of"] is None
                    and c["fate"] is None and c["cog"] not in sunk) for p in players]
        hull = [sum(max(c["hull"], 0) for c in snapshot["cogs"] if c["owner"] == p and not c["sunk"])
                for p in players]
        return {"Score": list(snapshot["scores"]), "Crew": crew, "Hull": hull}

    def slim(self, snapshot: dict[str, Any]) -> dict[str, Any]:
        """One entry per group of alike crew (cog, deck, owner, profile, state) instead of per crewmember."""
        out = dict(snapshot)
        groups: dict[tuple[Any, ...], int] = {}
        for c in snapshot["crew"]:
            key = (c["cog"], c["deck"], c["owner"], c["profile"], c["captive_of"], c["fate"], c["spent"] > 0)
            groups[key] = groups.get(key, 0) + 1
        out["crew"] = [{"cog": k[0], "deck": k[1], "owner": k[2], "profile": k[3], "captive_of": k[4],
                        "fate": k[5], "spent": k[6], "n": n} for k, n in groups.items()]
        return out

    def headline(self, header: Header, records: Sequence[Record]) -> str:
        """The timeline's line for one round (:mod:`.timeline`)."""
        return timeline.headline(header, records)

    def mark(self, record: Record, header: Header) -> tuple[str, str] | None:
        """A moment marked on the scrubber (:mod:`.timeline`)."""
        return timeline.mark(record, header)

    def side_name(self, side: str) -> str:
        # A ready fleet's side is its key ("lions"); a custom fleet's side is already its name.
        return ready_fleet(side)["name"] if side in ready_fleets() else side


VIEW = CogsView()

"""Sailpower: Cogs of Valor as a beatlog game: the kernel's ``Game`` hooks."""

from __future__ import annotations

import json
from typing import Any, Generator, Iterable

from recorder.citing import CiteContext
from recorder.context import Context
from recorder.decisions import Answer, Request
from recorder.envelope import Record
from recorder.errors import InvalidDecision
from recorder.header import Header, Player, derive_match_id
from recorder.rulesets import Rulesets

from . import describe as describe_mod
from . import fold, phases, script_entry
from .bots import BOTS, make_bot
from .events import EVENTS
from .fleet import ready_fleets
from .combat_attacks import friends_on_deck
from .geometry import Point, position, stop_at_edge
from .tables import COG_TYPES
from .scoring import leader_of
from .setup import complete_options, new_state, parse_options
from .state import CogsState, snapshot_of
from .turn import play as play_match
from .catalog import render_side, side_info

EVENTS.add_schema("script-entry.json", script_entry.entry_schema())

# Earlier engines this one still re-runs (recorder/rulesets.py): each lives in rulesets/<version>.py as a
# subclass of the next newer class, overriding only what changed.
RULESETS = Rulesets("cogs")


class CogsGame:
    name = "cogs"
    engine_version = "cogs-0.4.0"
    rules_version = "cogs-of-valor-2012/beatlog-rulings-2"
    editions = ("standard",)
    events = EVENTS
    # Every request kind the engine can ask; a script naming another kind is refused before the match starts.
    decision_kinds = script_entry.DECISION_KINDS
    # The words people read (recorder/terms.py): a side is a fleet, a match is turns, not played in sets.
    terms = {"side": "fleet", "sides": "fleets", "round": "turn", "rounds": "turns",
             "set": None, "sets": None, "setup": "muster", "phase": "phase",
             "title": "Sailpower: Cogs of Valor", "editions": {"standard": "standard rules"}}
    default_bot = "random"
    # beatlog demo: Cogs matches take a fraction of a second each: three fleets, three pairings.
    demo = {"sides": "lions,herons,griffins", "bots": "sensible,random"}
    rulesets = RULESETS

    def accepts(self, rules_version: str) -> bool:
        """Whether a header's rules version is this engine's own."""
        return rules_version == self.rules_version

    def ruleset(self, engine_version: str, rules_version: str) -> "CogsGame | None":
        """The game that re-runs a log of these versions: this one or an earlier ruleset (None: none can)."""
        return RULESETS.find(self, engine_version, rules_version)

    # -- rules that changed between engine versions (rulesets/ override these hooks) -------------------
    def drift_end(self, start: Point, vector: Point, radius: int, width: int, height: int) -> Point:
        """Where a drift of ``vector`` from ``start`` ends: 6" downwind, or where the cog's footprint meets the
        table edge, on the downwind line (p.5 "drift 6 with the wind"; ruling "Drift": "stopping at the table
        edge"). Engine cogs-0.3.0 slid the cog along the edge instead."""
        return stop_at_edge(start, vector, radius, width, height)

    def friendly_fire(self, state: CogsState, player: int, cog: int, deck: str) -> bool:
        """Whether ``player``'s shots at ``deck`` of ``cog`` take the -4 friendly-fire penalty (p.7): its crew
        stand there, struck crew too until the regroup removes them. Engine cogs-0.3.0 dropped the penalty
        once every such crewmember had been hit."""
        return friends_on_deck(state, player, cog, deck)

    @property
    def fighters(self) -> tuple[str, ...]:
        """The sides a tournament pairs up: the ready fleets (``lions``, ``herons``...)."""
        return tuple(ready_fleets())

    def make_header(self, *, players: tuple[Player, ...], edition: str, seed: int,
                    options: dict[str, Any], match_id: str | None = None) -> Header:
        if edition not in self.editions:
            raise InvalidDecision(f"unknown cogs edition {edition!r}; editions: {', '.join(self.editions)}")
        if len(players) < 2:
            raise InvalidDecision(f"Cogs of Valor needs at least two players, got {len(players)}")
        options = complete_options(dict(options), [p.side for p in players])
        names = [p.name for p in players]
        opts = parse_options(options, names)
        for player, fleet in zip(players, opts.fleets):
            check_side(player, fleet)
        return Header(
            match_id=match_id or derive_match_id(self.name, seed, players, options),
            game=self.name, edition=edition, engine_version=self.engine_version,
            rules_version=self.rules_version, seed=seed, players=players, options=options,
        )

    def new_state(self, header: Header) -> CogsState:
        names = [p.name for p in header.players]
        return new_state(names, parse_options(header.options, names))

    def apply(self, state: CogsState, event: Any) -> None:
        fold.apply(state, event)

    def play(self, ctx: Context) -> Generator[Request, Answer, None]:
        names = [p.name for p in ctx.header.players]
        yield from play_match(ctx, parse_options(ctx.header.options, names))

    def describe(self, state: CogsState, record: Record) -> str:
        return describe_mod.describe(state, record)

    def cite(self, state: CogsState, record: Record, context: CiteContext) -> str | None:
        return describe_mod.cite(record)  # each record cites its own rule: nothing learned from earlier ones

    def snapshot(self, state: CogsState) -> dict[str, Any]:
        return snapshot_of(state)

    def redact(self, snapshot: dict[str, Any], player: int) -> dict[str, Any]:
        """Hide other players' secret courses and boarding orders not yet revealed."""
        out = dict(snapshot)
        owners = {str(c["id"]): c["owner"] for c in snapshot["cogs"]}
        out["courses"] = {k: v for k, v in snapshot["courses"].items() if owners.get(k) == player}
        out["boarding"] = {k: v for k, v in snapshot["boarding"].items() if owners.get(k) == player}
        return out

    def render_state(self, snapshot: dict[str, Any]) -> str:
        """The turn, wind and scores, a line per cog, then the secret courses and boarding orders the
        (possibly redacted) snapshot still holds: all of them for a judge, a seat's own for ``--as``."""
        lines = [f"turn {snapshot['turn']}  wind from {snapshot['wind']}  scores "
                 + " ".join(f"{n} {s}" for n, s in zip(snapshot["players"], snapshot["scores"]))]
        names = {str(c["id"]): c["name"] for c in snapshot["cogs"]}
        for cog in snapshot["cogs"]:
            if cog["sunk"]:
                lines.append(f"  {cog['name']}: sunk")
                continue
            aboard = [c for c in snapshot["crew"] if c["cog"] == cog["id"] and c["deck"] != "hold"]
            decks = {}
            for c in aboard:
                decks[c["deck"]] = decks.get(c["deck"], 0) + 1
            crew = " ".join(f"{d} {n}" for d, n in decks.items()) or "no crew"
            flags = (" anchored" if cog["anchored"] else "") + (f" fire {cog['fire']}" if cog["fire"] else "")
            where = position((cog["x"], cog["y"]), COG_TYPES[cog["type"]].radius, *snapshot["surface"])
            lines.append(f"  {cog['name']} ({snapshot['players'][cog['owner']]}) at {where}; heading {cog['heading']}; "
                         f"hull {cog['hull']}/{cog['max_hull']}{flags}: {crew}")
        for cid, (move, speed) in snapshot["courses"].items():
            lines.append(f"  secret course of {names.get(cid, 'cog ' + cid)}: {move} {speed}\"")
        for cid, (target, count) in snapshot["boarding"].items():
            lines.append(f"  secret boarding order of {names.get(cid, 'cog ' + cid)}: {count} to "
                         f"{names.get(str(target), target)}")
        return "\n".join(lines)

    def result(self, state: CogsState) -> dict[str, Any] | None:
        if not state.over:
            return None
        return {"winner": state.winner, "reason": state.reason, "scores": list(state.scores)}

    def script_answers(self, entry: dict[str, Any]) -> list[dict[str, Any]]:
        """A script entry lists answers by kind ({"courses": [{"cog": 0, "move": "ahead", "speed": 12}],
        "shots": [...], ...}) or in the kernel's generic form ({"choices": [{"kind": ..., ...}]}, which
        ``whatif --choices`` sends); anything else is refused (see :mod:`.script_entry`)."""
        return script_entry.script_answers(entry)

    def bot(self, name: str, seed: int, player: int):
        return make_bot(name, seed, player)

    def bots(self) -> Iterable[str]:
        return BOTS

    # -- what people read -----------------------------------------------------------
    def phase(self, record: Record, current: str | None) -> str | None:
        """The phase of the turn a record belongs to (wind, movement, combat A-D, regroup A-H: :mod:`.phases`)."""
        return phases.phase(record, current)

    def side_info(self, side: str) -> dict[str, Any]:
        """A ready fleet: its cogs, crews and points (``beatlog sides --game cogs``)."""
        return side_info(side)

    def render_side(self, info: dict[str, Any]) -> str:
        return render_side(info)


def check_side(player: Player, fleet: dict[str, Any]) -> None:
    """A side is the label stats and tournaments credit the fleet's play to, so it must name the fleet
    the player brings: its ``name``, or the key of the ready fleet it is exactly (``lions``)."""
    keys = [key for key, text in ready_fleets().items() if json.loads(text) == fleet]
    if player.side == fleet["name"] or player.side in keys:
        return
    allowed = " or ".join(repr(v) for v in (fleet["name"], *keys))
    raise InvalidDecision(f"player {player.name!r} plays side {player.side!r} but brings fleet {fleet['name']!r}; "
                          f"the side must name the fleet it brings: {allowed}")


GAME = CogsGame()
_ = leader_of

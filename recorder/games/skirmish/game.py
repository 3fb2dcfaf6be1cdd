"""The grid skirmish game as a beatlog game: the kernel's ``Game`` hooks."""

from __future__ import annotations

from typing import Any, Generator, Iterable

from recorder.citing import CiteContext
from recorder.context import Context
from recorder.decisions import Answer, Request
from recorder.envelope import Record
from recorder.errors import InvalidDecision
from recorder.header import Header, Player, derive_match_id

from . import describe as describe_mod
from . import catalog, fold, phases, script_entry
from .bots import BOTS, make_bot
from .events import EVENTS
from .kit import starter_kit
from .setup import MAX_SEATS, complete_options, new_state, parse_options
from .state import SkirmishState, snapshot_of
from .turn import play as play_match

EVENTS.add_schema("script-entry.json", script_entry.entry_schema())


class SkirmishGame:
    name = "skirmish"
    engine_version = "skirmish-1"
    rules_version = "grid-skirmish/beatlog-rulings-1"
    editions = ("standard",)
    events = EVENTS
    decision_kinds = script_entry.DECISION_KINDS
    terms = {"side": "roster", "sides": "rosters", "round": "turn", "rounds": "turns",
             "set": None, "sets": None, "setup": "set-up", "phase": "phase",
             "title": "Grid skirmish", "editions": {"standard": "standard rules"}}
    default_bot = "random"
    demo = {"sides": "vanguard,arcane,shadows", "bots": "sensible,random"}  # beatlog demo: three rosters

    @property
    def fighters(self) -> tuple[str, ...]:
        """The sides a tournament pairs up: the starter kit's rosters."""
        return tuple(starter_kit().get("rosters", {}))

    def tournament_options(self, edition: str) -> dict[str, Any]:
        """Tournaments (``simulate``, ``demo``) play the Skirmish scenario with a 20-turn limit."""
        return {"turns": 20}

    def make_header(self, *, players: tuple[Player, ...], edition: str, seed: int,
                    options: dict[str, Any], match_id: str | None = None) -> Header:
        if edition not in self.editions:
            raise InvalidDecision(f"unknown skirmish edition {edition!r}; editions: {', '.join(self.editions)}")
        if not 2 <= len(players) <= MAX_SEATS:
            raise InvalidDecision(f"a grid skirmish match takes 2 to {MAX_SEATS} players (two teams, or a "
                                  f"free-for-all), got {len(players)}")
        options = complete_options(dict(options))
        parse_options(options, [p.side for p in players])
        return Header(
            match_id=match_id or derive_match_id(self.name, seed, players, options),
            game=self.name, edition=edition, engine_version=self.engine_version,
            rules_version=self.rules_version, seed=seed, players=players, options=options,
        )

    def new_state(self, header: Header) -> SkirmishState:
        sides = [p.side for p in header.players]
        return new_state([p.name for p in header.players], sides, parse_options(header.options, sides))

    def apply(self, state: SkirmishState, event: Any) -> None:
        fold.apply(state, event)

    def play(self, ctx: Context) -> Generator[Request, Answer, None]:
        yield from play_match(ctx, parse_options(ctx.header.options, [p.side for p in ctx.header.players]))

    def describe(self, state: SkirmishState, record: Record) -> str:
        return describe_mod.describe(state, record)

    def cite(self, state: Any, record: Record, context: CiteContext) -> str | None:
        return describe_mod.cite(record)  # each record cites its own rule: nothing learned from earlier ones

    def snapshot(self, state: SkirmishState) -> dict[str, Any]:
        return snapshot_of(state)

    def redact(self, snapshot: dict[str, Any], player: int | None) -> dict[str, Any]:
        """Hide the face-down movement cards of other players' characters (a spectator sees none)."""
        out = dict(snapshot)
        owners = {str(c["id"]): c["owner"] for c in snapshot["characters"]}
        out["planned"] = {k: v for k, v in snapshot["planned"].items() if player is not None and owners.get(k) == player}
        return out

    def render_state(self, snapshot: dict[str, Any]) -> str:
        lines = [f"turn {snapshot['turn']}  scenario {snapshot['scenario']}  obstacles "
                 + " ".join(f"({x},{y})" for x, y in snapshot["obstacles"])]
        for c in snapshot["characters"]:
            who = f"  {c['name']} ({snapshot['players'][c['owner']]})"
            if not c["alive"]:
                lines.append(f"{who}: dead")
                continue
            where = f"at ({c['x']}, {c['y']}) facing {c['facing']}" if c["x"] is not None else "not deployed"
            statuses = " ".join(f"{k} {v}" for k, v in c["statuses"].items())
            items = ", ".join(f"{i} ×{u}" for i, u in c["inventory"])
            lines.append(f"{who} {where}: HP {c['hp']}/{c['max_hp']} SP {c['sp']}/{c['max_sp']} ATK {c['atk']} "
                         f"DEF {c['def']} AGI {c['agi']}; deck {c['deck']} discard {c['discard']}"
                         + (f"; {statuses}" if statuses else "") + (f"; items {items}" if items else ""))
        names = {str(c["id"]): c["name"] for c in snapshot["characters"]}
        for cid, card in snapshot["planned"].items():
            lines.append(f"  face-down movement card of {names.get(cid, cid)}: {card}")
        return "\n".join(lines)

    def result(self, state: SkirmishState) -> dict[str, Any] | None:
        if not state.over:
            return None
        return {"winner": state.winner, "reason": state.reason}

    def script_answers(self, entry: dict[str, Any]) -> list[dict[str, Any]]:
        return script_entry.script_answers(entry)

    def bot(self, name: str, seed: int, player: int):
        return make_bot(name, seed, player)

    def bots(self) -> Iterable[str]:
        return BOTS

    def phase(self, record: Record, current: str | None) -> str | None:
        return phases.phase(record, current)

    def side_info(self, side: str) -> dict[str, Any]:
        """A roster of the starter kit: its characters with their weapon and skills (``beatlog sides``)."""
        return catalog.side_info(side)

    def render_side(self, info: dict[str, Any]) -> str:
        return catalog.render_side(info)


GAME = SkirmishGame()

"""A tiny two-player game used only by the kernel's tests.

Each of three rounds both players secretly pick 1, 2 or 3; a coin decides who
scores first; the higher pick scores the difference. It exercises secret
inputs, chance, causes and the end of a match without any real rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from recorder.decisions import FirstOption, Request
from recorder.events import INPUT, KERNEL, Event, EventRegistry
from recorder.header import Header, Player, derive_match_id
from recorder.errors import InvalidDecision

EVENTS = EventRegistry("toy", KERNEL)


@EVENTS.register
@dataclass(frozen=True, slots=True)
class NumberPicked(Event):
    """A player's secret pick for the round."""

    KIND: ClassVar[str] = INPUT
    number: int
    source: str


@EVENTS.register
@dataclass(frozen=True, slots=True)
class RoundScored(Event):
    """The round's picks, revealed, and who scored how much."""

    picks: tuple[int, ...]
    scorer: int | None
    points: int


@EVENTS.register
@dataclass(frozen=True, slots=True)
class ToyMatchEnded(Event):
    """The final scores and the winner (None for a draw)."""

    scores: tuple[int, ...]
    winner: int | None


@dataclass
class ToyState:
    scores: list[int] = field(default_factory=lambda: [0, 0])
    round: int = 0
    over: bool = False


class ToyGame:
    name = "toy"
    engine_version = "toy-1"
    rules_version = "toy-rules-1"
    editions = ("standard",)
    events = EVENTS
    # The words people read (recorder/terms.py): the kernel's own field names, spelt out so the
    # kernel's tests exercise the hook; NeutralToyGame below reads the neutral words instead.
    terms = {"side": "side", "sides": "sides", "round": "beat", "rounds": "beats",
             "set": "duel", "sets": "duels", "setup": "set-up", "phase": "phase"}

    def make_header(self, *, players, edition, seed, options, match_id=None) -> Header:
        if edition not in self.editions:
            raise InvalidDecision(f"unknown edition {edition!r}")
        return Header(
            match_id=match_id or derive_match_id(self.name, seed, players, options),
            game=self.name, edition=edition, engine_version=self.engine_version,
            rules_version=self.rules_version, seed=seed, players=players, options=options,
        )

    def new_state(self, header: Header) -> ToyState:
        return ToyState()

    def apply(self, state: ToyState, event: Any) -> None:
        if isinstance(event, RoundScored):
            state.round += 1
            if event.scorer is not None:
                state.scores[event.scorer] += event.points
        elif isinstance(event, ToyMatchEnded):
            state.over = True

    def play(self, ctx):
        rounds = ctx.header.options.get("rounds", 3)
        for r in range(1, rounds + 1):
            ctx.set_clock(1, r)
            picks = []
            for p in (0, 1):
                req = Request(p, "pick", NumberPicked, tuple({"number": n} for n in (1, 2, 3)), secret=True)
                ev = yield from ctx.ask(req)
                picks.append(ev.number)
            first = ctx.chance("first", 2)
            diff = picks[first] - picks[1 - first]
            scorer = first if diff > 0 else (1 - first if diff < 0 else None)
            ctx.emit(RoundScored(picks=tuple(picks), scorer=scorer, points=abs(diff)))
        s = ctx.state.scores
        winner = 0 if s[0] > s[1] else 1 if s[1] > s[0] else None
        ctx.emit(ToyMatchEnded(scores=tuple(s), winner=winner))

    def describe(self, state, record) -> str:
        return f"{record.type} {record.data}"

    def cite(self, state, record, context):
        return None

    def snapshot(self, state: ToyState) -> dict:
        return {"scores": list(state.scores), "round": state.round, "over": state.over}

    def redact(self, snapshot: dict, player: int) -> dict:
        return snapshot

    def render_state(self, snapshot: dict) -> str:
        return f"round {snapshot['round']}  scores {snapshot['scores'][0]}-{snapshot['scores'][1]}"

    def result(self, state: ToyState):
        if not state.over:
            return None
        s = state.scores
        winner = 0 if s[0] > s[1] else 1 if s[1] > s[0] else None
        return {"winner": winner, "reason": "points"}

    def script_answers(self, entry: dict) -> list:
        return [{"kind": "pick", "number": n} for n in entry.get("picks", [])]

    def bot(self, name: str, seed: int, player: int):
        return FirstOption()

    def bots(self):
        return ("first",)


GAME = ToyGame()


class NeutralToyGame(ToyGame):
    """The toy game without the ``terms`` hook (None is what a game that never mentions it reads as):
    what a person reads about it is in the kernel's neutral words, "set 1, round 3"."""

    name = "toy_neutral"
    events = EventRegistry(name, EVENTS)  # the toy game's events, in a log of this game
    terms = None


NEUTRAL_GAME = NeutralToyGame()


def toy_header(seed: int = 7, **options) -> Header:
    players = (Player("Ann", "red"), Player("Ben", "blue"))
    return GAME.make_header(players=players, edition="standard", seed=seed, options=options)


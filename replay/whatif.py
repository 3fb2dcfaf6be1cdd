"""What if a player had decided otherwise in one round (a BattleCON beat, a Cogs turn)?

The match is re-run from its header. Until the chosen beat the recorded
decisions are fed back exactly (the re-run *is* the recorded match there).
At the beat, the changed answers replace the player's first decisions of the
matching kinds (each item of ``answers`` is ``{"kind": K, ...answer}``, as a
game's ``script_answers`` hook produces them). After that, each player's
recorded decisions are reused -- matched by duel, beat and decision type, in
recorded order -- while they stay legal; from a player's first recorded
decision that no longer fits, the match's own policy plays for that player:
the bot named by the ``source`` of the seat's recorded decisions, seeded as the
recorders seed it (:mod:`replay.whatif_policy`), or the fallback for a seat
people or a script played. Chance draws come from the same seed, so they
follow the same sequence as in the recorded match.

The text and JSON reports are :mod:`replay.whatif_format`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Sequence

from recorder import canonical
from recorder.decisions import Answer, Request, describe_answer
from recorder.envelope import Record
from recorder.errors import UsageError
from recorder.events import INPUT
from recorder.flags import flags_of
from recorder.game import Game, game_for
from recorder.header import Header
from recorder.match import Match, sealed
from recorder.names import resolve, suggestion
from recorder.terms import NEUTRAL, Terms, terms_of

from .rerun import answer_of, content
from .verify import verify
from .walk import Describer, walk
from .whatif_policy import SeatPolicy, policy_source, same_choice, seat_policies, stateless

WHATIF = "whatif"


@dataclass(frozen=True)
class Replaced:
    kind: str
    seq: int  # of the recorded decision that was replaced
    recorded: dict[str, Any]
    changed: dict[str, Any]
    recorded_label: str  # the options' labels, e.g. "Trance Strike"
    changed_label: str


@dataclass(frozen=True)
class Takeover:
    """Where the policy took over a player's decisions, and why."""

    duel: int
    beat: int
    kind: str
    why: str
    seq: int | None = None  # the recorded decision that no longer fits (None: there was none)


@dataclass(frozen=True)
class Unfaithful:
    """A recorded decision the seat's policy, asked in lock-step, would not have made."""

    seq: int
    recorded: str  # label of the recorded answer
    policy: str  # label of the policy's answer


@dataclass
class WhatIfResult:
    header: Header
    duel: int
    beat: int
    player: int
    seats: list[SeatPolicy] = field(default_factory=list)  # who plays each seat on
    replaced: list[Replaced] = field(default_factory=list)
    recorded: list[Record] = field(default_factory=list)
    new: list[Record] = field(default_factory=list)
    first_difference: int | None = None  # index of the first record that differs
    policy_from: dict[int, Takeover] = field(default_factory=dict)  # player -> where the policy took over
    unfaithful: dict[int, Unfaithful] = field(default_factory=dict)  # player -> first recorded answer not its own
    policy_decisions: int = 0
    recorded_result: dict[str, Any] | None = None
    new_result: dict[str, Any] | None = None
    recorded_lines: dict[int, str] = field(default_factory=dict)  # seq -> describe, recorded log
    new_lines: dict[int, str] = field(default_factory=dict)  # seq -> describe, re-run
    terms: Terms = NEUTRAL  # the game's words for rounds and sets (the report's text)


class _Feeder:
    """Answers the re-run: recorded decisions, the changed ones, then the policy."""

    def __init__(self, game: Game, header: Header, records: Sequence[Record], duel: int, beat: int,
                 player: int, answers: list[dict[str, Any]], result: WhatIfResult) -> None:
        self.header, self.duel, self.beat, self.player = header, duel, beat, player
        self.terms = result.terms
        self.pending_changes = [dict(a) for a in answers]
        self.decisions = [r for r in records if r.kind == INPUT and r.actor is not None]
        self.used: set[int] = set()  # seqs of recorded decisions consumed
        self.diverged = False
        self.on_policy: set[int] = set()
        self.result = result
        self.seats = {s.player: s for s in result.seats}
        self.policy = {s.player: policy_source(game, header, s) for s in result.seats}

    def answer(self, request: Request, match: Match) -> Answer:
        where = (match.ctx.duel, match.ctx.beat)
        p = request.player
        recorded = self._recorded(request, where)
        change = self._change(request, where)
        # Ask the policy wherever it answered in the recording, so its state keeps step with it.
        asked = self._shadow(request, match, recorded, lock_step=change is None)
        if change is not None:
            change = _match_option(request, change, self._where(request, match))
            if recorded is not None:
                self.used.add(recorded.seq)
                old = answer_of(recorded).data
                self.result.replaced.append(Replaced(
                    request.kind, recorded.seq, old, change, _label(request, old), _label(request, change)))
            self.diverged = True
            return Answer(change, WHATIF)
        why, seq = "no recorded decision of this kind here", None
        if p not in self.on_policy and recorded is not None:
            answer = answer_of(recorded)
            if not self.diverged or request.index_of(answer.data) is not None:
                self.used.add(recorded.seq)
                return answer
            why, seq = "the recorded one is not legal now", recorded.seq
        if not self.diverged:
            raise UsageError(f"match {self.header.match_id}, {self.terms.at(*where)}: "
                             f"the log ends before the {self.terms.round} to change")
        if p not in self.on_policy:
            self.on_policy.add(p)
            self.result.policy_from[p] = Takeover(where[0], where[1], request.kind, why, seq)
        self.result.policy_decisions += 1
        answer = asked if asked is not None else self.policy[p].answer(request, match)
        return Answer(answer.data, f"policy:{self.seats[p].name}")

    def _shadow(self, request: Request, match: Match, recorded: Record | None, lock_step: bool) -> Answer | None:
        """The policy's own answer where it answered in the recording (None where it did not)."""
        p = request.player
        source = self.policy[p]
        if p in self.on_policy or recorded is None or stateless(source):
            return None
        if recorded.data.get("source") not in self.seats[p].labels:
            return None  # a person or the script answered this one: the policy was not asked
        mine = source.answer(request, match)
        if lock_step and not self.diverged and p not in self.result.unfaithful \
                and not same_choice(request, mine, recorded.data):
            self.result.unfaithful[p] = Unfaithful(recorded.seq, _label(request, answer_of(recorded).data),
                                                   _label(request, mine.data))
        return mine

    def _where(self, request: Request, match: Match) -> str:
        player = self.header.players[request.player]
        return (f"match {self.header.match_id}, {self.terms.at(match.ctx.duel, match.ctx.beat)}, "
                f"{request.kind} of {player.name} ({player.side})")

    def _recorded(self, request: Request, where: tuple[int, int]) -> Record | None:
        """The player's next unused recorded decision of this type at this beat."""
        for record in self.decisions:
            if record.seq in self.used or record.actor != request.player:
                continue
            if not self.diverged:
                return record  # still in lock-step: the recorded order is the engine's order
            if (record.duel, record.beat) == where and record.type == request.event.TYPE:
                return record
            if (record.duel, record.beat) > where:
                return None
        return None

    def _change(self, request: Request, where: tuple[int, int]) -> dict[str, Any] | None:
        if where != (self.duel, self.beat) or request.player != self.player:
            return None
        for i, item in enumerate(self.pending_changes):
            if item["kind"] == request.kind:
                del self.pending_changes[i]
                return {k: v for k, v in item.items() if k != "kind"}
        return None


def what_if(header: Header, records: Sequence[Record], *, beat: int, player: int,
            answers: list[dict[str, Any]], duel: int = 1, policy: str | None = None,
            game: Game | None = None, schemas: bool = True) -> WhatIfResult:
    """Re-run the match with ``player``'s decisions at (duel, beat) changed to ``answers``.

    ``policy`` plays on for a seat whose recorded decisions name no policy
    (people or a script played it); ``first`` when None. The recorded log is
    verified first; ``schemas=False`` skips its schema pass for records a
    strict reader has already checked (as ``verify`` does).
    """
    game = game or game_for(header)
    terms = terms_of(game)
    if not answers:
        shortcuts = "".join(f"--{flag.name} ..., " for flag in flags_of(game, "whatif_shortcuts"))
        raise UsageError(f"nothing to change: give the new decision ({shortcuts}--choices JSON)")
    verify(header, records, partial=True, game=game, schemas=schemas).raise_for_problem()
    result = WhatIfResult(header, duel, beat, player, seat_policies(game, header, records, policy),
                          recorded=list(records), terms=terms)
    feeder = _Feeder(game, header, records, duel, beat, player, answers, result)
    match = Match(game, header)
    match.advance()
    while not match.finished:
        request = match.pending
        assert request is not None
        match.advance(feeder.answer(request, match))  # an illegal changed answer raises IllegalDecision
    if feeder.pending_changes:
        kinds = ", ".join(sorted({c["kind"] for c in feeder.pending_changes}))
        name = header.players[player].name
        raise UsageError(f"match {header.match_id}: {name} makes no {kinds} decision in {terms.at(duel, beat)} "
                         "(or fewer of them than given)")
    result.new = sealed(match)
    result.new_result = game.result(match.state)
    result.first_difference = _first_difference(result.recorded, result.new)
    result.recorded_lines = _describe(game, header, result.recorded)
    result.new_lines = _describe(game, header, result.new)
    rec_state = walk(header, result.recorded, [], game)
    result.recorded_result = game.result(rec_state)
    return result


def _match_option(request: Request, change: dict[str, Any], where: str) -> dict[str, Any]:
    """The option ``change`` names, forgiving letter case ("trance" for "Trance").

    A part no legal option has (a typo: ``Strik``) is refused here in one line that names it and suggests
    the nearest legal value; any other illegal answer is refused by the engine with every legal option."""
    if request.index_of(change) is not None:
        return change
    folded = canonical.dumps(change).decode().casefold()
    matches = [o for o in request.options if canonical.dumps(o).decode().casefold() == folded]
    if len(matches) == 1:
        return dict(matches[0])
    miss = request.near_miss({k: v for k, v in change.items()
                              if not isinstance(v, str) or resolve(v, _values(request, k)) is None})
    if miss is not None:
        key, value, values = miss
        raise UsageError(f"{where}: {value!r} is not a {key} they can choose here{suggestion(value, values)}; "
                         f"they can choose: {', '.join(values)}")
    return change  # refused by the engine, with every legal option


def _values(request: Request, key: str) -> list[str]:
    return [o[key] for o in request.options if isinstance(o.get(key), str)]


def _label(request: Request, answer: dict[str, Any]) -> str:
    index = request.index_of({k: v for k, v in answer.items() if k != "source"})
    return request.label(index) if index is not None else describe_answer(answer)


def _first_difference(a: Sequence[Record], b: Sequence[Record]) -> int | None:
    for i in range(max(len(a), len(b))):
        if i >= len(a) or i >= len(b) or not _same(a[i], b[i]):
            return i
    return None


def _same(a: Record, b: Record) -> bool:
    """Equal content, except who answered a decision (a re-run's answers are sourced ``whatif``/policy)."""
    return content(_unsourced(a)) == content(_unsourced(b))


def _unsourced(record: Record) -> Record:
    if record.kind != INPUT or "source" not in record.data:
        return record
    data = {k: v for k, v in record.data.items() if k != "source"}
    return dataclasses.replace(record, data=data)


def _describe(game: Game, header: Header, records: Sequence[Record]) -> dict[int, str]:
    describer = Describer(game)
    walk(header, records, [describer], game)
    return describer.lines

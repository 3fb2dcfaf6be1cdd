"""Who plays a seat in a what-if once its recorded decisions run out or stop fitting.

The header does not name the bots that played a match, but every recorded
decision says who gave it in its ``source``: ``bot:X`` (a bot played the seat)
or ``policy:X`` (a script's fallback policy answered what the script left
open). A seat whose decisions name exactly one such X is played on by X; a seat
whose decisions came from people (``player``) or only from a script falls back
to ``--policy`` (``first`` when not given), and the report says so.

A bot is made as the recorders make it -- ``game.bot(X, header.seed, seat)`` --
and is asked for its own answer wherever it answered in the recording (the
what-if feeds the recorded answer, or the changed one, instead), so that its
state (a random bot's stream) is where it would have been when it takes over;
this is how ``beatlog resume`` catches a bot up too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from recorder.decisions import Answer, DecisionSource, FirstOption, Request
from recorder.envelope import Record
from recorder.errors import UsageError
from recorder.events import INPUT
from recorder.game import Game
from recorder.header import Header
from recorder.script import FIRST

PREFIXES = ("bot:", "policy:")
# How a recorded source that is no policy reads in the report.
WHO = {"player": "a person", "script": "a match script", "whatif": "a what-if"}


@dataclass(frozen=True)
class SeatPolicy:
    """The policy that plays one seat, and why that one."""

    player: int
    name: str  # "greedy", "random", "first"
    inferred: bool  # read from the seat's recorded decisions (else the --policy fallback)
    why: str  # reads after the name: "as recorded (bot:greedy)", "the fallback (...): its decisions came from a person"

    @property
    def labels(self) -> tuple[str, ...]:
        """The recorded sources that mean this policy answered."""
        return tuple(prefix + self.name for prefix in PREFIXES) if self.inferred else ()

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "policy": self.name, "inferred": self.inferred, "why": self.why}


def known_policies(game: Game) -> tuple[str, ...]:
    return (FIRST, *(b for b in game.bots() if b != FIRST))


def seat_policies(game: Game, header: Header, records: Sequence[Record],
                  fallback: str | None = None) -> list[SeatPolicy]:
    """Each seat's policy, inferred from the ``source`` of its recorded decisions."""
    known = known_policies(game)
    if fallback is not None and fallback not in known:
        raise UsageError(f"unknown policy {fallback!r}; known policies: {', '.join(known)}")
    sources: dict[int, list[str]] = {p: [] for p in range(len(header.players))}
    for record in records:
        if record.kind == INPUT and record.actor in sources:
            source = record.data.get("source")
            if isinstance(source, str) and source not in sources[record.actor]:
                sources[record.actor].append(source)
    return [_seat(p, sources[p], known, fallback) for p in range(len(header.players))]


def _seat(player: int, sources: list[str], known: tuple[str, ...], fallback: str | None) -> SeatPolicy:
    named = [s.split(":", 1)[1] for s in sources if s.startswith(PREFIXES)]
    policies = list(dict.fromkeys(named))  # in order of first use, without repeats
    if len(policies) == 1 and policies[0] in known:
        source = next(s for s in sources if s.startswith(PREFIXES))
        return SeatPolicy(player, policies[0], True, f"as recorded ({source})")
    chosen = fallback or FIRST
    how = "given with --policy" if fallback else "the default; --policy chooses another"
    if len(policies) > 1:
        cause = f"its decisions name more than one policy ({', '.join(policies)})"
    elif policies:
        cause = f"its decisions name the policy {policies[0]!r}, which this game does not have"
    elif sources:
        cause = "its decisions came from " + " and ".join(WHO.get(s, repr(s)) for s in sources)
    else:
        cause = "it made no recorded decision"
    return SeatPolicy(player, chosen, False, f"the fallback ({how}): {cause}")


def policy_source(game: Game, header: Header, seat: SeatPolicy) -> DecisionSource:
    """The seat's policy as the recorders build it (same seed, same seat)."""
    if seat.name == FIRST:
        return FirstOption(f"policy:{FIRST}")
    return game.bot(seat.name, header.seed, seat.player)


def stateless(source: DecisionSource) -> bool:
    """Asking ``first`` changes nothing; any other policy may keep state (a random stream)."""
    return isinstance(source, FirstOption)


def same_choice(request: Request, a: Answer, b: dict[str, Any]) -> bool:
    """Do two answers pick the same option? (``index_of`` sets aside what is not part of the choice.)"""
    return request.index_of(dict(a.data)) == request.index_of({k: v for k, v in b.items() if k != "source"})

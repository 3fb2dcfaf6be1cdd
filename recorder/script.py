"""Match scripts: decisions written down in advance, as a decision source.

A script names the game, the seats and (optionally) the seed, and lists
entries ``{"duel": D, "beat": B, "player": P, ...}`` whose game-specific rest
the game expands (``game.script_answers``) into ordered ``{"kind": K, ...}``
answers. :class:`ScriptSource` answers each request of (duel, beat, player)
with the next unused scripted answer of the request's kind -- answers of one
kind are used in the order written -- and hands everything the script leaves
open to a deterministic policy. Each answer's ``source`` says which it was
(``script`` or ``policy:<name>``), so a log shows what was scripted.

Mistakes are reported before they can silently change a match: a scripted
answer the rules do not allow raises :class:`IllegalDecision`; a malformed
script, a script for other sides, and scripted answers still unused when the
match ends raise :class:`InvalidDecision`.

A game may name its *phases* (optional hook ``script_phases``): decision kinds
asked in that order, each in one block per beat (BattleCON: the pairs, then
the ante step). Once a beat has moved past a phase -- a later kind is asked in
that beat, or any request of a later beat -- a scripted answer of that phase
still unused can never be asked for, so it raises :class:`IllegalDecision`
right there, naming the beat, the answer, why (optional hook
``unused_reason(header, player, kind, answer, beat_entries)``) and what the
player's last request of that kind offered.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping

from . import canonical, validate
from .decisions import Answer, DecisionSource, FirstOption, Request, describe_answer
from .errors import BeatlogError, IllegalDecision, InvalidDecision
from .game import terms_named
from .header import Header
from .names import resolve, suggestion
from .terms import NEUTRAL, Terms, terms_of
from .untrusted import check_text

if TYPE_CHECKING:
    import jsonschema

FIRST = "first"


@dataclass(frozen=True, slots=True)
class ScriptEntry:
    """One element of a script's ``beats`` list."""

    index: int  # position in ``beats``, for messages
    duel: int
    beat: int
    player: int
    raw: dict[str, Any]
    terms: Terms = field(default=NEUTRAL, compare=False, repr=False)  # the script's game's words

    @property
    def where(self) -> str:
        """``beats[2] (duel 1, beat 3, player 0)`` / ``beats[2] (turn 3, player 0)``: the script's own
        path, then the round in the game's words."""
        return f"beats[{self.index}] ({self.terms.at(self.duel, self.beat)}, player {self.player})"


@dataclass(frozen=True, slots=True)
class ScriptSeat:
    name: str | None
    side: str


@dataclass(frozen=True, slots=True)
class Script:
    """A parsed, schema-valid match script."""

    name: str  # the file it came from, for messages
    game: str
    seats: tuple[ScriptSeat, ...]
    entries: tuple[ScriptEntry, ...]
    edition: str | None = None
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    policy: str = FIRST
    title: str = ""

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(seat.side for seat in self.seats)

    def check_header(self, header: Header) -> None:
        """Refuse to drive a match the script was not written for."""
        if header.game != self.game:
            raise InvalidDecision(f"{self.name}: script is for game {self.game!r}, not {header.game!r}")
        sides = tuple(p.side for p in header.players)
        if sides != self.sides:
            raise InvalidDecision(
                f"{self.name}: script is for {' vs '.join(self.sides)}, "
                f"but the match is {' vs '.join(sides)}"
            )
        if self.edition is not None and header.edition != self.edition:
            raise InvalidDecision(
                f"{self.name}: script is for edition {self.edition!r}, but the match uses {header.edition!r}"
            )


# -- reading ------------------------------------------------------------------

@lru_cache(maxsize=1)
def script_schema() -> dict[str, Any]:
    """The hand-written JSON Schema of scripts (published as ``schemas/script.json``)."""
    text = resources.files("recorder").joinpath("script.schema.json").read_text(encoding="utf-8")
    return canonical.loads(text)


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft202012Validator:
    # Imported here, when a script is first read: importing jsonschema costs about a third of the CLI's
    # start-up, which most commands never need (recorder.validate does the same).
    import jsonschema

    return jsonschema.Draft202012Validator(script_schema())


def load_script(path: str | Path) -> Script:
    """Read and validate a script file (``-`` reads standard input)."""
    name = "<stdin>" if str(path) == "-" else str(path)
    if str(path) == "-":
        raw = sys.stdin.buffer.read()
    else:
        raw = Path(path).read_bytes()
    try:
        data = canonical.loads(raw)
    except ValueError as exc:
        raise InvalidDecision(f"{name}: not valid JSON: {exc}") from None
    return parse_script(data, name)


def parse_script(data: Any, name: str = "<script>") -> Script:
    """Validate already-parsed script JSON against the schema and build a :class:`Script`."""
    from jsonschema.exceptions import best_match  # lazily, as in _validator

    error = best_match(_validator().iter_errors(data))
    if error is not None:
        message = validate.brief(error.message, error.instance)
        raise InvalidDecision(f"{name}: {_json_path(error.absolute_path)}: {message}")
    seats = tuple(ScriptSeat(p.get("name"), p["side"]) for p in data["players"])
    for i, seat in enumerate(seats):
        if seat.name is not None:
            check_text(seat.name, f"{name}: players[{i}].name:")
    for key in ("title", "description"):
        if isinstance(data.get(key), str):
            check_text(data[key].replace("\n", " "), f"{name}: {key}:")  # a description may run over lines
    terms = terms_named(data["game"])
    entries = []
    for index, raw in enumerate(data["beats"]):
        entry = ScriptEntry(index, raw.get("duel", 1), raw["beat"], raw["player"], raw, terms)
        if isinstance(raw.get("note"), str):
            check_text(raw["note"], f"{name}: beats[{index}].note:")
        if entry.player >= len(seats):
            raise InvalidDecision(
                f"{name}: {entry.where}: player {entry.player} does not exist; "
                f"the script has {len(seats)} players (0..{len(seats) - 1})"
            )
        entries.append(entry)
    return Script(
        name=name,
        game=data["game"],
        seats=seats,
        entries=tuple(entries),
        edition=data.get("edition"),
        seed=data.get("seed"),
        options=data.get("options", {}),
        policy=data.get("policy", FIRST),
        title=data.get("title", ""),
    )


def _json_path(path: Iterable[Any]) -> str:
    out = "$"
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


# -- answering ----------------------------------------------------------------

@dataclass(slots=True)
class Scripted:
    """One expanded scripted answer waiting for its request."""

    entry: ScriptEntry
    kind: str
    data: dict[str, Any]
    used: bool = False

    def describe(self) -> str:
        return f"{self.entry.where}: {self.kind} {describe_answer(self.data) if self.data else 'pass'}"


def policy_sources(game: Any, policy: str, seed: int, players: int) -> dict[int, DecisionSource]:
    """The deterministic fallback for each seat: ``first`` or one of the game's bots."""
    if policy == FIRST:
        return {p: FirstOption(f"policy:{FIRST}") for p in range(players)}
    known = tuple(game.bots())
    policy = resolve(policy, (FIRST, *known)) or policy
    if policy == FIRST:
        return {p: FirstOption(f"policy:{FIRST}") for p in range(players)}
    if policy not in known:
        names = ", ".join((FIRST, *(b for b in known if b != FIRST)))
        raise InvalidDecision(f"unknown policy {policy!r}{suggestion(policy, (FIRST, *known))}; "
                              f"known policies: {names}")
    return {p: _Relabel(game.bot(policy, seed, p), f"policy:{policy}") for p in range(players)}


@dataclass(slots=True)
class _Relabel:
    inner: DecisionSource
    source: str

    def answer(self, request: Request, match: Any) -> Answer:
        return Answer(self.inner.answer(request, match).data, self.source)


class ScriptSource:
    """Answers every seat's requests from a script, falling back to a policy."""

    def __init__(self, game: Any, script: Script, header: Header,
                 fallback: Mapping[int, DecisionSource] | None = None) -> None:
        script.check_header(header)
        self.script = script
        self.header = header
        self.fallback = fallback if fallback is not None else policy_sources(
            game, script.policy, header.seed, len(header.players))
        self.queues: dict[tuple[int, int, int], list[Scripted]] = {}
        self.kinds = _decision_kinds(game)
        self.asked: set[str] = set()  # kinds the match has asked for so far
        self.game = game
        self.phases: tuple[str, ...] = tuple(getattr(game, "script_phases", ()))
        self.seen: set[tuple[int, int]] = set()  # (duel, beat) in which a request was asked
        self.last: dict[tuple[int, int, int, str], Request] = {}  # (duel, beat, player, kind) -> last request
        seen: dict[tuple[int, int, int], ScriptEntry] = {}
        for entry in script.entries:
            key = (entry.duel, entry.beat, entry.player)
            if key in seen:
                raise InvalidDecision(
                    f"{script.name}: {entry.where} repeats an entry already given at beats[{seen[key].index}]; "
                    f"write each player's decisions for a {entry.terms.round} in one entry"
                )
            seen[key] = entry
            self.queues[key] = self._expand(game, entry)

    def _expand(self, game: Any, entry: ScriptEntry) -> list[Scripted]:
        try:
            items = list(game.script_answers(entry.raw))
        except BeatlogError as exc:
            raise type(exc)(f"{self.script.name}: {entry.where}: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - a part of the wrong shape the game did not check
            raise InvalidDecision(f"{self.script.name}: {entry.where}: malformed entry ({exc})") from None
        out = []
        for item in items:
            if not isinstance(item, dict):
                raise InvalidDecision(f"{self.script.name}: {entry.where}: malformed entry (answer {item!r})")
            data = dict(item)
            kind = data.pop("kind", None)
            if not isinstance(kind, str):
                raise InvalidDecision(f"{self.script.name}: {entry.where}: answer {item!r} has no kind")
            if self.kinds is not None and kind not in self.kinds:
                raise InvalidDecision(
                    f"{self.script.name}: {entry.where}: unknown decision kind {kind!r}; "
                    f"known kinds: {', '.join(sorted(self.kinds))}"
                )
            out.append(Scripted(entry, kind, data))
        return out

    def answer(self, request: Request, match: Any) -> Answer:
        ctx = match.ctx
        self._check_phases(request, match)
        self.asked.add(request.kind)
        self.seen.add((ctx.duel, ctx.beat))
        self.last[(ctx.duel, ctx.beat, request.player, request.kind)] = request
        queue = self.queues.get((ctx.duel, ctx.beat, request.player), ())
        item = next((i for i in queue if not i.used and i.kind == request.kind), None)
        if item is None:
            return self.fallback[request.player].answer(request, match)
        if request.index_of(item.data) is None:
            legal = request.legal()
            name = self.header.players[request.player].name
            raise IllegalDecision(
                f"{self.script.name}: {item.entry.where}: {name}'s scripted {request.kind} "
                f"{item.data!r} is not legal at {ctx.where}{request.hint(item.data)}; legal options: {legal}"
            )
        item.used = True
        return Answer(dict(item.data), "script")

    def _check_phases(self, request: Request, match: Any) -> None:
        """Raise for a scripted answer of a phase this request shows to be over (see the module docstring)."""
        if not self.phases:
            return
        now = (match.ctx.duel, match.ctx.beat)
        rank = self.phases.index(request.kind) if request.kind in self.phases else len(self.phases)
        for key, queue in self.queues.items():
            beat = key[:2]
            if beat > now or (beat < now and beat not in self.seen):
                continue  # a later beat, or one never played (reported when the match ends)
            for item in queue:
                if item.used or item.kind not in self.phases or _optional(self.game, item):
                    continue
                if beat < now or self.phases.index(item.kind) < rank:
                    raise self._phase_over(item, match)

    def _phase_over(self, item: Scripted, match: Any) -> IllegalDecision:
        entry = item.entry
        name = self.header.players[entry.player].name
        answer = describe_answer({k: v for k, v in item.data.items() if k != "player"})
        hook = getattr(self.game, "unused_reason", None)
        beat_entries = [e for e in match.entries if (e.duel, e.beat) == (entry.duel, entry.beat)]
        reason = hook(self.header, entry.player, item.kind, item.data, beat_entries) if hook else ""
        last = self.last.get((entry.duel, entry.beat, entry.player, item.kind))
        round_ = entry.terms.round
        offered = (f"{name}'s last {item.kind} request in that {round_} offered: "
                   f"{last.legal()}" if last is not None
                   else f"{name} was not asked for any {item.kind} decision in that {round_}")
        return IllegalDecision(
            f"{self.script.name}: {entry.where}: {name}'s scripted answer '{answer}' was never asked for: the "
            f"{item.kind} step of {entry.terms.at(entry.duel, entry.beat)} ended without it"
            f"{f' ({reason})' if reason else ''}; {offered}"
        )

    def _describe_unused(self, item: Scripted) -> str:
        if item.kind in self.asked:
            return item.describe()
        return f"{item.describe()} (this match never asked for a {item.kind!r} decision)"

    def unused(self) -> list[Scripted]:
        return [item for queue in self.queues.values() for item in queue if not item.used]

    def close(self, match: Any) -> None:
        """At the end of the match: every scripted answer must have been used (optional ones aside)."""
        end = (match.ctx.duel, match.ctx.beat)
        for item in self.unused():  # a phase of a beat that was played is over once the match ends
            beat = (item.entry.duel, item.entry.beat)
            if (item.kind in self.phases and not _optional(match.game, item)
                    and (beat in self.seen or beat == end) and beat <= end):
                raise self._phase_over(item, match)
        left = [item for item in self.unused() if not _optional(match.game, item)]
        if not left:
            return
        listed = "; ".join(self._describe_unused(item) for item in left[:5])
        more = f" (and {len(left) - 5} more)" if len(left) > 5 else ""
        at = terms_of(match.game).at(match.ctx.duel, match.ctx.beat)
        ended = f"the match {'ended' if match.finished else 'stopped'} at {at}"
        raise InvalidDecision(
            f"{self.script.name}: {len(left)} scripted answer{'s' if len(left) != 1 else ''} "
            f"never asked for ({ended}): {listed}{more}"
        )


def _optional(game: Any, item: Scripted) -> bool:
    """Whether the game lets this scripted answer go unused (optional hook ``optional_answer(kind, data)``):
    an answer that only says "do nothing if asked", such as a BattleCON ante pass."""
    hook = getattr(game, "optional_answer", None)
    return hook is not None and bool(hook(item.kind, item.data))


def _decision_kinds(game: Any) -> frozenset[str] | None:
    """The decision kinds a game can ask for, when it says (optional hook)."""
    kinds = getattr(game, "decision_kinds", None)
    if kinds is None:
        return None
    return frozenset(kinds() if callable(kinds) else kinds)

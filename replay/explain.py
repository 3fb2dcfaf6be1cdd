"""The dispute report for one round (a BattleCON beat, a Cogs turn): what the state was, what happened and why.

For a judge settling a question about a round: the state before it (as the
game renders it), then every record of the round in order with the game's
plain-language description, the event that caused it and the rule it applies,
then the state after. Built as a visitor over :func:`replay.walk.walk`, so it
works for any game that implements the hooks, on any round of any match. The
text names the round in the game's own words (:mod:`recorder.terms`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from recorder.untrusted import escape
from recorder.envelope import Record
from recorder.errors import UsageError
from recorder.game import Game, game_for
from recorder.header import Header
from recorder.terms import NEUTRAL, Terms, cap, terms_of

from .phases import PhaseTracker
from .walk import Describer, StopWalk, Visitor, walk


@dataclass(frozen=True)
class Step:
    """One record of the beat, explained."""

    seq: int
    type: str
    kind: str
    actor: str | None  # the player's name
    secret_to: str | None  # the only player who could see it when it happened
    text: str  # game.describe
    cause_seq: int | None
    cause_text: str | None
    citation: str | None  # game.cite
    phase: str | None = None  # the phase of the round it belongs to (game.phase; None: the game names none)


@dataclass
class BeatReport:
    header: Header
    duel: int
    beat: int
    before: str = ""  # render_state of the snapshot before the beat
    after: str = ""
    steps: list[Step] = field(default_factory=list)
    result: dict[str, Any] | None = None  # game.result after the beat (None while the match runs)
    warning: str | None = None  # set when the log does not verify (replay.trust): the HTML page shows it
    terms: Terms = NEUTRAL  # the game's words for the round and its set
    notes: list[Any] = field(default_factory=list)  # recorder.notes.Note on this round (beatlog annotate)

    @property
    def title(self) -> str:
        """``Duel 1, beat 3`` / ``Turn 3`` / ``Muster``."""
        return cap(self.terms.stage(self.duel, self.beat))

    @property
    def seqs(self) -> str:
        return f"seq {self.steps[0].seq}-{self.steps[-1].seq}" if self.steps else "no events"


class _Explainer(Visitor):
    def __init__(self, game: Game, header: Header, duel: int, beat: int) -> None:
        self.game = game
        self.report = BeatReport(header, duel, beat, terms=terms_of(game))
        self.described = Describer(game)
        self.phases = PhaseTracker(game)
        self.beats: dict[int, list[int]] = {}  # duel -> beats seen
        self.started = False

    def before(self, record: Record, state: Any) -> None:
        target = (self.report.duel, self.report.beat)
        if (record.duel, record.beat) > target and self.started:
            raise StopWalk
        self.described.before(record, state)
        phase = self.phases.label(record)
        seen = self.beats.setdefault(record.duel, [])
        if not seen or seen[-1] != record.beat:
            seen.append(record.beat)
        if (record.duel, record.beat) != target:
            return
        if not self.started:
            self.started = True
            self.report.before = self.game.render_state(self.game.snapshot(state))
        self.report.steps.append(self._step(record, phase))

    def after(self, record: Record, state: Any) -> None:
        if (record.duel, record.beat) == (self.report.duel, self.report.beat):
            self.report.after = self.game.render_state(self.game.snapshot(state))
            self.report.result = self.game.result(state)

    def _step(self, record: Record, phase: str | None) -> Step:
        players = self.report.header.players
        name = players[record.actor].name if record.actor is not None and record.actor < len(players) else None
        secret = record.visibility if isinstance(record.visibility, int) else None
        secret_to = players[secret].name if secret is not None and secret < len(players) else None
        cause_text = self.described.lines.get(record.cause) if record.cause is not None else None
        return Step(record.seq, record.type, record.kind, name, secret_to,
                    self.described.lines[record.seq], record.cause, cause_text, self.described.cites[record.seq], phase)


def explain(header: Header, records: Sequence[Record], beat: int, duel: int | None = None,
            game: Game | None = None, source: str = "") -> BeatReport:
    """Explain round ``beat`` of set ``duel`` (round 0 is the set-up; ``duel`` None: the first).

    ``source`` (the log's file name) prefixes the error of an event the rules cannot apply.
    """
    game = game or game_for(header)
    terms = terms_of(game)
    duel = terms.check_set(duel, header.game)
    explainer = _Explainer(game, header, duel, beat)
    walk(header, records, [explainer], game, source=source)
    if not explainer.report.steps:
        raise UsageError(f"match {header.match_id} has no {terms.at(duel, beat)}; "
                         f"{known_rounds(terms, explainer.beats)}")
    return explainer.report


def known_rounds(terms: Terms, beats: dict[int, list[int]]) -> str:
    """``it has duel 1: beats 0-15; duel 2: beats 0-9`` / ``it has turns 0-12``."""
    if not beats:
        return "it has no events"
    parts = []
    for d, b in sorted(beats.items()):
        span = f"{terms.rounds} {b[0]}-{b[-1]}" if len(b) > 1 else f"{terms.round} {b[0]}"
        parts.append(span if terms.set is None else f"{terms.set} {d}: {span}")
    return "it has " + "; ".join(parts)


def render_text(report: BeatReport) -> str:
    """The report as plain text (what ``beatlog explain`` prints)."""
    h = report.header
    out = [
        f"Match {h.match_id}: {_players(h)}",
        f"{report.terms.game_title(h.game)} ({report.terms.edition_title(h.edition)}); rules {h.rules_version}, "
        f"engine {h.engine_version}",
        f"{report.title} ({report.seqs})",
        "",
        "State before:",
        *_indent(report.before),
        "",
        "Events:",
    ]
    shown = {step.seq for step in report.steps}
    phase = None
    for step in report.steps:
        if step.phase is not None and step.phase != phase:  # each phase of the round as it begins
            out.append(f"  {cap(report.terms.phase)}: {step.phase}")
        phase = step.phase
        who = f"{step.actor}: " if step.actor and not _names_actor(report.header, step) else ""
        tags = [step.kind]
        if step.secret_to:
            tags.append(f"secret to {step.secret_to}")
        out.append(f"  #{step.seq} {who}{step.text}  [{step.type}; {', '.join(tags)}]")
        if step.cause_seq is not None:
            cause = step.cause_text or "(not in this log)"
            if step.cause_seq in shown:  # printed in full above: a reminder is enough
                cause = _shorten(cause, CAUSE_WIDTH)
            out.append(f"      because: #{step.cause_seq} {cause}")
        if step.citation:
            out.append(f"      rule: {step.citation}")
    out += ["", "State after:", *_indent(report.after)]
    if report.result is not None:
        out += ["", f"Result: {_result(report)}"]
    if report.notes:
        out += ["", "Notes:", *(note_line(n) for n in report.notes)]
    return "\n".join(out) + "\n"


def note_line(note: Any) -> str:
    """A note on the round (``beatlog annotate``), as the report and the viewer print it; its author and text
    are untrusted: one line, control characters shown escaped (recorder.untrusted.escape)."""
    return f"  {escape(note.author or 'note')} on #{note.seq} ({escape(note.created_at)}): {escape(note.text)}"


CAUSE_WIDTH = 80


def _names_actor(header: Header, step: Step) -> bool:
    """Does the description already say who acted (by player name or side)?"""
    text = step.text.casefold()
    return any(p.name == step.actor and (p.name.casefold() in text or p.side.casefold() in text)
               for p in header.players)


def _shorten(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def _players(header: Header) -> str:
    return " vs ".join(f"{p.name} ({p.side})" for p in header.players)


def _result(report: BeatReport) -> str:
    result = report.result or {}
    winner = result.get("winner")
    name = report.header.players[winner].name if isinstance(winner, int) else "draw"
    extra = ", ".join(f"{k} {v}" for k, v in result.items() if k != "winner")
    return f"{name}" + (f" ({extra})" if extra else "")


def _indent(text: str) -> list[str]:
    return [f"  {line}" if line else "" for line in text.splitlines()] or ["  (nothing)"]


def render_html(report: BeatReport) -> str:
    """The same report as a standalone HTML page (every log text escaped)."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(Path(__file__).parent),
        autoescape=True, trim_blocks=True, lstrip_blocks=True,
    )
    env.filters["one_line"] = escape  # a note's untrusted text: no control character reaches the page
    prefixed = {step.seq for step in report.steps if step.actor and not _names_actor(report.header, step)}
    return env.get_template("explain.html.j2").render(
        r=report, players=_players(report.header), result=_result(report) if report.result else None,
        prefixed=prefixed)

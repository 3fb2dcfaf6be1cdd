"""Golden replay files: a match's inputs and the readable dump derived from them.

A golden file (``tests/golden/<name>.txt``) carries its own inputs -- the header
fields and every decision answer with its source -- followed by a per-beat dump
re-derived from them: each event described by the game (with the rule it
applies, when the game cites one) and, after each beat, the game's rendering
of the state (board line, life, discards, tokens, markers, forms). The test
replays the inputs and compares the dump; ``pytest --regen-golden`` re-records
the inputs from each golden's recipe and rewrites the file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from recorder import canonical
from recorder.citing import CiteContext
from recorder.decisions import Answer
from recorder.envelope import Record
from recorder.game import Game
from recorder.header import Header, Player
from recorder.match import Match, sealed

HEADER_KEYS = ("game", "edition", "seed", "players", "options")
INPUTS = "== inputs =="
DUMP = "== dump =="


@dataclass(frozen=True)
class Decision:
    player: int
    data: dict[str, Any]  # the answer plus "source"

    def line(self) -> str:
        return f"P{self.player} {canonical.dumps(self.data).decode()}"

    @classmethod
    def parse(cls, line: str) -> "Decision":
        seat, _, raw = line.partition(" ")
        return cls(int(seat.removeprefix("P")), canonical.loads(raw))


@dataclass
class Golden:
    name: str
    fields: dict[str, Any]  # HEADER_KEYS -> JSON values
    decisions: list[Decision] = field(default_factory=list)
    dump: str = ""
    about: str = ""

    def header(self, game: Game) -> Header:
        players = tuple(Player(p["name"], p["side"]) for p in self.fields["players"])
        return game.make_header(players=players, edition=self.fields["edition"],
                                seed=self.fields["seed"], options=self.fields["options"])

    def text(self) -> str:
        lines = [
            f"# beatlog golden replay: {self.name}",
            f"# {self.about}" if self.about else "#",
            "# The inputs below are the match; the dump after them is derived from the",
            "# inputs by the engine. Regenerate: pytest tests/test_golden.py --regen-golden",
        ]
        lines += [f"{key}: {canonical.dumps(self.fields[key]).decode()}" for key in HEADER_KEYS]
        lines.append(f"{INPUTS} {len(self.decisions)} decisions")
        lines += [d.line() for d in self.decisions]
        lines.append(DUMP)
        return "\n".join(lines) + "\n" + self.dump

    @classmethod
    def parse(cls, name: str, text: str) -> "Golden":
        head, sep, rest = text.partition(f"\n{INPUTS}")
        if not sep:
            raise ValueError(f"{name}: no '{INPUTS}' line")
        fields = {}
        head_lines = head.splitlines()
        about = head_lines[1][2:] if len(head_lines) > 1 and head_lines[1].startswith("# ") else ""
        for line in head_lines:
            if line.startswith("#") or not line.strip():
                continue
            key, _, value = line.partition(": ")
            fields[key] = canonical.loads(value)
        count_line, _, rest = rest.partition("\n")
        inputs, sep, dump = rest.partition(f"{DUMP}\n")
        if not sep:
            raise ValueError(f"{name}: no '{DUMP}' line")
        decisions = [Decision.parse(line) for line in inputs.splitlines() if line.strip()]
        if int(count_line.split()[0]) != len(decisions):
            raise ValueError(f"{name}: says {count_line.strip()!r} but lists {len(decisions)}")
        return cls(name, fields, decisions, dump, about)


def decisions_of(records: list[Record]) -> list[Decision]:
    """The decision inputs of a log (input records with a ``source``), in order."""
    return [Decision(r.actor, dict(r.data)) for r in records if r.kind == "input" and "source" in r.data]


def replay(game: Game, header: Header, decisions: list[Decision]) -> list[Record]:
    """Re-run a match from its header and recorded decisions; the sealed records."""
    match = Match(game, header)
    match.advance()
    for i, decision in enumerate(decisions):
        if match.finished:
            raise AssertionError(f"the match ended with {len(decisions) - i} recorded decisions left")
        request = match.pending
        if request.player != decision.player:
            raise AssertionError(f"decision {i + 1}: the engine asks P{request.player} for "
                                 f"{request.kind}, the golden has a decision of P{decision.player}")
        data = dict(decision.data)
        source = data.pop("source")
        match.advance(Answer(data, source))
    if not match.finished:
        raise AssertionError(f"the recorded decisions end before the match does (pending: {match.pending.kind})")
    return sealed(match)


def dump(game: Game, header: Header, records: list[Record]) -> str:
    """The readable per-beat dump: described events, then the state after each beat."""
    state = game.new_state(header)
    citing = CiteContext()  # the dump's walk cites the records in order, as a report's does
    out: list[str] = []
    clock: tuple[int, int] | None = None

    def close_beat() -> None:
        if clock is not None:
            out.append("  state:")
            out.extend(f"    {line}" for line in game.render_state(game.snapshot(state)).splitlines())

    for record in records:
        if (record.duel, record.beat) != clock:
            close_beat()
            clock = (record.duel, record.beat)
            out.append(f"-- duel {record.duel}, beat {record.beat} --")
        text = game.describe(state, record)
        secret = "" if record.visibility == "public" else f" (secret to P{record.visibility})"
        cite = game.cite(state, record, citing)
        out.append(f"  [{record.seq}] {text}{secret}" + (f"  <{cite}>" if cite else ""))
        game.apply(state, game.events.get(record.type).from_data(record.data))
    close_beat()
    result = game.result(state)
    out.append(f"result: {canonical.dumps(result).decode()}")
    out.append(f"events: {len(records)}, digest: {canonical.short_digest(records[-1].hash)}")
    return "\n".join(out) + "\n"

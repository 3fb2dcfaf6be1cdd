"""Compare two logs of the same match and show where they first part.

Useful when two copies of a match disagree (the player's and the organiser's,
a log and its re-recording): headers are compared field by field (``created_at``
aside: it is the wall-clock moment of recording and outside the hash), then
the events in order; the first difference is shown with where it is, in the
game's words ("duel 1, beat 3", "turn 3"), and both versions. Logs whose chains
are broken can still be compared, and so can a log whose last line was cut off
by a crash (one player's recording): its complete lines are compared and the
cut-off line is named.

Each side is also checked as ``beatlog check`` would (chain, seqs, schemas):
a side that fails is named with the check's own message (:attr:`LogDiff.corrupt`),
so that two copies of one corrupt log are never taken for a sound match.
``diff`` does not re-execute the logs: that is ``verify``'s job.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from recorder import canonical
from recorder.envelope import FIELDS, Record
from recorder.header import Header
from recorder.game import terms_named
from recorder.terms import NEUTRAL, Terms

from .tamper import show

if TYPE_CHECKING:
    from .source import Loaded


@dataclass
class LogDiff:
    a_name: str
    b_name: str
    header: list[tuple[str, Any, Any]] = field(default_factory=list)  # (field, in A, in B)
    index: int | None = None  # position of the first differing event
    a: Record | None = None
    b: Record | None = None
    fields: list[str] = field(default_factory=list)  # envelope fields that differ there
    same_events: int = 0  # events equal before the difference
    notes: list[str] = field(default_factory=list)  # e.g. a side whose last line is cut off
    corrupt: list[str] = field(default_factory=list)  # the integrity check's message for each side failing it
    terms: Terms = NEUTRAL  # the game's words for duel and beat ("turn 3" for Cogs)
    heads: tuple[Header | None, Header | None] = (None, None)  # each side's header: its players' names

    @property
    def identical(self) -> bool:
        """The same header and events (created_at aside); says nothing about whether they are sound."""
        return not self.header and self.index is None and not self.notes

    def warnings(self) -> list[str]:
        """One line per side that fails the integrity check."""
        return [f"warning: {message}" for message in self.corrupt]

    def lines(self) -> list[str]:
        out = list(self.notes)
        out += [f"header {name}: {self.a_name} has {_quote(x)}, {self.b_name} has {_quote(y)}"
                for name, x, y in self.header]
        if self.index is None:
            return out
        agree = f"the first {self.same_events} events agree" if self.same_events else "no event agrees"
        first = self.a or self.b
        assert first is not None
        at = self.terms.at(first.duel, first.beat)
        out.append(f"first difference at event {self.index + 1} ({at}); {agree}")
        for name, record, head in ((self.a_name, self.a, self.heads[0]), (self.b_name, self.b, self.heads[1])):
            out.append(f"  {name}: " + (f"seq {record.seq}: {show(record, head)}" if record else "(ends here)"))
        if self.a is not None and self.b is not None:
            out.append(f"  differs in: {', '.join(self.fields)}")
        return out


def diff(a_name: str, a_header: Header, a_records: Sequence[Record],
         b_name: str, b_header: Header, b_records: Sequence[Record]) -> LogDiff:
    # Two logs of different games have no words in common: the kernel's neutral ones then.
    words = terms_named(a_header.game) if a_header.game == b_header.game else NEUTRAL
    result = LogDiff(a_name, b_name, terms=words, heads=(a_header, b_header))
    a_body, b_body = a_header.body(), b_header.body()
    for name in a_body:
        if canonical.dumps(a_body[name]) != canonical.dumps(b_body[name]):
            result.header.append((name, a_body[name], b_body[name]))
    for i in range(max(len(a_records), len(b_records))):
        a = a_records[i] if i < len(a_records) else None
        b = b_records[i] if i < len(b_records) else None
        if a is not None and b is not None and a.line() == b.line():
            continue
        result.index, result.a, result.b, result.same_events = i, a, b, i
        if a is not None and b is not None:
            result.fields = _fields(a, b)
        break
    return result


def diff_loaded(a: "Loaded", b: "Loaded") -> LogDiff:
    """Compare two loaded logs; a side with a cut-off last line is compared by its complete lines."""
    result = diff(a.name, a.header, a.records, b.name, b.header, b.records)
    for side in (a, b):
        if side.strict_error is not None:
            message = str(side.strict_error)
            head = message if message.startswith(side.name) else f"{side.name}: {message}"
            result.corrupt.append(f"{head} (it does not pass beatlog check)")
        if side.torn is not None:
            result.notes.append(f"{side.name}: {side.torn.text()}; comparing its {len(side.records)} "
                                "complete events")
    return result


def _fields(a: Record, b: Record) -> list[str]:
    out = []
    for name in FIELDS:
        x, y = getattr(a, name), getattr(b, name)
        if name == "data" and isinstance(x, dict) and isinstance(y, dict):
            keys = sorted(set(x) | set(y))
            out += [f"data.{k}" for k in keys if canonical.dumps(x.get(k)) != canonical.dumps(y.get(k))
                    or (k in x) != (k in y)]
        elif canonical.dumps(x) != canonical.dumps(y):
            out.append(name)
    return out


def _quote(value: Any) -> str:
    return canonical.dumps(value).decode()

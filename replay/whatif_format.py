"""A what-if, side by side with the recorded match: text for people, JSON for tools.

From the first event where the two runs part, each round's outcomes are aligned
(difflib over their descriptions, so an event that merely moved shows as
moved, not as a cascade) and printed in two columns, recorded | what-if.
Outcomes both runs share are counted, not repeated. Each side shows at most
``limit`` differing outcomes (``None``: all of them), then both final results.
"""

from __future__ import annotations

import difflib
import itertools
import textwrap
from dataclasses import dataclass
from typing import Any

from recorder.envelope import Record
from recorder.events import INPUT
from recorder.header import Header
from recorder.untrusted import escape

from .whatif import WhatIfResult

LIMIT = 10  # differing outcomes shown per side unless --all
BAR = " │ "


@dataclass(frozen=True)
class Row:
    """One line of the table: a recorded outcome, a what-if outcome, or both."""

    recorded: Record | None
    whatif: Record | None


@dataclass(frozen=True)
class BeatRows:
    duel: int
    beat: int
    rows: list[Row]
    same: int  # outcomes both runs have here (not shown)


def beat_rows(result: WhatIfResult) -> list[BeatRows]:
    """Every beat from the parting on, with its differing outcomes aligned (nothing capped)."""
    if result.first_difference is None:
        return []
    k = result.first_difference
    left = _by_beat(result.recorded[k:])
    right = _by_beat(result.new[k:])
    out = []
    for where in sorted(set(left) | set(right)):
        a, b = left.get(where, []), right.get(where, [])
        ta = [result.recorded_lines.get(r.seq, r.type) for r in a]
        tb = [result.new_lines.get(r.seq, r.type) for r in b]
        rows: list[Row] = []
        same = 0
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, ta, tb, autojunk=False).get_opcodes():
            if tag == "equal":
                same += i2 - i1
                continue
            rows += [Row(x, y) for x, y in itertools.zip_longest(a[i1:i2], b[j1:j2])]
        if rows:
            out.append(BeatRows(where[0], where[1], rows, same))
    return out


def _by_beat(records: list[Record]) -> dict[tuple[int, int], list[Record]]:
    out: dict[tuple[int, int], list[Record]] = {}
    for r in records:
        if r.kind != INPUT:
            out.setdefault((r.duel, r.beat), []).append(r)
    return out


def question(result: WhatIfResult) -> str:
    h = result.header
    changes = "; ".join(_change(r.kind, r.changed_label, r.recorded_label, r.seq, r.changed == r.recorded)
                        for r in result.replaced)
    return (f"What if {h.players[result.player].name} had chosen {changes} in "
            f"{result.terms.at(result.duel, result.beat)} of match {h.match_id}?")


def _change(kind: str, new: str, old: str, seq: int, same: bool) -> str:
    """``ante Water instead of Fire``: a label that repeats the kind ("Ante Water") drops it."""
    def bare(label: str) -> str:
        head, _, rest = label.partition(" ")
        return rest if rest and head.casefold() == kind.casefold() else label
    if same:
        return f"{kind} {bare(new)} (as recorded, seq {seq})"
    return f"{kind} {bare(new)} instead of {bare(old)} (seq {seq})"


def _who(header: Header, player: int) -> str:
    p = header.players[player]
    return p.name if p.side.casefold() in p.name.casefold() else f"{p.name} ({p.side})"


def render_text(result: WhatIfResult, limit: int | None = LIMIT, width: int = 120) -> str:
    """The report as text, ``width`` characters wide; ``limit`` differing outcomes per side (None: all)."""
    h = result.header
    out = [question(result)]
    out.append("Who plays on once a seat's recorded decisions stop fitting: " + "; ".join(
        f"{_who(h, s.player)}: {s.name}, {s.why}" for s in result.seats) + ".")
    for p, u in sorted(result.unfaithful.items()):
        out.append(f"Note: {result.seats[p].name} does not reproduce {h.players[p].name}'s recorded {u.recorded} "
                   f"(seq {u.seq}; it picks {u.policy}): its later decisions are its own, not the recorder's.")
    if result.first_difference is None:
        out.append("Nothing changes: the re-run makes the same events as the recorded match.")
    else:
        out += _table(result, limit, width)
    for p, t in sorted(result.policy_from.items()):
        out.append(f"From {result.terms.at(t.duel, t.beat)}, {result.seats[p].name} decides for "
                   f"{h.players[p].name}: " + _takeover(result, t) + ".")
    out += _finals(result, width)
    out.append(f"Result: recorded {_result(h, result.recorded_result)}; what-if {_result(h, result.new_result)}")
    # Each entry is one line: a name from a log made elsewhere may hold a newline, shown, never obeyed.
    return "\n".join(escape(line) for line in out) + "\n"


def _takeover(result: WhatIfResult, t: Any) -> str:
    if t.seq is None:
        return f"there is no recorded {t.kind} decision of that player left to reuse there"
    return f"the recorded {t.kind} #{t.seq} ({result.recorded_lines.get(t.seq, '?')}) is not legal now"


def _table(result: WhatIfResult, limit: int | None, width: int) -> list[str]:
    k = result.first_difference
    assert k is not None
    part = result.new[k] if k < len(result.new) else result.recorded[k]
    col = max((width - 2 - len(BAR)) // 2, 20)
    out = [f"The matches part at event {k + 1} ({result.terms.at(part.duel, part.beat)}). "
           "Differing outcomes, side by side:", "  " + _pair(["recorded"], ["what-if"], col)[0]]
    shown = [0, 0]
    hidden = [0, 0]
    for beat in beat_rows(result):
        lines: list[str] = []
        for row in beat.rows:
            cells = []
            for side, record, texts in ((0, row.recorded, result.recorded_lines), (1, row.whatif, result.new_lines)):
                if record is None:
                    cells.append([])
                elif limit is not None and shown[side] >= limit:
                    hidden[side] += 1
                    cells.append([])
                else:
                    shown[side] += 1
                    cells.append(_wrap(f"#{record.seq} {texts.get(record.seq, record.type)}", col))
            if cells[0] or cells[1]:
                lines += ["  " + line for line in _pair(cells[0], cells[1], col)]
        if lines:
            same = f"; {beat.same} outcome{'s' if beat.same != 1 else ''} the same on both sides" if beat.same else ""
            out.append(f"{result.terms.at(beat.duel, beat.beat)}{same}")
            out += lines
    if hidden[0] or hidden[1]:
        out.append(f"... and {hidden[0]} more differing outcome{'s' if hidden[0] != 1 else ''} recorded, "
                   f"{hidden[1]} in the what-if (--all shows every one)")
    return out


def _wrap(text: str, col: int) -> list[str]:
    # escaped first: wrapping would quietly turn a name's newline or tab into a space
    return textwrap.wrap(escape(text), col, subsequent_indent="    ", break_on_hyphens=False) or [""]


def _pair(left: list[str], right: list[str], col: int) -> list[str]:
    return [f"{a:<{col}}{BAR}{b}".rstrip() for a, b in itertools.zip_longest(left, right, fillvalue="")]


def _finals(result: WhatIfResult, width: int) -> list[str]:
    """Where each run ended: its last event (the match's end, when it finished)."""
    col = max((width - 2 - len(BAR)) // 2, 20)
    cells = []
    for records, texts in ((result.recorded, result.recorded_lines), (result.new, result.new_lines)):
        last = records[-1] if records else None
        if last is None:
            cells.append(["(no events)"])
            continue
        cells.append(_wrap(f"#{last.seq} {texts.get(last.seq, last.type)}", col)
                     + [f"({result.terms.at(last.duel, last.beat)}; {len(records)} events)"])
    return ["Final:"] + ["  " + line for line in _pair(cells[0], cells[1], col)]


def _result(header: Header, result: dict[str, Any] | None) -> str:
    if result is None:
        return "unfinished"
    winner = result.get("winner")
    who = f"{header.players[winner].name} wins" if isinstance(winner, int) else "draw"
    reason = result.get("reason")
    return f"{who} ({reason})" if reason else who


def to_dict(result: WhatIfResult) -> dict[str, Any]:
    """Everything the text shows, uncapped, as JSON-native data."""
    h = result.header

    def event(record: Record | None, texts: dict[int, str]) -> dict[str, Any] | None:
        if record is None:
            return None
        return {"seq": record.seq, "duel": record.duel, "beat": record.beat, "type": record.type,
                "text": texts.get(record.seq, record.type)}

    k = result.first_difference
    part = None
    if k is not None:
        where = result.new[k] if k < len(result.new) else result.recorded[k]
        part = {"event": k + 1, "duel": where.duel, "beat": where.beat}
    return {
        "match_id": h.match_id, "duel": result.duel, "beat": result.beat, "player": result.player,
        "question": question(result),
        "changes": [{"kind": r.kind, "seq": r.seq, "recorded": r.recorded, "changed": r.changed,
                     "recorded_label": r.recorded_label, "changed_label": r.changed_label} for r in result.replaced],
        "policies": [s.to_dict() for s in result.seats],
        "unfaithful": [{"player": p, "seq": u.seq, "recorded": u.recorded, "policy": u.policy}
                       for p, u in sorted(result.unfaithful.items())],
        "takeovers": [{"player": p, "duel": t.duel, "beat": t.beat, "kind": t.kind, "why": t.why, "seq": t.seq}
                      for p, t in sorted(result.policy_from.items())],
        "policy_decisions": result.policy_decisions,
        "parted_at": part,
        "beats": [{"duel": b.duel, "beat": b.beat, "same": b.same,
                   "rows": [{"recorded": event(r.recorded, result.recorded_lines),
                             "whatif": event(r.whatif, result.new_lines)} for r in b.rows]}
                  for b in beat_rows(result)],
        "recorded": _side(result.recorded, result.recorded_lines, result.recorded_result, event),
        "whatif": _side(result.new, result.new_lines, result.new_result, event),
    }


def _side(records: list[Record], texts: dict[int, str], res: dict[str, Any] | None, event: Any) -> dict[str, Any]:
    return {"events": len(records), "last": event(records[-1] if records else None, texts), "result": res}

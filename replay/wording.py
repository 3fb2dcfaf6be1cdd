"""How a verdict on a log is worded: records in one line, players by name, long values cut short.

Every message quotes what a hostile log holds, so every quoted value is
capped. A player is named as the rest of beatlog names them ("Ann (seat 0,
hikaru)"), never by a bare seat index.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from recorder import canonical
from recorder.envelope import Record
from recorder.header import Header

from .rerun import AFTER_END
from .undo import DELETED, DUPLICATED, INSERTED, Undo

if TYPE_CHECKING:
    from .tamper import Break, Case

MAX_SHOWN = 300  # characters of one record's data quoted in a message


def cap(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def player(header: Header | None, actor: Any) -> str:
    """``Ann (seat 0, hikaru)``: a player by name, with the seat (the log's ``actor``) and side.

    The side is left out when the name already says it ("Hikaru's player");
    a seat the header does not have (a hostile log) is shown by its number.
    """
    if header is not None and type(actor) is int and 0 <= actor < len(header.players):
        p = header.players[actor]
        side = "" if str(p.side).casefold() in str(p.name).casefold() else f", {cap(str(p.side), 40)}"
        return f"{cap(str(p.name), 60)} (seat {actor}{side})"
    return f"player {cap(repr(actor), 20)}"


def article(word: str) -> str:
    """``a`` or ``an`` before ``word`` (by its first letter: "an equip", "a course")."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def show(record: Record, header: Header | None = None) -> str:
    """A record's content in one line: ``Type by Ann (seat 0) {data}`` (long data cut short).

    Without a header the actor is shown by seat number only (``by player 0``).
    """
    actor = "" if record.actor is None else f" by {player(header, record.actor)}"
    return f"{cap(str(record.type), 80)}{actor} {cap(canonical.dumps(record.data).decode(), MAX_SHOWN)}"


def answer(record: Record) -> str:
    """A decision's data without its ``source``: what was chosen."""
    data = {k: v for k, v in record.data.items() if k != "source"} if isinstance(record.data, dict) else record.data
    return cap(canonical.dumps(data).decode(), MAX_SHOWN)


def structural_text(case: Case, found: Undo) -> str:
    p, records, run = found.index, case.records, case.run
    if found.change == DUPLICATED and found.count and found.count > 1:
        j, n = found.other, found.count
        return (f"events duplicated: seq {p + 1}-{p + n} ({n} events) repeat seq {j + 1}-{j + n}, "
                f"starting with {case.show(records[p])}")
    if found.change == DUPLICATED:
        return f"event duplicated: {case.show(records[p])} repeats seq {found.other + 1}"
    if found.change == INSERTED and run.reason == AFTER_END and run.diverged == p:
        return f"event inserted after the end of the match: {case.show(records[p])}"
    if found.change == INSERTED:
        return f"event inserted: {case.show(records[p])} is not derived by the engine; expected {case.expected_text(p)}"
    if found.change == DELETED and found.count is None:
        duel, beat = case.where(p)
        return (f"events deleted: expected {case.expected_text(p)} here, but the log goes on at "
                f"{case.terms.at(records[p].duel, records[p].beat)} with {case.show(records[p])}; the events between "
                f"(from {case.terms.at(duel, beat)}) are missing")
    if found.change == DELETED and found.count > 1:
        last = p + found.count
        return (f"events deleted: seq {p + 1}-{last} ({found.count} events) are missing; the record after seq {p} "
                f"is seq {records[p].seq}: {case.show(records[p])}")
    if found.change == DELETED:
        own = f" (recorded as seq {records[p].seq})" if records[p].seq != p + 1 else ""
        return f"event deleted: expected {case.expected_text(p)} here, before {case.show(records[p])}{own}"
    q = found.other
    assert q is not None
    if found.swapped and q > p + 1:
        return (f"events reordered: seq {p + 1} and seq {q + 1} are swapped: expected {case.expected_text(p)} "
                f"here, recorded {case.show(records[p])}")
    return (f"events reordered: expected {case.expected_text(p)} here (it is recorded later, at seq {q + 1}), "
            f"recorded {case.show(records[p])}")


def break_text(chain: Break | None, records: Sequence[Record], header: Header) -> str:
    if chain is None:
        return "unknown"
    r = records[chain.index]
    if chain.why == "seq":
        return f"record {chain.index + 1} carries seq {r.seq}"
    if chain.why == "prev":
        link = "the header's hash" if chain.index == 0 else f"the hash of seq {chain.index}"
        return f"its prev is not {link}"
    return "its hash does not match its content"

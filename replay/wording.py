"""How a verdict on a log is worded: records in one line, players by name, long values cut short.

Every message quotes what a hostile log holds, so every quoted value is
capped. A player is named as the rest of beatlog names them ("Ann (seat 0,
hikaru)"), never by a bare seat index.
"""

from __future__ import annotations

from typing import Any

from recorder import canonical
from recorder.envelope import Record
from recorder.header import Header


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

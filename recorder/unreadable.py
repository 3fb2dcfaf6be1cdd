"""The boundary between a log's readers and the game code that interprets its content.

A log that passed the structural checks (chain, hashes, envelope and payload
schemas) can still hold values no real match produces: a forger who recomputes
every hash may write a fighter on a Cogs side, a card a fighter does not own or a
timing the rules never use. Schemas refuse what they can express (enums,
lengths, ranges); the rest reaches the game's code, which may fail in any way
Python code fails. Every consumer (the walk under statistics, explain, state,
the viewer's frames; the site's page of one match; ``state``'s drawing) passes
through :func:`reading` once, so such a failure becomes one
:class:`~recorder.errors.UnreadableLog` line naming the match, the seq and the
field -- never a traceback, and never more than the one match: the site lists
that match as unreadable and renders the others, ``stats`` leaves it out with a
warning.

Game code itself carries no try/except for forged input: it is written for the
logs the engine writes.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterable, Iterator

from .envelope import Record
from .errors import BeatlogError, UnreadableLog
from .header import Header

# How much of a value or an exception's text one error line quotes.
QUOTE = 60


def unreadable(match_id: str, exc: BaseException, *, record: Record | None = None,
               header: Header | None = None, source: str = "", what: str = "",
               earlier: Iterable[Record] = ()) -> UnreadableLog:
    """The one-line error of ``exc`` raised while reading ``record`` (or the match as a whole).

    ``earlier``: records before it, latest first, where a value the failure quotes may have been written
    (a forged form folded into the state, read by the next record's description).
    """
    prefix = f"{source}: " if source else ""
    at = f"match {match_id}"
    if record is not None:
        at += f", seq {record.seq} ({record.type})"
    field = suspect(exc, record, header)
    if not field and _looked_up(exc) is not _NOTHING:
        for before in earlier:
            if before is record:
                continue
            found = suspect(exc, before, None, quoted_only=True)
            if found:
                field = f"{found} of seq {before.seq} ({before.type})"
                break
    named = f": {field}" if field else ""
    doing = f" {what}" if what else ""
    detail = _quote(f"{type(exc).__name__}: {exc}")
    return UnreadableLog(f"{prefix}{at}{named}: this beatlog cannot read it{doing} ({detail}); "
                         "run beatlog verify")


@contextmanager
def reading(match_id: str, *, record: Record | None = None, header: Header | None = None,
            source: str = "", what: str = "") -> Iterator[None]:
    """Turn any failure of game code inside the block into :func:`unreadable`'s line.

    Beatlog's own errors pass through unchanged: they already say where.
    """
    try:
        yield
    except BeatlogError:
        raise
    except Exception as exc:  # noqa: BLE001 - the boundary: anything game code raises on forged content
        raise unreadable(match_id, exc, record=record, header=header, source=source, what=what) from exc


def suspect(exc: BaseException, record: Record | None, header: Header | None = None, *,
            quoted_only: bool = False) -> str:
    """The field a failure most likely comes from, as ``data.timing ''``; "" when it cannot be told.

    A KeyError or a ValueError usually quotes the value it could not look up:
    the field holding that value is named. Otherwise an empty text in the
    payload is the likeliest culprit (names, timings and cards are never empty).
    """
    wanted = _looked_up(exc)
    places: list[tuple[str, Any]] = []
    if record is not None:
        places += list(_leaves(record.data, "data"))
    if header is not None:
        for i, player in enumerate(header.players):
            places += [(f"header players[{i}].name", player.name), (f"header players[{i}].side", player.side)]
    if wanted is not _NOTHING:
        for path, value in places:
            if type(value) is type(wanted) and value == wanted:
                return f"{path} {_quote(repr(value))}"
    if quoted_only:
        return ""
    empty = [path for path, value in places if value == ""]
    if len(empty) == 1:
        return f"{empty[0]} ''"
    if isinstance(exc, IndexError) and header is not None:
        # A seat that is not at the table: the likeliest out-of-range index.
        seats = len(header.players)
        for path, value in places:
            if (path.rpartition(".")[2] in SEAT_FIELDS and type(value) is int and not 0 <= value < seats):
                return f"{path} {value} (the match has seats 0-{seats - 1})"
    return ""


# Payload fields that name a seat, by the convention every game's events follow.
SEAT_FIELDS = frozenset({"player", "seat", "winner", "owner", "first", "loser"})


_NOTHING = object()


def _looked_up(exc: BaseException) -> Any:
    if isinstance(exc, KeyError) and exc.args:
        return exc.args[0]
    if isinstance(exc, ValueError) and exc.args and isinstance(exc.args[0], str):
        text = exc.args[0]
        # list.index: "'x' is not in list"
        if text.endswith(" is not in list") and text[:1] in "'\"":
            return text[1:-len(" is not in list") - 1]
    return _NOTHING


def _leaves(value: Any, path: str, depth: int = 0) -> Iterator[tuple[str, Any]]:
    if depth > 8:
        return
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, f"{path}.{key}", depth + 1)
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value[:64]):
            yield from _leaves(item, f"{path}[{index}]", depth + 1)
    else:
        yield path, value


def _quote(text: str) -> str:
    text = text.replace("\n", " ")
    return text if len(text) <= QUOTE else text[:QUOTE - 1] + "…"

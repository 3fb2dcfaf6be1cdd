"""One match, ready to render: its page data (frames, events, beats) and its summary."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from recorder.game import Game, load_game
from recorder.header import Header

from .frames import FORMAT, build_frames
from .gameview import GameView, view_for
from .names import match_file_stem
from .sources import Source
from .tally import MatchSummary, Seat


@dataclass(frozen=True)
class MatchPage:
    summary: MatchSummary
    data: dict[str, Any]  # what the page embeds as JSON
    view: GameView
    header: Header


def build_page(source: Source) -> MatchPage:
    """Walk one log and gather everything its page and the index need."""
    header, records = source.log.header, source.log.records
    game = load_game(header.game)
    view = view_for(game)
    frames = build_frames(game, view, header, records)
    result = frames.pop("result")
    summary = _summary(game, view, source, frames, result)
    data = {
        "format": FORMAT,
        "view": view.name,
        "static": view.static(header),
        "match": {
            "id": header.match_id, "game": header.game, "edition": header.edition,
            "engine_version": header.engine_version, "rules_version": header.rules_version,
            "players": [p.to_dict() for p in header.players],
            "finished": summary.finished, "outcome": summary.outcome,
        },
        **frames,
    }
    return MatchPage(summary, data, view, header)


def side_name(view: GameView, side: str) -> str:
    """A side's display name (the game view's ``side_name`` when it has one)."""
    name = getattr(view, "side_name", None)
    return name(side) if name is not None else side


def _summary(game: Game, view: GameView, source: Source, frames: dict[str, Any],
             result: dict[str, Any] | None) -> MatchSummary:
    header = source.log.header
    events = frames["events"]
    last = frames["series"][-1] if frames["series"] else {}
    seats = tuple(
        Seat(name=p.name, side=p.side, side_name=side_name(view, p.side),
             decisions=sum(1 for e in events if e[1] and e[2] == index),
             finals={k: v[index] for k, v in last.items() if k not in ("duel", "beat")
                     and isinstance(v, list) and index < len(v)})
        for index, p in enumerate(header.players)
    )
    winner = result.get("winner") if result is not None else None
    if not (isinstance(winner, int) and 0 <= winner < len(seats)):
        winner = None
    return MatchSummary(
        id=header.match_id, stem=match_file_stem(header.match_id), game=header.game, edition=header.edition,
        created_at=header.created_at, seats=seats, finished=result is not None, winner=winner,
        outcome=outcome(seats, result, frames["beats"]),
        beats=sum(1 for b in frames["beats"] if b[1] > 0), events=len(events), digest=source.log.digest,
    )


def outcome(seats: tuple[Seat, ...], result: dict[str, Any] | None, beats: list[list[int]]) -> str:
    """The result in words: who won and the game's reason, or where an unfinished log stops."""
    if result is None:
        where = f"stops at duel {beats[-1][0]}, beat {beats[-1][1]}" if beats else "no events"
        return f"Unfinished ({where})"
    winner = result.get("winner")
    reason = result.get("reason")
    if isinstance(winner, int) and 0 <= winner < len(seats):
        text = f"{seats[winner].name} ({seats[winner].side_name}) wins"
    else:
        text = "Draw"
    return text + (f": {reason}" if isinstance(reason, str) and reason else "")


def display_date(created_at: str) -> str:
    """``2026-11-22T02:58:03Z`` as ``2026-11-22 02:58 UTC`` (anything else as given)."""
    try:
        when = datetime.datetime.fromisoformat(created_at.replace("Z", "+00:00"))
    except ValueError:
        return created_at
    if when.tzinfo is not None:
        when = when.astimezone(datetime.timezone.utc)
    return when.strftime("%Y-%m-%d %H:%M") + (" UTC" if when.tzinfo is not None else "")

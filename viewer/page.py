"""One match, ready to render: its page data (frames, events, beats), summary and statistics.

The frames and the statistics (:class:`replay.stats.StatsVisitor`, the same
figures as ``beatlog stats``) come from one walk of the log.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from recorder.game import game_for
from recorder.header import Header
from recorder.terms import NEUTRAL, Terms, terms_of
from replay.stats import StatsVisitor

from .frames import FORMAT, build_frames, packed
from .gameview import GameView, view_for
from .logpack import pack
from .names import match_file_stem
from .sources import Source
from .words import pack_words


@dataclass(frozen=True)
class Seat:
    name: str
    side: str
    side_name: str


@dataclass(frozen=True)
class MatchSummary:
    """What the index and player pages list about a match."""

    id: str
    stem: str  # file name of its page, without .html
    game: str
    edition: str
    created_at: str
    seats: tuple[Seat, ...]
    finished: bool
    winner: int | None  # a seat; None for a draw or an unfinished match
    outcome: str  # "Ann (Hikaru Sorayama) wins: won 1-0", "Draw: ...", "Unfinished (...)"
    beats: int  # rounds played: beats, turns... (set-ups not counted)
    events: int
    digest: str
    terms: Terms = NEUTRAL  # the game's words (recorder.terms) for the pages' labels

    def result_for(self, seat: int) -> str:
        """``"win"``, ``"loss"``, ``"draw"`` or ``"unfinished"`` from one seat's side."""
        if not self.finished:
            return "unfinished"
        if self.winner is None:
            return "draw"
        return "win" if self.winner == seat else "loss"


@dataclass(frozen=True)
class MatchPage:
    summary: MatchSummary
    data: dict[str, Any]  # what the page embeds as JSON
    stats: dict[str, Any]  # replay.stats.match_stats of the match
    view: GameView
    header: Header


def build_page(source: Source) -> MatchPage:
    """Walk one log and gather everything its page and the index need."""
    header, records = source.log.header, source.log.records
    game = game_for(header)
    terms = terms_of(game)
    view = view_for(game)
    stats = StatsVisitor(game)
    frames = build_frames(game, view, header, records, also=[stats])
    result = frames.pop("result")
    frames["frames"] = packed(frames["frames"])
    static = view.static(header)
    prose = static_texts(static)  # every "text" field of the view's static data: card texts...
    words, (frames["texts"], frames["states"]["lines"], frames["headlines"], packed_prose) = pack_words(
        [frames["texts"], frames["states"]["lines"], frames["headlines"], [text for _, _, text in prose]])
    for (holder, key, _), tokens in zip(prose, packed_prose):
        holder[key] = tokens
    summary = _summary(view, source, frames, result, terms)
    data = {
        "format": FORMAT,
        "view": view.name,
        # The page's words for rounds, sets and phases (the game's title and editions are in the HTML).
        "terms": {k: v for k, v in terms.to_dict().items() if k not in ("title", "editions")},
        "static": static,
        "match": {
            "id": header.match_id, "game": header.game, "edition": header.edition,
            # as the dispute report (beatlog explain) names them: "BattleCON (War of Indines)"
            "game_title": terms.game_title(header.game), "edition_title": terms.edition_title(header.edition),
            "engine_version": header.engine_version, "rules_version": header.rules_version,
            "players": [p.to_dict() for p in header.players],
            "finished": summary.finished, "outcome": summary.outcome,
        },
        **frames,
        "words": words,  # texts and state lines are word indexes (viewer.words)
        "notes": [n.to_dict() for n in source.notes],  # beatlog annotate: untrusted text, shown as text
        "log": pack(header, records),  # the evidence itself, so a mailed page can be re-verified
    }
    return MatchPage(summary, data, stats.stats(), view, header)


def static_texts(value: Any) -> list[tuple[Any, str, str]]:
    """Every string ``"text"`` field in a view's static data, as (its dict, "text", the text): the page stores
    them as words like the event texts (viewer/words.py), and viewer.js joins them back."""
    found: list[tuple[Any, str, str]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "text" and isinstance(item, str):
                found.append((value, key, item))
            else:
                found.extend(static_texts(item))
    elif isinstance(value, list):
        for item in value:
            found.extend(static_texts(item))
    return found


def side_name(view: GameView, side: str) -> str:
    """A side's display name (the game view's ``side_name`` when it has one)."""
    name = getattr(view, "side_name", None)
    return name(side) if name is not None else side


def _summary(view: GameView, source: Source, frames: dict[str, Any], result: dict[str, Any] | None,
             terms: Terms) -> MatchSummary:
    header = source.log.header
    seats = tuple(Seat(p.name, p.side, side_name(view, p.side)) for p in header.players)
    winner = result.get("winner") if result is not None else None
    if not (isinstance(winner, int) and 0 <= winner < len(seats)):
        winner = None
    return MatchSummary(
        id=header.match_id, stem=match_file_stem(header.match_id), game=header.game, edition=header.edition,
        created_at=header.created_at, seats=seats, finished=result is not None, winner=winner,
        outcome=outcome(seats, result, frames["beats"], terms),
        beats=sum(1 for b in frames["beats"] if b[1] > 0), events=len(frames["events"]), digest=source.log.digest,
        terms=terms,
    )


def outcome(seats: tuple[Seat, ...], result: dict[str, Any] | None, beats: list[list[int]],
            terms: Terms = NEUTRAL) -> str:
    """The result in words: who won and the game's reason, or where an unfinished log stops."""
    if result is None:
        where = f"stops at {terms.stage(beats[-1][0], beats[-1][1])}" if beats else "no events"
        return f"Unfinished ({where})"
    winner = result.get("winner")
    reason = result.get("reason") if isinstance(result.get("reason"), str) else ""
    if isinstance(winner, int) and 0 <= winner < len(seats):
        text, verb = f"{seats[winner].name} ({seats[winner].side_name}) wins", "won "
    else:
        text, verb = "Draw", "drawn "
    # A reason that only repeats the verb ("won 2-1") gives its score: "wins 2-1", not "wins: won 2-1".
    if reason.startswith(verb):
        return f"{text} {reason[len(verb):]}"
    return text + (f": {reason}" if reason else "")


def display_date(created_at: str) -> str:
    """``2026-11-22T02:58:03Z`` as ``2026-11-22 02:58 UTC`` (anything else as given)."""
    try:
        when = datetime.datetime.fromisoformat(created_at.replace("Z", "+00:00"))
    except ValueError:
        return created_at
    if when.tzinfo is not None:
        when = when.astimezone(datetime.timezone.utc)
    return when.strftime("%Y-%m-%d %H:%M") + (" UTC" if when.tzinfo is not None else "")

"""A store's site from its statistics rows: ``beatlog render --db`` without walking every log each time.

The index and the player pages are made from what the store keeps about each
match (:mod:`replay.stats_store`: the same figures as ``beatlog stats``); a
match page is written only when its match is new or changed since the last
render into the same folder (a manifest, ``.beatlog-site.json``, remembers the
final hash each page shows), and only the player pages of players whose matches
changed are rewritten. A player page lists a player's :data:`LISTED` latest
matches match by match (their record, figures, opponents and usage cover every
match, added up in SQL) and charts the :data:`RECENT` latest round by round
(walked again when the page is written); every match's own page has all of them.
The index lists the latest matches; beyond a page's worth, every match (and every
match of a player) is on numbered list pages (:mod:`viewer.listing`), and a list
page is rewritten only when what it lists changed (the manifest keeps a digest of
each).
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from recorder import canonical, store_notes
from recorder.errors import BeatlogError
from recorder.game import load_game
from recorder.store import Store
from recorder.terms import terms_of
from replay.stats_sql import add_current
from replay.stats_store import current_sql, engines, fill, has_tables, kept_in, stats_from_rows
from replay.stats_summary import Summary

from .assets import (CHART_JS, CSS, LOGFILE_JS, SITE_CSS, TABLES_CSS, TABLES_JS, VIEWER_JS, copy_assets, plotly_asset,
                     view_assets)
from .gameview import view_for
from .names import match_file_stem
from .listing import match_lists, player_lists
from .page import MatchPage, MatchSummary, Seat, outcome, side_name
from .player import PlayerTotals, opponents_of, player_html
from .site import PLAIN_ASSETS, Written, index_from, match_html, readable_page, write_text
from .sources import Source, stored_source
from .summary import player_stem
from .templating import environment

MANIFEST = ".beatlog-site.json"
SITE_FORMAT = 2  # bumped when pages change shape: every page is written again (2: list pages)
RECENT = 20  # a player's latest matches charted round by round on their page
LISTED = 200  # a player's latest matches listed match by match (their totals cover every match)


@dataclass
class _Match:
    """One match as the store's rows describe it."""

    summary: MatchSummary
    stats_id: int | None  # its current match_stats row (None: counted in memory just now)
    stats: dict[str, Any] | None
    final_hash: str


def _shows(final_hash: str, note_lines: Sequence[tuple[str, dict]]) -> str:
    """What a match's page shows, for the manifest: its final hash, and its last note's hash if it has notes."""
    return f"{final_hash} {note_lines[-1][1]['hash']}" if note_lines else final_hash


def render_store(db: str | Path, out: str | Path, *, say: Callable[[str], None] | None = None,
                 match_pages: bool = True) -> Written:
    """Render (or bring up to date) the site of the store ``db`` in ``out``.

    ``match_pages=False`` writes only the index and the player pages (the benchmark's figure).
    """
    out = Path(out)
    env = environment()
    written = Written(out)
    with Store(db, create=False) as store:
        filled = fill(store)
        memory = {c.match_id: c for c in filled.computed} if not filled.saved else {}
        if memory and say is not None:
            say(f"note: the statistics of {len(memory)} matches were computed in memory and not kept "
                f"({filled.why_not})")
        with store.snapshot():
            matches, left_out = _matches(store, memory)
            summary = Summary()
            if kept_in(store):
                add_current(summary, store.sql, skip=list(memory))
        for item in memory.values():
            if item.stats is not None:
                summary.add(item.stats)
        if say is not None:
            for match_id, why in left_out:
                say(f"left out match {match_id}: {why}")
        views = {m.summary.game: view_for(load_game(m.summary.game)) for m in matches.values()}
        manifest, lists = _load_manifest(out)
        pages: dict[str, MatchPage] = {}
        notes = store_notes.read_all(store)  # beatlog annotate --db: a new note changes the match's page
        shows = {mid: _shows(m.final_hash, notes.get(mid, ())) for mid, m in matches.items()}
        changed = {mid for mid, m in matches.items()
                   if manifest.get(mid) != shows[mid] or not (out / "matches" / f"{m.summary.stem}.html").exists()}
        if not match_pages:
            changed, manifest, lists = set(), {"?stale": True}, {}
        assets = [CSS, SITE_CSS, TABLES_CSS, VIEWER_JS, TABLES_JS, LOGFILE_JS, CHART_JS, *PLAIN_ASSETS]
        for view in views.values():
            assets.extend(view_assets(view))
        plotly = plotly_asset()
        if plotly is not None:
            assets.append(plotly)
        copy_assets(assets, out)
        unreadable: list[tuple[str, str]] = []
        for match_id in sorted(changed):
            try:
                page = pages[match_id] = readable_page(stored_source(store, match_id, notes.get(match_id, ())))
            except BeatlogError as exc:  # damaged since it was counted, or unreadable: one line, never the whole site
                # Listed as unreadable on the index; every other match is rendered.
                unreadable.append((match_id, str(exc)))
                matches.pop(match_id, None)
                if say is not None:
                    say(f"no page for match {match_id}: {' '.join(str(exc).split())}")
                continue
            path = out / "matches" / f"{page.summary.stem}.html"
            written.matches.append((match_id, path, write_text(path, match_html(page, single_file=False, env=env))))
            manifest[match_id] = shows[match_id]
        by_player: dict[str, list[_Match]] = {}
        for m in matches.values():
            for name in {seat.name for seat in m.summary.seats}:
                by_player.setdefault(name, []).append(m)
        for name, mine in sorted(by_player.items()):
            path = out / "players" / f"{player_stem(name)}.html"
            if path.exists() and not any(m.summary.id in changed for m in mine) and not manifest.get("?stale"):
                continue
            mine = sorted(mine, key=lambda m: (m.summary.created_at, m.summary.id))
            totals = _totals(store, name, mine, memory) if len(mine) > LISTED else None
            shown = mine[-LISTED:] if totals is not None else mine
            write_text(path, player_html(name, _player_pages(store, shown, pages, views), charts_on=plotly is not None,
                                         env=env, totals=totals))
            written.players += 1
            written.lists += player_lists(out, name, [m.summary for m in mine], env, lists, write_text)
        written.index = out / "index.html"
        summaries = [m.summary for m in matches.values()]
        if changed or not written.index.exists() or not match_pages:
            write_text(written.index, index_from(summaries, summary.result(), views, env, [*left_out, *unreadable]))
        written.lists += match_lists(out, summaries, env, lists, write_text)
        written.unreadable = [*left_out, *unreadable]
        if match_pages:
            _save_manifest(out, manifest, lists)
    return written


def _matches(store: Any, memory: dict[str, Any]) -> tuple[dict[str, _Match], list[tuple[str, str]]]:
    """Every match with statistics (current rows, or counted in memory), by id; and those left out."""
    rows: dict[str, tuple] = {}
    left_out: list[tuple[str, str]] = []
    conn = store.sql
    if kept_in(store) and has_tables(conn):
        sql, params = current_sql(engines())
        for row in conn.execute(f"SELECT stats_id, match_id, final_hash, game, edition, created_at, finished, "
                                f"winner, reason, events, beats, error FROM ({sql}) AS cur_rows", params):
            if row[1] in memory:
                continue
            if row[11] is not None:
                left_out.append((row[1], row[11]))
            else:
                rows[row[1]] = row
    seats: dict[int, list[tuple]] = {}
    if rows:
        for sid, seat, player, side in conn.execute("SELECT stats_id, seat, player, side FROM seat_stats "
                                                    "ORDER BY stats_id, seat"):
            seats.setdefault(sid, []).append((player, side))
    out: dict[str, _Match] = {}
    for sid, match_id, final_hash, game, edition, created_at, finished, winner, reason, events, beats, _ in rows.values():
        out[match_id] = _match(store, match_id, final_hash, game, edition, created_at, bool(finished), winner, reason,
                               events, beats, seats.get(sid, []), sid, None)
    for match_id, item in memory.items():
        if item.error is not None:
            left_out.append((match_id, item.error))
            continue
        st = item.stats
        out[match_id] = _match(store, match_id, item.final_hash, st["game"], st["edition"], st["created_at"],
                               st["finished"], st["winner"], st["reason"], st["events"], st["beats"],
                               [(s["player"], s["side"]) for s in st["seats"]], None, st)
    return out, sorted(left_out)


def _match(store: Any, match_id: str, final_hash: str, game: str, edition: str, created_at: str, finished: bool,
           winner: Any, reason: Any, events: int, beats: int, players: list[tuple[str, str]], sid: int | None,
           stats: dict[str, Any] | None) -> _Match:
    terms, view = _game_words(game)
    seats = tuple(Seat(player, side, _side_name(game, side)) for player, side in players)
    if not (isinstance(winner, int) and 0 <= winner < len(seats)):
        winner = None
    last: list[list[int]] = []
    if not finished:  # where the log stops, as the page says it
        rows = store.query("SELECT e.duel, e.beat FROM matches m JOIN events e ON e.match_id = m.match_id "
                           "AND e.seq = m.event_count WHERE m.match_id = ?", (match_id,))
        last = [list(rows[0])] if rows else []
    result = {"winner": winner, "reason": reason} if finished else None
    summary = MatchSummary(
        id=match_id, stem=match_file_stem(match_id), game=game, edition=edition, created_at=created_at,
        seats=seats, finished=finished, winner=winner, outcome=outcome(seats, result, last, terms), beats=beats,
        events=events, digest=canonical.short_digest(final_hash), terms=terms)
    return _Match(summary, sid, stats, final_hash)


@functools.lru_cache(maxsize=None)
def _game_words(game: str) -> tuple[Any, Any]:
    """A game's terms and view (looked up once per game, not once per match)."""
    loaded = load_game(game)
    return terms_of(loaded), view_for(loaded)


@functools.lru_cache(maxsize=4096)
def _side_name(game: str, side: str) -> str:
    return side_name(_game_words(game)[1], side)


def _totals(store: Any, name: str, mine: list[_Match], memory: dict[str, Any]) -> PlayerTotals:
    """A player's figures over all their matches, from the rows (and any counted in memory)."""
    summary = Summary(player=name)
    with store.snapshot():  # the player's seats of every current match: ``mine`` (but those counted in memory)
        add_current(summary, store.sql, skip=list(memory))
    for m in mine:
        if m.stats is not None:
            summary.add(m.stats)
    usage: dict[str, dict[str, Counter]] = {}
    for game, section in summary.games.items():
        row = section.players.get(name)
        if row is None:
            continue
        mine_usage = usage[game] = {}
        for counter, labels in row.tags.items():
            mine_usage[counter] = Counter({("", label): n for label, n in labels.items()})
        for counter, groups in row.usage.items():
            mine_usage[counter] = Counter({(g, label): n for g, labels in groups.items() for label, n in labels.items()})
    seats = sum(1 for m in mine for seat in m.summary.seats if seat.name == name)
    return PlayerTotals(seats, summary.result(), opponents_of(name, [m.summary for m in mine]), usage)


def _player_pages(store: Any, mine: list[_Match], built: dict[str, MatchPage],
                  views: dict[str, Any]) -> list[MatchPage]:
    """The player's matches as pages: the latest :data:`RECENT` walked (or built this run), the rest from rows."""
    mine = sorted(mine, key=lambda m: (m.summary.created_at, m.summary.id))
    recent = {m.summary.id for m in mine[max(0, len(mine) - RECENT):]}
    stored = stats_from_rows(store.sql, [m.stats_id for m in mine if m.stats_id is not None and m.summary.id not in recent])
    by_sid = {sid: st for sid, st in stored.items()}
    out = []
    for m in mine:
        page = built.get(m.summary.id)
        if page is None and m.summary.id in recent:
            try:
                page = built[m.summary.id] = readable_page(Source(f"{store.name}#{m.summary.id}",
                                                                  store.read(m.summary.id)))
            except BeatlogError:  # said when its own page was not written; charted from rows here
                page = None
        if page is not None:
            out.append(page)
            continue
        if m.stats is None and m.stats_id not in by_sid:  # a recent match that could not be walked
            by_sid.update(stats_from_rows(store.sql, [m.stats_id]))
        stats = m.stats if m.stats is not None else by_sid[m.stats_id]
        out.append(MatchPage(m.summary, {}, stats, views[m.summary.game], None))  # type: ignore[arg-type]
    return out


def _load_manifest(out: Path) -> tuple[dict[str, Any], dict[str, str]]:
    """The last render's match pages (match id -> final hash) and list pages (path -> digest of what it lists)."""
    path = out / MANIFEST
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}, {}
    if not isinstance(data, dict) or data.get("format") != SITE_FORMAT or not isinstance(data.get("pages"), dict) \
            or not isinstance(data.get("lists", {}), dict):
        return {"?stale": True}, {}
    return dict(data["pages"]), {str(k): str(v) for k, v in data.get("lists", {}).items()}


def _save_manifest(out: Path, manifest: dict[str, Any], lists: dict[str, str]) -> None:
    pages = {k: v for k, v in manifest.items() if not k.startswith("?")}
    write_text(out / MANIFEST, json.dumps({"format": SITE_FORMAT, "pages": pages, "lists": lists}, sort_keys=True))

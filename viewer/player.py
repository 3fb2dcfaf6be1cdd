"""One player's page: their matches, their record, their figures match by match, what they
played (attack pairs, cards, tokens) and each match beat by beat -- every chart with its
numbers in a table beside it.

Game-agnostic: the figures and usage counters are the game's stat hook's (``replay.stats``,
the same numbers as ``beatlog stats``), the beat-by-beat numbers are the page data's
``series`` (the game view's ``series`` and ``beat_counters``). Charts are plotly specs from
:mod:`viewer.charts`, drawn by ``tables.js`` once the reader reveals the figures.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import jinja2

from recorder.game import load_game
from recorder.terms import Terms, shared, terms_of
from replay.stats import TAG, USAGE, stat_hook
from replay.stats_format import fmt
from replay.stats_summary import pair_outcome, summarize

from . import charts
from .assets import CSS, SITE_CSS, TABLES_CSS, TABLES_JS, plotly_asset
from .embed import script_json
from .listing import pager
from .page import MatchPage, Seat, display_date
from .summary import FIGURES_PER_TABLE, player_stem, sections
from .templating import environment

# Figures charted match by match, one chart per kind of number (a percentage is not a count).
FORMAT_TITLES = (("percent", "Rates"), ("int", "Counts"), ("number", "Per {round} and averages"))


@dataclass(frozen=True)
class Played:
    """One match of the player's, from their seat."""

    number: int  # 1, 2... in date order: the charts' x axis names matches by it
    page: MatchPage
    seat: int

    @property
    def me(self) -> Seat:
        return self.page.summary.seats[self.seat]

    @property
    def others(self) -> list[tuple[int, Seat]]:
        return [(i, s) for i, s in enumerate(self.page.summary.seats) if i != self.seat]


@dataclass(frozen=True)
class PlayerTotals:
    """A player's figures over all their matches, for a page that lists only their latest ones
    (``pages`` of :func:`player_html`; a store's site, :mod:`viewer.site_store`)."""

    matches: int  # every match of theirs (a seat each)
    summary: dict[str, Any]  # replay.stats_summary.summarize(every match, player=name)
    opponents: dict[str, Counter]  # opponent -> Counter of pair_outcome results
    usage: dict[str, dict[str, Counter]]  # game -> tag or usage counter -> Counter of (group, label)


def opponents_of(name: str, summaries: list[Any]) -> dict[str, Counter]:
    """Each opponent's results against ``name`` over these matches (``MatchSummary``s)."""
    opponents: dict[str, Counter] = {}
    for summary in summaries:
        for seat, me in enumerate(summary.seats):
            if me.name != name:
                continue
            mine = summary.result_for(seat)
            for i, other in enumerate(summary.seats):
                if i != seat:
                    # As the matchup matrix counts (pair_outcome): two seats that lost to a third decided nothing.
                    opponents.setdefault(other.name, Counter())[pair_outcome(mine, summary.result_for(i))] += 1
    return opponents


def player_html(name: str, pages: list[MatchPage], charts_on: bool, env: jinja2.Environment | None = None,
                *, totals: PlayerTotals | None = None) -> str:
    """The page of the player called ``name`` (``pages``: the matches they played; with ``totals``, their
    latest matches, the figures over all of them coming from ``totals``)."""
    env = env or environment()
    played = _played(name, pages, first=1 if totals is None else totals.matches - _seats_of(name, pages) + 1)
    opponents = totals.opponents if totals is not None else opponents_of(name, [p.summary for p in pages])
    views = {p.summary.game: p.view for p in pages}
    games = sorted({p.page.summary.game for p in played}
                   | ({g["game"] for g in totals.summary["games"]} if totals is not None else set()))
    stats = {game: _game_stats(name, game, [p for p in played if p.page.summary.game == game], charts_on,
                               None if totals is None else totals.usage.get(game, {})) for game in games}
    scripts = [TABLES_JS] + ([plotly_asset()] if charts_on else [])
    words = [p.page.summary.terms for p in played]
    total = len(played) if totals is None else totals.matches
    return env.get_template("player.html.j2").render(
        FIGURES_PER_TABLE=FIGURES_PER_TABLE,
        side=shared(words, "side"), rounds=shared(words, "rounds"),
        name=name, games=[_game_row(p) for p in played], fmt=fmt, opponent_stem=player_stem,
        total=total, pager=pager(total, player_stem(name), listed=len(played)),
        sections=sections(summarize([p.stats for p in pages], player=name) if totals is None else totals.summary,
                          views, "../"),
        stats=stats, opponents=sorted(opponents.items()), charts=charts_on,
        met=any(c["neither"] for c in opponents.values()),
        styles=[CSS.tag("../", False), TABLES_CSS.tag("../", False), SITE_CSS.tag("../", False)],
        scripts=[a.tag("../", False) for a in scripts if a is not None],
    )


def _played(name: str, pages: list[MatchPage], first: int = 1) -> list[Played]:
    out: list[Played] = []
    for page in sorted(pages, key=lambda p: (p.summary.created_at, p.summary.id)):
        for seat, me in enumerate(page.summary.seats):
            if me.name == name:
                out.append(Played(first + len(out), page, seat))
    return out


def _seats_of(name: str, pages: list[MatchPage]) -> int:
    return sum(1 for p in pages for seat in p.summary.seats if seat.name == name)


def _game_row(p: Played) -> dict[str, Any]:
    match = p.page.summary
    return {"n": p.number, "s": match, "seat": p.me, "others": [o for _, o in p.others],
            "date": display_date(match.created_at), "href": f"../matches/{match.stem}.html",
            "result": match.result_for(p.seat), "other_hrefs": [f"{player_stem(o.name)}.html" for _, o in p.others]}


def _game_stats(name: str, game_name: str, played: list[Played], charts_on: bool,
                usage: dict[str, Counter] | None = None) -> dict[str, Any]:
    """One game's part of the page: figures per match, usage, round by round (in the game's words)."""
    game = load_game(game_name)
    terms = terms_of(game)
    hook = stat_hook(game)
    figures = [dict(f) for f in hook.figures if f.get("format") != "top"]
    tops = [dict(f) for f in hook.figures if f.get("format") == "top"]
    rows = [_match_row(name, p) for p in played]
    by_format = []
    for form, title in FORMAT_TITLES:
        chosen = [f for f in figures if f.get("format") == form]
        if chosen and rows:
            spec = charts.grouped_bars([f"#{r['n']}" for r in rows],
                                       [(f["label"], [r["values"][f["key"]] for r in rows]) for f in chosen],
                                       percent=form == "percent")
            by_format.append({"title": title.format(round=terms.round), "figures": chosen,
                              "chart": script_json(spec) if charts_on else None})
    return {
        "terms": terms, "figures": figures, "tops": tops, "rows": rows, "by_format": by_format,
        "usage": _usage(hook.counters, played, charts_on, usage),
        # A page rendered from a store's statistics rows walks only a player's latest matches again
        # (viewer.site_store): the others have no round-by-round data here, only their own pages.
        "beats": [_beats(p, charts_on, terms) for p in played if "series" in p.page.data],
    }


def _match_row(name: str, p: Played) -> dict[str, Any]:
    """The player's figures in one match (``summarize`` over that match alone, their seat only)."""
    one = summarize([_only_seat(p)], player=name)["games"][0]["players"][0]
    match = p.page.summary
    return {"n": p.number, "date": display_date(match.created_at), "href": f"../matches/{match.stem}.html",
            "me": p.me, "others": [o for _, o in p.others], "result": match.result_for(p.seat),
            "beats": match.beats, "duels": one["duels"], "values": one, "usage": _match_usage(p)}


def _only_seat(p: Played) -> dict[str, Any]:
    # The same name on two seats (someone playing themselves) would add both up: keep this seat.
    stats = p.page.stats
    return {**stats, "seats": [s for s in stats["seats"] if s["seat"] == p.seat]}


def _labelled(counter: str) -> str:
    return counter.replace("_", " ").capitalize()


def _seat_usage(stats: dict[str, Any], seat: int, counters: dict[str, str]) -> dict[str, list[tuple[str, str, int]]]:
    """Every tag and usage counter of one seat as ``(group, label, n)`` rows (tags have no group)."""
    entry = next(s for s in stats["seats"] if s["seat"] == seat)
    out: dict[str, list[tuple[str, str, int]]] = {}
    for counter, kind in counters.items():
        if kind == TAG:
            out[counter] = [("", label, n) for label, n in entry["tags"].get(counter, {}).items() if n]
        elif kind == USAGE:
            groups = entry.get("usage", {}).get(counter, {})
            out[counter] = [(group, label, n) for group, labels in groups.items() for label, n in labels.items() if n]
    return out


def _match_usage(p: Played) -> list[tuple[str, str]]:
    """One match's usage in words: ``("Attack pair", "Trance Strike ×3, ...")``."""
    counters = dict(stat_hook(load_game(p.page.summary.game)).counters)
    lines = []
    for counter, rows in _seat_usage(p.page.stats, p.seat, counters).items():
        ranked = sorted(rows, key=lambda r: (-r[2], r[0], r[1]))
        text = ", ".join(f"{label} ×{n}" + (f" ({group})" if group else "") for group, label, n in ranked)
        lines.append((_labelled(counter), text or "–"))
    return lines


def _usage(counters: Any, played: list[Played], charts_on: bool,
           given: dict[str, Counter] | None = None) -> list[dict[str, Any]]:
    """Over all the player's matches (or ``given`` totals of them): each tag and usage counter as a bar
    chart and a table."""
    totals: dict[str, Counter] = {}
    for p in played if given is None else ():
        for counter, rows in _seat_usage(p.page.stats, p.seat, dict(counters)).items():
            mine = totals.setdefault(counter, Counter())
            for group, label, n in rows:
                mine[(group, label)] += n
    if given is not None:
        totals = {counter: given.get(counter, Counter()) for counter, kind in dict(counters).items()
                  if kind in (TAG, USAGE)}
    out = []
    for counter, counts in totals.items():
        rows = sorted(((g, label, n) for (g, label), n in counts.items() if n), key=lambda r: (-r[2], r[0], r[1]))
        total = sum(n for _, _, n in rows)
        out.append({"title": _labelled(counter), "key": counter, "grouped": any(g for g, _, _ in rows),
                    "rows": [{"group": g, "label": label, "n": n, "share": n / total} for g, label, n in rows],
                    "chart": script_json(charts.usage_bars(rows)) if charts_on and rows else None})
    return out


def _beats(p: Played, charts_on: bool, terms: Terms) -> dict[str, Any]:
    """One match round by round: the chart and its table (the player's seat first); the sets column only
    for a game played in sets."""
    data = p.page.data
    points, bars = data["series"], [k for k in data.get("series_bars", []) if points_have(data["series"], k)]
    seats = [(p.seat, f"{p.me.name} ({p.me.side_name})")] + [(i, f"{s.name} ({s.side_name})") for i, s in p.others]
    keys = [k for k in (points[0] if points else {}) if k not in ("duel", "beat") and k not in bars]
    per_seat = [k for k in keys if isinstance(points[0][k], list)]
    shared = [k for k in keys if k not in per_seat]
    rows = []
    for point in points:
        cells: list[Any] = [point["duel"]] if terms.set else []
        cells.append(terms.setup if point["beat"] == 0 else point["beat"])
        cells += [point[k][seat] for k in per_seat for seat, _ in seats]
        cells += [point[k][p.seat] for k in bars]
        cells += [point[k] for k in shared]
        rows.append(["–" if c is None else c for c in cells])
    match = p.page.summary
    return {"n": p.number, "id": match.id, "date": display_date(match.created_at), "me": p.me,
            "others": [o for _, o in p.others], "href": f"../matches/{match.stem}.html",
            "per_seat": per_seat, "seats": [label for _, label in seats], "bars": bars, "shared": shared, "rows": rows,
            "chart": script_json(charts.beats_figure(points, seats, bars, terms)) if charts_on and points else None}


def points_have(points: list[dict[str, Any]], key: str) -> bool:
    return bool(points) and key in points[0]

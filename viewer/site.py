"""Writing the static site: the index, one page per match and per player, shared assets.

::

    site/index.html              every match, standings, fighters, matchups
    site/matches/<id>.html       the step-through viewer of one match
    site/players/<slug-hash>.html  one player's matches and figures
    site/assets/                 CSS, the viewer's JS, each game's drawing, plotly.min.js

With ``single_file`` each match page inlines its CSS and JS (and leaves the
charts out, plotly being 4 MB) so it can be mailed on its own and opened offline.
Every string from a log reaches HTML through jinja2's autoescape, or as JSON
made safe by :func:`viewer.embed.script_json`.
"""

from __future__ import annotations

import functools
import os
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

import jinja2

from recorder import __version__

from replay.stats_format import fmt
from replay.stats_summary import summarize

from .assets import CSS, TABLES_JS, VIEWER_JS, Asset, copy_assets, plotly_asset, view_assets
from .embed import script_json
from .gameview import PLAIN, GameView, view_for
from .names import safe_name
from .page import MatchPage, MatchSummary, build_page, display_date, side_name
from .sources import Source, unique

TEMPLATES = Path(__file__).parent / "templates"
PLAIN_ASSETS = view_assets(PLAIN)


@dataclass
class Written:
    """What a render wrote, for the command's report."""

    out: Path
    matches: list[tuple[str, Path, int]] = field(default_factory=list)  # (match id, page, bytes)
    players: int = 0
    index: Path | None = None


@functools.lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The templates' environment (built once: compiling templates costs more than rendering them)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,  # every template, whatever its name: all log text is untrusted
        trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined,
    )
    env.globals["version"] = __version__
    env.filters["json"] = script_json
    return env


def player_stem(name: str) -> str:
    return safe_name(name)


# -- match pages ---------------------------------------------------------------------


def match_html(page: MatchPage, *, single_file: bool, root: str = "../", linked: bool = True,
               env: jinja2.Environment | None = None) -> str:
    """One match's viewer page. ``linked``: link back to the index and player pages."""
    env = env or environment()
    view_css, view_js = view_assets(page.view)
    charts = not single_file and plotly_asset() is not None
    styles = [CSS, view_css]
    scripts = ([plotly_asset()] if charts else []) + [VIEWER_JS] + _fallback(page) + [view_js]
    summary = page.summary
    m = {
        "id": summary.id, "game": summary.game, "edition": summary.edition, "created_at": summary.created_at,
        "date": display_date(summary.created_at) if summary.created_at else "", "digest": summary.digest,
        "outcome": summary.outcome,
        "players": [{"name": s.name, "side_name": s.side_name,
                     "href": f"{root}players/{player_stem(s.name)}.html" if linked else None}
                    for s in summary.seats],
    }
    return env.get_template("match.html.j2").render(
        m=m, view_name=page.view.name, charts=charts, data=script_json(page.data),
        index_href=f"{root}index.html" if linked else None,
        styles=[a.tag(root, single_file) for a in styles],
        scripts=[a.tag(root, single_file) for a in scripts if a is not None],
    )


def _fallback(page: MatchPage) -> list[Asset]:
    # The plain drawing is also what a page falls back on if its view failed to register.
    return [PLAIN_ASSETS[1]] if page.view.name != PLAIN.name else []


# -- index and player pages ----------------------------------------------------------------
# Their figures are replay.stats_summary's (the same as ``beatlog stats``), shown with its formatting.


def _sections(summary: dict[str, Any], views: dict[str, GameView], root: str) -> list[dict[str, Any]]:
    """Each game of a ``summarize`` result, shaped for the templates (display names, links, cells)."""
    out = []
    for game in summary["games"]:
        view = views.get(game["game"], PLAIN)
        label = lambda side: side_name(view, side)  # noqa: E731
        figures = [f for f in game["figures"] if f.get("format") != "top"]
        sides = game["matchups"]["sides"]
        cells = game["matchups"]["cells"]
        out.append({
            "game": game["game"],
            "figures": figures,
            "tops": [f for f in game["figures"] if f.get("format") == "top"],
            "players": [{**row, "href": f"{root}players/{player_stem(row['name'])}.html"} for row in game["players"]],
            "fighters": [{**row, "label": label(row["name"])} for row in game["fighters"]],
            "matrix_sides": [label(side) for side in sides],
            "matrix": [(label(a), [(label(b), cells.get(a, {}).get(b)) for b in sides]) for a in sides],
        })
    return out


def index_html(pages: list[MatchPage], env: jinja2.Environment | None = None) -> str:
    env = env or environment()
    summaries = [p.summary for p in pages]
    games = sorted({s.game for s in summaries})
    views = {p.summary.game: p.view for p in pages}
    return env.get_template("index.html.j2").render(
        matches=_rows(summaries, "", show_game=len(games) > 1), show_game=len(games) > 1,
        max_seats=max((len(s.seats) for s in summaries), default=2),
        sections=_sections(summarize([p.stats for p in pages]), views, ""),
        players=sorted({seat.name for s in summaries for seat in s.seats}),
        sides=sorted({seat.side_name for s in summaries for seat in s.seats}),
        fmt=fmt, styles=[CSS.tag("", False)], scripts=[TABLES_JS.tag("", False)],
    )


def _rows(summaries: list[MatchSummary], root: str, show_game: bool) -> list[dict[str, Any]]:
    rows = []
    for s in sorted(summaries, key=lambda s: (s.created_at, s.id)):
        rows.append({
            "s": s, "href": f"{root}matches/{s.stem}.html", "date": display_date(s.created_at),
            "seats": [{"name": seat.name, "side_name": seat.side_name,
                       "href": f"{root}players/{player_stem(seat.name)}.html"} for seat in s.seats],
        })
    return rows


def player_html(name: str, pages: list[MatchPage], charts: bool, env: jinja2.Environment | None = None) -> str:
    """One player's page: their matches (results hidden until revealed), record, figures, opponents."""
    env = env or environment()
    games = []
    opponents: dict[str, Counter] = {}
    for page in sorted(pages, key=lambda p: (p.summary.created_at, p.summary.id)):
        match = page.summary
        for seat, me in enumerate(match.seats):
            if me.name != name:
                continue
            others = [s for i, s in enumerate(match.seats) if i != seat]
            result = match.result_for(seat)
            for other in others:
                opponents.setdefault(other.name, Counter())[result] += 1
            games.append({"s": match, "seat": me, "others": others, "date": display_date(match.created_at),
                          "href": f"../matches/{match.stem}.html", "result": result,
                          "other_hrefs": [f"{player_stem(o.name)}.html" for o in others]})
    views = {p.summary.game: p.view for p in pages}
    sections = _sections(summarize([p.stats for p in pages], player=name), views, "../")
    chart = _player_chart(name, pages) if charts else None
    scripts = [TABLES_JS] + ([plotly_asset()] if chart else [])
    return env.get_template("player.html.j2").render(
        name=name, games=games, sections=sections, fmt=fmt, opponent_stem=player_stem,
        opponents=sorted(opponents.items()), chart=script_json(chart) if chart else None,
        styles=[CSS.tag("../", False)], scripts=[a.tag("../", False) for a in scripts if a is not None],
    )


def _player_chart(name: str, pages: list[MatchPage]) -> dict[str, Any] | None:
    """Each series of this player's side (e.g. life), beat by beat, one line per match."""
    traces = []
    for page in sorted(pages, key=lambda p: (p.summary.created_at, p.summary.id)):
        match, series = page.summary, page.data["series"]
        for seat, me in enumerate(match.seats):
            if me.name != name:
                continue
            opponents = " & ".join(s.name for i, s in enumerate(match.seats) if i != seat)
            for key in [k for k in (series[0] if series else {}) if k not in ("duel", "beat")]:
                traces.append({
                    "x": [f"D{p['duel']} B{p['beat']}" for p in series], "y": [p[key][seat] for p in series],
                    "name": f"{key} vs {opponents} ({me.side_name})", "mode": "lines+markers",
                    "type": "scatter", "line": {"shape": "hv"},
                })
    if not traces:
        return None
    return {"traces": traces, "layout": {"margin": {"l": 40, "r": 10, "t": 10, "b": 40}, "height": 300,
                                          "legend": {"orientation": "h"}, "xaxis": {"type": "category"},
                                          "yaxis": {"rangemode": "tozero"}}}


# -- the whole site ------------------------------------------------------------------------


def render_site(sources: Sequence[Source], out: str | Path, *, single_file: bool = False) -> Written:
    """Render every match of ``sources`` with the index and player pages into ``out``."""
    out = Path(out)
    env = environment()
    pages = {p.summary.id: p for p in (build_page(s) for s in unique(list(sources)))}
    summaries = [p.summary for p in pages.values()]
    written = Written(out)
    plotly = plotly_asset()
    assets = [CSS, VIEWER_JS, TABLES_JS, *PLAIN_ASSETS]
    for view in {p.view.name: p.view for p in pages.values()}.values():
        assets.extend(view_assets(view))
    if plotly is not None:
        assets.append(plotly)
    copy_assets(assets, out)
    for page in pages.values():
        html = match_html(page, single_file=single_file, env=env)
        path = out / "matches" / f"{page.summary.stem}.html"
        size = write_text(path, html)
        written.matches.append((page.summary.id, path, size))
    everyone = list(pages.values())
    for name in sorted({seat.name for s in summaries for seat in s.seats}):
        mine = [p for p in everyone if any(seat.name == name for seat in p.summary.seats)]
        write_text(out / "players" / f"{player_stem(name)}.html",
                   player_html(name, mine, charts=plotly is not None, env=env))
        written.players += 1
    written.index = out / "index.html"
    write_text(written.index, index_html(everyone, env))
    return written


def write_text(path: Path, text: str) -> int:
    """Write ``text`` atomically (a reader never sees half a page); return its size in bytes."""
    data = text.encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; a site is for reading
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return len(data)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


__all__ = ["Written", "index_html", "match_html", "player_html", "render_site", "view_for"]

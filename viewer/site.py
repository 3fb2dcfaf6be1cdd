"""Writing the static site: the index, one page per match and per player, shared assets.

::

    site/index.html              standings, fighters, matchups and the latest matches
    site/list/<k>.html           every match, 100 a page, oldest first (when there are more than 100)
    site/matches/<id>.html       the step-through viewer of one match
    site/players/<slug-hash>.html  one player's matches and figures
    site/players/<slug-hash>/<k>.html  every match of theirs, 100 a page (when they have more)
    site/assets/                 CSS, the viewer's JS, each game's drawing, plotly.min.js

With ``single_file`` each match page inlines its CSS and JS (and leaves the
charts out, plotly being 4 MB) so it can be mailed on its own and opened offline;
:func:`render_pages` writes only such pages (``beatlog render --single-file``).
Every string from a log reaches HTML through jinja2's autoescape, or as JSON
made safe by :func:`viewer.embed.script_json` (deflated and in base64 on a
single-file page: :func:`viewer.embed.packed_json`).
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

import jinja2

from recorder.errors import LimitExceeded, UnreadableLog, UsageError
from recorder.terms import shared
from recorder.unreadable import reading
from replay.stats_format import fmt
from replay.stats_summary import summarize

from .assets import (CHART_JS, CSS, LOGFILE_JS, SITE_CSS, TABLES_CSS, TABLES_JS, VIEWER_JS, Asset, copy_assets, plotly_asset,
                     view_assets)
from .embed import PACKED, packed_json, script_json
from .gameview import PLAIN, view_for
from .listing import LIST_FOLDER, match_lists, pager, player_lists, summary_rows
from .page import MatchPage, MatchSummary, build_page, display_date
from .player import player_html
from .sources import Source, unique
from .summary import FIGURES_PER_TABLE, player_stem, sections
from .templating import environment

PLAIN_ASSETS = view_assets(PLAIN)
# The most events one match page shows (a 15-beat duel is about 250 events and 130 KB): a documented limit.
MAX_PAGE_EVENTS = 20_000


@dataclass
class Written:
    """What a render wrote, for the command's report."""

    out: Path
    matches: list[tuple[str, Path, int]] = field(default_factory=list)  # (match id, page, bytes)
    players: int = 0
    lists: int = 0  # list pages (viewer.listing) written
    index: Path | None = None
    # Matches whose content this beatlog cannot read (recorder/unreadable.py): (match id, the one-line reason).
    unreadable: list[tuple[str, str]] = field(default_factory=list)


# -- match pages ---------------------------------------------------------------------


def match_html(page: MatchPage, *, single_file: bool, root: str = "../", linked: bool = True,
               env: jinja2.Environment | None = None) -> str:
    """One match's viewer page. ``linked``: link back to the index and player pages."""
    env = env or environment()
    view_css, view_js = view_assets(page.view)
    charts = not single_file and plotly_asset() is not None
    styles = [CSS, *([TABLES_CSS] if charts else []), view_css]  # the chart's numbers are a data table
    # plotly is not a <script> of the page: viewer.js fetches it once the board is drawn (data-plotly).
    scripts = ([CHART_JS] if charts else []) + [VIEWER_JS, LOGFILE_JS] + _fallback(page) + [view_js]
    summary = page.summary
    m = {
        "id": summary.id, "game": summary.game, "edition": summary.edition, "created_at": summary.created_at,
        "date": display_date(summary.created_at) if summary.created_at else "", "digest": summary.digest,
        "outcome": summary.outcome, "page_file": f"{summary.stem}.html", "log_file": f"{summary.stem}.jsonl",
        "players": [{"name": s.name, "side_name": s.side_name,
                     "href": f"{root}players/{player_stem(s.name)}.html" if linked else None}
                    for s in summary.seats],
    }
    # Without charts (a single-file page) the per-beat series would be dead weight.
    data = page.data if charts else {k: v for k, v in page.data.items() if k not in ("series", "series_bars")}
    # A page to mail stays small (<= 150 KB for a 15-beat duel, everything included: card texts,
    # headlines, the log): its data is embedded deflated (viewer/embed.py), and inflated by the browser
    # before the board is drawn. A site's pages embed plain JSON, so their board is drawn as they parse.
    return env.get_template("match.html.j2").render(
        m=m, view_name=page.view.name, terms=summary.terms, phased=bool(page.data["phases"]["runs"]),
        charts=charts, data=packed_json(data) if single_file else script_json(data),
        packed=PACKED if single_file else None,
        plotly_href=f"{root}assets/{plotly.name}" if charts and (plotly := plotly_asset()) is not None else None,
        index_href=f"{root}index.html" if linked else None,
        styles=[a.tag(root, single_file) for a in styles],
        scripts=[a.tag(root, single_file) for a in scripts if a is not None],
    )


def _fallback(page: MatchPage) -> list[Asset]:
    # The plain drawing is also what a page falls back on if its view failed to register.
    return [PLAIN_ASSETS[1]] if page.view.name != PLAIN.name else []


# -- index and player pages ----------------------------------------------------------------
# Their figures are replay.stats_summary's (the same as ``beatlog stats``), shown with its formatting.


def index_html(pages: list[MatchPage], env: jinja2.Environment | None = None,
               unreadable: Sequence[tuple[str, str]] = ()) -> str:
    return index_from([p.summary for p in pages], summarize([p.stats for p in pages]),
                      {p.summary.game: p.view for p in pages}, env, unreadable)


def index_from(summaries: list[MatchSummary], summary: dict[str, Any], views: dict[str, Any],
               env: jinja2.Environment | None = None, unreadable: Sequence[tuple[str, str]] = ()) -> str:
    """The index of these matches, with ``summary`` (``replay.stats_summary.summarize`` of them).

    It lists the latest :data:`viewer.listing.PAGE_SIZE` matches; with more, it links to the list pages
    that hold them all (:func:`viewer.listing.match_lists` writes them). ``unreadable``: (match id, why) of
    matches left out, listed on their own.
    """
    env = env or environment()
    games = sorted({s.game for s in summaries})
    ordered = sorted(summaries, key=lambda s: (s.created_at, s.id))
    pages = pager(len(ordered), LIST_FOLDER)
    shown = ordered[-pages["size"]:] if pages else ordered
    # The words of the page's shared labels: the game's own when every match is of one game.
    words = [s.terms for s in summaries]
    rows = summary_rows(shown, "", show_game=len(games) > 1)
    return env.get_template("index.html.j2").render(
        side=shared(words, "side"), rounds=shared(words, "rounds"),
        matches=rows, show_game=len(games) > 1, total=len(ordered), pager=pages,
        max_seats=max((len(s.seats) for s in summaries), default=2),
        sections=sections(summary, views, ""),
        player_count=len({seat.name for s in summaries for seat in s.seats}),
        # The filters act on the rows shown: their players and sides.
        players=sorted({seat["name"] for row in rows for seat in row["seats"]}),
        sides=sorted({seat["side_name"] for row in rows for seat in row["seats"]}),
        fmt=fmt, styles=[CSS.tag("", False), TABLES_CSS.tag("", False), SITE_CSS.tag("", False)],
        scripts=[TABLES_JS.tag("", False)],
        unreadable=unreadable,
        FIGURES_PER_TABLE=FIGURES_PER_TABLE,
    )


# -- the whole site ------------------------------------------------------------------------


def render_site(sources: Sequence[Source], out: str | Path, *, single_file: bool = False,
                unreadable: Sequence[tuple[str, str]] = ()) -> Written:
    """Render every match of ``sources`` with the index and player pages into ``out``.

    A match this beatlog cannot read is listed on the index as unreadable (with ``unreadable``:
    those its reader already left out, as (match id, message)) and every other match is rendered.
    """
    out = Path(out)
    env = environment()
    written = Written(out, unreadable=list(unreadable))
    pages = {page.summary.id: page for page in _readable_pages(sources, written)}
    summaries = [p.summary for p in pages.values()]
    plotly = plotly_asset()
    assets = [CSS, SITE_CSS, TABLES_CSS, VIEWER_JS, TABLES_JS, LOGFILE_JS, CHART_JS, *PLAIN_ASSETS]
    for view in {p.view.name: p.view for p in pages.values()}.values():
        assets.extend(view_assets(view))
    if plotly is not None:
        assets.append(plotly)
    copy_assets(assets, out)
    for page in pages.values():
        # A single-file page is made to be mailed: links back into the site would be dead there.
        html = match_html(page, single_file=single_file, linked=not single_file, env=env)
        path = out / "matches" / f"{page.summary.stem}.html"
        size = write_text(path, html)
        written.matches.append((page.summary.id, path, size))
    everyone = list(pages.values())
    for name in sorted({seat.name for s in summaries for seat in s.seats}):
        mine = [p for p in everyone if any(seat.name == name for seat in p.summary.seats)]
        write_text(out / "players" / f"{player_stem(name)}.html",
                   player_html(name, mine, charts_on=plotly is not None, env=env))
        written.players += 1
        written.lists += player_lists(out, name, [p.summary for p in mine], env, {}, write_text)
    written.index = out / "index.html"
    write_text(written.index, index_html(everyone, env, written.unreadable))
    written.lists += match_lists(out, summaries, env, {}, write_text)
    return written


def _readable_pages(sources: Sequence[Source], written: Written) -> list[MatchPage]:
    """The pages of ``sources``; one a forged match cannot have is listed in ``written.unreadable`` instead.

    One bad match must not take the site down; when there is nothing else, its error is raised.
    """
    pages, refused = [], []
    for source in unique(list(sources)):
        try:
            pages.append(readable_page(source))
        except (UnreadableLog, LimitExceeded) as exc:
            written.unreadable.append((source.log.match_id, str(exc)))
            refused.append(exc)
    if not pages and refused:
        raise refused[0]
    return pages


def readable_page(source: Source) -> MatchPage:
    """:func:`viewer.page.build_page`, with any failure to interpret the log as one UnreadableLog line.

    A match of more than :data:`MAX_PAGE_EVENTS` events is refused first (LimitExceeded): its page would
    be tens of megabytes, too heavy to open or to mail.
    """
    log = source.log
    if len(log.records) > MAX_PAGE_EVENTS:
        raise LimitExceeded(f"{source.name}: match {log.match_id} has {len(log.records):,} events; a match page "
                            f"shows at most {MAX_PAGE_EVENTS:,} (about 10 MB): explain and state read it by round")
    with reading(log.match_id, header=log.header, source=source.name):
        return build_page(source)


def render_pages(sources: Sequence[Source], out: str | Path) -> Written:
    """Self-contained match pages to mail, and nothing else (no index, no assets, no player pages).

    ``out`` ending in ``.html`` is the one page of the one match given; otherwise it is a folder that gets
    ``<match>.html`` per match.
    """
    out = Path(out)
    env = environment()
    written = Written(out)
    one = out.suffix.lower() in (".html", ".htm")
    if one and len(unique(list(sources))) != 1:
        raise UsageError(f"-o {out} writes one page, but {len(unique(list(sources)))} matches were given: give "
                         "one match, or a folder (-o DIR/) for one page per match")
    pages = _readable_pages(sources, written)
    for page in pages:
        path = out if one else out / f"{page.summary.stem}.html"
        size = write_text(path, match_html(page, single_file=True, linked=False, env=env))
        written.matches.append((page.summary.id, path, size))
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


__all__ = ["Written", "index_html", "match_html", "player_html", "render_pages", "render_site", "view_for"]

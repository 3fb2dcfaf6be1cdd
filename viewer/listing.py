"""Paged lists of matches: a site of many matches lists them :data:`PAGE_SIZE` a page.

The index shows the latest :data:`PAGE_SIZE` matches and a player's page their latest ones; beyond that,
every match is on numbered list pages, oldest first, so a list page's matches stay where they are as
matches are added::

    site/list/<k>.html               matches (k-1)*PAGE_SIZE+1 .. k*PAGE_SIZE of the site, by date
    site/players/<stem>/<k>.html     the same for one player's matches (their seats, counted as on their page)

A page links to the one before and after it, to the first, and to the index (or the player's page), which
lists the newest. Adding a match at the end changes only the last list page (and the one before when a new
page starts, for its "newer" link): each page's inputs are digested and a page whose digest is what the last
render wrote is not written again (:func:`write_lists`, given the digests it returned last time).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Callable, Sequence

import jinja2

from recorder.terms import shared

from .assets import CSS, SITE_CSS, TABLES_CSS, TABLES_JS
from .page import MatchSummary, display_date
from .summary import player_stem

PAGE_SIZE = 100  # matches listed on a page: the index, a player's page, a list page
LIST_FOLDER = "list"


def page_count(n: int, size: int | None = None) -> int:
    size = size or PAGE_SIZE
    return -(-n // size)


def paged(n: int, size: int | None = None) -> bool:
    """Does a list of ``n`` matches need list pages?"""
    return n > (size or PAGE_SIZE)


def pager(n: int, folder: str, *, listed: int | None = None, size: int | None = None) -> dict[str, Any] | None:
    """The list pages' links for the page that shows the newest ``listed`` (a page's worth) of ``n`` matches
    (the index, a player's page); ``folder``: where the list pages are, relative to that page. None when one
    page holds them all."""
    size = size or PAGE_SIZE
    if not paged(n, size):
        return None
    count = page_count(n, size)
    listed = min(n, listed or size)
    return {"total": n, "size": size, "count": count, "first": n - listed + 1, "last": n,
            "pages": [{"k": k, "href": f"{folder}/{k}.html", "first": (k - 1) * size + 1, "last": min(k * size, n)}
                      for k in range(1, count + 1)]}


def _page_nav(k: int, count: int, size: int, n: int, newest_href: str, newest_label: str) -> dict[str, Any]:
    return {"k": k, "first": (k - 1) * size + 1, "last": min(k * size, n),
            "older": f"{k - 1}.html" if k > 1 else None, "newer": f"{k + 1}.html" if k < count else None,
            "oldest": "1.html" if k > 1 else None, "newest": newest_href, "newest_label": newest_label}


def summary_rows(summaries: Sequence[MatchSummary], root: str, show_game: bool) -> list[dict[str, Any]]:
    """The index's rows (in the given order) with their links from a page ``root`` below the site."""
    return [{"s": s, "href": f"{root}matches/{s.stem}.html", "date": display_date(s.created_at),
             "seats": [{"name": seat.name, "side_name": seat.side_name,
                        "href": f"{root}players/{player_stem(seat.name)}.html"} for seat in s.seats]}
            for s in summaries]


def _key(s: MatchSummary) -> list[Any]:
    """What a listed row shows of a match (its digest changes with any event added)."""
    return [s.id, s.digest, s.game, s.edition, s.created_at, s.beats, s.outcome, s.finished, s.winner,
            [(seat.name, seat.side_name) for seat in s.seats]]


def _digest(*parts: Any) -> str:
    return hashlib.sha256(json.dumps(parts, default=str, ensure_ascii=False).encode("utf-8")).hexdigest()


def write_lists(out: Path, folder: str, rows: Sequence[Any], keys: Sequence[Any], render: Callable[..., str],
                known: dict[str, str], write: Callable[[Path, str], int], size: int | None = None) -> int:
    """Write the list pages ``folder/<k>.html`` of ``rows`` (oldest first; ``keys``: what each row shows),
    ``render(chunk, k, count)`` making a page; skip a page whose digest is ``known``'s and whose file is
    there. ``known`` (list page path -> digest) is brought up to date, pages past the last removed.
    Returns how many pages were written."""
    size = size or PAGE_SIZE
    count = page_count(len(rows), size) if paged(len(rows), size) else 0
    written = 0
    for k in range(1, count + 1):
        path = f"{folder}/{k}.html"
        digest = _digest(size, k, k < count, keys[(k - 1) * size:k * size])
        if known.get(path) == digest and (out / path).exists():
            continue
        write(out / path, render(rows[(k - 1) * size:k * size], k, count))
        known[path] = digest
        written += 1
    for path in [p for p in known if p.startswith(f"{folder}/")]:
        k = path[len(folder) + 1:-len(".html")]
        if not (k.isdigit() and 1 <= int(k) <= count):
            (out / path).unlink(missing_ok=True)
            del known[path]
    return written


def match_lists(out: Path, summaries: Sequence[MatchSummary], env: jinja2.Environment, known: dict[str, str],
                write: Callable[[Path, str], int], size: int | None = None) -> int:
    """The site's list pages (``list/<k>.html``) of ``summaries``; see :func:`write_lists`."""
    size = size or PAGE_SIZE
    ordered = sorted(summaries, key=lambda s: (s.created_at, s.id))
    show_game = len({s.game for s in ordered}) > 1
    max_seats = max((len(s.seats) for s in ordered), default=2)

    def render(chunk: Sequence[MatchSummary], k: int, count: int) -> str:
        words = [s.terms for s in chunk]
        rows = summary_rows(chunk, "../", show_game)
        return env.get_template("list.html.j2").render(
            side=shared(words, "side"), rounds=shared(words, "rounds"), matches=rows, show_game=show_game,
            max_seats=max_seats, players=sorted({seat["name"] for r in rows for seat in r["seats"]}),
            sides=sorted({seat["side_name"] for r in rows for seat in r["seats"]}),
            nav=_page_nav(k, count, size, len(ordered), "../index.html", "the index"),
            styles=[CSS.tag("../", False), TABLES_CSS.tag("../", False), SITE_CSS.tag("../", False)],
            scripts=[TABLES_JS.tag("../", False)])

    return write_lists(out, LIST_FOLDER, ordered, [_key(s) for s in ordered], render, known, write, size)


def seats_of(name: str, summaries: Sequence[MatchSummary]) -> list[tuple[MatchSummary, int]]:
    """Every seat ``name`` took, oldest first (a player on two seats of one match counts twice, as on their page)."""
    ordered = sorted(summaries, key=lambda s: (s.created_at, s.id))
    return [(s, i) for s in ordered for i, seat in enumerate(s.seats) if seat.name == name]


def player_row(n: int, s: MatchSummary, seat: int, root: str) -> dict[str, Any]:
    """One of a player's matches as their lists show it (``n``: its number among their seats)."""
    others = [o for i, o in enumerate(s.seats) if i != seat]
    return {"n": n, "s": s, "seat": s.seats[seat], "others": others, "date": display_date(s.created_at),
            "href": f"{root}matches/{s.stem}.html", "result": s.result_for(seat),
            "other_hrefs": [f"{root}players/{player_stem(o.name)}.html" for o in others]}


def player_lists(out: Path, name: str, summaries: Sequence[MatchSummary], env: jinja2.Environment,
                 known: dict[str, str], write: Callable[[Path, str], int], size: int | None = None) -> int:
    """A player's list pages (``players/<stem>/<k>.html``); see :func:`write_lists`."""
    size = size or PAGE_SIZE
    mine = seats_of(name, summaries)
    stem = player_stem(name)

    def render(chunk: Sequence[tuple[int, MatchSummary, int]], k: int, count: int) -> str:
        words = [s.terms for _, s, _ in chunk]
        return env.get_template("player_list.html.j2").render(
            name=name, side=shared(words, "side"), rounds=shared(words, "rounds"),
            games=[player_row(n, s, seat, "../../") for n, s, seat in chunk], player_href=f"../{stem}.html",
            nav=_page_nav(k, count, size, len(mine), f"../{stem}.html", f"{name}'s page"),
            styles=[CSS.tag("../../", False), TABLES_CSS.tag("../../", False), SITE_CSS.tag("../../", False)],
            scripts=[TABLES_JS.tag("../../", False)])

    rows = [(n, s, seat) for n, (s, seat) in enumerate(mine, start=1)]
    return write_lists(out, f"players/{stem}", rows, [[seat, *_key(s)] for s, seat in mine], render, known, write,
                       size)

"""The statistics summary (``replay.stats_summary``, the same figures as ``beatlog stats``) shaped
for the index and player pages: display names for sides, links to player pages, matchup cells."""

from __future__ import annotations

import functools
from typing import Any

from recorder.terms import NEUTRAL, Terms

from .gameview import PLAIN, GameView
from .names import safe_name
from .page import side_name


@functools.lru_cache(maxsize=65536)  # a list page names the same players again and again
def player_stem(name: str) -> str:
    """A player page's file name without ``.html`` (``players/<slug>-<hash>.html``: see viewer.names)."""
    return safe_name(name)


# Figure columns per table on the index and player pages: a game with more figures (Cogs of Valor's hit rates
# per weapon) gets them in several tables, each led by who the row is about, so no table outgrows the page.
FIGURES_PER_TABLE = 9


def sections(summary: dict[str, Any], views: dict[str, GameView], root: str) -> list[dict[str, Any]]:
    """Each game of a ``summarize`` result, shaped for the templates (display names, links, cells)."""
    out = []
    for game in summary["games"]:
        view = views.get(game["game"], PLAIN)
        label = lambda side: side_name(view, side)  # noqa: E731
        figures = [f for f in game["figures"] if f.get("format") != "top"]
        sides = game["matchups"]["sides"]
        cells = game["matchups"]["cells"]
        # Only the sides that met: a player's page has a row per side they played, a column per side faced.
        rows = [a for a in sides if cells.get(a)]
        columns = [b for b in sides if any(b in cells.get(a, {}) for a in rows)]
        out.append({
            "game": game["game"],
            "terms": (terms := Terms(**game["terms"]) if game.get("terms") else NEUTRAL),  # the game's words
            "title": terms.game_title(game["game"]),  # "BattleCON", never the id "battlecon"
            "figures": figures,
            "tops": [f for f in game["figures"] if f.get("format") == "top"],
            "players": [{**row, "href": f"{root}players/{player_stem(row['name'])}.html"} for row in game["players"]],
            "sides": [{**row, "label": label(row["name"])} for row in game["fighters"]],  # the stats walk's key
            "matrix_sides": [label(side) for side in rows],
            "matrix_columns": [label(side) for side in columns],
            "matrix": [(label(a), [(label(b), cells.get(a, {}).get(b)) for b in columns]) for a in rows],
            "met": any(c.get("neither_won") for row in cells.values() for c in row.values()),
        })
    return out

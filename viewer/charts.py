"""Plotly figures for the player pages, as JSON-native specs (``{"traces": [...], "layout": {...}}``).

Plotly reads a subset of HTML in the strings it draws -- trace names, hover
text, tick labels, titles, annotations: ``<a href>`` becomes a live link,
``<b>`` bold, ``&amp;`` an ampersand. Player names are untrusted, so every
string that reaches a spec goes through :func:`plot_text` (the pages' script
does the same for the charts it builds: ``beatchart.js``). Numbers are
numbers. The specs are then embedded with :func:`viewer.embed.script_json`.
"""

from __future__ import annotations

from typing import Any, Sequence

from recorder.terms import NEUTRAL, Terms, cap

ME, OTHERS = "#1f6feb", ("#c2410c", "#15803d", "#7c3aed", "#b45309", "#0e7490")
SHARED = "#6b7280"
GROUP_COLORS = ("#1f6feb", "#c2410c", "#15803d", "#7c3aed", "#0e7490", "#be185d", "#a16207", "#4d7c0f",
                "#64748b", "#f59e0b", "#0f766e", "#9333ea")
_BASE_LAYOUT = {"paper_bgcolor": "rgba(0,0,0,0)", "plot_bgcolor": "rgba(0,0,0,0)", "hovermode": "closest"}


def plot_text(value: Any) -> str:
    """``value`` as text plotly shows literally: ``&``, ``<`` and ``>`` as entities."""
    return str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def seat_color(rank: int) -> str:
    """The player's own colour first, then one per other seat."""
    return ME if rank == 0 else OTHERS[(rank - 1) % len(OTHERS)]


def beats_figure(points: Sequence[dict[str, Any]], seats: Sequence[tuple[int, str]],
                 bars: Sequence[str], terms: Terms = NEUTRAL) -> dict[str, Any]:
    """One match round by round (beats, turns), one panel per unit: each seat's numbers (life; score,
    crew, hull) a panel each, the player's per-round amounts (``bars``: damage dealt and taken) one
    panel, each shared number (distance) its own -- never two units on one axis.

    ``seats``: ``(seat, label)`` with the player's own seat first. The x axis counts the
    round boundaries of the match; a set's start (a duel's) begins a new line, marked with its number.
    """
    keys = [k for k in (points[0] if points else {}) if k not in ("duel", "beat") and k not in bars]
    per_seat = [k for k in keys if isinstance(points[0][k], list)]
    shared = [k for k in keys if k not in per_seat]
    panels = [*per_seat, *([" and ".join(bars)] if bars else []), *shared]
    axis = {title: "y" if i == 0 else f"y{i + 1}" for i, title in enumerate(panels)}
    hover = [plot_text(terms.stage(p["duel"], p["beat"])) for p in points]
    traces: list[dict[str, Any]] = []
    for key in per_seat:
        for rank, (seat, label) in enumerate(seats):
            x, y = _line(points, lambda p: p[key][seat])
            traces.append(_scatter(x, y, f"{key}: {label}", hover, seat_color(rank), axis[key], "solid"))
    me = seats[0][0]
    for b, key in enumerate(bars):
        traces.append({"type": "bar", "x": list(range(len(points))), "y": [p[key][me] for p in points],
                       "name": plot_text(key), "yaxis": axis[" and ".join(bars)], "opacity": 0.6, "text": hover,
                       "textposition": "none", "marker": {"color": ME if b == 0 else OTHERS[0]},
                       "hovertemplate": "%{text}: %{y}"})
    for key in shared:
        x, y = _line(points, lambda p: p[key])
        traces.append(_scatter(x, y, key, hover, SHARED, axis[key], "dot"))
    shapes, notes = _duel_marks(points, terms)
    panel, gap = 110, 34  # pixels: a panel's plot, and the room for the next panel's title
    height = len(panels) * panel + (len(panels) - 1) * gap
    layout: dict[str, Any] = {
        # The plot area is exactly the panels; the legend goes under the round numbers, in the margin.
        **_BASE_LAYOUT, "height": height + 18 + 110, "margin": {"l": 40, "r": 10, "t": 18, "b": 110},
        "barmode": "group", "bargap": 0.3, "shapes": shapes,
        "legend": {"orientation": "h", "y": round(-30 / height, 4), "yanchor": "top"},
        # The round numbers under the lowest panel.
        "xaxis": {"range": [-0.5, max(len(points), 1) - 0.5], "tickmode": "array", "zeroline": False,
                  "tickvals": list(range(len(points))), "ticktext": [str(p["beat"]) for p in points],
                  "anchor": axis[panels[-1]] if panels else "y"},
    }
    for i, title in enumerate(panels):
        top = 1 - i * (panel + gap) / height
        bottom = max(0.0, top - panel / height)
        name = "yaxis" if i == 0 else f"yaxis{i + 1}"
        layout[name] = {"rangemode": "tozero", "domain": [round(bottom, 4), round(top, 4)], "anchor": "x"}
        notes.append({"text": plot_text(cap(title)), "xref": "paper", "yref": "paper", "x": 0, "y": round(top, 4),
                      "xanchor": "left", "yanchor": "bottom", "showarrow": False, "font": {"size": 11}})
    layout["annotations"] = notes
    return {"traces": traces, "layout": layout}


def grouped_bars(categories: Sequence[str], series: Sequence[tuple[str, Sequence[float | None]]],
                 percent: bool = False) -> dict[str, Any]:
    """Bars per category (a match), one colour per series (a figure); fractions shown as percent."""
    x = [plot_text(c) for c in categories]
    traces = []
    for i, (name, values) in enumerate(series):
        y = [None if v is None else (round(100 * v, 1) if percent else v) for v in values]
        traces.append({"type": "bar", "x": x, "y": y, "name": plot_text(name),
                       "marker": {"color": GROUP_COLORS[i % len(GROUP_COLORS)]},
                       "hovertemplate": "%{x}: %{y}" + ("%" if percent else "")})
    layout = {**_BASE_LAYOUT, "height": 260, "barmode": "group", "margin": {"l": 40, "r": 10, "t": 10, "b": 60},
              "legend": {"orientation": "h", "y": -0.35},
              "xaxis": {"type": "category", "tickangle": 0, "automargin": True},
              "yaxis": {"rangemode": "tozero", "ticksuffix": "%" if percent else ""}}
    if percent:
        layout["yaxis"]["range"] = [0, 100]
    return {"traces": traces, "layout": layout}


def usage_bars(rows: Sequence[tuple[str, str, int]], limit: int = 20) -> dict[str, Any]:
    """Horizontal bars of how often each label was used, coloured by group (``(group, label, n)``).

    The most used on top; only the first ``limit`` (the table beside has them all).
    """
    shown = sorted(rows, key=lambda r: (-r[2], r[1], r[0]))[:limit]
    groups = list(dict.fromkeys(g for g, _, _ in shown))
    traces = []
    for i, group in enumerate(groups):
        mine = [r for r in shown if r[0] == group]
        traces.append({"type": "bar", "orientation": "h", "name": plot_text(group or "used"),
                       "y": [plot_text(label) for _, label, _ in mine], "x": [n for _, _, n in mine],
                       "marker": {"color": GROUP_COLORS[i % len(GROUP_COLORS)]},
                       "hovertemplate": "%{y}: %{x}<extra></extra>"})
    order = [plot_text(label) for _, label, _ in reversed(shown)]
    layout = {**_BASE_LAYOUT, "height": max(160, 26 * len(shown) + 60), "barmode": "stack",
              "margin": {"l": 10, "r": 10, "t": 10, "b": 30}, "showlegend": len(groups) > 1,
              "legend": {"orientation": "h", "y": -0.12},
              "yaxis": {"type": "category", "categoryorder": "array", "categoryarray": order, "automargin": True},
              "xaxis": {"rangemode": "tozero"}}
    if shown and shown[0][2] <= 10:
        layout["xaxis"]["dtick"] = 1  # whole numbers: no "2.5 times"
    return {"traces": traces, "layout": layout}


def _line(points: Sequence[dict[str, Any]], value: Any) -> tuple[list[float], list[Any]]:
    """x and y of a line that breaks where a new duel starts."""
    x: list[float] = []
    y: list[Any] = []
    for i, p in enumerate(points):
        if i and p["beat"] == 0:
            x.append(i - 0.5)
            y.append(None)
        x.append(i)
        y.append(value(p))
    return x, y


def _scatter(x: list[float], y: list[Any], name: str, hover: list[str], color: str, axis: str,
             dash: str) -> dict[str, Any]:
    text = ["" if v % 1 else hover[int(v)] for v in x]
    return {"type": "scatter", "mode": "lines+markers", "x": x, "y": y, "name": plot_text(name), "yaxis": axis,
            "line": {"color": color, "shape": "hv", "dash": dash}, "connectgaps": False, "text": text,
            "hovertemplate": "%{text}: %{y}"}


def _duel_marks(points: Sequence[dict[str, Any]], terms: Terms) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A dashed line and the set's number (``Duel 2``) where each set after the first starts."""
    shapes, notes = [], []
    for i, p in enumerate(points):
        if i and p["beat"] == 0:
            shapes.append({"type": "line", "xref": "x", "yref": "paper", "x0": i - 0.5, "x1": i - 0.5, "y0": 0,
                           "y1": 1, "line": {"color": SHARED, "width": 1, "dash": "dash"}})
            notes.append({"xref": "x", "yref": "paper", "x": i - 0.5, "y": 1, "yanchor": "bottom", "xanchor": "left",
                          "text": plot_text(cap(f"{terms.set or 'set'} {p['duel']}")), "showarrow": False,
                          "font": {"size": 11, "color": SHARED}})
    return shapes, notes

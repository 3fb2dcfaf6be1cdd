"""Statistics as text: rich tables for a terminal, CSV and JSON for tools.

Input is the dict of :func:`replay.stats_summary.summarize`; nothing here
computes a figure, it only formats what is there.
"""

from __future__ import annotations

import csv
import io
from typing import Any, Iterator, Mapping, Sequence

import orjson
from rich import box
from rich.table import Table
from rich.text import Text

from recorder.terms import NEUTRAL, Terms, cap
from recorder.untrusted import escape

RESULT_COLUMNS = ("matches", "wins", "losses", "draws", "unfinished", "win_rate", "duels", "beats")


def to_json(summary: Mapping[str, Any]) -> str:
    """The summary as indented JSON, keys in their documented order."""
    return orjson.dumps(summary, option=orjson.OPT_INDENT_2).decode()


def fmt(value: Any, form: str = "number") -> str:
    """One figure as a table cell: percentages, 2-decimal numbers, "–" for no data."""
    if value is None:
        return "–"
    if form == "percent":
        return f"{100 * value:.1f}%"
    if form == "top":
        return ", ".join(f"{label} ×{n}" for label, n in value) or "–"
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def _played(row: Mapping[str, Any]) -> str:
    return ", ".join(f"{name} ×{n}" for name, n in row["played"].items())


# -- CSV -------------------------------------------------------------------------


def source_line(summary: Mapping[str, Any], source: str) -> str:
    """The last line under the tables: how many matches were read, and which seats count.

    With a filter, only the matches where that player (fighter) has a seat are
    counted: ``7 of 13 matches from a.db have hikaru's seats (only those seats count)``.
    """
    total = summary["matches"]
    filt = summary["filter"]
    who = filt["player"] or filt["fighter"]
    if not who:
        return f"{total} {'match' if total == 1 else 'matches'} from {source}"
    counted = sum(game["matches"] for game in summary["games"])
    return f"{counted} of {total} matches from {source} have {who}'s seats (only those seats count)"


def csv_rows(summary: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """Long-format rows: ``section`` is player, fighter or matchup."""
    for game in summary["games"]:
        keys = [f["key"] for f in game["figures"]]
        for section, rows in (("player", game["players"]), ("fighter", game["fighters"])):
            for row in rows:
                out = {"game": game["game"], "section": section, "name": row["name"], "opponent": ""}
                out.update({k: row[k] for k in RESULT_COLUMNS})
                out["played"] = "; ".join(f"{n}={c}" for n, c in row["played"].items())
                for key, value in row.items():
                    if key not in out and key != "name" and key not in keys:
                        out[key] = _flat(value) if isinstance(value, dict) else value
                for f in game["figures"]:
                    value = row[f["key"]]
                    out[f["key"]] = "; ".join(f"{label}={n}" for label, n in value) if f.get("format") == "top" else value
                yield out
        for side, row in game["matchups"]["cells"].items():
            for opp, cell in row.items():
                yield {"game": game["game"], "section": "matchup", "name": side, "opponent": opp, **cell}


def _flat(groups: Mapping[str, Mapping[str, int]]) -> str:
    """A usage map in one CSV cell: ``base:Strike=4; style:Trance=2``."""
    return "; ".join(f"{group}:{label}={n}" for group, labels in groups.items() for label, n in labels.items())


def to_csv(summary: Mapping[str, Any]) -> str:
    rows = list(csv_rows(summary))
    columns: list[str] = []
    for row in rows:
        columns.extend(k for k in row if k not in columns)
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=columns or ["game", "section", "name"], lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: "" if v is None else v for k, v in row.items()})
    return buffer.getvalue()


# -- rich tables -------------------------------------------------------------------


def _table(title: str) -> Table:
    # Light borders: a figures table must still fit an 80-column terminal.
    return Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)


def terms(game: Mapping[str, Any]) -> Terms:
    """A summary section's words (``terms``; a summary made without them reads neutrally)."""
    given = game.get("terms")
    return Terms(**given) if given else NEUTRAL


def _text(value: str) -> Text:
    """A cell of text from logs (names, sides, cards): its control characters shown, never obeyed."""
    return Text(escape(value))


def results_table(title: str, rows: Sequence[Mapping[str, Any]], who: str, played: str,
                  words: Terms = NEUTRAL) -> Table:
    """Results per row; the sets column (BattleCON's "Duels W-L-D") only for a game played in sets."""
    table = _table(title)
    table.add_column(who, style="bold", no_wrap=True, max_width=24, overflow="ellipsis")
    sets = f"{cap(words.sets)} W-L-D" if words.sets else None
    for name in ("Matches", "W", "L", "D", "Win %", *((sets,) if sets else ()), cap(words.rounds)):
        table.add_column(name, justify="right", no_wrap=True)
    table.add_column(played, ratio=1)  # takes what is left, wrapping
    for row in rows:
        duels = (f"{row['duels_won']}-{row['duels_lost']}-{row['duels_drawn']}"
                 if "duels_won" in row else str(row["duels"]))
        unfinished = f" (+{row['unfinished']} unfinished)" if row["unfinished"] else ""
        table.add_row(
            _text(row["name"]), str(row["matches"]) + unfinished, str(row["wins"]), str(row["losses"]),
            str(row["draws"]), fmt(row["win_rate"], "percent"), *((duels,) if sets else ()), str(row["beats"]),
            _text(_played(row)),
        )
    return table


def figures_tables(title: str, rows: Sequence[Mapping[str, Any]], figures: Sequence[Mapping[str, Any]], who: str,
                   width: int = 80) -> list[Table]:
    """The numeric figures, split over as many tables as it takes to fit ``width`` columns."""
    shown = [f for f in figures if f.get("format") != "top"]
    name_width = min(max([len(who), *(len(r["name"]) for r in rows)]), 24) + 2
    chunks: list[list[Mapping[str, Any]]] = []
    used = width  # start a new chunk on the first figure
    for f in shown:
        need = max(len(f["label"]), 6) + 2
        if used + need > width:
            chunks.append([])
            used = name_width
        chunks[-1].append(f)
        used += need
    out = []
    for i, chunk in enumerate(chunks):
        part = f" ({i + 1}/{len(chunks)})" if len(chunks) > 1 else ""
        table = _table(title + part)
        table.add_column(who, style="bold", no_wrap=True, max_width=24, overflow="ellipsis")
        for f in chunk:
            table.add_column(f["label"], justify="right", no_wrap=True)
        for row in rows:
            table.add_row(_text(row["name"]), *(fmt(row[f["key"]], f.get("format", "number")) for f in chunk))
        out.append(table)
    return out


def top_table(title: str, rows: Sequence[Mapping[str, Any]], figures: Sequence[Mapping[str, Any]], who: str) -> Table | None:
    tops = [f for f in figures if f.get("format") == "top"]
    if not tops:
        return None
    table = _table(title)
    table.add_column(who, style="bold", no_wrap=True, max_width=24, overflow="ellipsis")
    for f in tops:
        table.add_column(f["label"])
    for row in rows:
        table.add_row(_text(row["name"]), *(_text(fmt(row[f["key"]], "top")) for f in tops))
    return table


def matchup_tables(game: Mapping[str, Any], width: int = 80) -> list[Table]:
    """The matchup matrix, its columns split over as many tables as it takes to fit ``width`` columns (every
    part led by the row's side), so a roster of 14 or 18 fighters reads in an 80-column terminal."""
    matchups = game["matchups"]
    rows = list(matchups["cells"])
    if not rows:
        return []
    columns = matchups["sides"]
    met = any(cell.get("neither_won") for row in matchups["cells"].values() for cell in row.values())
    title = f"{terms(game).game_title(game['game'])}: matchups (row {terms(game).side} vs column: W-L-D, win %"
    # A match for more than two that a third seat won decides nothing between the other two.
    title += "; +N met: matches both lost to a third)" if met else ")"
    cells: dict[str, dict[str, str]] = {}
    for side in rows:
        cells[side] = {}
        for opp in columns:
            cell = matchups["cells"][side].get(opp)
            if cell is None:
                cells[side][opp] = "·"
                continue
            text = f"{cell['wins']}-{cell['losses']}-{cell['draws']} {fmt(cell['win_rate'], 'percent')}"
            if cell.get("neither_won"):
                text += f" +{cell['neither_won']} met"
            cells[side][opp] = text
    # A column is as wide as its widest cell or the longest word of its heading (a heading wraps at spaces).
    need = {opp: max([*(len(w) for w in escape(opp).split()), *(len(cells[s][opp]) for s in rows), 1]) + 2
            for opp in columns}
    label = min(max(len(escape(side)) for side in rows), 24) + 2
    chunks: list[list[str]] = []
    used = width  # start a new chunk on the first column
    for opp in columns:
        if used + need[opp] > width and (not chunks or chunks[-1]):
            chunks.append([])
            used = label + 3  # and the table's edges
        chunks[-1].append(opp)
        used += need[opp]
    out = []
    for i, chunk in enumerate(chunks):
        table = _table(title + (f" ({i + 1}/{len(chunks)})" if len(chunks) > 1 else ""))
        table.add_column("", style="bold", no_wrap=True, max_width=label - 2, overflow="ellipsis")
        for opp in chunk:
            table.add_column(_text(opp), justify="center", min_width=need[opp] - 2, max_width=need[opp] - 2)
        for side in rows:
            table.add_row(_text(side), *(cells[side][opp] for opp in chunk))
        out.append(table)
    return out


def tables(summary: Mapping[str, Any], *, figures: bool = True, width: int = 80) -> list[Table]:
    """Every table of a summary, game by game, in the game's words: results, figures, most-played (per
    player and per side: BattleCON's fighters, Cogs' fleets), matchups."""
    out: list[Table | None] = []
    for game in summary["games"]:
        words = terms(game)
        name = words.game_title(game["game"])  # "BattleCON", "Grid skirmish": the id only for a game without a title
        side, sides = cap(words.side), words.sides
        out.append(results_table(f"{name}: players", game["players"], "Player", f"{cap(sides)} played", words))
        out.append(results_table(f"{name}: {sides}", game["fighters"], side, "Played by", words))
        if figures:
            out.extend(figures_tables(f"{name}: players' play", game["players"], game["figures"], "Player", width))
            out.extend(figures_tables(f"{name}: {sides}' play", game["fighters"], game["figures"], side, width))
            out.append(top_table(f"{name}: players' most-played", game["players"], game["figures"], "Player"))
            out.append(top_table(f"{name}: {sides}' most-played", game["fighters"], game["figures"], side))
        out.extend(matchup_tables(game, width))
    return [t for t in out if t is not None]

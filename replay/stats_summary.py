"""Adding up match statistics: per player, per fighter (side) and per matchup.

:func:`summarize` takes the per-match dicts of :func:`replay.stats.match_stats`
and returns one plain dict (``format`` "beatlog-stats/1")::

    {
      "format": "beatlog-stats/1",
      "filter": {"player": None, "fighter": None},
      "matches": 12,                      # matches read, every game
      "games": [                          # one section per game, by name
        {
          "game": "battlecon",
          "terms": {"side": "fighter", "sides": "fighters", "round": "beat", ...},  # its words (recorder.terms)
          "matches": 12, "finished": 12,  # matches with at least one counted seat
          "figures": [{"key": "damage_dealt_per_beat", "label": "Dmg/beat", "format": "number", ...}, ...],
          "players":  [Row, ...],         # best first: win rate, wins, then name
          "fighters": [Row, ...],
          "matchups": {
            "sides": ["cadenza", "hikaru", ...],
            "cells": {"hikaru": {"khadath": {"matches": 4, "wins": 3, "losses": 1, "draws": 0,
                                             "unfinished": 0, "neither_won": 0, "win_rate": 0.75}}}
          }
        }
      ]
    }

The keys keep the kernel's names whatever the game calls them (``fighters`` are
the sides: Cogs of Valor's fleets; ``duels`` and ``beats`` count the log's sets
and rounds: a Cogs match is one "duel" of turns); ``terms`` holds the game's
own words for the tables people read.

A ``Row`` is flat: ``name``, ``matches``, ``wins``, ``losses``, ``draws``,
``unfinished``, ``win_rate`` (wins / finished matches, None if none),
``duels``, ``beats``, ``played`` (for a player: the sides played and how
often; for a side: who played it), every ``count`` counter of the game
(``damage_dealt``...), every ``usage`` counter as ``{group: {label: n}}``
(BattleCON: ``cards_played`` ``{"style": {"Trance": 4}, "base": {...},
"finisher": {...}, "special": {...}}`` and ``tokens_used`` ``{"anted":
{"Fire": 2}, "spent": {"Iron Body": 1}}``; groups and labels sorted by name,
none with a zero count), and every figure's ``key`` (``hit_rate``: a fraction
0..1 or None when there is nothing to divide by; ``top_pairs``: a list of
``[label, count]``). Fractions are rounded to 4 places.

A matchup cell counts each match the two sides met in, from the row side's seat
against the column side's seat (see :func:`pair_outcome`): a win when the row
side won the match, a loss when the column side did, a draw when the match was
drawn; in a match for more than two won by a third seat, neither won against
the other -- ``neither_won``, counted in ``matches`` but not in the win rate
(wins over the matches decided between the two: wins + losses + draws).

With ``player=`` (or ``fighter=``) only the seats of that player (fighter)
count: the player's row, their results per fighter they played, and their
fighters' matchups against each opponent.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from recorder.errors import UsageError
from recorder.game import load_game
from recorder.terms import shared, terms_of

from .stats import COUNT, USAGE, stat_hook

FORMAT = "beatlog-stats/1"
OUTCOMES = ("win", "loss", "draw", "unfinished")
PAIR_OUTCOMES = (*OUTCOMES, "neither")  # between two seats: "neither" when a third seat won the match
_PLURAL = {"win": "wins", "loss": "losses", "draw": "draws", "unfinished": "unfinished", "neither": "neither_won"}


def pair_outcome(mine: str, theirs: str) -> str:
    """One seat's result against one other seat of the same match, from the two seats' outcomes.

    A match has one winner or is drawn for everyone, so: a win or a loss when one of the two won,
    a draw when the match was drawn, and "neither" when both lost to a third seat -- they met, but
    the match was not decided between them (counting it as a loss both ways would say each beat the
    other). The same rule as the store's ``matchups`` view (recorder/views.py).
    """
    if mine in ("win", "draw", "unfinished"):
        return mine
    if theirs == "win":
        return "loss"
    return "neither" if mine == "loss" else mine


@dataclass
class Totals:
    """Running sums for one row (a player or a fighter)."""

    name: str
    matches: int = 0
    duels: int = 0
    beats: int = 0
    outcomes: Counter = field(default_factory=Counter)
    played: Counter = field(default_factory=Counter)
    counts: Counter = field(default_factory=Counter)
    samples: dict[str, list[float]] = field(default_factory=dict)
    tags: dict[str, Counter] = field(default_factory=dict)
    usage: dict[str, dict[str, Counter]] = field(default_factory=dict)

    def add(self, match: Mapping[str, Any], seat: Mapping[str, Any], played: str) -> None:
        self.matches += 1
        self.duels += match["duels"]
        self.beats += match["beats"]
        self.outcomes[seat["outcome"]] += 1
        self.played[played] += 1
        self.counts.update(seat["counts"])
        for name, (total, n) in seat["samples"].items():
            acc = self.samples.setdefault(name, [0, 0])
            acc[0] += total
            acc[1] += n
        for name, labels in seat["tags"].items():
            self.tags.setdefault(name, Counter()).update(labels)
        for name, groups in seat.get("usage", {}).items():
            mine = self.usage.setdefault(name, {})
            for group, labels in groups.items():
                mine.setdefault(group, Counter()).update(labels)

    def merge(self, other: Totals, played: str) -> None:
        """Add ``other`` (the same kind of totals, of seats that all played ``played``)."""
        self.matches += other.matches
        self.duels += other.duels
        self.beats += other.beats
        self.outcomes.update(other.outcomes)
        self.played[played] += other.matches
        self.counts.update(other.counts)
        for name, (total, n) in other.samples.items():
            acc = self.samples.setdefault(name, [0, 0])
            acc[0] += total
            acc[1] += n
        for name, labels in other.tags.items():
            self.tags.setdefault(name, Counter()).update(labels)
        for name, groups in other.usage.items():
            mine = self.usage.setdefault(name, {})
            for group, labels in groups.items():
                mine.setdefault(group, Counter()).update(labels)

    def row(self, counters: Mapping[str, str], figures: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        finished = self.matches - self.outcomes["unfinished"]
        out: dict[str, Any] = {"name": self.name, "matches": self.matches}
        out.update({_PLURAL[o]: self.outcomes[o] for o in OUTCOMES})
        out["win_rate"] = _fraction(self.outcomes["win"], finished)
        out["duels"] = self.duels
        out["beats"] = self.beats
        out["played"] = dict(sorted(self.played.items(), key=lambda kv: (-kv[1], kv[0])))
        out.update({name: self.counts[name] for name, kind in counters.items() if kind == COUNT})
        for name, kind in counters.items():
            if kind == USAGE:
                groups = self.usage.get(name, {})
                out[name] = {g: dict(sorted(groups[g].items())) for g in sorted(groups) if groups[g]}
        for figure in figures:
            out[figure["key"]] = derive(figure, self)
        return out


def _fraction(num: float, den: float) -> float | None:
    return None if not den else round(num / den, 4)


def derive(figure: Mapping[str, Any], totals: Totals) -> Any:
    """One figure of a row, from its operation: count, per_beat, ratio, mean or top."""
    if "count" in figure:
        return totals.counts[figure["count"]]
    if "per_beat" in figure:
        return _fraction(totals.counts[figure["per_beat"]], totals.beats)
    if "ratio" in figure:
        num, dens = figure["ratio"]
        return _fraction(totals.counts[num], sum(totals.counts[d] for d in dens))
    if "mean" in figure:
        total, n = totals.samples.get(figure["mean"], (0, 0))
        return _fraction(total, n)
    if "top" in figure:
        labels = totals.tags.get(figure["top"], Counter())
        ranked = sorted(labels.items(), key=lambda kv: (-kv[1], kv[0]))
        return [[label, n] for label, n in ranked[: figure.get("limit", 3)]]
    raise ValueError(f"figure {figure.get('key')!r} has no known operation (count, per_beat, ratio, mean, top)")


def _cell() -> dict[str, int]:
    return {"matches": 0, **{_PLURAL[o]: 0 for o in PAIR_OUTCOMES}}


def summarize(
    matches: Iterable[Mapping[str, Any]],
    *,
    player: str | None = None,
    fighter: str | None = None,
) -> dict[str, Any]:
    """Add up per-match statistics (see the module docstring for the result)."""
    summary = Summary(player=player, fighter=fighter)
    for match in matches:
        summary.add(match)
    return summary.result()


class Summary:
    """The running totals behind :func:`summarize`: matches are added one by one (:meth:`add`), or
    as totals already added up elsewhere (:mod:`replay.stats_sql` adds a store's rows in SQL)."""

    def __init__(self, *, player: str | None = None, fighter: str | None = None) -> None:
        if player is not None and fighter is not None:
            raise UsageError("give --player or --fighter, not both")
        self.player = player
        self.fighter = fighter
        self.keep = _seat_filter(player, fighter)
        self.games: dict[str, _Section] = {}
        self.total = 0
        self.seen_players: set[str] = set()
        self.seen_sides: set[str] = set()
        self.seen_games: set[str] = set()

    def section(self, game: str) -> _Section:
        section = self.games.get(game)
        if section is None:
            section = self.games[game] = _Section(game)
        return section

    def add(self, match: Mapping[str, Any]) -> None:
        self.total += 1
        self.seen_games.add(match["game"])
        self.seen_players.update(s["player"] for s in match["seats"])
        self.seen_sides.update(s["side"] for s in match["seats"])
        counted = [s for s in match["seats"] if self.keep(s)]
        if counted:
            self.section(match["game"]).add(match, counted)

    def result(self) -> dict[str, Any]:
        player, fighter, games = self.player, self.fighter, self.games
        if self.total and not games and (player is not None or fighter is not None):
            if player is not None:
                what, whats, name, known = "player", "players", player, self.seen_players
            else:
                words = [terms_of(load_game(g)) for g in sorted(self.seen_games)]
                what, whats, name, known = shared(words, "side"), shared(words, "sides"), fighter, self.seen_sides
            listed = ", ".join(sorted(known)[:20]) + (" ..." if len(known) > 20 else "")
            raise UsageError(f"no {what} {name!r} in these matches; {whats}: {listed}")
        return {
            "format": FORMAT,
            "filter": {"player": player, "fighter": fighter},
            "matches": self.total,
            "games": [games[name].result() for name in sorted(games)],
        }


def _seat_filter(player: str | None, fighter: str | None) -> Callable[[Mapping[str, Any]], bool]:
    if player is not None:
        return lambda seat: seat["player"] == player
    if fighter is not None:
        return lambda seat: seat["side"] == fighter
    return lambda seat: True


class _Section:
    """One game's totals."""

    def __init__(self, game: str) -> None:
        loaded = load_game(game)
        hook = stat_hook(loaded)
        self.game = game
        self.terms = terms_of(loaded).to_dict()
        self.counters = dict(hook.counters)
        self.figures = [dict(f) for f in hook.figures]
        self.matches = 0
        self.finished = 0
        self.players: dict[str, Totals] = {}
        self.fighters: dict[str, Totals] = {}
        self.cells: dict[str, dict[str, dict[str, int]]] = {}

    def add(self, match: Mapping[str, Any], counted: Sequence[Mapping[str, Any]]) -> None:
        self.matches += 1
        self.finished += bool(match["finished"])
        for seat in counted:
            self.players.setdefault(seat["player"], Totals(seat["player"])).add(match, seat, seat["side"])
            self.fighters.setdefault(seat["side"], Totals(seat["side"])).add(match, seat, seat["player"])
            for other in match["seats"]:
                if other["seat"] == seat["seat"]:
                    continue
                cell = self.cells.setdefault(seat["side"], {}).setdefault(other["side"], _cell())
                cell["matches"] += 1
                cell[_PLURAL[pair_outcome(seat["outcome"], other["outcome"])]] += 1

    def add_seats(self, player: str, side: str, totals: Totals) -> None:
        """Add the totals of every counted seat ``player`` played as ``side`` (added up elsewhere)."""
        self.players.setdefault(player, Totals(player)).merge(totals, side)
        self.fighters.setdefault(side, Totals(side)).merge(totals, player)

    def add_met(self, side: str, other: str, mine: str, theirs: str, times: int) -> None:
        """``times`` counted seats of ``side`` met a seat of ``other`` with outcomes ``mine``/``theirs``."""
        cell = self.cells.setdefault(side, {}).setdefault(other, _cell())
        cell["matches"] += times
        cell[_PLURAL[pair_outcome(mine, theirs)]] += times

    def result(self) -> dict[str, Any]:
        sides = sorted(set(self.cells) | {o for row in self.cells.values() for o in row})
        cells = {
            side: {
                opp: {**cell, "win_rate": _fraction(cell["wins"], cell["wins"] + cell["losses"] + cell["draws"])}
                for opp, cell in sorted(row.items())
            }
            for side, row in sorted(self.cells.items())
        }
        return {
            "game": self.game,
            "terms": self.terms,
            "matches": self.matches,
            "finished": self.finished,
            "figures": self.figures,
            "players": _ranked(self.players, self.counters, self.figures),
            "fighters": _ranked(self.fighters, self.counters, self.figures),
            "matchups": {"sides": sides, "cells": cells},
        }


def _ranked(totals: Mapping[str, Totals], counters: Mapping[str, str], figures: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    rows = [t.row(counters, figures) for t in totals.values()]
    rows.sort(key=lambda r: (-(r["win_rate"] or 0), -r["wins"], r["name"]))
    return rows

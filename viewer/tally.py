"""Tournament figures for the index and player pages, from each match's summary.

Game-agnostic: a match's result is the game's ``result`` (``winner`` a seat or
None for a draw), its sides are the header's, and the per-beat numbers are the
game view's ``series`` (e.g. BattleCON's life). Nothing here walks a log
again: :mod:`viewer.page` summarises each match from the one walk that built
its frames.

Standings score a win 1 and a draw ½ (chess style); unfinished matches are
listed but count for nobody.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable


@dataclass(frozen=True)
class Seat:
    name: str
    side: str
    side_name: str
    decisions: int  # inputs this player made (secret ones included)
    finals: dict[str, int]  # each series' value at the end of the log


@dataclass(frozen=True)
class MatchSummary:
    id: str
    stem: str  # file name of its page, without .html
    game: str
    edition: str
    created_at: str
    seats: tuple[Seat, ...]
    finished: bool
    winner: int | None  # a seat; None for a draw or an unfinished match
    outcome: str  # "Ann (Hikaru) wins: won 1-0", "Draw: ...", "unfinished (...)"
    beats: int  # beats played (set-ups not counted)
    events: int
    digest: str

    def result_for(self, seat: int) -> str:
        """``"win"``, ``"loss"``, ``"draw"`` or ``"unfinished"`` from one seat's side."""
        if not self.finished:
            return "unfinished"
        if self.winner is None:
            return "draw"
        return "win" if self.winner == seat else "loss"


@dataclass
class Record:
    """Won/drawn/lost counts (of finished matches) plus unfinished ones."""

    won: int = 0
    drawn: int = 0
    lost: int = 0
    unfinished: int = 0

    def add(self, result: str) -> None:
        if result == "win":
            self.won += 1
        elif result == "loss":
            self.lost += 1
        elif result == "draw":
            self.drawn += 1
        else:
            self.unfinished += 1

    @property
    def finished(self) -> int:
        return self.won + self.drawn + self.lost

    @property
    def played(self) -> int:
        return self.finished + self.unfinished

    @property
    def score(self) -> float:
        return self.won + self.drawn / 2

    @property
    def win_rate(self) -> float | None:
        """Score per finished match (None before any finished)."""
        return self.score / self.finished if self.finished else None


@dataclass
class Standing:
    name: str
    record: Record = field(default_factory=Record)
    sides: dict[str, Record] = field(default_factory=dict)


def seats_of(matches: Iterable[MatchSummary]) -> Iterable[tuple[MatchSummary, int, Seat]]:
    for match in matches:
        for index, seat in enumerate(match.seats):
            yield match, index, seat


def standings(matches: list[MatchSummary]) -> list[Standing]:
    """Every player, best first: score, then wins, then fewest losses, then name."""
    table: dict[str, Standing] = {}
    for match, index, seat in seats_of(matches):
        row = table.setdefault(seat.name, Standing(seat.name))
        result = match.result_for(index)
        row.record.add(result)
        row.sides.setdefault(seat.side_name, Record()).add(result)
    return sorted(table.values(), key=lambda s: (-s.record.score, -s.record.won, s.record.lost, s.name))


def side_results(matches: list[MatchSummary]) -> list[tuple[str, Record]]:
    """Each side (fighter) over every match it was played in, by name."""
    table: dict[str, Record] = {}
    for match, index, seat in seats_of(matches):
        table.setdefault(seat.side_name, Record()).add(match.result_for(index))
    return sorted(table.items())


def matchups(matches: list[MatchSummary]) -> tuple[list[str], dict[tuple[str, str], Record]]:
    """Side × side records of two-seat matches: ``cells[(a, b)]`` is a's record against b."""
    cells: dict[tuple[str, str], Record] = {}
    sides: set[str] = set()
    for match in matches:
        if len(match.seats) != 2:
            continue
        for index, seat in enumerate(match.seats):
            other = match.seats[1 - index]
            sides.add(seat.side_name)
            cells.setdefault((seat.side_name, other.side_name), Record()).add(match.result_for(index))
    return sorted(sides), cells


@dataclass
class PlayerReport:
    name: str
    games: list[tuple[MatchSummary, int]] = field(default_factory=list)  # (match, this player's seat)
    record: Record = field(default_factory=Record)
    sides: dict[str, Record] = field(default_factory=dict)
    opponents: dict[str, Record] = field(default_factory=dict)
    beats: int = 0
    decisions: int = 0
    finals: dict[str, list[tuple[int, int]]] = field(default_factory=dict)  # series -> (own, opponent) per match

    def average(self, total: int) -> float | None:
        return total / len(self.games) if self.games else None

    def final_averages(self) -> list[tuple[str, float, float]]:
        """Each series' average end value, own and the opponent's, over finished matches."""
        out = []
        for name, pairs in sorted(self.finals.items()):
            if pairs:
                out.append((name, sum(p[0] for p in pairs) / len(pairs), sum(p[1] for p in pairs) / len(pairs)))
        return out


def player_reports(matches: list[MatchSummary]) -> dict[str, PlayerReport]:
    reports: dict[str, PlayerReport] = {}
    for match, index, seat in seats_of(matches):
        report = reports.setdefault(seat.name, PlayerReport(seat.name))
        result = match.result_for(index)
        report.games.append((match, index))
        report.record.add(result)
        report.sides.setdefault(seat.side_name, Record()).add(result)
        report.beats += match.beats
        report.decisions += seat.decisions
        if len(match.seats) == 2:
            other = match.seats[1 - index]
            report.opponents.setdefault(other.name, Record()).add(result)
            if match.finished:
                for name, value in seat.finals.items():
                    if name in other.finals:
                        report.finals.setdefault(name, []).append((value, other.finals[name]))
    return reports


def percent(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.0f}%"


def wdl(record: Record) -> str:
    """``"3–1–0"`` (won–drawn–lost), with unfinished ones noted."""
    text = f"{record.won}–{record.drawn}–{record.lost}"
    return text + (f" (+{record.unfinished} unfinished)" if record.unfinished else "")


def summary_row(record: Record) -> dict[str, Any]:
    return {"played": record.played, "won": record.won, "drawn": record.drawn, "lost": record.lost,
            "unfinished": record.unfinished, "score": record.score, "rate": percent(record.win_rate),
            "rate_value": -1 if record.win_rate is None else round(record.win_rate, 4)}

"""Round-robin bot tournaments: every pairing of sides (fighters, fleets...), N matches each, into one store.

The schedule is a pure function of the plan: pairings in the order the
sides are listed, ``matches`` games per pairing, the sides swapping
seats from one game to the next (so each side plays as often with either
bot), and each match's seed derived from the tournament seed, the pairing and
the game number. The same plan therefore records the same matches (same ids,
byte-identical events) on any machine, however many processes play them; a
match the store already holds is not played again, so an interrupted
tournament is finished by running the same command again.

Matches are played in memory and written to the store in batches, one
transaction per batch, by the process that played them (a crash loses at
most the batches being played).
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, Sequence

from recorder import canonical
from recorder.collector import for_batch_work
from recorder.decisions import DecisionSource, FirstOption
from recorder.errors import UsageError
from recorder.flags import flag_fields
from recorder.game import Game, installed_games, load_game
from recorder.header import Header, Player
from recorder.integrity import LogFile
from recorder.recording import MemorySink, record, utc_now
from recorder.store import Importable, Store
from recorder.terms import Terms, terms_of
from replay.stats import match_stats
from replay.stats_store import keep

MAX_SEED = 2**53
BATCH = 50  # matches per store transaction


@dataclass(frozen=True)
class TournamentPlan:
    game: str
    fighters: tuple[str, ...]  # the sides taking part (the game's ``fighters`` hook lists them)
    matches: int  # per pairing
    edition: str
    bots: tuple[str, str]  # seat 0, seat 1
    seed: int
    # The header options of every match: the game's tournament defaults, then --option, then the game's flags.
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> tuple[str, str]:
        """Player names: the bots' names (numbered by seat when both seats run the same bot)."""
        a, b = self.bots
        return (a, b) if a != b else (f"{a} #1", f"{b} #2")


@dataclass(frozen=True)
class Fixture:
    """One scheduled match."""

    index: int  # position in the schedule, 0-based
    pairing: tuple[str, str]  # the two sides as listed
    game_no: int  # 0-based within the pairing
    sides: tuple[str, str]  # seat 0, seat 1
    seed: int


def plan_tournament(
    *,
    game_name: str,
    fighters: str | Sequence[str] = "all",
    matches: int = 1,
    edition: str | None = None,
    bots: str | Sequence[str] | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    flags: Mapping[str, Sequence[str]] | None = None,
) -> TournamentPlan:
    """Check a tournament's options and fix its plan (UsageError / the game's errors on bad input).

    ``options`` (``--option KEY=VALUE``) and then the game's flags (``flags``, name -> values: BattleCON's
    ``--duels N``, recorder/flags.py) go over the game's tournament defaults (:func:`tournament_options`);
    the game's ``make_header`` validates them. ``bots`` None: the game's ``default_bot`` in both seats.
    """
    game = load_game(game_name)
    terms = terms_of(game)
    known = _fighters_of(game)
    if fighters == "all" or fighters == ["all"]:
        # every side the edition offers (a game's optional ``sides_in(edition)``: BattleCON's Preview has four)
        offered = getattr(game, "sides_in", None)
        chosen = known
        if offered is not None:
            chosen = tuple(offered(edition or getattr(game, "default_edition", None) or game.editions[0]))
    else:
        names = fighters.split(",") if isinstance(fighters, str) else list(fighters)
        chosen = tuple(n.strip() for n in names)
        unknown = [n for n in chosen if n not in known]
        flag = sides_flag(terms)
        if unknown:
            raise UsageError(f"{flag}: unknown {terms.side} {unknown[0]!r}; known {terms.sides}: "
                             f"{', '.join(known)}")
        if len(set(chosen)) != len(chosen):
            raise UsageError(f"{flag} lists a {terms.side} twice: {','.join(chosen)}")
    if len(chosen) < 2:
        raise UsageError(f"a tournament needs at least two {terms.sides}, got {','.join(chosen) or 'none'}")
    if not isinstance(matches, int) or matches < 1:
        raise UsageError(f"--matches must be at least 1 per pairing, got {matches!r}")
    if not 0 <= seed <= MAX_SEED:
        raise UsageError(f"--seed must be a whole number from 0 to {MAX_SEED}, got {seed!r}")
    if bots is None:
        bots = default_bot(game)
    names = tuple(b.strip() for b in (bots.split(",") if isinstance(bots, str) else bots))
    if len(names) == 1:
        names = names * 2
    if len(names) != 2 or not all(names):
        raise UsageError(f"--bots takes one bot, or two separated by a comma (seat 1, seat 2), got {bots!r}")
    allowed = ("first", *(b for b in game.bots() if b != "first"))
    for name in names:
        if name not in allowed:
            raise UsageError(f"unknown bot {name!r}; known bots: {', '.join(allowed)}")
    edition = edition or getattr(game, "default_edition", None) or game.editions[0]
    given = dict(options or {})
    flagged = flag_fields(game, "match_flags", flags, installed_games(), over=given) if flags else {}
    merged = {**tournament_options(game, edition), **given, **flagged}
    plan = TournamentPlan(game_name, chosen, matches, edition, (names[0], names[1]), seed, merged)
    header_for(game, plan, schedule(plan)[0])  # the game checks the edition and options now
    return plan


def sides_flag(terms: Terms) -> str:
    """The command line's flag for the sides in the game's words: ``--fighters`` for a game whose sides
    are fighters (BattleCON), ``--sides`` for any other (a Cogs fleet); both flags are accepted."""
    return "--fighters" if terms.sides == "fighters" else "--sides"


def tournament_options(game: Game, edition: str) -> dict[str, Any]:
    """The options the game's tournament play uses by default (its ``tournament_options(edition)`` hook).

    BattleCON turns Special Actions on for the War of Indines ("standard for
    tournament play", WoI p.32); a game without the hook plays its defaults.
    """
    hook = getattr(game, "tournament_options", None)
    return dict(hook(edition)) if hook is not None else {}


def default_bot(game: Game) -> str:
    """The bot that plays a seat nobody named: the game's ``default_bot``, else ``first``."""
    return getattr(game, "default_bot", None) or "first"


def _fighters_of(game: Game) -> tuple[str, ...]:
    listed = getattr(game, "fighters", None)
    if listed is None:
        raise UsageError(f"game {game.name!r} publishes no list of {terms_of(game).sides} to pair up")
    return tuple(listed() if callable(listed) else listed)


def pairings(fighters: Sequence[str]) -> list[tuple[str, str]]:
    """Every unordered pair of distinct sides, in listing order."""
    return list(itertools.combinations(fighters, 2))


def fixture_seed(seed: int, game: str, pairing: tuple[str, str], game_no: int) -> int:
    """A match seed that depends only on the tournament seed, the pairing and the game number."""
    digest = canonical.digest({"tournament": seed, "game": game, "pairing": list(pairing), "game_no": game_no})
    return int(digest[:13], 16)  # 52 bits: below MAX_SEED


def schedule(plan: TournamentPlan) -> list[Fixture]:
    out = []
    for index, pairing in enumerate(pairings(plan.fighters)):
        for game_no in range(plan.matches):
            # Seats alternate game by game; the one game left over of an odd number alternates pairing by
            # pairing, so with one game per pairing no side always takes the first seat (or its player).
            odd_one = plan.matches % 2 == 1 and game_no == plan.matches - 1
            swap = (game_no + (index if odd_one else 0)) % 2 == 1
            sides = (pairing[1], pairing[0]) if swap else pairing
            out.append(Fixture(len(out), pairing, game_no, sides, fixture_seed(plan.seed, plan.game, pairing, game_no)))
    return out


def header_for(game: Game, plan: TournamentPlan, fixture: Fixture) -> Header:
    players = tuple(Player(name, side) for name, side in zip(plan.players, fixture.sides))
    return game.make_header(players=players, edition=plan.edition, seed=fixture.seed, options=dict(plan.options))


def _sources(game: Game, header: Header, bots: tuple[str, str]) -> dict[int, DecisionSource]:
    return {
        seat: FirstOption("bot:first") if name == "first" else game.bot(name, header.seed, seat)
        for seat, name in enumerate(bots)
    }


def play_fixture(plan: TournamentPlan, fixture: Fixture, clock: Callable[[], str] = utc_now) -> LogFile:
    """Play one scheduled match in memory and return its sealed log."""
    game = load_game(plan.game)
    header = header_for(game, plan, fixture)
    sink = MemorySink()
    record(game, header, _sources(game, header, plan.bots), sink, clock=clock)
    assert sink.header is not None
    return LogFile(sink.header, sink.records)


def _play_batch(job: tuple[TournamentPlan, list[Fixture], str, str]) -> list[dict[str, Any]]:
    """Play some fixtures, write them to the store in one transaction, return their statistics.

    Runs in a worker process when ``jobs`` > 1: only the small statistics
    dicts travel back, and SQLite's write lock orders the workers' commits.
    """
    plan, fixtures, db, durability = job
    logs = [play_fixture(plan, fixture) for fixture in fixtures]
    stats = [match_stats(log.header, log.records) for log in logs]
    with Store(db, durability=durability) as store:
        # The engine has just produced these logs, and the stats walk folded them: nothing to re-run.
        items = [Importable(log, match["finished"], stats=match) for log, match in zip(logs, stats)]
        store.import_logs(items)
        keep(store, items)  # their statistics, counted once, for stats and the site to add up
    return stats


@dataclass
class TournamentReport:
    plan: TournamentPlan
    played: int = 0
    skipped: int = 0  # already in the store
    stats: list[dict[str, Any]] = field(default_factory=list)  # replay.stats.match_stats, schedule order
    seconds: float = 0.0


def run_tournament(
    plan: TournamentPlan,
    store: Any,
    *,
    jobs: int = 1,
    on_match: Callable[[Fixture, dict[str, Any], bool], None] | None = None,
) -> TournamentReport:
    """Play every scheduled match the store lacks, write it, and gather every match's statistics.

    ``store`` is a :class:`recorder.store.Store`; ``on_match(fixture, stats,
    played)`` is called once a match is stored (``played`` False: it was
    there already). With ``jobs`` > 1 matches are played by that many
    processes; what is written, and the statistics, are the same.
    """
    started = time.perf_counter()
    game = load_game(plan.game)
    stored = set(store.match_ids())
    report = TournamentReport(plan)
    fixtures = schedule(plan)
    ids = {f.index: header_for(game, plan, f).match_id for f in fixtures}
    todo = [f for f in fixtures if ids[f.index] not in stored]
    done: dict[int, dict[str, Any]] = {}
    for fixture in fixtures:
        match_id = ids[fixture.index]
        if match_id in stored:
            log = store.read(match_id)
            done[fixture.index] = match_stats(log.header, log.records, game)
            report.skipped += 1
            if on_match is not None:
                on_match(fixture, done[fixture.index], False)
    try:
        for batch, stats in _play_all(plan, todo, jobs, store.location, getattr(store, "durability", "full")):
            for fixture, match in zip(batch, stats):
                done[fixture.index] = match
                report.played += 1
                if on_match is not None:
                    on_match(fixture, match, True)
    finally:
        report.stats = [done[i] for i in sorted(done)]
        report.seconds = time.perf_counter() - started
    return report


def _play_all(plan: TournamentPlan, todo: Sequence[Fixture], jobs: int, db: str,
              durability: str = "full") -> Iterator[tuple[list[Fixture], list[dict[str, Any]]]]:
    """(fixtures, their statistics) batch by batch, in schedule order, each batch already stored."""
    parallel = jobs > 1 and len(todo) >= 4 * jobs  # starting processes costs more than a few matches
    # Small batches early keep a progress bar moving; at most BATCH per transaction.
    size = max(1, min(BATCH, len(todo) // (4 * (jobs if parallel else 1)) or 1))
    batches = [list(todo[i:i + size]) for i in range(0, len(todo), size)]
    work = [(plan, batch, db, durability) for batch in batches]
    if not parallel:
        for batch, job in zip(batches, work):
            yield batch, _play_batch(job)
        return
    # Loaded here, not with the module: `beatlog record` imports this module for its side and bot flags and
    # plays one match in its own process (the start-up it would cost: bench's cli rows).
    import multiprocessing

    # spawn, not fork: the caller may run threads (a progress bar) and hold SQLite handles.
    with multiprocessing.get_context("spawn").Pool(min(jobs, len(work)), initializer=for_batch_work) as pool:
        yield from zip(batches, pool.imap(_play_batch, work, chunksize=1))

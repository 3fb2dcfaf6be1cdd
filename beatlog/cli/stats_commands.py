"""Commands about many matches at once: ``simulate``, ``stats`` and ``demo``."""

from __future__ import annotations

import os
from typing import Any

import click

from . import main, say
from recorder.errors import UsageError
from recorder.untrusted import escape, escape_lines
from .match_options import DEFAULT_GAME, new_seed, parse_options, parse_seed
from .game_flags import GameFlagsCommand, given_flags
from .game_help import GameHelpOption, bots_text, games_text, sides_text, tournament_text


def _console(stderr: bool = False):
    from rich.console import Console

    return Console(stderr=stderr, highlight=False)


def _say(console, text: str) -> None:
    """Plain text: no markup (paths and names may hold brackets), no re-wrapping."""
    console.print(escape_lines(text), soft_wrap=True, markup=False, highlight=False)


def _progress(console, total: int, label: str):
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    return Progress(
        TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TextColumn("eta"),
        TimeRemainingColumn(), console=console, disable=not console.is_terminal or total == 0,
    )


def _count(n: int, one: str, many: str | None = None) -> str:
    """``1 pairing``, ``3 pairings``."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _options_text(options: dict[str, Any]) -> str:
    """``, options duels=1 special_actions=true`` (JSON values), or nothing."""
    from recorder import canonical

    if not options:
        return ""
    return ", options " + " ".join(f"{k}={canonical.dumps(v).decode()}" for k, v in sorted(options.items()))


def default_jobs() -> int:
    return max(1, min(os.cpu_count() or 1, 8))


# The games' flags (BattleCON's --duels) come after --seed (game_flags.py).
@main.command("simulate", cls=GameFlagsCommand, flags="match_flags", after="seed")
@click.option("--matches", "per_pairing", type=click.IntRange(min=1), default=1, show_default=True,
              metavar="N", help="Matches per pairing of sides.")
@click.option("--db", required=True, metavar="STORE", help="The store (a SQLite file or a postgresql:// URL) to record into (created if missing).")
@click.option("--game", "game_name", default=DEFAULT_GAME, show_default=True, metavar="NAME", cls=GameHelpOption,
              games=games_text, help="The game: {games}.")
@click.option("--fighters", "--sides", "fighters", default="all", show_default=True, metavar="all|A,B,...",
              cls=GameHelpOption, games=sides_text, help="The sides taking part ({games}); every pair of them meets.")
@click.option("--edition", metavar="ED", help="Rules edition, e.g. woi or preview (default: the game's).")
@click.option("--bots", metavar="BOT[,BOT]", cls=GameHelpOption, games=bots_text,
              help="The bot in seat 1 and in seat 2 (one name: both seats): first or one of the game's bots "
                   "({games}; default random). Bots are the players.")
@click.option("--seed", metavar="S", help="Tournament seed; each match's seed derives from it (default: fresh, printed).")
@click.option("--option", "game_options", multiple=True, metavar="KEY=VALUE", cls=GameHelpOption,
              games=tournament_text, help="A game option for every match, repeatable, over the game's tournament "
                                          "defaults ({games}), e.g. --option special_actions=false.")
@click.option("--jobs", type=click.IntRange(min=1), default=None, metavar="N",
              help="Processes playing matches (default: the number of CPUs, at most 8).")
@click.option("--durability", type=click.Choice(["full", "normal"]), default="full",
              help="How durable each committed beat is in --db: full (default; a crash, even of the machine, loses at most "
                   "the beat in play) or normal (faster; a power cut may also lose the last beats written).")
def simulate_command(per_pairing, db, game_name, fighters, edition, bots, seed, game_options, jobs,
                     durability, **game_flags) -> None:
    """Play a round-robin bot tournament into a store and print the standings.

    Every pair of sides meets N times, swapping seats each match. The same
    seed records the same matches; matches already in the store are kept, so
    an interrupted run is finished by running it again. Matches use the
    game's tournament options (BattleCON woi: Special Actions on, as WoI p.32
    has it); --option changes them.

    \b
    Example: beatlog simulate --matches 10 --db t.db --bots greedy,random
    Example: beatlog simulate --game cogs --sides lions,herons,griffins --bots sensible,random --db t.db
    """
    from recorder.store import Store
    from replay.stats_format import tables
    from replay.stats_summary import summarize

    from recorder.game import load_game
    from recorder.terms import terms_of
    from ..tournament import plan_tournament, run_tournament, schedule

    seed_value = parse_seed(seed)
    plan = plan_tournament(
        game_name=game_name, fighters=fighters, matches=per_pairing, edition=edition, bots=bots,
        seed=new_seed() if seed_value is None else seed_value,
        options=parse_options(game_options), flags=given_flags(game_flags),
    )
    err = _console(stderr=True)
    total = len(schedule(plan))
    pairs = total // plan.matches
    words = terms_of(load_game(plan.game))
    store = Store(db, durability=durability)  # opened (and checked) before anything is printed: a foreign file is one error line
    _say(err, f"Tournament: {plan.game} {plan.edition}, {_count(len(plan.fighters), words.side, words.sides)}, "
              f"{_count(pairs, 'pairing')} × {plan.matches} = {_count(total, 'match', 'matches')}, "
              f"{plan.bots[0]} vs {plan.bots[1]}, seed {plan.seed}{_options_text(plan.options)}")
    if plan.bots[0] != plan.bots[1] and plan.matches % 2:
        _say(err, f"note: with an odd --matches each pairing's first-listed {words.side} plays {plan.bots[0]} "
                  "once more than the other; use an even number for balanced seats")
    with store, _progress(err, total, "playing") as bar:
        task = bar.add_task("matches", total=total)
        try:
            report = run_tournament(plan, store, jobs=jobs or default_jobs(),
                                    on_match=lambda f, s, played: bar.advance(task))
        except KeyboardInterrupt:
            stored = len(store.match_ids())
            raise UsageError(f"interrupted: {db} keeps the {stored} matches written so far; "
                             "run the same command again to finish") from None
    out = _console()
    for table in tables(summarize(report.stats), figures=False, width=out.width):
        out.print(table)
    rate = report.played / report.seconds if report.seconds else 0.0
    skipped = f" ({report.skipped} already stored)" if report.skipped else ""
    _say(out, f"recorded {report.played} matches{skipped} into {db} in {report.seconds:.1f} s "
              f"({rate:.1f} matches/s); all figures: beatlog stats --db {db}")


@main.command("stats")
@click.argument("logs", nargs=-1, metavar="[LOG.jsonl]...")
@click.option("--db", metavar="STORE", help="Read the matches of this store (a SQLite file or a postgresql:// URL).")
@click.option("--match", "match_id", metavar="ID", help="With --db: only this match.")
@click.option("--player", metavar="NAME", help="Only this player's seats: their results, sides and matchups.")
@click.option("--fighter", "--side", "fighter", metavar="ID",
              help="Only this side's seats (a fighter, a fleet): its results, players and matchups.")
@click.option("--format", "form", type=click.Choice(["table", "json", "csv"]), default="table", show_default=True,
              help="Tables for a terminal, JSON or CSV for tools.")
@click.option("--jobs", type=click.IntRange(min=1), default=None, metavar="N",
              help="Processes walking matches whose statistics a store lacks (default: the number of CPUs, at most 8).")
@click.option("--recompute", is_flag=True,
              help="With --db: walk every match again instead of adding up its stored statistics "
                   "(and keep any the store lacked).")
def stats_command(logs, db, match_id, player, fighter, form, jobs, recompute) -> None:
    """Per-player and per-side statistics and the matchup matrix.

    Matches and W/L/D, then each game's own figures in its own words:
    BattleCON (per fighter) duels, damage dealt and taken per beat, hit
    rate, stuns, priority, clashes, specials, the most played attack pairs;
    Cogs of Valor (per fleet) score, crew lost, killed and captured, hull
    damage, hit rates by weapon. Every log is checked (chain, hashes) as
    it is read. A store keeps each match's statistics once counted, so
    only matches it lacks (new, grown, or counted by another version) are
    walked, and kept if the store can be written; --recompute walks all.

    \b
    Example: beatlog stats --db t.db --fighter hikaru --format table
    Example: beatlog stats cogs.jsonl --side lions
    """
    from replay.stats_format import to_csv, to_json
    from replay.stats_sources import file_stats, store_summary
    from replay.stats_summary import summarize

    if bool(logs) == (db is not None):
        raise UsageError("stats takes LOG.jsonl files or --db FILE (not both)")
    if match_id is not None and db is None:
        raise UsageError("--match only applies with --db")
    if recompute and db is None:
        raise UsageError("--recompute only applies with --db (logs are always walked)")
    err = _console(stderr=True)
    left_out: list[str] = []
    if db is not None:
        with _progress(err, None, "counting") as bar:
            task = bar.add_task("matches", total=None)
            found = store_summary(db, match_id, player=player, fighter=fighter, recompute=recompute,
                                  jobs=jobs or default_jobs(), progress=lambda n: bar.advance(task, n),
                                  on_walk=lambda n: bar.update(task, total=n))
        for skipped, why in found.skipped:
            _say(err, f"left out match {skipped}: {escape(why)}")
        if found.walked and not found.kept:
            _say(err, f"note: the statistics of {_count(found.walked, 'match', 'matches')} were computed in memory "
                      f"and not kept ({found.why_not})")
        summary = found.summary
    else:
        summary = summarize(file_stats(logs, unreadable=left_out.append), player=player, fighter=fighter)
    for message in left_out:
        say(f"Warning: left out of the statistics: {escape(message)}", err=True)
    if form == "json":
        click.echo(to_json(summary))
    elif form == "csv":
        click.echo(to_csv(summary), nl=False)
    else:
        _print_tables(summary, db or f"{len(logs)} log(s)")


def _print_tables(summary: dict[str, Any], source: str) -> None:
    from replay.stats_format import source_line, tables

    out = _console()
    if not summary["matches"]:
        _say(out, f"no matches in {source}")
        return
    for table in tables(summary, width=out.width):
        out.print(table)
    _say(out, source_line(summary, source))


@main.command("demo")
@click.option("-o", "--out", "out", default="beatlog-demo", show_default=True, metavar="DIR",
              help="Folder for the demo's database, logs and site (created if missing).")
@click.option("--option", "game_options", multiple=True, metavar="[GAME.]KEY=VALUE",
              help="A game option, repeatable, over each game's tournament defaults: KEY=VALUE for every "
                   "game of the demo, GAME.KEY=VALUE for one, e.g. --option battlecon.special_actions=false.")
def demo_command(out: str, game_options: tuple[str, ...]) -> None:
    """Simulate a small tournament, verify every match and render the site.

    The first thing to try: it needs nothing but an empty folder, and prints
    the path of the site's index.html to open in a browser.

    Example: beatlog demo -o demo
    """
    from ..demo import run_demo

    err = _console(stderr=True)
    result = run_demo(out, say=lambda text: _say(err, text),
                      progress=lambda total, label: _progress(err, total, label),
                      options=parse_options(game_options))
    say(str(result.index))

"""Commands that make matches: ``record``, ``play`` and ``sides`` (also called ``fighters``)."""

from __future__ import annotations

import click

from . import main, say
from recorder import canonical
from recorder.errors import UsageError
from recorder.game import load_game
from recorder.recording import MemorySink, Recording, Tee, record
from recorder.script import load_script
from recorder.terms import terms_of
from recorder.untrusted import escape
from ..tournament import default_bot, sides_flag
from .catalog import render_side, side_entry, side_ids
from .game_flags import GameFlagsCommand, given_flags
from .game_help import GameHelpOption, bots_text, games_text, sides_text
from .hotseat import Narrator, TerminalSource
from .match_options import (
    DEFAULT_GAME, MatchPlan, bot_sources, keep_stats, open_sinks, parse_options, parse_seed, plan_match, script_sources,
    split_names, split_pair,
)

def _match_options(func):
    """The options ``record`` and ``play`` share, in help order."""
    options = [
        click.option("--fighters", "--sides", "fighters", metavar="A,B", cls=GameHelpOption, games=sides_text,
                     help="The sides, player 1's first, as many as the game seats -- {games}; see `beatlog sides "
                          "--game NAME`."),
        click.option("--game", "game_name", metavar="NAME", cls=GameHelpOption, games=games_text,
                     help=f"The game: {{games}} (default {DEFAULT_GAME})."),
        click.option("--players", metavar="NAME,NAME", help="The players' names, one per side "
                                                           "(default Player 1,Player 2...)."),
        click.option("--edition", metavar="ED", help="Rules edition, e.g. woi or preview (default: the game's)."),
        click.option("--option", "game_options", multiple=True, metavar="KEY=VALUE",
                     help="A game option, repeatable (VALUE read as JSON when it is JSON, else text), "
                          "e.g. --option special_actions=true --option discards=chosen."),
        click.option("--seed", metavar="N", help="Match seed (default: a fresh one, printed)."),
        click.option("--db", metavar="STORE", help="Also (or only) record into this store (a SQLite file or a postgresql:// URL)."),
        click.option("-o", "--out", metavar="FILE", help="JSONL file to write ('-' = stdout); default <match_id>.jsonl."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _plan(game_name, fighters, players, edition, flags, game_options, seed, script=None) -> MatchPlan:
    # The sides' flag in the game's words (--fighters for BattleCON, --sides for Cogs' fleets).
    game = load_game(game_name or (script.game if script is not None else DEFAULT_GAME))
    return plan_match(
        game_name=game_name,
        fighters=(sides := split_names(fighters, sides_flag(terms_of(game)))),
        players=split_names(players, "--players", len(sides) if sides else None),
        edition=edition,
        flags=flags,
        seed=parse_seed(seed),
        script=script,
        options=parse_options(game_options),
    )


# The games' flags (BattleCON's --duels) come after --edition (game_flags.py).
@main.command("record", cls=GameFlagsCommand, flags="match_flags", after="edition")
@_match_options
@click.option("--bots", metavar="BOT[,BOT...]", cls=GameHelpOption, games=bots_text,
              help="Who plays each seat (one name: every seat): first, or one of the game's bots -- {games} "
                   "(default: the game's).")
@click.option("--script", "script_path", metavar="FILE", help="Take decisions from a match script ('-' = stdin).")
@click.option("--policy", metavar="NAME", help="With --script: who answers what it leaves open (first or one of "
                                                "the game's bots, as for --bots).")
@click.option("--resume", "resume_id", metavar="MATCH_ID",
              help="Continue this match's interrupted recording in --db (or -o FILE) with the same bots or script.")
@click.option("--durability", type=click.Choice(["full", "normal"]), default="full",
              help="How durable each committed beat is in --db: full (default; a crash, even of the machine, loses at most "
                   "the beat in play) or normal (faster; a power cut may also lose the last beats written).")
def record_command(fighters, game_name, players, edition, game_options, seed, db, out, bots, script_path,
                   policy, resume_id, durability, **game_flags) -> None:
    """Record a bot or scripted match and print its digest.

    \b
    Example: beatlog record --fighters hikaru,khadath --bots greedy,random --seed 7 -o match.jsonl
    Example: beatlog record --game cogs --sides lions,herons --bots sensible,random -o cogs.jsonl
    """
    if resume_id is not None:
        from .resuming import resume_match

        setup = {"fighters": fighters, "game": game_name, "players": players, "edition": edition,
                 **_flags_given(game_flags), "option": game_options or None, "seed": seed}
        return resume_match(resume_id, db=db, out=out, bots=bots, script_path=script_path, policy=policy,
                            setup=setup, summary=_summary)
    if script_path is not None and bots is not None:
        raise UsageError("--bots and --script exclude each other: a script's gaps are filled by --policy")
    if policy is not None and script_path is None:
        raise UsageError("--policy only applies with --script; use --bots to choose who plays")
    script = load_script(script_path) if script_path is not None else None
    plan = _plan(game_name, fighters, players, edition, given_flags(game_flags), game_options, seed, script)
    if script is not None:
        # Play the script once in memory first: a script mistake is then
        # reported before any file or database is touched.
        record(plan.game, plan.header, script_sources(plan, policy), MemorySink())
        sources = script_sources(plan, policy)
    else:
        seats = len(plan.header.players)
        names = (default_bot(plan.game),) * seats
        if bots is not None:
            names = split_pair(bots, "--bots", 1) * seats if "," not in bots else split_pair(bots, "--bots", seats)
        sources = bot_sources(plan.game, plan.header, names)
    _check_new_match(plan, db)
    sink, where = open_sinks(plan.header, out, db, durability=durability)
    result = record(plan.game, plan.header, sources, sink)
    keep_stats(db, plan.header.match_id)
    _summary(plan, result, where, err=out == "-")


def _check_new_match(plan: MatchPlan, db: str | None) -> None:
    """Refuse, before anything is written, a match the store already holds.

    A match id names what defines the match -- game, seed, players, edition and
    options -- not who answers for the seats (bots, a script, a policy): the
    same seed and set-up with other bots is the same match id, so it needs
    another --seed.
    """
    from pathlib import Path

    from recorder.errors import CorruptLog
    from recorder.store import Store, is_server_url

    if db is None:
        return
    if not is_server_url(db) and (not Path(db).is_file() or Path(db).stat().st_size == 0):
        return
    header = plan.header
    try:
        with Store(db, readonly=True) as store:
            if header.match_id not in store.match_ids():
                return
    except CorruptLog:
        if is_server_url(db):
            return  # a database with no store yet: the recording makes one (and refuses someone else's)
        raise
    seats = " vs ".join(f"{p.name} ({p.side})" for p in header.players)
    raise UsageError(
        f"{db} already holds match {header.match_id} ({header.game} {header.edition}, seed {header.seed}, {seats}); "
        "a match id names the seed and set-up, not the bots or script that play it: choose another --seed"
    )


def _summary(plan: MatchPlan, rec: Recording, where: list[str], *, err: bool) -> None:
    def line(text: str) -> None:
        say(text, err=err)

    header = rec.header
    terms = terms_of(plan.game)
    seats = " vs ".join(f"{escape(p.name)} ({escape(p.side)})" for p in header.players)
    line(f"match {header.match_id}: {header.game} {header.edition}, seed {header.seed}")
    line(f"  {seats}")
    if rec.finished:
        line(f"  result: {_result_text(plan, rec)}")
    else:
        line(f"  stopped unfinished at {terms.at(rec.duel, rec.beat)}")
    line(f"  {terms.rounds}: {rec.beats}, events: {rec.events}")
    line(f"  digest: {canonical.short_digest(rec.last_hash)}")
    line(f"  saved to {' and '.join(where)}")


def _result_text(plan: MatchPlan, rec: Recording) -> str:
    result = rec.result or {}
    reason = result.get("reason")
    tail = f" ({reason})" if reason else ""
    winner = result.get("winner")
    if winner is None:
        return f"draw{tail}"
    p = rec.header.players[winner]
    return f"{escape(p.name)} ({escape(p.side)}) wins{tail}"


@main.command("play", cls=GameFlagsCommand, flags="match_flags", after="edition")
@_match_options
@click.option("--bot", "opponent", metavar="BOT", help="Let this bot play player 2 (default: every player hot-seat).")
@click.option("--resume", "resume_id", metavar="MATCH_ID",
              help="Finish this unfinished match of -o FILE (or --db FILE): its people play on here, its bot "
                   "plays on as recorded.")
def play_command(fighters, game_name, players, edition, game_options, seed, db, out, opponent,
                 resume_id, **game_flags) -> None:
    """Play a match hot-seat at this terminal, recording it.

    Each request shows the board, the prompt and numbered options; type a
    number, or q to stop (what was recorded so far is kept, even mid-beat,
    and --resume finishes it later). Face-down choices are typed unseen after
    a hand-over prompt, and the terminal's scrollback is wiped at each
    hand-over.

    \b
    Example: beatlog play --fighters hikaru,cadenza --players Ann,Ben --seed 3
    Example: beatlog play --game cogs --sides lions,herons --players Ann,Ben --bot sensible
    Example: beatlog play --resume m-1a2b3c4d5e6f -o m-1a2b3c4d5e6f.jsonl
    """
    if out == "-":
        raise UsageError("play talks on standard output; give -o a file name")
    if resume_id is not None:
        from .resuming import resume_play

        setup = {"fighters": fighters, "game": game_name, "players": players, "edition": edition,
                 **_flags_given(game_flags), "option": game_options or None, "seed": seed}
        return resume_play(resume_id, db=db, out=out, opponent=opponent, setup=setup, summary=_summary)
    plan = _plan(game_name, fighters, players, edition, given_flags(game_flags), game_options, seed)
    seats = (0,) if opponent is not None else tuple(range(len(plan.header.players)))
    person = TerminalSource(plan.game, plan.header, seats)
    sources = {seat: person for seat in seats}
    if opponent is not None:
        sources[1] = bot_sources(plan.game, plan.header, (opponent, opponent))[1]
    _check_new_match(plan, db)
    sink, where = open_sinks(plan.header, out, db)
    say(f"Playing {plan.header.match_id} (seed {plan.header.seed}); recording to {' and '.join(where)}.")
    result = record(plan.game, plan.header, sources, Tee([sink, Narrator(plan.game)]))
    keep_stats(db, plan.header.match_id)
    say("")
    _summary(plan, result, where, err=False)
    if not result.finished:
        say(resume_hint(plan.header.match_id, out, db))


def _flags_given(params) -> dict[str, object]:
    """The games' flags given, as --resume's check of what it cannot take names them."""
    return {name: values or None for name, values in given_flags(params).items()}


def resume_hint(match_id: str, out: str | None, db: str | None) -> str:
    where = f"--db {db}" if db is not None and out is None else f"-o {out or f'{match_id}.jsonl'}"
    return f"  to finish it: beatlog play --resume {match_id} {where}"


def _sides(names, game_name, as_json) -> None:
    game = load_game(game_name)
    wanted = names or side_ids(game)
    entries = [side_entry(game, name) for name in wanted]
    if as_json:
        click.echo(canonical.dumps(entries).decode())
        return
    say("\n\n".join(render_side(game, entry) for entry in entries))


_SIDE_OPTIONS = (
    click.argument("names", nargs=-1, metavar="[SIDE]..."),
    click.option("--game", "game_name", default=DEFAULT_GAME, show_default=True, metavar="NAME",
                 cls=GameHelpOption, games=games_text, help="The game: {games}."),
    click.option("--json", "as_json", is_flag=True, help="Print the data as JSON instead of text."),
)


def _with_side_options(func):
    for option in reversed(_SIDE_OPTIONS):
        func = option(func)
    return func


@main.command("sides")
@_with_side_options
def sides_command(names, game_name, as_json) -> None:
    """List a game's sides: BattleCON's fighters and their cards, Cogs' ready fleets.

    \b
    Example: beatlog sides hikaru khadath
    Example: beatlog sides --game cogs lions
    """
    _sides(names, game_name, as_json)


@main.command("fighters")
@_with_side_options
def fighters_command(names, game_name, as_json) -> None:
    """The same as `beatlog sides` (BattleCON calls its sides fighters).

    \b
    Example: beatlog fighters hikaru khadath
    """
    _sides(names, game_name, as_json)

"""``beatlog record --resume`` and ``beatlog play --resume``: continue a recording that was cut short.

The match's set-up (game, sides, seed, options) comes from its stored header;
only who plays may be given again (``--bots``/``--script``), and when it is not,
it is read from the ``source`` of the decisions already recorded.
"""

from __future__ import annotations

from typing import Any, Callable


from recorder.decisions import DecisionSource
from recorder.errors import UsageError
from recorder.game import game_for
from recorder.recording import Tee
from recorder.resume import (StoredPrefix, load_jsonl_prefix, load_store_prefix, recorded_bots, recorded_people,
                             resume)
from recorder.script import load_script
from recorder.terms import terms_of

from . import say
from .hotseat import Narrator, TerminalSource
from .match_options import MatchPlan, bot_sources, keep_stats, script_sources, split_pair


def resume_match(
    match_id: str,
    *,
    db: str | None,
    out: str | None,
    bots: str | None,
    script_path: str | None,
    policy: str | None,
    setup: dict[str, Any],
    summary: Callable[..., None],
) -> None:
    """Resume ``match_id`` from ``--db`` or ``-o`` and report it like ``record`` does."""
    given = [f"--{name.replace('_', '-')}" for name, value in setup.items() if value is not None]
    if given:
        raise UsageError(
            f"--resume takes the match's set-up from its log; drop {', '.join(given)}"
        )
    if (db is None) == (out is None) or out == "-":
        raise UsageError("--resume continues one log: give --db FILE or -o FILE (a file, not '-'), not both")
    if script_path is not None and bots is not None:
        raise UsageError("--bots and --script exclude each other: a script's gaps are filled by --policy")
    if policy is not None and script_path is None:
        raise UsageError("--policy only applies with --script; use --bots to choose who plays")
    prefix, sink = load_store_prefix(db, match_id) if db is not None else load_jsonl_prefix(out, match_id)
    try:
        header = prefix.log.header
        game = game_for(header)
        plan = MatchPlan(game, header, load_script(script_path) if script_path is not None else None)
        sources = _sources(plan, prefix, bots, policy)
    except BaseException:
        sink.close()
        raise
    recording, stored = resume(game, prefix, sources, sink)
    keep_stats(db, match_id)
    cut = f", dropped an unfinished last line of {prefix.dropped} bytes" if prefix.dropped else ""
    say(f"resumed {match_id} after seq {stored} ({prefix.where}{cut})")
    summary(plan, recording, [prefix.where], err=False)


def resume_play(
    match_id: str,
    *,
    db: str | None,
    out: str | None,
    opponent: str | None,
    setup: dict[str, Any],
    summary: Callable[..., None],
) -> None:
    """Finish a hot-seat match: its people play on at this terminal, a bot that played a seat plays on.

    The decisions already recorded stand (nobody is asked them again); the next request -- mid-beat, after
    a face-down pair, wherever ``q`` stopped it -- is asked as ``play`` would have asked it.
    """
    given = [f"--{name.replace('_', '-')}" for name, value in setup.items() if value is not None]
    if given:
        raise UsageError(f"--resume takes the match's set-up from its log; drop {', '.join(given)}")
    if (db is None) == (out is None):
        raise UsageError("--resume continues one log: give --db FILE or -o FILE, not both")
    prefix, sink = load_store_prefix(db, match_id) if db is not None else load_jsonl_prefix(out, match_id)
    try:
        header = prefix.log.header
        game = game_for(header)
        seats = len(header.players)
        who = recorded_people(prefix.log.records, seats)
        if opponent is not None:
            if who.get(1, None) is None and 1 in who:
                raise UsageError(f"--bot {opponent}: player 2 of {match_id} was played by a person; drop --bot")
            who[1] = opponent
        people = tuple(seat for seat in range(seats) if who.get(seat) is None)
        person = TerminalSource(game, header, people)
        bots = {seat: name for seat, name in who.items() if name is not None}
        sources: dict[int, DecisionSource] = {seat: person for seat in people}
        for seat, name in bots.items():
            sources[seat] = bot_sources(game, header, (name,) * seats)[seat]
        tee = Tee([sink, Narrator(game, known=prefix.log.records)])
    except BaseException:
        sink.close()
        raise
    terms = terms_of(game)
    last = prefix.log.records[-1] if prefix.log.records else None
    at = terms.at(last.duel, last.beat) if last is not None else "the start"
    say(f"Resuming {match_id} at {at} (after seq {len(prefix.log.records)}); recording to {prefix.where}.")
    recording, stored = resume(game, prefix, sources, tee)
    keep_stats(db, match_id)
    if recording.finished and recording.events == stored and not prefix.dropped:
        raise UsageError(f"{prefix.where}: the match is finished already; there is nothing to resume")
    say("")
    summary(MatchPlan(game, header, None), recording, [prefix.where], err=False)
    if not recording.finished:
        where = f"--db {db}" if db is not None else f"-o {out}"
        say(f"  to finish it: beatlog play --resume {match_id} {where}")


def _sources(plan: MatchPlan, prefix: StoredPrefix, bots: str | None, policy: str | None) -> dict[int, DecisionSource]:
    if plan.script is not None:
        plan.script.check_header(plan.header)
        return script_sources(plan, policy)
    seats = len(plan.header.players)
    if bots is not None:
        names = split_pair(bots, "--bots", 1) * seats if "," not in bots else split_pair(bots, "--bots", seats)
    else:
        names = recorded_bots(plan.game, prefix.log.records, seats)
        if isinstance(names, str):
            raise UsageError(
                f"{prefix.where}: the log cannot say who plays on ({names}); "
                "say it with --bots or --script, as when it was recorded"
            )
    return bot_sources(plan.game, plan.header, names)

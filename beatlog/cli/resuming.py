"""``beatlog record --resume``: continue a recording that was cut short.

The match's set-up (game, sides, seed, options) comes from its stored header;
only who plays may be given again (``--bots``/``--script``), and when it is not,
it is read from the ``source`` of the decisions already recorded.
"""

from __future__ import annotations

from typing import Any, Callable

import click

from recorder.decisions import DecisionSource
from recorder.errors import UsageError
from recorder.game import game_for
from recorder.resume import StoredPrefix, load_jsonl_prefix, load_store_prefix, recorded_bots, resume
from recorder.script import load_script
from . import say
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

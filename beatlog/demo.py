"""``beatlog demo``: the whole tool in one command, from an empty folder.

Simulates a small round-robin per game, as each game's ``demo`` hook describes
it (its sides, its two bots, how many matches per pairing -- two by default,
with seats swapped -- and the options it plays over its tournament defaults)
into one store, verifies every match by re-executing it, writes each match as
a JSONL log, renders one static site for all of them and returns where its
``index.html`` is. The seed is fixed, so the demo records the same matches
everywhere; run again into the same folder it reuses what is there.
"""

from __future__ import annotations

import json
import os
import time
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, ContextManager, Mapping

from recorder.errors import BeatlogError, UsageError, VerificationFailed
from recorder.game import GAMES, load_game
from recorder.jsonl import write_jsonl
from recorder.terms import terms_of
from recorder.store import Store
from replay.source import load_store
from replay.verify import verify_loaded
from viewer.site import render_site
from viewer.sources import from_store

from .tournament import plan_tournament, run_tournament, schedule

DEMO_SEED = 2024
DEMO_MATCHES = 2  # per pairing, unless the game's demo hook says otherwise: one with each side in seat 1


@dataclass(frozen=True)
class DemoTournament:
    """One game's part of the demo (plan_tournament's arguments)."""

    game: str
    fighters: str
    bots: str
    matches: int = DEMO_MATCHES  # per pairing
    options: Mapping[str, Any] = field(default_factory=dict)  # over the game's tournament defaults


def demo_tournaments() -> tuple[DemoTournament, ...]:
    """Each installed game's part of the demo, as the game describes it (its ``demo`` hook)."""
    out = []
    for name in GAMES:
        demo = getattr(load_game(name), "demo", None)
        if demo is not None:
            out.append(DemoTournament(name, demo["sides"], demo["bots"], demo.get("matches", DEMO_MATCHES),
                                      dict(demo.get("options") or {})))
    return tuple(out)


DEMO_TOURNAMENTS = demo_tournaments()

Say = Callable[[str], None]
ProgressFactory = Callable[[int, str], ContextManager[Any]]


@dataclass(frozen=True)
class DemoResult:
    folder: Path
    db: Path
    logs: Path  # folder of JSONL logs
    index: Path  # the site's index.html
    matches: int
    seconds: float


def run_demo(out: str | Path, *, say: Say = print, progress: ProgressFactory | None = None,
             jobs: int | None = None, options: Mapping[str, Any] | None = None) -> DemoResult:
    """Record, verify, export and render the demo tournament into ``out``.

    ``options`` (``--option``): ``KEY`` for every game, ``GAME.KEY`` for one;
    they go over each game's tournament defaults.
    """
    started = time.perf_counter()
    per_game = split_options(options or {}, [t.game for t in DEMO_TOURNAMENTS])
    plans = [_plan(t, per_game[t.game], shared=any("." not in key for key in options or {}))
             for t in DEMO_TOURNAMENTS]
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / "demo.db"
    total = sum(len(schedule(plan)) for plan in plans)
    say(f"1/4 Simulating {total} matches of {len(plans)} games (seed {DEMO_SEED}) into {db}")
    for plan in plans:
        count = len(schedule(plan))
        # as people type them (--option special_actions=true), under the game's own name ("BattleCON")
        options = ", ".join(f"{k}={json.dumps(v)}" for k, v in sorted(plan.options.items()))
        title = terms_of(load_game(plan.game)).game_title(plan.game)
        times = {1: "once", 2: "twice"}.get(plan.matches, f"{plan.matches} times")
        say(f"    {title}: {count} matches, {', '.join(plan.fighters)}, every pairing {times}, "
            f"{plan.bots[0]} bot vs {plan.bots[1]} bot" + (f" ({options})" if options else ""))
        with Store(db) as store, _bar(progress, count, "  playing") as bar:
            task = bar.add_task("matches", total=count) if bar is not None else None
            report = run_tournament(plan, store, jobs=jobs or min(2, os.cpu_count() or 1),
                                    on_match=lambda f, s, played: bar and bar.advance(task))
        wins = _wins(report.stats)
        say(f"    {report.played} played, {report.skipped} already there; "
            + ", ".join(f"{n} won {w}" for n, w in wins))

    say("2/4 Verifying every match by re-running the rules from its recorded decisions")
    logs = _verify_and_export(db, folder / "logs", say)

    say("3/4 Rendering the site")
    index = _render(db, folder / "site")

    seconds = time.perf_counter() - started
    say(f"4/4 Done in {seconds:.1f} s. Open the site in a browser:")
    return DemoResult(folder, db, logs, index, total, seconds)


def _plan(t: DemoTournament, options: dict[str, Any], *, shared: bool) -> Any:
    try:
        return plan_tournament(game_name=t.game, fighters=t.fighters, matches=t.matches, bots=t.bots,
                               seed=DEMO_SEED, options={**t.options, **options})
    except BeatlogError as exc:
        if not shared:
            raise
        games = ", ".join(d.game for d in DEMO_TOURNAMENTS)
        raise type(exc)(f"{exc} (an --option without a game prefix goes to every game of the demo: {games}; "
                        "write GAME.KEY=VALUE to set it for one)") from None


def split_options(options: Mapping[str, Any], games: list[str]) -> dict[str, dict[str, Any]]:
    """``{"special_actions": x, "cogs.turns": y}`` -> each game's options (unprefixed keys go to every game)."""
    out: dict[str, dict[str, Any]] = {game: {} for game in games}
    for key, value in options.items():
        game, dot, name = key.partition(".")
        if not dot:
            for mine in out.values():
                mine[key] = value
        elif game in out:
            out[game][name] = value
        else:
            raise UsageError(f"--option {key}: the demo plays {' and '.join(games)}, not {game!r}")
    return out


def _bar(progress: ProgressFactory | None, total: int, label: str) -> ContextManager[Any]:
    return progress(total, label) if progress is not None else nullcontext(None)


def _wins(stats: list[dict[str, Any]]) -> list[tuple[str, int]]:
    wins: dict[str, int] = {}
    for match in stats:
        for seat in match["seats"]:
            wins.setdefault(seat["player"], 0)
            wins[seat["player"]] += seat["outcome"] == "win"
    return sorted(wins.items())


def _verify_and_export(db: Path, logs: Path, say: Say) -> Path:


    logs.mkdir(exist_ok=True)
    loaded = load_store(db, None)
    for match in loaded:
        report = verify_loaded(match)
        if not report.ok:
            raise VerificationFailed(f"demo match failed verification: {report.summary()}")
        path = logs / f"{match.header.match_id}.jsonl"
        if not path.exists():
            write_jsonl(path, match.header, list(match.records))
    say(f"    {len(loaded)} matches verified; logs in {logs}/ (try: beatlog explain {logs}/<id>.jsonl --beat 1)")
    return logs


def _render(db: Path, site: Path) -> Path:
    # The site is the viewer's (viewer.site.render_site, as `beatlog render` uses); the demo only calls it.
    written = render_site(from_store(db), site)
    return Path(written.index).resolve()

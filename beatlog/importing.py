"""Checking logs for import: the statistics walk and a re-run of the rules, before a store is touched.

The store (:mod:`recorder.store_import`) writes what it is given, all or
nothing; what may be given is decided here, where the replay layer is at hand,
and passed in as its ``check``.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Iterable

from recorder.errors import CorruptLog
from recorder.game import game_for
from recorder.integrity import LogFile
from recorder.store_import import Importable, ImportResult
from replay.stats import match_stats
from replay.tamper import VERSION
from replay.verify import verify as verify_log


def importable(log: LogFile, source: str = "", *, verify: bool = True) -> Importable:
    """Check ``log`` for import before anything is written anywhere.

    Its events are walked exactly as ``beatlog stats`` walks them (the rules'
    fold and the game's statistics), so a forged log whose chain was rehashed
    over events the rules cannot apply or the statistics cannot count (a seat
    7, a card not in hand) is refused here instead of breaking every later
    ``stats`` of the store, which can never drop it (append-only). With
    ``verify`` the rules are also re-run from the recorded decisions
    (:func:`replay.verify.verify`, partial logs allowed), which catches what
    folds cleanly but is not what the rules derive: a forged damage amount, a
    flipped winner. Errors are prefixed by ``source`` (the file name).
    """
    prefix = f"{source}: " if source else ""
    game = game_for(log.header)
    try:
        stats = match_stats(log.header, log.records, game, source=source)
    except CorruptLog as exc:
        text = str(exc)
        raise CorruptLog(text if not prefix or text.startswith(prefix) else prefix + text) from None
    if verify:
        _rerun(log, game, prefix)
    return Importable(log, stats["finished"], source, stats)


def _rerun(log: LogFile, game: Any, prefix: str) -> None:
    """Re-execute the log's decisions; raise its first problem (the verify library's words)."""
    report = verify_log(log.header, log.records, partial=True, game=game, schemas=False)
    problem = report.problem
    if report.ok or problem is None:
        return
    hint = "; import it with --no-verify to store it without re-running the rules" if problem.kind == VERSION else ""
    message = problem.message if problem.message.startswith(prefix) else prefix + problem.message
    raise problem.error(message + hint)


def import_logs(store: Any, logs: Iterable[LogFile | Importable], *, verify: bool = True) -> list[ImportResult]:
    """:meth:`recorder.store.Store.import_logs` with :func:`importable` as the check."""
    return store.import_logs(logs, check=partial(importable, verify=verify))


def import_log(store: Any, log: LogFile | Importable, *, verify: bool = True) -> ImportResult:
    """One log: :func:`import_logs`."""
    return import_logs(store, [log], verify=verify)[0]

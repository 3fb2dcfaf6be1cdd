"""The cyclic collector is set for batch work in beatlog's own processes, and only there (recorder/collector.py)."""

from __future__ import annotations

import gc
import subprocess
import sys

from recorder.collector import OLDER, YOUNG


def _run(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()


def test_the_beatlog_command_sets_the_collector_for_batch_work():
    code = ("import gc, sys\n"
            "sys.argv = ['beatlog', 'sides']\n"
            "from beatlog.console import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('THRESHOLD', *gc.get_threshold())")
    last = _run(code).splitlines()[-1]
    assert last == f"THRESHOLD {YOUNG} {OLDER} {OLDER}"


def test_importing_beatlog_as_a_library_leaves_the_callers_collector_alone():
    code = ("import gc\nbefore = gc.get_threshold()\n"
            "import recorder.match, recorder.games.battlecon, replay.verify, replay.verify_file, replay.stats_store, "
            "beatlog.tournament, beatlog.cli, beatlog.console, viewer.site\n"
            "print(gc.get_threshold() == before)")
    assert _run(code) == "True"


def _thresholds_of(_: object) -> tuple[int, int, int]:
    return gc.get_threshold()


def test_each_worker_of_a_parallel_map_runs_with_the_batch_setting():
    from replay.stats_store import parallel_map

    assert list(parallel_map(_thresholds_of, [1, 2], 2)) == [(YOUNG, OLDER, OLDER)] * 2

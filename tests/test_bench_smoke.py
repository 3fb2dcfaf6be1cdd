"""The bench's builders still call the library as it is (a renamed keyword broke ``python -m bench --only stats``
once, unnoticed: the bench is not a test, so this smoke test runs its cheapest pieces)."""

from __future__ import annotations

import inspect

from beatlog.tournament import plan_tournament
from bench import bench_stats
from bench.__main__ import bench_simulate


def test_the_simulate_figure_runs():
    (row,) = bench_simulate(1, 2)
    assert row.figure.startswith("simulate: ms per match") and float(row.value) > 0


def test_the_stats_builder_plans_with_the_current_keywords():
    source = inspect.getsource(bench_stats.build)
    params = inspect.signature(plan_tournament).parameters
    for call in source.split("plan_tournament(")[1:]:
        keywords = [part.split("=")[0].strip() for part in call.split(")")[0].split(",") if "=" in part]
        assert all(k in params for k in keywords), keywords

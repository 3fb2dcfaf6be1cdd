"""Documented limits, each refused in one clear line: events per match, events per match page; and the
budget that keeps a forged log's verification proportional to a clean one."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder import integrity
from recorder.errors import CorruptLog
from recorder.jsonl import read_jsonl
from replay import budget
from viewer import site

ROOT = Path(__file__).resolve().parent.parent
LOG = ROOT / "sample_logs" / "battlecon" / "woi-hikaru-vs-khadath.jsonl"
OTHER = ROOT / "sample_logs" / "battlecon" / "woi-cadenza-vs-khadath.jsonl"


def test_a_match_log_holds_at_most_max_events(monkeypatch):
    log = read_jsonl(LOG)
    monkeypatch.setattr(integrity, "MAX_EVENTS", 100)
    with pytest.raises(CorruptLog) as caught:
        integrity.check(log.header, log.records)
    assert "seq 101: a match log holds at most 100 events" in str(caught.value)
    assert integrity.MAX_EVENTS == 100 and len(log.records) > 100


def test_the_limit_is_far_above_any_real_match():
    assert integrity.MAX_EVENTS >= 100_000


def test_a_match_page_longer_than_the_limit_is_refused_in_one_line_and_the_rest_renders(monkeypatch, tmp_path):
    short, long_ = sorted((read_jsonl(LOG), read_jsonl(OTHER)), key=lambda log: len(log.records))
    paths = {len(read_jsonl(p).records): p for p in (LOG, OTHER)}
    monkeypatch.setattr(site, "MAX_PAGE_EVENTS", len(short.records))
    alone = CliRunner().invoke(main, ["render", str(paths[len(long_.records)]), "--single-file",
                                      "-o", str(tmp_path / "m.html")])
    assert alone.exit_code == 1 and alone.stderr.count("\n") == 1, alone.output
    assert f"a match page shows at most {len(short.records):,}" in alone.stderr
    both = CliRunner().invoke(main, ["render", str(LOG), str(OTHER), "-o", str(tmp_path / "site")])
    assert both.exit_code == 0 and "1 match(es)" in both.stdout, both.output
    assert "a match page shows at most" in both.stderr and both.stderr.count("\n") == 1


def test_the_forensics_budget_is_twice_a_re_execution_of_a_long_log():
    """A forged late event of a 9,000-event log once took 2 min to explain against 6.6 s to verify clean
    (48 re-executions). The explanation now spends at most 2 re-executions of a long log."""
    long_log = [None] * 9_000
    assert budget.Budget.for_log(long_log).left == 2 * (9_000 + budget.OVERHEAD)
    assert budget.Budget.for_log([None] * 50).left == budget.FLOOR  # a short log keeps room to explain
    spent = budget.Budget(10)
    assert not spent.spend(20) and spent.ran_out

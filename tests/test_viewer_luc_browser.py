"""Luc's Time tokens on the match page, in Chromium: after each stack he antes, each token his cards spend and
each token Temporal Battery gives him, his panel draws exactly the Time tokens in his pool ("Tokens"), the stack
anted this beat ("Anted") and the spent ones ("Spent tokens"), one token chip each, as the game's snapshot has
them. (Fixtures and the Tab helper: tests/test_viewer_browser.py.)"""

from __future__ import annotations

from collections import Counter

import pytest

from viewer.site import render_site
from viewer.sources import Source

from tests import viewer_support as vs
from tests.test_viewer_browser import Tab, browser  # noqa: F401 - browser is a fixture

SAMPLE = vs.SAMPLES / "woi-luc-vs-cadenza.jsonl"
WATCHED = {"AnteDeclared", "TokensSpent", "TokensGained"}


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    out = tmp_path_factory.mktemp("luc")
    log = vs.read(SAMPLE)
    render_site([Source("0", log)], out)
    return {"path": out / "matches" / f"{log.header.match_id}.html", "log": log}


def _chips(panel, key: str) -> list[str]:
    return panel.locator(f"dd[data-key='{key}'] .chip").all_inner_texts()


def test_his_panel_draws_his_time_tokens_in_his_pool_anted_and_spent(browser, page):  # noqa: F811
    log = page["log"]
    seat = next(i for i, p in enumerate(log.header.players) if p.side == "luc")
    snaps = vs.snapshots(log)
    moments = [r for r in log.records if r.type in WATCHED and r.data.get("player") == seat
               and r.data.get("ante", "") != "pass"]
    assert {r.type for r in moments} == WATCHED  # the sample antes stacks, spends and gains Time tokens
    stacks = {len(snaps[r.seq]["fighters"][seat]["anted"]) for r in moments if r.type == "AnteDeclared"}
    assert max(stacks) > 1  # a stack of several tokens, each drawn
    t = Tab(browser.new_context(viewport={"width": 1280, "height": 900}))
    try:
        t.open(page["path"])
        for record in moments[:24]:
            f = snaps[record.seq]["fighters"][seat]
            t.page.evaluate("pos => window.beatlogViewer.go(pos, 'jump')", record.seq)
            panel = t.page.locator(f"[data-panel='{seat}']")
            assert _chips(panel, "tokens") == f["tokens"], (record.seq, record.type)
            assert set(f["tokens"]) <= {"Time"}
            drawn = panel.locator("dd[data-key='tokens'] .chips.tokens").count()  # as tokens, not cards
            assert drawn == (1 if f["tokens"] else 0), (record.seq, record.type)
            assert _chips(panel, "anted") == f["anted"], (record.seq, record.type)
            spent = Counter(f["token_discard"]) - Counter(f["anted"])
            assert Counter(_chips(panel, "token_discard")) == spent, (record.seq, record.type)
    finally:
        t.context.close()
        assert t.errors == [], t.errors

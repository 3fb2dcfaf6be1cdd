"""Rukyuk's six different Ammo tokens on the match page, in Chromium: after each ante, each token his cards spend
and each Reload, his panel lists exactly the tokens in his pool ("Tokens"), the one anted this beat ("Anted") and
the spent ones ("Spent tokens"), as the game's snapshot has them. (Fixtures and the Tab helper:
tests/test_viewer_browser.py.)"""

from __future__ import annotations

from collections import Counter

import pytest

from viewer.site import render_site
from viewer.sources import Source

from tests import viewer_support as vs
from tests.test_viewer_browser import Tab, browser  # noqa: F401 - browser is a fixture

SAMPLE = vs.SAMPLES / "woi-specials-rukyuk-vs-khadath.jsonl"
WATCHED = {"AnteDeclared", "TokensSpent", "TokensGained"}


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    out = tmp_path_factory.mktemp("rukyuk")
    log = vs.read(SAMPLE)
    render_site([Source("0", log)], out)
    return {"path": out / "matches" / f"{log.header.match_id}.html", "log": log}


def _chips(panel, key: str) -> list[str]:
    return panel.locator(f"dd[data-key='{key}'] .chip").all_inner_texts()


def test_his_panel_lists_the_tokens_in_his_pool_anted_and_spent(browser, page):  # noqa: F811
    log = page["log"]
    seat = next(i for i, p in enumerate(log.header.players) if p.side == "rukyuk")
    snaps = vs.snapshots(log)
    moments = [r for r in log.records if r.type in WATCHED and r.data.get("player") == seat
               and r.data.get("ante", "") != "pass"]
    assert {r.type for r in moments} == WATCHED  # the sample anted, spent and reloaded
    t = Tab(browser.new_context(viewport={"width": 1280, "height": 900}))
    try:
        t.open(page["path"])
        for record in moments:
            f = snaps[record.seq]["fighters"][seat]
            t.page.evaluate("pos => window.beatlogViewer.go(pos, 'jump')", record.seq)
            panel = t.page.locator(f"[data-panel='{seat}']")
            assert _chips(panel, "tokens") == f["tokens"], (record.seq, record.type)
            assert sorted(_chips(panel, "anted")) == sorted(f["anted"])
            spent = Counter(f["token_discard"]) - Counter(f["anted"])
            assert Counter(_chips(panel, "token_discard")) == spent, (record.seq, record.type)
        reload = next(r for r in moments if r.type == "TokensGained")
        assert snaps[reload.seq]["fighters"][seat]["token_discard"] == []  # Reload: every token back in his pool
    finally:
        t.context.close()
        assert t.errors == [], t.errors

"""Lixis on the match page, in Chromium: each base Withering Touch (or Pruning) makes the opponent discard is drawn
in the opponent's panel, in the zone "with the pair", from the moment it is discarded until it goes into their
discard 1 with the attack pair -- as the game's snapshot has it. (Fixtures and the Tab helper:
tests/test_viewer_browser.py.)"""

from __future__ import annotations

import pytest

from viewer.site import render_site
from viewer.sources import Source

from tests import viewer_support as vs
from tests.test_viewer_browser import Tab, browser  # noqa: F401 - browser is a fixture

SAMPLE = vs.SAMPLES / "woi-specials-lixis-vs-khadath.jsonl"
ZONE = "with the pair"


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    out = tmp_path_factory.mktemp("lixis")
    log = vs.read(SAMPLE)
    render_site([Source("0", log)], out)
    return {"path": out / "matches" / f"{log.header.match_id}.html", "log": log}


def test_the_opponents_panel_shows_the_base_discarded_with_the_pair(browser, page):  # noqa: F811
    log = page["log"]
    seat = next(i for i, p in enumerate(log.header.players) if p.side == "lixis")
    opp = 1 - seat
    snaps = vs.snapshots(log)
    discards = [r for r in log.records if r.type == "CardMoved" and r.data["to_zone"] == ZONE]
    assert discards and all(r.data["player"] == opp for r in discards)  # the sample hit and made him discard
    recycled = [next(r for r in log.records if r.seq > d.seq and r.type == "CardsRecycled"
                     and r.data["player"] == opp) for d in discards[:3]]
    t = Tab(browser.new_context(viewport={"width": 1280, "height": 900}))
    try:
        t.open(page["path"])
        for moved in discards[:3]:
            t.page.evaluate("pos => window.beatlogViewer.go(pos, 'jump')", moved.seq)
            panel = t.page.locator(f"[data-panel='{opp}']")
            held = snaps[moved.seq]["fighters"][opp]["zones"][ZONE]
            assert moved.data["card"] in held
            assert panel.locator(f"dd[data-key='zone-{ZONE}'] .chip").all_inner_texts() == held
        for rec in recycled:  # into discard 1 with the pair: the zone is empty and not drawn
            t.page.evaluate("pos => window.beatlogViewer.go(pos, 'jump')", rec.seq)
            panel = t.page.locator(f"[data-panel='{opp}']")
            assert snaps[rec.seq]["fighters"][opp]["zones"][ZONE] == []
            assert panel.locator(f"dd[data-key='zone-{ZONE}']").count() == 0
            assert panel.locator("dd[data-key='discard1'] .chip").all_inner_texts()[-1:] == list(
                snaps[rec.seq]["fighters"][opp]["discard1"][-1:])
    finally:
        t.context.close()
        assert t.errors == [], t.errors

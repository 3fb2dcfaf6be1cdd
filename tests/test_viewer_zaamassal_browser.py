"""Zaamassal's Paradigm cards on the match page, in Chromium: after each Paradigm he assumes or loses, his panel
lists exactly the Paradigms beside him and the active ones, as the game's snapshot
has them, and an active Paradigm's chip quotes its text. (Fixtures and the Tab helper:
tests/test_viewer_browser.py.)"""

from __future__ import annotations

import pytest

from recorder.games.battlecon.cards import KITS
from viewer.site import render_site
from viewer.sources import Source

from tests import viewer_support as vs
from tests.test_viewer_browser import Tab, browser  # noqa: F401 - browser is a fixture

SAMPLE = vs.SAMPLES / "woi-specials-zaamassal-vs-khadath.jsonl"
BESIDE, ACTIVE = "paradigms", "active paradigms"


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    out = tmp_path_factory.mktemp("zaamassal")
    log = vs.read(SAMPLE)
    render_site([Source("0", log)], out)
    return {"path": out / "matches" / f"{log.header.match_id}.html", "log": log}


def _chips(panel, zone: str) -> list[str]:
    return panel.locator(f"dd[data-key='zone-{zone}'] .chip").all_inner_texts()


def test_his_panel_lists_the_paradigms_beside_him_and_the_active_ones(browser, page):  # noqa: F811
    log = page["log"]
    seat = next(i for i, p in enumerate(log.header.players) if p.side == "zaamassal")
    snaps = vs.snapshots(log)
    moments = [r for r in log.records if r.type == "CardMoved" and r.data["player"] == seat]
    assert {r.data["to_zone"] for r in moments} == {BESIDE, ACTIVE}  # the sample assumed and lost Paradigms
    t = Tab(browser.new_context(viewport={"width": 1280, "height": 900}))
    try:
        t.open(page["path"])
        for record in moments:
            zones = snaps[record.seq]["fighters"][seat]["zones"]
            t.page.evaluate("pos => window.beatlogViewer.go(pos, 'jump')", record.seq)
            panel = t.page.locator(f"[data-panel='{seat}']")
            assert _chips(panel, ACTIVE) == zones[ACTIVE], record.seq
            assert _chips(panel, BESIDE) == zones[BESIDE], record.seq
            if zones[ACTIVE]:
                card = zones[ACTIVE][0]
                chip = panel.locator(f"dd[data-key='zone-{ACTIVE}'] .chip").first
                assert chip.get_attribute("title") == f"{card}: {KITS['zaamassal'].cards[card].text}"
    finally:
        t.context.close()
        assert t.errors == [], t.errors

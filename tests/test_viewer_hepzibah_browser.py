"""Hepzibah's Dark Pacts on the match page, in Chromium: after each pact she antes and each that comes back, her
panel lists exactly the pacts beside her and the anted ones, as the game's snapshot has them, and an anted pact's
chip quotes its text. (Fixtures and the Tab helper: tests/test_viewer_browser.py.)"""

from __future__ import annotations

import pytest

from recorder.games.battlecon.cards import KITS
from viewer.site import render_site
from viewer.sources import Source

from tests import viewer_support as vs
from tests.test_viewer_browser import Tab, browser  # noqa: F401 - browser is a fixture

SAMPLE = vs.SAMPLES / "woi-specials-hepzibah-vs-cadenza.jsonl"
BESIDE, ANTED = "pacts", "anted pacts"


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    out = tmp_path_factory.mktemp("hepzibah")
    log = vs.read(SAMPLE)
    render_site([Source("0", log)], out)
    return {"path": out / "matches" / f"{log.header.match_id}.html", "log": log}


def _chips(panel, zone: str) -> list[str]:
    return panel.locator(f"dd[data-key='zone-{zone}'] .chip").all_inner_texts()


def test_her_panel_lists_the_pacts_beside_her_and_the_anted_ones(browser, page):  # noqa: F811
    log = page["log"]
    seat = next(i for i, p in enumerate(log.header.players) if p.side == "hepzibah")
    snaps = vs.snapshots(log)
    moments = [r for r in log.records if r.type == "CardMoved" and r.data["player"] == seat][:12]
    assert {r.data["to_zone"] for r in moments} == {BESIDE, ANTED}  # the sample anted pacts and got them back
    t = Tab(browser.new_context(viewport={"width": 1280, "height": 900}))
    try:
        t.open(page["path"])
        for record in moments:
            zones = snaps[record.seq]["fighters"][seat]["zones"]
            t.page.evaluate("pos => window.beatlogViewer.go(pos, 'jump')", record.seq)
            panel = t.page.locator(f"[data-panel='{seat}']")
            assert _chips(panel, ANTED) == zones[ANTED], record.seq
            assert _chips(panel, BESIDE) == zones[BESIDE], record.seq
            if zones[ANTED]:
                card = zones[ANTED][0]
                chip = panel.locator(f"dd[data-key='zone-{ANTED}'] .chip").first
                assert chip.get_attribute("title") == f"{card}: {KITS['hepzibah'].cards[card].text}"
    finally:
        t.context.close()
        assert t.errors == [], t.errors

"""Magdalena's Trance and Level counters on the match page, in Chromium: after each change of a counter her panel
shows its number and as many lit pentagons (out of the counter's range, 5), as the game's snapshot has them.
(Fixtures and the Tab helper: tests/test_viewer_browser.py.)"""

from __future__ import annotations

import pytest

from viewer.site import render_site
from viewer.sources import Source

from tests import viewer_support as vs
from tests.test_viewer_browser import Tab, browser  # noqa: F401 - browser is a fixture

SAMPLE = vs.SAMPLES / "woi-magdalena-vs-khadath.jsonl"


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    out = tmp_path_factory.mktemp("magdalena")
    log = vs.read(SAMPLE)
    render_site([Source("0", log)], out)
    return {"path": out / "matches" / f"{log.header.match_id}.html", "log": log}


def test_her_panel_draws_her_counters_as_the_snapshot_has_them(browser, page):  # noqa: F811
    log = page["log"]
    seat = next(i for i, p in enumerate(log.header.players) if p.side == "magdalena")
    snaps = vs.snapshots(log)
    moments = [r for r in log.records if r.type == "CounterChanged" and r.data["player"] == seat]
    assert {r.data["counter"] for r in moments} == {"Trance", "Level"}  # the sample gains both
    t = Tab(browser.new_context(viewport={"width": 1280, "height": 900}))
    try:
        t.open(page["path"])
        for record in moments[:12]:
            counters = snaps[record.seq]["fighters"][seat]["counters"]
            t.page.evaluate("pos => window.beatlogViewer.go(pos, 'jump')", record.seq)
            panel = t.page.locator(f"[data-panel='{seat}']")
            for name, value in counters.items():
                cell = panel.locator(f"dd[data-key='counter-{name}']")
                assert cell.locator(".counter-value").inner_text() == str(value), (record.seq, name)
                assert cell.locator(".pips i").count() == 5
                assert cell.locator(".pips i.on").count() == value, (record.seq, name)
                assert cell.locator(".pips").get_attribute("aria-label") == f"{name} {value} of 5"
    finally:
        t.context.close()
        assert t.errors == [], t.errors

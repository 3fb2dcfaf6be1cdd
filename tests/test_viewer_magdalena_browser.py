"""Magdalena's Trance and Level counters on the match page, in Chromium: after each change of a counter her panel
shows its number and as many lit pentagons (out of the counter's range, 5), as the game's snapshot has them.
(Set-up: tests/fighter_pages.py.)"""

from __future__ import annotations

from tests.fighter_pages import chips, jump, opened, panel, sample_page
from tests.test_viewer_browser import browser  # noqa: F401 - browser is a fixture

page = sample_page("woi-magdalena-vs-khadath.jsonl")


def test_her_panel_draws_her_counters_as_the_snapshot_has_them(browser, page):  # noqa: F811
    log = page.log
    seat = page.seat("magdalena")
    snaps = page.snapshots
    moments = [r for r in log.records if r.type == "CounterChanged" and r.data["player"] == seat]
    assert {r.data["counter"] for r in moments} == {"Trance", "Level"}  # the sample gains both
    with opened(browser, page) as t:
        for record in moments[:12]:
            counters = snaps[record.seq]["fighters"][seat]["counters"]
            jump(t, record.seq)
            for name, value in counters.items():
                cell = panel(t, seat).locator(f"dd[data-key='counter-{name}']")
                assert cell.locator(".counter-value").inner_text() == str(value), (record.seq, name)
                assert cell.locator(".pips i").count() == 5
                assert cell.locator(".pips i.on").count() == value, (record.seq, name)
                assert cell.locator(".pips").get_attribute("aria-label") == f"{name} {value} of 5"

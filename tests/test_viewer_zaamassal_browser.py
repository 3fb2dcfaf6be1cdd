"""Zaamassal's Paradigm cards on the match page, in Chromium: after each Paradigm he assumes or loses, his panel
lists exactly the Paradigms beside him and the active ones, as the game's snapshot
has them, and an active Paradigm's chip quotes its text. (Set-up: tests/fighter_pages.py.)"""

from __future__ import annotations

from recorder.games.battlecon.cards import KITS

from tests.fighter_pages import chips, jump, opened, panel, sample_page
from tests.test_viewer_browser import browser  # noqa: F401 - browser is a fixture

page = sample_page("woi-specials-zaamassal-vs-khadath.jsonl")
BESIDE, ACTIVE = "paradigms", "active paradigms"


def test_his_panel_lists_the_paradigms_beside_him_and_the_active_ones(browser, page):  # noqa: F811
    log = page.log
    seat = page.seat("zaamassal")
    snaps = page.snapshots
    moments = [r for r in log.records if r.type == "CardMoved" and r.data["player"] == seat]
    assert {r.data["to_zone"] for r in moments} == {BESIDE, ACTIVE}  # the sample assumed and lost Paradigms
    with opened(browser, page) as t:
        for record in moments:
            zones = snaps[record.seq]["fighters"][seat]["zones"]
            jump(t, record.seq)
            assert chips(panel(t, seat), f"zone-{ACTIVE}") == zones[ACTIVE], record.seq
            assert chips(panel(t, seat), f"zone-{BESIDE}") == zones[BESIDE], record.seq
            if zones[ACTIVE]:
                card = zones[ACTIVE][0]
                chip = panel(t, seat).locator(f"dd[data-key='zone-{ACTIVE}'] .chip").first
                assert chip.get_attribute("title") == f"{card}: {KITS['zaamassal'].cards[card].text}"

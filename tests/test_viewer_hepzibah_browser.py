"""Hepzibah's Dark Pacts on the match page, in Chromium: after each pact she antes and each that comes back, her
panel lists exactly the pacts beside her and the anted ones, as the game's snapshot has them, and an anted pact's
chip quotes its text. (Set-up: tests/fighter_pages.py.)"""

from __future__ import annotations

from recorder.games.battlecon.cards import KITS

from tests.fighter_pages import chips, jump, opened, panel, sample_page
from tests.test_viewer_browser import browser  # noqa: F401 - browser is a fixture

page = sample_page("woi-specials-hepzibah-vs-cadenza.jsonl")
BESIDE, ANTED = "pacts", "anted pacts"


def test_her_panel_lists_the_pacts_beside_her_and_the_anted_ones(browser, page):  # noqa: F811
    log = page.log
    seat = page.seat("hepzibah")
    snaps = page.snapshots
    moments = [r for r in log.records if r.type == "CardMoved" and r.data["player"] == seat][:12]
    assert {r.data["to_zone"] for r in moments} == {BESIDE, ANTED}  # the sample anted pacts and got them back
    with opened(browser, page) as t:
        for record in moments:
            zones = snaps[record.seq]["fighters"][seat]["zones"]
            jump(t, record.seq)
            assert chips(panel(t, seat), f"zone-{ANTED}") == zones[ANTED], record.seq
            assert chips(panel(t, seat), f"zone-{BESIDE}") == zones[BESIDE], record.seq
            if zones[ANTED]:
                card = zones[ANTED][0]
                chip = panel(t, seat).locator(f"dd[data-key='zone-{ANTED}'] .chip").first
                assert chip.get_attribute("title") == f"{card}: {KITS['hepzibah'].cards[card].text}"

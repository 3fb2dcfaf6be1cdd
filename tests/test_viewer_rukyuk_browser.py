"""Rukyuk's six different Ammo tokens on the match page, in Chromium: after each ante, each token his cards spend
and each Reload, his panel lists exactly the tokens in his pool ("Tokens"), the one anted this beat ("Anted") and
the spent ones ("Spent tokens"), as the game's snapshot has them. (Set-up: tests/fighter_pages.py.)"""

from __future__ import annotations

from collections import Counter

from tests.fighter_pages import chips, jump, opened, panel, sample_page
from tests.test_viewer_browser import browser  # noqa: F401 - browser is a fixture

page = sample_page("woi-specials-rukyuk-vs-khadath.jsonl")
WATCHED = {"AnteDeclared", "TokensSpent", "TokensGained"}


def test_his_panel_lists_the_tokens_in_his_pool_anted_and_spent(browser, page):  # noqa: F811
    log = page.log
    seat = page.seat("rukyuk")
    snaps = page.snapshots
    moments = [r for r in log.records if r.type in WATCHED and r.data.get("player") == seat
               and r.data.get("ante", "") != "pass"]
    assert {r.type for r in moments} == WATCHED  # the sample anted, spent and reloaded
    with opened(browser, page) as t:
        for record in moments:
            f = snaps[record.seq]["fighters"][seat]
            jump(t, record.seq)
            assert chips(panel(t, seat), "tokens") == f["tokens"], (record.seq, record.type)
            assert sorted(chips(panel(t, seat), "anted")) == sorted(f["anted"])
            spent = Counter(f["token_discard"]) - Counter(f["anted"])
            assert Counter(chips(panel(t, seat), "token_discard")) == spent, (record.seq, record.type)
        reload = next(r for r in moments if r.type == "TokensGained")
        assert snaps[reload.seq]["fighters"][seat]["token_discard"] == []  # Reload: every token back in his pool

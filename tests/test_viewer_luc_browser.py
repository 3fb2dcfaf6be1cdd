"""Luc's Time tokens on the match page, in Chromium: after each stack he antes, each token his cards spend and
each token Temporal Battery gives him, his panel draws exactly the Time tokens in his pool ("Tokens"), the stack
anted this beat ("Anted") and the spent ones ("Spent tokens"), one token chip each, as the game's snapshot has
them. (Set-up: tests/fighter_pages.py.)"""

from __future__ import annotations

from collections import Counter

from tests.fighter_pages import chips, jump, opened, panel, sample_page
from tests.test_viewer_browser import browser  # noqa: F401 - browser is a fixture

page = sample_page("woi-luc-vs-cadenza.jsonl")
WATCHED = {"AnteDeclared", "TokensSpent", "TokensGained"}


def test_his_panel_draws_his_time_tokens_in_his_pool_anted_and_spent(browser, page):  # noqa: F811
    log = page.log
    seat = page.seat("luc")
    snaps = page.snapshots
    moments = [r for r in log.records if r.type in WATCHED and r.data.get("player") == seat
               and r.data.get("ante", "") != "pass"]
    assert {r.type for r in moments} == WATCHED  # the sample antes stacks, spends and gains Time tokens
    stacks = {len(snaps[r.seq]["fighters"][seat]["anted"]) for r in moments if r.type == "AnteDeclared"}
    assert max(stacks) > 1  # a stack of several tokens, each drawn
    with opened(browser, page) as t:
        for record in moments[:24]:
            f = snaps[record.seq]["fighters"][seat]
            jump(t, record.seq)
            mine = panel(t, seat)
            assert chips(mine, "tokens") == f["tokens"], (record.seq, record.type)
            assert set(f["tokens"]) <= {"Time"}
            drawn = mine.locator("dd[data-key='tokens'] .chips.tokens").count()  # as tokens, not cards
            assert drawn == (1 if f["tokens"] else 0), (record.seq, record.type)
            assert chips(mine, "anted") == f["anted"], (record.seq, record.type)
            spent = Counter(f["token_discard"]) - Counter(f["anted"])
            assert Counter(chips(mine, "token_discard")) == spent, (record.seq, record.type)

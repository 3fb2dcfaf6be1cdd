"""A paged site in Chromium (viewer/listing.py): from the index through every list page and back, and a
player's page through their list pages; at a phone's width too. (Fixtures: tests/test_viewer_browser.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

import viewer.listing as listing
from recorder.jsonl import read_jsonl
from viewer.site import render_site
from viewer.sources import Source
from viewer.summary import player_stem

from tests.test_viewer_browser import READY, Tab, browser  # noqa: F401 - browser is a fixture

SIZE = 3
SAMPLES = sorted((Path(__file__).parent.parent / "sample_logs" / "battlecon").glob("woi-*.jsonl"))[:8]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("paged")
    logs = [read_jsonl(p) for p in SAMPLES]
    saved = listing.PAGE_SIZE
    listing.PAGE_SIZE = SIZE
    try:
        render_site([Source(p.name, log) for p, log in zip(SAMPLES, logs)], out)
    finally:
        listing.PAGE_SIZE = saved
    ordered = sorted(logs, key=lambda log: (log.header.created_at, log.match_id))
    return {"out": out, "ids": [log.match_id for log in ordered], "logs": ordered}


@pytest.fixture
def tab(browser):  # noqa: F811 - the fixture imported above
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    t = Tab(context)
    yield t
    context.close()
    assert t.errors == [], t.errors
    assert t.dialogs == [], t.dialogs


def listed(tab) -> list[str]:
    return tab.page.eval_on_selector_all("table tbody td.watch code", "cs => cs.map(c => c.textContent)")


def follow(tab, selector: str) -> None:
    with tab.page.expect_navigation():
        tab.page.click(selector)
    tab.page.wait_for_selector(READY, state="attached")


def test_the_index_leads_through_every_list_page_and_back(tab, site):
    ids = site["ids"]
    assert len(ids) > 2 * SIZE
    tab.open(site["out"] / "index.html")
    assert listed(tab) == ids[-SIZE:]
    follow(tab, "nav.pager a:text-is('first page')")
    seen, k = [], 1
    while True:
        assert tab.page.url.endswith(f"/list/{k}.html")
        assert tab.page.locator("h1").inner_text() == f"Matches {(k - 1) * SIZE + 1}–{min(k * SIZE, len(ids))}"
        seen += listed(tab)
        newer = tab.page.locator("nav.pager a[rel=next]").first
        if not newer.count():
            break
        follow(tab, "nav.pager a[rel=next] >> nth=0")
        k += 1
    assert seen == ids and k == -(-len(ids) // SIZE)
    follow(tab, "nav.pager a[rel=prev] >> nth=0")
    assert tab.page.url.endswith(f"/list/{k - 1}.html")
    follow(tab, "nav.pager a:has-text('Newest: the index') >> nth=0")
    assert tab.page.url.endswith("/index.html")
    tab.page.click("details.pages summary")
    follow(tab, "ol.page-links a:text-is('2')")
    assert tab.page.url.endswith("/list/2.html") and listed(tab) == ids[SIZE:2 * SIZE]
    # the filters work on a list page's rows
    name = site["logs"][SIZE].header.players[0].name
    tab.page.fill("input[data-filter-for=matches]", site["logs"][SIZE].match_id)
    assert tab.page.locator("#matches tbody tr:not([hidden])").count() == 1
    assert tab.page.locator("#matches tbody tr:not([hidden]) a", has_text=name).count() >= 1


def test_a_player_page_leads_through_their_list_pages(tab, site):
    counts: dict[str, list[str]] = {}
    for log in site["logs"]:
        for p in log.header.players:
            counts.setdefault(p.name, []).append(log.match_id)
    name = max(counts, key=lambda n: len(counts[n]))
    mine = counts[name]
    assert len(mine) > SIZE
    tab.open(site["out"] / "index.html")
    follow(tab, f"#matches a:text-is('{name}') >> nth=0")
    assert tab.page.url.endswith(f"/players/{player_stem(name)}.html")
    tab.page.click("details.pages summary")
    follow(tab, "ol.page-links a:text-is('1')")
    assert tab.page.url.endswith(f"/players/{player_stem(name)}/1.html")
    seen = []
    while True:
        seen += listed(tab)
        if not tab.page.locator("nav.pager a[rel=next]").count():
            break
        follow(tab, "nav.pager a[rel=next] >> nth=0")
    assert seen == mine
    numbers = tab.page.eval_on_selector_all("#games td[data-label='#']", "ts => ts.map(t => +t.textContent)")
    assert numbers == list(range((len(mine) - 1) // SIZE * SIZE + 1, len(mine) + 1))
    follow(tab, f"nav.crumbs a:text-is(\"{name}'s page\")")
    assert tab.page.url.endswith(f"/players/{player_stem(name)}.html")
    # a match opens from a list page
    tab.page.go_back()
    tab.page.wait_for_selector(READY, state="attached")
    follow(tab, "#games a:text-is('Watch') >> nth=0")
    assert "/matches/" in tab.page.url


def test_a_list_page_fits_a_phone(browser, site):  # noqa: F811
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        t = Tab(context)
        for path in (site["out"] / "list" / "1.html", site["out"] / "index.html"):
            t.open(path)
            assert t.page.evaluate("() => document.scrollingElement.scrollWidth <= window.innerWidth")
            assert t.page.locator("nav.pager").first.is_visible()
        assert t.errors == [] and t.dialogs == []
    finally:
        context.close()

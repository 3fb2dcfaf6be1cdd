"""The viewer in Chromium, continued: charts that show names as text, the log a page carries,
what the scrubber and the tables must not give away, focus after a click, and the layout at
desktop and phone widths. (Fixtures and the Tab helper: tests/test_viewer_browser.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from viewer.names import safe_name
from viewer.site import render_site
from viewer.sources import Source

from tests import viewer_support as vs
from tests.test_viewer_browser import READY, Tab, browser, expected_board  # noqa: F401 - browser is a fixture

# Names plotly would read as markup if they reached it raw: a live link, bold, an entity.
LINK = '<a href="https://evil.example/">Eve</a>'
BOLD = "<b>x</b> &amp; co"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    walkthrough = vs.read(vs.WALKTHROUGH)
    marked = vs.battlecon_log(names=(LINK, BOLD), seed=3)
    best_of_three = vs.read(vs.SAMPLES / "woi-hikaru-vs-khadath.jsonl")
    render_site([Source(str(i), log) for i, log in enumerate([walkthrough, marked, best_of_three])], out)
    return {"out": out, "walkthrough": walkthrough, "marked": marked, "bo3": best_of_three}


@pytest.fixture
def tab(browser):  # noqa: F811 - the fixture imported above
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    t = Tab(context)
    yield t
    context.close()
    assert t.errors == [], t.errors
    assert t.dialogs == [], t.dialogs


def page_of(site, key: str) -> Path:
    return site["out"] / "matches" / f"{site[key].header.match_id}.html"


def legend_texts(tab, scope: str) -> list[str]:
    return tab.page.eval_on_selector_all(f"{scope} .legend .legendtext", "ts => ts.map(t => t.textContent)")


# -- plotly shows names as text -------------------------------------------------------------------


def test_match_chart_legend_shows_markup_names_as_text(tab, site):
    tab.open(page_of(site, "marked"), "#e=0&p=judge&r=1")  # revealed: the whole chart is drawn
    tab.page.wait_for_selector("#chart .legend .legendtext")
    texts = legend_texts(tab, "#chart")
    assert f"Life: {LINK}" in texts and f"Life: {BOLD}" in texts, texts
    assert tab.page.locator("#chart .legend a").count() == 0
    assert tab.page.locator("#chart a").count() == 0
    # The numbers beside it are a table with the same names, as text.
    assert LINK in tab.page.inner_text("#chart-numbers") and BOLD in tab.page.inner_text("#chart-numbers")


def test_player_page_charts_show_markup_names_as_text(tab, site):
    for name in (LINK, BOLD):
        tab.open(site["out"] / "players" / f"{safe_name(name)}.html")
        tab.page.click("#reveal-all")
        chart = tab.page.locator("[id^='beats-']").first
        chart.scroll_into_view_if_needed()
        tab.page.wait_for_selector("[id^='beats-'] .legend .legendtext")
        texts = legend_texts(tab, "[id^='beats-']")
        assert any(LINK in t for t in texts) and any(BOLD in t for t in texts), texts
        assert tab.page.locator(".chart a").count() == 0
        assert tab.page.locator("h1").inner_text() == name


# -- the log a page carries --------------------------------------------------------------------------


def test_a_mailed_page_gives_back_its_log_offline(browser, tmp_path):  # noqa: F811
    written = render_site([Source("w", vs.read(vs.WALKTHROUGH))], tmp_path / "site", single_file=True)
    mailed = tmp_path / "mailed.html"
    mailed.write_bytes(written.matches[0][1].read_bytes())
    context = browser.new_context(accept_downloads=True)
    context.set_offline(True)
    context.route("**/*", lambda r: r.continue_() if r.request.url.split("#")[0] == mailed.as_uri() else r.abort())
    t = Tab(context)
    try:
        t.open(mailed)
        link = t.page.locator("#log-download")
        t.page.wait_for_selector("#log-download[href^='blob:']")
        assert "hash chain checked" in t.page.inner_text("#log-status")
        assert link.get_attribute("download") == "m-46811407064c.jsonl"
        with t.page.expect_download() as info:
            link.click()
        saved = tmp_path / "saved.jsonl"
        info.value.save_as(saved)
        assert saved.read_bytes() == vs.WALKTHROUGH.read_bytes()
        assert t.errors == [] and t.dialogs == []
    finally:
        context.close()


def test_an_edited_log_is_not_offered(tab, site):
    html = page_of(site, "walkthrough").read_text(encoding="utf-8")
    edited = page_of(site, "walkthrough").with_name("edited.html")  # beside it: the same assets
    # One event's payload changed in the embedded log (a player's name inside it would do as well).
    edited.write_text(html.replace('"final":"', '"final":"0', 1), encoding="utf-8")
    tab.page.goto(edited.as_uri())
    tab.page.wait_for_selector(READY, state="attached")
    tab.page.wait_for_function("() => document.getElementById('log-status').textContent !== ''")
    assert "damaged" in tab.page.inner_text("#log-status")
    assert not tab.page.is_visible("#log-download")


# -- what must not be given away ---------------------------------------------------------------------------


def scrub_max(tab) -> int:
    return int(tab.page.get_attribute("#scrubber", "max"))


def test_the_scrubber_does_not_say_how_long_the_match_is(tab, site):
    n = len(site["bo3"].records)
    tab.open(page_of(site, "bo3"), "#e=0")
    assert scrub_max(tab) < n
    for _ in range(10):
        tab.page.keyboard.press("ArrowRight")
    first = scrub_max(tab)
    assert first < n
    # Its length follows how far the reader got, the same in any match: not the match's length.
    tab.open(page_of(site, "walkthrough"), "#e=0")  # from the same place
    for _ in range(10):
        tab.page.keyboard.press("ArrowRight")
    assert scrub_max(tab) == first
    tab.page.keyboard.press("End")  # the end seen: nothing left to hide
    assert scrub_max(tab) == len(site["walkthrough"].records)
    tab.open(page_of(site, "bo3"), "#e=3&r=1")  # revealed
    assert scrub_max(tab) == n
    tab.page.keyboard.press("r")
    assert scrub_max(tab) < n


def test_dragging_past_the_end_stops_at_the_end(tab, site):
    log = site["walkthrough"]
    n = len(log.records)
    tab.open(page_of(site, "walkthrough"), f"#e={n - 5}")
    assert scrub_max(tab) > n
    tab.page.eval_on_selector("#scrubber", "el => { el.value = el.max; el.dispatchEvent(new Event('input')); "
                                           "el.dispatchEvent(new Event('change')); }")
    assert tab.pos() == n and scrub_max(tab) == n
    assert tab.board() == expected_board(vs.snapshots(log)[-1])


def test_beats_are_hidden_with_the_results(tab, site):
    tab.open(site["out"] / "index.html")
    beats = tab.page.locator("#matches td[data-label='Beats'] .spoiler-value")
    assert beats.count() == 3 and not any(beats.nth(i).is_visible() for i in range(3))
    tab.page.click("#reveal-all")
    assert all(beats.nth(i).is_visible() for i in range(3))
    name = site["bo3"].header.players[0].name
    tab.open(site["out"] / "players" / f"{safe_name(name)}.html")
    assert not tab.page.locator("#games td[data-label='Beats'] .spoiler-value").first.is_visible()


# -- focus ---------------------------------------------------------------------------------------------------


def test_after_a_click_on_a_perspective_the_arrows_step_events(tab, site):
    tab.open(page_of(site, "walkthrough"), "#e=10")
    tab.page.click("input[name=persp][value='1']")
    assert tab.fragment()["p"] == "1"
    tab.page.keyboard.press("ArrowRight")
    tab.page.keyboard.press("ArrowRight")
    assert tab.pos() == 12 and tab.fragment()["p"] == "1"
    tab.page.dispatch_event("#speed", "pointerdown")  # the same for the speed, picked with a pointer
    tab.page.select_option("#speed", "4")
    tab.page.keyboard.press("ArrowLeft")
    assert tab.pos() == 11
    # From the keyboard the radios keep their focus and their arrow keys, as radios do.
    tab.page.focus("input[name=persp][value='1']")
    tab.page.keyboard.press("ArrowRight")
    assert tab.fragment()["p"] == "2" and tab.pos() == 11


# -- layout -----------------------------------------------------------------------------------------------------


def overflowing(tab, selector: str) -> list[str]:
    """The boxes (or tables' scroll areas) whose content is wider than they are."""
    return tab.page.eval_on_selector_all(
        selector, "bs => bs.filter(b => b.scrollWidth > b.clientWidth + 1).map(b => b.getAttribute('aria-label') "
                  "|| (b.querySelector('h2') || b).textContent.trim().slice(0, 40))")


def test_index_tables_fit_at_1280(tab, site):
    tab.open(site["out"] / "index.html", "#r=1")
    assert overflowing(tab, "main .box") == []
    assert tab.page.evaluate("() => document.documentElement.scrollWidth") <= 1280


def test_player_page_tables_fit_at_1280(tab, site):
    name = site["bo3"].header.players[0].name
    tab.open(site["out"] / "players" / f"{safe_name(name)}.html", "#r=1")
    assert tab.page.is_visible("section[aria-label='By fighter']")
    assert overflowing(tab, "main .box, main .scroll") == []
    # Every chart has its numbers beside it -- but a match's round-by-round numbers (a column per figure and
    # seat, too wide to sit beside) go under their chart, the card's full width, never scrolled sideways.
    for row in tab.page.locator(".chart-row").all():
        chart, numbers = row.locator(".chart-cell").bounding_box(), row.locator(".numbers")
        if numbers.count():
            box = numbers.bounding_box()
            if row.locator(".beat-numbers").count():
                assert box["y"] >= chart["y"] + chart["height"] - 1 and box["width"] >= chart["width"] - 1
                assert numbers.evaluate("n => n.scrollWidth <= n.clientWidth")
            else:
                assert box["x"] > chart["x"] + chart["width"] - 1 and abs(box["y"] - chart["y"]) < 40


def test_watch_links_are_at_hand_on_a_phone(browser, site):  # noqa: F811
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)
    t = Tab(context)
    try:
        t.open(site["out"] / "index.html")
        assert t.page.evaluate("() => document.documentElement.scrollWidth") <= 375
        links = t.page.locator("#matches a:text-is('Watch')")
        for i in range(links.count()):
            box = links.nth(i).bounding_box()
            assert box is not None and 0 <= box["x"] and box["x"] + box["width"] <= 375, box
        first = links.first.bounding_box()
        assert first["y"] + first["height"] <= 740  # on the first screen, without scrolling
        t.page.tap("#matches a:text-is('Watch') >> nth=0")
        t.page.wait_for_selector(READY, state="attached")
        assert t.page.url.split("#")[0].endswith(".html") and "/matches/" in t.page.url
        assert t.errors == []
    finally:
        context.close()

"""The viewer in a real browser (Chromium through Playwright), opened from file://.

Expected board positions and life totals come from folding the log (the
game's own snapshot after each event), never from numbers written here.
Skipped when /usr/bin/chromium is missing, unless BEATLOG_REQUIRE_BROWSER=1
(CI), where a missing browser is a failure.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from replay.explain import explain, render_text
from viewer.site import render_site
from viewer.sources import Source

from tests import viewer_support as vs

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
READY = "html[data-ready='1']"


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        if os.environ.get("BEATLOG_REQUIRE_BROWSER") == "1":
            pytest.fail(f"BEATLOG_REQUIRE_BROWSER=1 but there is no browser at {CHROMIUM}")
        pytest.skip(f"no browser at {CHROMIUM} (set BEATLOG_REQUIRE_BROWSER=1 to make this a failure)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    walkthrough = vs.read(vs.WALKTHROUGH)
    hostile = vs.battlecon_log(names=vs.HOSTILE, seed=3)
    long_match = _longest_duel_sample()
    logs = [walkthrough, hostile] + ([long_match] if long_match else [])
    render_site([Source(str(i), log) for i, log in enumerate(logs)], out)
    return {"out": out, "walkthrough": walkthrough, "hostile": hostile, "long": long_match}


def _longest_duel_sample():
    """A match whose first duel reaches beat 12 (for two-digit beat jumps): a sample, or a random-bot match."""
    logs = (vs.read(path) for path in sorted(vs.SAMPLES.glob("*.jsonl")))
    played = (vs.battlecon_log(names=("Cy", "Di"), seed=seed, bots=("random", "random")) for seed in range(30, 60))
    for log in [*logs, *played]:
        if any(d == 1 and b >= 12 for d, b, _, _ in vs.beats(log)):
            return log
    return None


class Tab:
    """A page plus everything it did that a test must not let pass: errors, dialogs, requests."""

    def __init__(self, context) -> None:
        self.context = context
        self.page = context.new_page()
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)

        def dialog(d) -> None:
            self.dialogs.append(d.message)
            d.dismiss()

        self.page.on("dialog", dialog)

    def open(self, path: Path, fragment: str = "") -> None:
        self.page.goto(path.as_uri() + fragment)
        self.page.wait_for_selector(READY, state="attached")

    def fragment(self) -> dict[str, str]:
        # Read in the page: Playwright's page.url learns of history.replaceState a moment late, so right
        # after a key press it may still show the fragment before it.
        fragment = self.page.evaluate("() => location.hash").lstrip("#")
        return dict(part.split("=") for part in fragment.split("&") if part)

    def pos(self) -> int:
        return int(self.fragment()["e"])

    def board(self) -> list[tuple[int, int]]:
        """(space, life) of each seat as drawn."""
        board = self.page.evaluate("""() => [0, 1].map(seat => [
            Number(document.querySelector(`[data-fighter="${seat}"]`)?.getAttribute('data-space') ?? 0),
            Number(document.querySelector(`.bc-life-side[data-seat="${seat}"]`).getAttribute('data-life'))])""")
        return [tuple(x) for x in board]


@pytest.fixture
def tab(browser):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    t = Tab(context)
    yield t
    context.close()
    assert t.errors == [], t.errors
    assert t.dialogs == [], t.dialogs


def match_page(site, key: str) -> Path:
    return site["out"] / "matches" / f"{site[key].header.match_id}.html"


def expected_board(snapshot) -> list[tuple[int, int]]:
    return [(f["position"] if 1 <= f["position"] <= 7 else 0, f["life"]) for f in snapshot["fighters"]]


def first_seq(log, duel: int, beat: int) -> int:
    return next(first for d, b, first, _ in vs.beats(log) if (d, b) == (duel, beat))


# -- stepping ---------------------------------------------------------------------------------------


def test_keys_step_by_event_and_beat(tab, site):
    log = site["walkthrough"]
    snaps = vs.snapshots(log)
    beats = vs.beats(log)
    tab.open(match_page(site, "walkthrough"))
    # A page opens on the board as set up (the last event of the set-up round), not on an empty board.
    duel, beat, _, setup_end = beats[0]
    assert (duel, beat) == (1, 0) and setup_end > 0
    assert tab.fragment() == {"d": "1", "b": "0", "e": str(setup_end), "p": "judge", "r": "0"}
    assert tab.board() == expected_board(snaps[setup_end]) and tab.board() != expected_board(snaps[0])
    tab.page.keyboard.press("Home")
    assert tab.fragment() == {"d": "1", "b": "0", "e": "0", "p": "judge", "r": "0"}
    for _ in range(5):
        tab.page.keyboard.press("ArrowRight")
    assert tab.pos() == 5 and tab.board() == expected_board(snaps[5])
    tab.page.keyboard.press("ArrowLeft")
    assert tab.pos() == 4
    tab.page.keyboard.press("l")  # next beat: its first event
    assert tab.pos() == beats[1][2] and tab.fragment()["b"] == str(beats[1][1])
    tab.page.keyboard.press("l")
    assert tab.pos() == beats[2][2]
    assert tab.board() == expected_board(snaps[beats[2][2]])
    tab.page.keyboard.press("ArrowRight")
    tab.page.keyboard.press("j")  # back to the start of this beat
    assert tab.pos() == beats[2][2]
    tab.page.keyboard.press("j")  # then the previous beat
    assert tab.pos() == beats[1][2]
    tab.page.keyboard.press("End")
    assert tab.pos() == len(log.records) and tab.board() == expected_board(snaps[-1])
    tab.page.keyboard.press("ArrowRight")
    assert tab.pos() == len(log.records)
    tab.page.keyboard.press("Home")
    assert tab.pos() == 0
    tab.page.keyboard.press("ArrowLeft")
    assert tab.pos() == 0


def test_every_event_of_the_match_is_drawn_as_the_fold_says(tab, site):
    log = site["walkthrough"]
    snaps = vs.snapshots(log)
    tab.open(match_page(site, "walkthrough"), "#e=0")  # from before the first event
    for e in range(len(log.records) + 1):
        assert tab.board() == expected_board(snaps[e]), e
        marker = tab.page.evaluate(
            "() => document.querySelector('[data-marker]')?.getAttribute('data-space') ?? null")
        placed = [m["space"] for m in snaps[e]["markers"] if m["space"] is not None]
        assert marker == (str(placed[0]) if placed else None), e
        tab.page.keyboard.press("ArrowRight")


def test_buttons_and_scrubber(tab, site):
    log = site["walkthrough"]
    beats = vs.beats(log)
    snaps = vs.snapshots(log)
    tab.open(match_page(site, "walkthrough"), "#e=0")  # from before the first event
    click = lambda act: tab.page.click(f"button[data-act='{act}']")  # noqa: E731
    click("next-event")
    click("next-event")
    assert tab.pos() == 2
    click("next-beat")
    assert tab.pos() == beats[1][2]
    click("last-beat")
    assert tab.pos() == beats[-1][2]
    click("prev-event")
    assert tab.pos() == beats[-1][2] - 1
    click("first-beat")
    assert tab.pos() == beats[0][2]
    middle = len(log.records) // 2
    tab.page.eval_on_selector("#scrubber", "(el, v) => { el.value = v; el.dispatchEvent(new Event('input')); }",
                              str(middle))
    assert tab.pos() == middle and tab.board() == expected_board(snaps[middle])
    tab.page.focus("#scrubber")
    tab.page.keyboard.press("ArrowRight")  # the range moves itself: one event, not two
    assert tab.pos() == middle + 1


def test_a_link_opens_exactly_that_moment(tab, site):
    log = site["walkthrough"]
    snaps = vs.snapshots(log)
    e = first_seq(log, 1, 4) + 3
    tab.open(match_page(site, "walkthrough"), f"#d=1&b=4&e={e}&p=2&r=0")
    assert tab.fragment() == {"d": "1", "b": "4", "e": str(e), "p": "2", "r": "0"}
    assert tab.page.is_checked("input[name=persp][value='2']")
    assert tab.board() == expected_board(snaps[e])
    assert tab.page.get_attribute("#event-list li[aria-current=step]", "data-seq") == str(e)
    assert tab.page.inner_text("#where").startswith(f"Duel 1, beat 4, event {e}")
    # Without an event number, the beat's first event.
    tab.open(match_page(site, "walkthrough"), "#d=1&b=3")
    assert tab.pos() == first_seq(log, 1, 3)
    # Moving through history to another link follows it.
    tab.page.evaluate("() => { location.hash = '#e=7&p=judge&r=1'; }")
    tab.page.wait_for_function("() => location.hash.includes('e=7&p=judge&r=1')")
    assert tab.board() == expected_board(snaps[7])


def test_digits_jump_to_a_beat_of_the_duel(tab, site):
    log = site["walkthrough"]
    tab.open(match_page(site, "walkthrough"))
    tab.page.keyboard.press("3")
    assert tab.pos() == first_seq(log, 1, 3)
    tab.page.keyboard.press("Shift")  # any other key ends the number (so does a pause of a second)
    tab.page.keyboard.press("9")
    assert tab.pos() == first_seq(log, 1, 3)
    assert tab.page.inner_text("#announce") == "Duel 1 has no beat 9"
    if site["long"] is not None:
        tab.open(site["out"] / "matches" / f"{site['long'].header.match_id}.html")
        tab.page.keyboard.press("1")
        tab.page.keyboard.press("2")
        assert tab.pos() == first_seq(site["long"], 1, 12)


def test_autoplay_and_speeds(tab, site):
    tab.open(match_page(site, "walkthrough"))
    assert [o for o in tab.page.eval_on_selector_all("#speed option", "os => os.map(o => o.value)")] == \
        ["0.5", "1", "2", "4", "8"]
    tab.page.select_option("#speed", "8")
    tab.page.keyboard.press("k")
    assert tab.page.get_attribute("#play", "aria-pressed") == "true"
    tab.page.wait_for_function("() => /[&#]e=([3-9]|\\d\\d+)(&|$)/.test(location.hash)")
    tab.page.keyboard.press("k")
    assert tab.page.get_attribute("#play", "aria-pressed") == "false"
    stopped = tab.pos()
    tab.page.wait_for_timeout(400)
    assert tab.pos() == stopped
    tab.page.keyboard.press("-")
    assert tab.page.input_value("#speed") == "4"


def test_question_mark_shows_the_key_map(tab, site):
    tab.open(match_page(site, "walkthrough"))
    assert not tab.page.is_visible("#keymap")
    tab.page.keyboard.press("?")
    assert tab.page.is_visible("#keymap")
    assert "play / pause" in tab.page.inner_text("#keymap")
    tab.page.keyboard.press("Escape")
    assert not tab.page.is_visible("#keymap")


# -- what each perspective may see ---------------------------------------------------------------------


def _hidden_moment(log):
    """A seq at which seat 1 has selected a face-down pair that is not yet revealed, and that record."""
    secret = None
    for r in log.records:
        if r.type == "PairSelected" and r.visibility == 1:
            secret = r
        elif r.type == "PairRevealed" and secret is not None:
            return r.seq - 1, secret
    raise AssertionError("no face-down pair in the log")


def test_player_view_hides_the_opponents_secret_choice(tab, site):
    log = site["walkthrough"]
    e, secret = _hidden_moment(log)
    ben, style, base = log.header.players[1].name, secret.data["style"], secret.data["base"]
    tab.open(match_page(site, "walkthrough"), f"#e={e}&p=1&r=1")
    item = tab.page.inner_text(f"#event-list li[data-seq='{secret.seq}']")
    assert f"{ben} makes a secret choice" in item and style not in item
    pair = tab.page.inner_text("[data-panel='1'] [data-key='pair']")
    assert style not in pair and base not in pair and "?" in pair
    report = tab.page.evaluate("i => beatlogViewer.reportText(i)",
                               next(i for i, b in enumerate(vs.beats(log)) if b[2] <= secret.seq <= b[3]))
    assert f"selects {style} {base}" not in report
    # The one who chose sees it, and so does the judge.
    for persp in ("2", "judge"):
        tab.page.click(f"input[name=persp][value='{persp}']")
        assert f"selects {style} {base}" in tab.page.inner_text(f"#event-list li[data-seq='{secret.seq}']")
        assert style in tab.page.inner_text("[data-panel='1'] [data-key='pair']")
    assert tab.fragment()["p"] == "judge"


def test_spoilers_stay_hidden_until_reached_or_revealed(tab, site):
    log = site["walkthrough"]
    beats = vs.beats(log)
    tab.open(match_page(site, "walkthrough"), f"#e={beats[2][2]}")
    assert not tab.page.is_visible("#result")
    shown = tab.page.eval_on_selector_all("#event-list li", "ls => ls.map(l => Number(l.dataset.seq))")
    assert shown == [beats[2][2]]  # nothing after the current event
    assert "hidden" in tab.page.text_content("#report")
    tab.page.keyboard.press("r")
    assert tab.fragment()["r"] == "1" and tab.page.is_visible("#result")
    shown = tab.page.eval_on_selector_all("#event-list li", "ls => ls.map(l => Number(l.dataset.seq))")
    assert shown == list(range(beats[2][2], beats[2][3] + 1))
    tab.page.keyboard.press("r")
    assert not tab.page.is_visible("#result")
    tab.page.keyboard.press("End")
    assert tab.page.is_visible("#result")
    from viewer.page import build_page

    assert tab.page.inner_text("#result") == build_page(Source("w", log)).summary.outcome


def test_dispute_report_is_the_explain_report(tab, site):
    log = site["walkthrough"]
    tab.open(match_page(site, "walkthrough"))
    for index, (duel, beat, first, last) in enumerate(vs.beats(log)):
        expected = render_text(explain(log.header, log.records, beat, duel))
        assert tab.page.evaluate("i => beatlogViewer.reportText(i)", index) == expected, (duel, beat)
    duel, beat, first, last = vs.beats(log)[3]
    tab.open(match_page(site, "walkthrough"), f"#e={last}")
    tab.page.click("#dispute summary")
    assert tab.page.inner_text("#report").strip() == render_text(explain(log.header, log.records, beat, duel)).strip()


def test_each_step_is_announced(tab, site):
    from recorder.game import load_game
    from replay.walk import Describer, walk

    log = site["walkthrough"]
    describer = Describer(load_game("battlecon"))
    walk(log.header, log.records, [describer])
    tab.open(match_page(site, "walkthrough"), "#e=0")  # from before the first event
    assert tab.page.get_attribute("#announce", "aria-live") == "polite"
    tab.page.keyboard.press("ArrowRight")
    assert tab.page.inner_text("#announce") == f"Duel 1, set-up, event 1: {describer.lines[1]}"
    tab.page.keyboard.press("l")
    seq = first_seq(log, 1, 1)
    assert tab.page.inner_text("#announce") == f"Duel 1, beat 1, event {seq}: {describer.lines[seq]}"


def test_controls_are_labelled_and_in_focus_order(tab, site):
    tab.open(match_page(site, "walkthrough"), "#e=5")
    labels = tab.page.eval_on_selector_all("#controls button", "bs => bs.map(b => b.getAttribute('aria-label'))")
    assert labels[:7] == ["First beat", "Previous beat", "Previous event", "Play", "Next event", "Next beat",
                          "Last beat"]
    assert tab.page.get_attribute("#board", "role") == "img"
    assert "on space" in tab.page.get_attribute("#board", "aria-label")
    tab.page.focus("button[data-act='first-beat']")
    order = []
    for _ in range(7):
        order.append(tab.page.evaluate("() => document.activeElement.getAttribute('aria-label')"))
        tab.page.keyboard.press("Tab")
    assert order == labels[:7]


def test_phone_width(browser, site):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    t = Tab(context)
    try:
        t.open(match_page(site, "walkthrough"), "#e=40")
        assert t.page.evaluate("() => document.documentElement.scrollWidth") <= 390
        box = t.page.locator(".bc-board").bounding_box()
        assert box is not None and box["width"] <= 390 and box["width"] > 300
        t.page.tap("button[data-act='next-event']")
        assert t.pos() == 41
        t.open(site["out"] / "index.html")
        # Wide tables scroll inside their box; the page itself never scrolls sideways.
        assert t.page.evaluate("() => document.documentElement.scrollWidth") <= 390
        assert t.errors == []
    finally:
        context.close()


# -- safety and offline use ---------------------------------------------------------------------------------


def test_hostile_player_names_stay_text(tab, site):
    log = site["hostile"]
    page = match_page(site, "hostile")
    tab.open(page, "#e=30")
    for name in vs.HOSTILE:
        assert tab.page.get_by_text(name, exact=True).count() >= 1
    assert tab.page.locator("img").count() == 0
    assert tab.page.inner_text(".vs").count(vs.HOSTILE[0]) == 1
    tab.page.keyboard.press("End")
    assert tab.page.locator("img").count() == 0
    scripts = tab.page.eval_on_selector_all("script", "ss => ss.map(s => s.getAttribute('src') || s.type)")
    # plotly is no <script> of the page: the viewer adds it once the board is drawn (and only where a chart is).
    assert scripts == ["application/json", "../assets/beatchart.js", "../assets/viewer.js",
                       "../assets/logfile.js", "../assets/views/plain.js", "../assets/views/battlecon.js",
                       "../assets/plotly.min.js"]
    for player in log.header.players:
        from viewer.names import safe_name

        tab.open(site["out"] / "players" / f"{safe_name(player.name)}.html")
        tab.page.click("#reveal-all")
        assert tab.page.locator("h1").inner_text() == player.name
        assert tab.page.locator("img").count() == 0
    tab.open(site["out"] / "index.html")
    tab.page.click("#reveal-all")
    assert tab.page.get_by_text(vs.HOSTILE[1], exact=True).count() >= 1


def test_single_file_page_works_offline_and_loads_nothing(browser, tmp_path):
    log = vs.read(vs.WALKTHROUGH)
    snaps = vs.snapshots(log)
    written = render_site([Source("walkthrough", log)], tmp_path / "site", single_file=True)
    page_path = written.matches[0][1]
    mailed = tmp_path / "mailed.html"  # alone in a folder: no assets beside it
    mailed.write_bytes(page_path.read_bytes())
    context = browser.new_context()
    context.set_offline(True)
    requests: list[str] = []

    def route(r) -> None:
        requests.append(r.request.url)
        if r.request.url.startswith("file://") and r.request.url.split("#")[0] == mailed.as_uri():
            r.continue_()
        else:
            r.abort()

    context.route("**/*", route)
    t = Tab(context)
    try:
        t.open(mailed)
        t.page.keyboard.press("l")
        t.page.keyboard.press("l")
        e = t.pos()
        assert t.board() == expected_board(snaps[e])
        # Everything a site's page shows is there, though the page's data travels deflated: the cards'
        # effect texts as the engine knows them, and the timeline's headlines.
        from recorder.games.battlecon.catalog import cards_of

        texts = [{c["name"]: c.get("text") or "" for c in cards_of(p.side)} for p in log.header.players]
        t.page.keyboard.press("End")
        cells = t.page.evaluate("""() => [...document.querySelectorAll('[data-figure=effects]')].map(td =>
            [...td.querySelectorAll('.card-effect')].map(p => p.textContent))""")
        assert cells and all(lines for lines in cells)
        for seat, lines in enumerate(cells):
            for line in lines:
                name, _, text = line.partition(": ")
                assert text == (texts[seat][name] or "no effect text"), (seat, line)
        headlines = t.page.eval_on_selector_all("#timeline .round .headline", "hs => hs.map(h => h.textContent)")
        assert len(headlines) == len(vs.beats(log)) and any(" vs " in h for h in headlines)
        assert t.page.evaluate("() => performance.getEntriesByType('resource').map(r => r.name)") == []
        assert [u.split("#")[0] for u in requests] == [mailed.as_uri()]
        assert t.errors == [] and t.dialogs == []
    finally:
        context.close()


# -- index and player pages ----------------------------------------------------------------------------------------


def test_index_filters_sorts_and_reveals(tab, site):
    tab.open(site["out"] / "index.html")
    rows = tab.page.locator("#matches tbody tr")
    total = rows.count()
    assert total == (3 if site["long"] else 2)
    first, second = rows.nth(0), rows.nth(1)
    assert first.locator(".spoiler-value").count() == 2  # its beats and its result
    assert not first.locator(".spoiler-value").first.is_visible()
    assert not tab.page.is_visible("h2:text-is('Standings')")
    first.locator(".spoiler-button").click()  # shows this row's result and beats, nothing else
    assert all(first.locator(".spoiler-value").nth(i).is_visible() for i in range(2))
    assert not any(second.locator(".spoiler-value").nth(i).is_visible() for i in range(2))
    tab.page.click("#reveal-all")
    assert tab.page.is_visible("h2:text-is('Standings')") and tab.page.is_visible("h2:text-is('Matchups')")
    assert tab.fragment() == {"r": "1"}
    name = site["walkthrough"].header.players[0].name
    tab.page.fill("input[data-filter-for=matches]", site["hostile"].header.players[0].name)
    assert tab.page.locator("#matches tbody tr:not([hidden])").count() == 1
    tab.page.fill("input[data-filter-for=matches]", "")
    tab.page.select_option("select[data-column=players]", name)
    visible = tab.page.locator("#matches tbody tr:not([hidden])").count()
    assert visible == sum(1 for k in ("walkthrough", "hostile", "long")
                          if site[k] is not None and name in [p.name for p in site[k].header.players])
    tab.page.select_option("select[data-column=players]", "")
    cells = "#matches tbody tr td.num .spoiler-value"
    tab.page.click("#matches th:has-text('Beats') button")
    beats = [int(x) for x in tab.page.eval_on_selector_all(cells, "ts => ts.map(t => t.textContent)")]
    assert beats == sorted(beats)
    tab.page.click("#matches th:has-text('Beats') button")
    beats = [int(x) for x in tab.page.eval_on_selector_all(cells, "ts => ts.map(t => t.textContent)")]
    assert beats == sorted(beats, reverse=True)


def test_index_opens_revealed_from_a_link(tab, site):
    tab.open(site["out"] / "index.html", "#r=1")
    assert tab.page.is_visible("h2:text-is('Standings')")
    assert tab.page.locator(".spoiler-value").first.is_visible()


def test_player_page_charts_from_the_local_plotly(tab, site):
    from viewer.names import safe_name

    name = site["walkthrough"].header.players[0].name
    tab.open(site["out"] / "players" / f"{safe_name(name)}.html")
    assert not tab.page.is_visible(".chart")
    tab.page.click("#reveal-all")
    tab.page.locator("[id^='beats-']").first.scroll_into_view_if_needed()  # charts are drawn as they come near
    tab.page.wait_for_selector("[id^='beats-'] .main-svg")
    tab.page.click("a:has-text('Watch') >> nth=0")
    tab.page.wait_for_selector(READY, state="attached")
    assert not tab.page.is_visible("#chart")  # no beat has ended yet: nothing to chart
    tab.page.keyboard.press("l")
    tab.page.keyboard.press("l")  # the set-up is over: its point is drawn
    tab.page.wait_for_selector("#chart .main-svg")


def test_the_revealed_table_gives_every_card_its_engine_text(tab, site):
    # The generic bases are listed once in the page's static data, a fighter's own cards under the fighter;
    # the Effects row reads either, as the engine knows the card.
    from recorder.games.battlecon.catalog import cards_of

    log = site["walkthrough"]
    texts = [{c["name"]: c.get("text") or "" for c in cards_of(p.side)} for p in log.header.players]
    tab.open(match_page(site, "walkthrough"), "#e=0")
    seen = set()
    for _ in range(len(log.records)):
        cells = tab.page.evaluate("""() => [...document.querySelectorAll('[data-figure=effects]')].map(td =>
            [...td.querySelectorAll('.card-effect')].map(p => p.textContent))""")
        for seat, lines in enumerate(cells):
            for line in lines:
                name, _, text = line.partition(": ")
                assert text == (texts[seat][name] or "no effect text"), (seat, line)
                seen.add(name)
        tab.page.keyboard.press("ArrowRight")
    assert {"Strike", "Shot", "Drive", "Burst", "Grasp", "Dash"} & seen and len(seen) >= 4, seen

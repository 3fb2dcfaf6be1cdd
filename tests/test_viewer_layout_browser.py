"""The match page and the site in Chromium, as a player uses them: controls that stay under the mouse,
the current event in words beside them, the Revealed table through the end of a beat, the beat count
past a Pulse, tokens counted once, readable board labels on a phone, three-seat pages, and tables that
keep names whole. (Fixtures and the Tab helper: tests/test_viewer_browser.py.)

Every expectation is read from the logs themselves (their events and the game's snapshots), so the
tests hold whatever matches the bots play."""

from __future__ import annotations

from pathlib import Path

import pytest

from recorder.integrity import LogFile
from beatlog.tournament import plan_tournament, play_fixture, schedule
from viewer.names import safe_name
from viewer.site import render_site
from viewer.sources import Source

from tests import viewer_support as vs
from tests.test_viewer_browser import Tab, browser  # noqa: F401 - browser is a fixture

COGS_3P = vs.SAMPLES.parent / "cogs" / "cog-match-3p.jsonl"


def _battlecon_match() -> LogFile:
    """A tournament match (Special Actions on) with a Pulse, an ante and Khadath's trap."""
    plan = plan_tournament(game_name="battlecon", fighters="hikaru,khadath,cadenza", matches=1, seed=0,
                           bots="greedy,random", flags={"duels": ["1"]})
    for fixture in schedule(plan):
        log = play_fixture(plan, fixture)
        types = {r.type for r in log.records}
        if {"BeatNotCounted", "AnteDeclared", "TrapPlaced", "CardsRecycled"} <= types:
            return LogFile(log.header, log.records)
    raise AssertionError("no match of the seed-0 round robin has a Pulse, an ante and a trap: pick another seed")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("layout")
    battle = _battlecon_match()
    render_site([Source("0", battle)], out)
    return {"out": out, "battle": battle}


@pytest.fixture(scope="module")
def cogs_site(tmp_path_factory):
    """The 3-fleet sample and a Cogs round robin of bots named as the demo names them ("sensible")."""
    out = tmp_path_factory.mktemp("cogs")
    plan = plan_tournament(game_name="cogs", fighters="all", matches=1, seed=1, bots="sensible,random")
    cogs = [play_fixture(plan, f) for f in schedule(plan)]
    three = vs.read(COGS_3P)
    logs = [three, *(LogFile(c.header, c.records) for c in cogs)]
    render_site([Source(str(i), log) for i, log in enumerate(logs)], out)
    return {"out": out, "three": three}


def _tab(browser, width: int, height: int) -> Tab:  # noqa: F811 - the fixture imported above
    phone = width < 500
    return Tab(browser.new_context(viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone))


def _close(t: Tab) -> None:
    t.context.close()
    assert t.errors == [], t.errors
    assert t.dialogs == [], t.dialogs


def _page(site, key: str) -> Path:
    return site["out"] / "matches" / f"{site[key].header.match_id}.html"


def _go(t: Tab, pos: int) -> None:
    t.page.evaluate("pos => window.beatlogViewer.go(pos, 'jump')", pos)


# -- controls and the current event -----------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1280, 900), (375, 740)], ids=["desktop", "phone"])
def test_next_event_stays_under_the_mouse(browser, site, size):  # noqa: F811
    """Clicking one spot again and again steps every time: the panels changing height move nothing."""
    t = _tab(browser, *size)
    try:
        t.open(_page(site, "battle"))
        button = t.page.locator("button[data-act='next-event']")
        box = button.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        tops = set()
        start = t.page.evaluate("window.beatlogViewer.pos")  # the page opens on the board as set up
        for i in range(1, 61):
            t.page.mouse.click(x, y)
            assert t.page.evaluate("window.beatlogViewer.pos") == start + i  # (page.url follows replaceState late)
            tops.add(round(button.bounding_box()["y"]))
        assert len(tops) == 1, tops
        t.page.mouse.wheel(0, 900)  # scrolled down to the panels: the buttons are still in reach
        t.page.wait_for_timeout(100)
        box = button.bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= size[1]
    finally:
        _close(t)


def test_the_current_event_is_read_beside_the_controls_on_a_phone(browser, site):  # noqa: F811
    log = site["battle"]
    t = _tab(browser, 375, 740)
    try:
        t.open(_page(site, "battle"))
        board = t.page.locator("#board").bounding_box()
        assert board["y"] < 740 - t.page.locator("#controls").bounding_box()["height"]  # on the first screen
        seq = next(r.seq for r in log.records if r.type == "PairRevealed")
        _go(t, seq)
        now = t.page.locator("#now")
        text = now.inner_text()
        assert text.startswith(f"#{seq}") and t.page.inner_text("#announce").endswith(text.split(" ", 1)[1])
        box = now.bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= 740
        assert t.page.evaluate("() => document.documentElement.scrollWidth") <= 375
    finally:
        _close(t)


def test_the_cogs_board_starts_on_a_phones_first_screen(browser, cogs_site):  # noqa: F811
    t = _tab(browser, 375, 740)
    try:
        t.open(_page(cogs_site, "three"), "#e=40")
        controls = t.page.locator("#controls").bounding_box()
        svg = t.page.locator("#board svg").first.bounding_box()
        assert svg is not None and svg["y"] < controls["y"], (svg, controls)
    finally:
        _close(t)


# -- the BattleCON board ------------------------------------------------------------------------------------


def test_revealed_pairs_stay_until_the_beat_ends(browser, site):  # noqa: F811
    log = site["battle"]
    t = _tab(browser, 1280, 900)
    try:
        t.open(_page(site, "battle"))
        checked = 0
        for record in log.records:
            if record.type != "CardsRecycled":
                continue
            seat = record.data["player"]
            _go(t, record.seq - 1)
            before = t.page.eval_on_selector_all(f"td[data-seat='{seat}']", "cs => cs.map(c => c.textContent)")
            head_before = t.page.locator("table.attacks thead th").nth(seat + 1).inner_text()
            _go(t, record.seq)
            after = t.page.eval_on_selector_all(f"td[data-seat='{seat}']", "cs => cs.map(c => c.textContent)")
            assert after == before and "—" not in head_before
            assert t.page.locator("table.attacks thead th").nth(seat + 1).inner_text() == head_before
            checked += 1
        assert checked
    finally:
        _close(t)


def test_the_caption_counts_beats_left_past_a_pulse(browser, site):  # noqa: F811
    log = site["battle"]
    snaps = vs.snapshots(log)
    t = _tab(browser, 1280, 900)
    try:
        t.open(_page(site, "battle"))
        pulse = next(r.seq for r in log.records if r.type == "BeatNotCounted")
        seq = next(r.seq for r in log.records if r.seq > pulse and r.type == "BeatStarted")
        _go(t, seq)
        s = snaps[seq]
        left = s["beat_limit"] - s["beats_counted"] + 1
        caption = t.page.inner_text(".bc-caption")
        assert f"beat {s['beat']} · {left} beat" in caption and " of " not in caption, caption
        assert s["beat"] - s["beats_counted"] >= 1
    finally:
        _close(t)


def test_an_anted_token_is_listed_once(browser, site):  # noqa: F811
    log = site["battle"]
    snaps = vs.snapshots(log)
    t = _tab(browser, 1280, 900)
    try:
        t.open(_page(site, "battle"))
        checked = 0
        for record in log.records:
            if record.type != "AnteDeclared":
                continue
            f = snaps[record.seq]["fighters"][record.data["player"]]
            _go(t, record.seq)
            panel = t.page.locator(f"[data-panel='{record.data['player']}']")
            anted = panel.locator("dd[data-key='anted'] .chip").all_inner_texts()
            spent = panel.locator("dd[data-key='token_discard'] .chip").all_inner_texts()
            assert sorted(anted) == sorted(f["anted"])
            assert len(spent) == len(f["token_discard"]) - len(f["anted"]), (spent, f)
            checked += 1
        assert checked
    finally:
        _close(t)


@pytest.mark.parametrize("width", [1280, 375])
def test_board_labels_stay_clear_and_readable(browser, site, width):  # noqa: F811
    """At every event: the trap label overlaps no fighter or stun mark; on a phone it is still text-sized,
    and the life-bar headers name player and fighter in full."""
    t = _tab(browser, width, 900)
    try:
        t.open(_page(site, "battle"))
        clashes = t.page.evaluate("""() => {
            const v = window.beatlogViewer, bad = [];
            const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
            for (let pos = 0; pos <= v.n; pos++) {
                v.go(pos, 'scrub');
                const label = document.querySelector('.trap-label');
                if (!label) continue;
                const box = label.getBoundingClientRect();
                for (const other of document.querySelectorAll('.bc-board .stun-mark, .bc-board .token, .bc-board .active-ring'))
                    if (meet(box, other.getBoundingClientRect())) bad.push([pos, other.getAttribute('class')]);
            }
            return bad;
        }""")
        assert clashes == []
        pos = next(r.seq for r in site["battle"].records if r.type == "TrapPlaced")
        _go(t, pos)
        assert t.page.locator(".trap-label").bounding_box()["height"] >= 10
        for seat, player in enumerate(site["battle"].header.players):
            name = t.page.locator(f".bc-life-side[data-seat='{seat}'] .bc-life-name")
            assert name.inner_text().startswith(player.name)
            assert name.evaluate("n => n.scrollWidth <= n.clientWidth + 1")
    finally:
        _close(t)


def test_a_knocked_out_fighter_says_so(browser, site):  # noqa: F811
    log = site["battle"]
    snaps = vs.snapshots(log)
    end = next(r.seq for r in log.records if r.type == "DuelEnded")
    seat = min((0, 1), key=lambda s: snaps[end]["fighters"][s]["life"])
    life = snaps[end]["fighters"][seat]["life"]
    assert life <= 0
    t = _tab(browser, 1280, 900)
    try:
        t.open(_page(site, "battle"))
        _go(t, end)
        text = t.page.inner_text(f"[data-life-text='{seat}']")
        assert text == f"{life if life >= 0 else '−' + str(-life)} life · knocked out"
    finally:
        _close(t)


# -- three seats, tables ------------------------------------------------------------------------------------


def test_a_three_seat_page_names_and_colours_every_seat(browser, cogs_site):  # noqa: F811
    names = [p.name for p in cogs_site["three"].header.players]
    t = _tab(browser, 1280, 900)
    try:
        t.open(_page(cogs_site, "three"))
        assert t.page.title() == " vs ".join(names) + " · beatlog"
        colours = [t.page.locator(f"h1 .seat-{i} > a").evaluate("a => getComputedStyle(a).color") for i in (1, 2, 3)]
        assert len(set(colours)) == 3, colours
    finally:
        _close(t)


def test_names_never_break_inside_a_word_at_1280(browser, cogs_site):  # noqa: F811
    """The Cogs standings are wider than the screen: the name column used to be squeezed to 'sensibl/e'."""
    t = _tab(browser, 1280, 900)
    try:
        pages = [cogs_site["out"] / "index.html", *sorted((cogs_site["out"] / "players").glob("*.html"))]
        for page in pages:
            t.page.goto(page.as_uri() + "#r=1")
            t.page.click("#reveal-all")
            broken = t.page.evaluate("""() => [...document.querySelectorAll('table.data td a')]
                .filter(a => a.offsetParent && !/\\s/.test(a.textContent) && a.getClientRects().length > 1)
                .map(a => a.textContent)""")
            assert broken == [], (page.name, broken)
    finally:
        _close(t)


def test_a_two_player_matchs_numbers_fit_under_its_chart_at_1280(browser, site):  # noqa: F811
    """A player page's round-by-round numbers of a duel: under the chart, the card's width, never scrolled sideways."""
    t = _tab(browser, 1280, 800)
    try:
        for page in sorted((site["out"] / "players").glob("*.html")):
            t.page.goto(page.as_uri())
            t.page.click("#reveal-all")
            boxes = t.page.evaluate("""() => [...document.querySelectorAll('.beat-numbers')].map(box =>
                [box.scrollWidth, box.clientWidth, box.previousElementSibling.getBoundingClientRect().bottom,
                 box.getBoundingClientRect().top])""")
            assert boxes, page.name
            for scroll_width, width, chart_bottom, top in boxes:
                assert scroll_width <= width, (page.name, scroll_width, width)
                assert top >= chart_bottom - 1, page.name  # under its chart, not beside it
    finally:
        _close(t)


def test_two_losers_met_without_a_result_on_the_site(browser, cogs_site):  # noqa: F811
    """The 3-fleet sample: on a losing player's page, the cell against the other loser's fleet reads
    0–0–0 and '+1 met', and so does their row in the Against table."""
    log = cogs_site["three"]
    won = next(r.data["winner"] for r in reversed(log.records) if r.type == "MatchEnded")
    players = log.header.players
    loser, other = [p for seat, p in enumerate(players) if seat != won]
    t = _tab(browser, 1280, 900)
    try:
        t.page.goto((cogs_site["out"] / "players" / f"{safe_name(loser.name)}.html").as_uri())
        t.page.click("#reveal-all")
        section = t.page.locator("section[aria-label='Matchups']").last
        cells = section.locator("tbody td").all_inner_texts()
        assert any("+1 met" in c and c.startswith("0–0–0") for c in cells), cells
        against = t.page.locator("section[aria-labelledby='opp-title'] tbody tr").all_inner_texts()
        row = next(r for r in against if r.startswith(other.name))
        assert row.split()[1:] == ["0", "0", "0", "1", "0"], row  # W L D Met Unfinished
    finally:
        _close(t)


# -- a full roster's matchup matrix ----------------------------------------------------------------------

ROSTER = ["Hikaru Sorayama", "Cadenza", "Kallistar Flarechild", "Khadath Ahemusei", "Vanaah Kalmor", "Luc von Gott",
          "Magdalena Larington", "Zaamassal Kett", "Lixis Ran Kanda", "Rukyuk Amberdeen", "Demitras Denigrande",
          "Regicide Heketch", "Hepzibah Culotre", "Cherri Seneca", "Kehrolyn Ross", "Sagas Seities", "Seth Cremmul",
          "Tatsumi Nuac & Juto"]


@pytest.fixture(scope="module")
def roster_index(site):
    """The site's index with the matchups of an 18-fighter round robin (every cell up to 10-10-0)."""
    from replay.stats import match_stats
    from replay.stats_summary import summarize
    from viewer.site import index_from

    battle = site["battle"]
    summary = summarize([match_stats(battle.header, battle.records)])
    game = summary["games"][0]
    cells = {a: {b: {"wins": (i * 7 + j) % 11, "losses": (i + 3 * j) % 11, "draws": (i * j) % 2, "matches": 1,
                     "unfinished": 0, "neither_won": 0,
                     "win_rate": ((i * 7 + j) % 11) / max((i * 7 + j) % 11 + (i + 3 * j) % 11, 1)}
                 for j, b in enumerate(ROSTER) if a != b} for i, a in enumerate(ROSTER)}
    game["matchups"] = {"sides": ROSTER, "cells": cells}
    path = site["out"] / "roster.html"
    path.write_text(index_from([], summary, {}), encoding="utf-8")
    return path


def _matrix_layout(t: Tab, path: Path) -> dict:
    t.page.goto(path.as_uri())
    t.page.click("#reveal-all")
    return t.page.evaluate("""() => {
        const wrap = document.querySelector('.matrix-wrap'), table = wrap.querySelector('table.matrix');
        const cells = [...table.querySelectorAll('tbody td')];
        return {page: document.scrollingElement.scrollWidth, viewport: innerWidth,
                wrap: wrap.clientWidth, table: table.scrollWidth, cells: cells.length,
                clipped: cells.filter(td => td.scrollWidth > td.clientWidth + 1).length,
                font: Math.min(...cells.map(td => parseFloat(getComputedStyle(td).fontSize))),
                dense: table.classList.contains('dense')};
    }""")


def test_an_eighteen_fighter_matrix_fits_a_desktop_screen(browser, roster_index):  # noqa: F811
    t = _tab(browser, 1280, 800)
    try:
        got = _matrix_layout(t, roster_index)
        assert got["dense"] and got["cells"] == 18 * 18
        assert got["table"] <= got["wrap"], got  # no sideways scrolling at 1280
        assert got["page"] <= got["viewport"], got
        assert got["clipped"] == 0 and got["font"] >= 11, got
    finally:
        _close(t)


def test_an_eighteen_fighter_matrix_scrolls_in_its_box_on_a_phone_keeping_the_row_in_sight(browser, roster_index):  # noqa: F811
    t = _tab(browser, 390, 844)
    try:
        got = _matrix_layout(t, roster_index)
        assert got["page"] <= got["viewport"] + 1, got  # the page itself never scrolls sideways
        assert got["table"] > got["wrap"] and got["clipped"] == 0 and got["font"] >= 11, got
        kept = t.page.evaluate("""() => {
            const wrap = document.querySelector('.matrix-wrap');
            wrap.scrollLeft = wrap.scrollWidth;
            const head = wrap.querySelector('tbody th[scope=row]').getBoundingClientRect();
            const box = wrap.getBoundingClientRect();
            return {head: head.left, box: box.left, width: head.width};
        }""")
        assert abs(kept["head"] - kept["box"]) <= 2 and kept["width"] > 40, kept  # the row's fighter stays in sight
    finally:
        _close(t)

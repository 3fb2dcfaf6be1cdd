"""The match viewer as people expect it, in Chromium (Playwright): a timeline of the rounds reached with their
headlines (click -> jump, spoiler-free), moments marked on the scrubber, notes shown as text, the board above
the fold at 1280x800 and on a phone, motion that respects prefers-reduced-motion, and the board drawn before
plotly is even fetched. Both games, through their view hooks. Skipped without /usr/bin/chromium unless
BEATLOG_REQUIRE_BROWSER=1."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from recorder.jsonl import read_jsonl
from recorder.notes import add_note, notes_path
from viewer.site import render_site
from viewer.sources import Source, from_files

from tests import viewer_support as vs

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
READY = "html[data-ready='1']"
ROOT = Path(__file__).resolve().parent.parent
COGS = ROOT / "sample_logs" / "cogs" / "cog-match-3p.jsonl"
HOSTILE_NOTE = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>\u202eevil'


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
    out = tmp_path_factory.mktemp("timeline")
    battle = vs.write(out / "b.jsonl", vs.battlecon_log())
    log = read_jsonl(battle)
    beat3 = next(r for r in log.records if (r.duel, r.beat) == (1, 3))
    add_note(notes_path(battle), log.header, log.records, duel=1, beat=3, text=HOSTILE_NOTE, author="Judge <b>J</b>")
    render_site(from_files([battle]) + [Source("c", vs.read(COGS))], out / "site")
    cogs = vs.read(COGS)
    return {"out": out / "site", "battle": log, "cogs": cogs, "beat3": beat3}


def page_of(site, key: str) -> Path:
    return site["out"] / "matches" / f"{site[key].header.match_id}.html"


def open_page(browser, path: Path, fragment: str = "", **context):
    ctx = browser.new_context(**({"viewport": {"width": 1280, "height": 800}} | context))
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path.as_uri() + fragment)
    page.wait_for_selector(READY, state="attached")
    return ctx, page, errors


def rounds(page) -> list[dict]:
    return page.evaluate("""() => Array.from(document.querySelectorAll('#timeline .round')).map(li => ({
        name: li.querySelector('.round-name').textContent, line: li.querySelector('.headline').textContent,
        seq: Number(li.querySelector('button').getAttribute('data-seq')),
        flags: Array.from(li.querySelectorAll('.flag')).map(f => f.textContent),
        notes: Array.from(li.querySelectorAll('.note-line')).map(n => n.textContent)}))""")


def pos(page) -> int:
    return int(dict(p.split("=") for p in page.evaluate("() => location.hash").lstrip("#").split("&"))["e"])


@pytest.mark.parametrize("key", ["battle", "cogs"])
def test_the_timeline_lists_only_the_rounds_reached_and_jumps_on_click(browser, site, key):
    log = site[key]
    beats = vs.beats(log)
    ctx, page, errors = open_page(browser, page_of(site, key))
    try:
        # The page opens on the board as set up: the set-up round alone is listed, nothing that follows it.
        assert [r["seq"] for r in rounds(page)] == [beats[0][2]] and beats[0][1] == 0
        assert errors == []
    finally:
        ctx.close()
    ctx, page, errors = open_page(browser, page_of(site, key), "#e=0")  # from before the first event
    try:
        assert rounds(page) == []  # nothing reached: nothing listed, not even how many rounds there are
        assert "appear as you reach them" in page.inner_text("#timeline-more")
        for _ in range(3):
            page.keyboard.press("l")
        shown = rounds(page)
        assert [r["seq"] for r in shown] == [b[2] for b in beats[:3]]
        assert shown[-1]["line"] == "in progress"  # the round being read: no headline yet
        assert all(r["line"] != "in progress" for r in shown[:-1])
        if key == "battle":
            assert " vs " in shown[1]["line"]  # the pairs played
        page.click(f"#timeline button[data-seq='{beats[1][2]}']")
        assert pos(page) == beats[1][2]
        page.click("#reveal")  # revealed: every round, with its headline
        assert [r["seq"] for r in rounds(page)] == [b[2] for b in beats]
        assert errors == []
    finally:
        ctx.close()


def test_scrubber_marks_only_what_was_reached_and_jump(browser, site):
    log = site["battle"]
    marks = [r.seq for r in log.records if r.type in ("StunApplied", "DuelEnded")]
    assert marks, "the test match has a stun or a knockout"
    ctx, page, errors = open_page(browser, page_of(site, "battle"))
    try:
        assert page.locator("#scrub-marks .mark").count() == 0
        page.keyboard.press("End")
        shown = page.evaluate("() => Array.from(document.querySelectorAll('#scrub-marks .mark')).map(m => "
                              "Number(m.getAttribute('data-seq')))")
        assert shown == [seq for seq in marks if seq <= len(log.records)]
        assert any("Knockout" in t for t in page.evaluate(
            "() => Array.from(document.querySelectorAll('#scrub-marks .mark')).map(m => m.title)"))
        page.click(f"#scrub-marks .mark[data-seq='{marks[0]}']")
        assert pos(page) == marks[0]
        assert errors == []
    finally:
        ctx.close()


def test_a_note_is_shown_as_text_in_the_timeline_and_the_report(browser, site):
    beat3 = site["beat3"]
    ctx, page, errors = open_page(browser, page_of(site, "battle"), f"#e={beat3.seq}&p=judge&r=0")
    try:
        page.keyboard.press("l")  # past beat 3: its line and its note are shown
        notes = [n for r in rounds(page) for n in r["notes"]]
        assert notes == ["Judge <b>J</b>: " + HOSTILE_NOTE]
        assert page.evaluate("() => window.pwned") is None
        assert page.locator("#timeline img, #timeline script, #timeline b").count() == 0
        page.keyboard.press("j")
        page.keyboard.press("l")
        report = page.evaluate("() => window.beatlogViewer.reportText(window.beatlogViewer.beatIndex("
                               f"{beat3.seq}))")
        assert "Notes:\n  Judge <b>J</b> on #" in report and "\\u202eevil" in report
        assert errors == []
    finally:
        ctx.close()


@pytest.mark.parametrize("key", ["battle", "cogs"])
@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_the_board_is_above_the_fold(browser, site, key, size):
    width, height = size
    middle = len(site[key].records) // 2
    ctx, page, errors = open_page(browser, page_of(site, key), f"#e={middle}&p=judge&r=0",
                                  viewport={"width": width, "height": height})
    try:
        box = page.evaluate("() => { const r = document.querySelector('#board svg').getBoundingClientRect();"
                            " return [r.top, r.bottom]; }")
        controls = page.evaluate("() => { const c = document.getElementById('controls');"
                                 " return getComputedStyle(c).position === 'fixed' ? c.getBoundingClientRect().top : null }")
        bottom = controls if controls is not None else height
        assert 0 <= box[0] and box[1] <= bottom + 1, (box, bottom)
        if width < 500:
            assert controls is not None and height - controls <= 0.15 * height + 1, controls
        assert errors == []
    finally:
        ctx.close()


def _moved(log) -> int:
    return next(r.seq for r in log.records if r.type == "FighterMoved" and r.data["to_space"] != r.data["from_space"]
                and r.data["kind"] != "rearrange")


@pytest.mark.parametrize("motion, animated", [("no-preference", True), ("reduce", False)])
def test_a_step_animates_unless_motion_is_reduced(browser, site, motion, animated):
    seq = _moved(site["battle"])
    ctx, page, errors = open_page(browser, page_of(site, "battle"), f"#e={seq - 1}&p=judge&r=0",
                                  reduced_motion=motion)
    try:
        # Count the animations started on the board (they last 300 ms: a slow machine may miss them running).
        page.evaluate("""() => { window.__animated = 0; const animate = Element.prototype.animate;
            Element.prototype.animate = function (...args) {
                if (this.closest('#board')) window.__animated++; return animate.apply(this, args); }; }""")
        page.keyboard.press("ArrowRight")
        assert pos(page) == seq
        running = page.evaluate("() => window.__animated")
        assert (running > 0) is animated, running
        assert errors == []
    finally:
        ctx.close()


def test_the_board_is_drawn_before_plotly_is_fetched(browser, site):
    """Time to board on a cold cache (a fresh context): the board is drawn at DOMContentLoaded, plotly is
    requested only after it, and the figure is printed (the bench quotes medians; no timed assertion)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.add_init_script("""new MutationObserver((_, seen) => {
        if (window.__boardAt === undefined && document.querySelector('#board svg')) window.__boardAt = performance.now();
        const plotly = Array.from(document.scripts).find(s => s.src.endsWith('plotly.min.js'));
        if (plotly && window.__plotlyAt === undefined) {
            window.__plotlyAt = performance.now();
            window.__boardBeforePlotly = !!document.querySelector('#board svg');
        }
    }).observe(document, {childList: true, subtree: true});""")
    try:
        page.goto(page_of(site, "battle").as_uri())
        page.wait_for_selector(READY, state="attached")
        blocking = page.evaluate("() => Array.from(document.scripts).some(s => s.src.endsWith('plotly.min.js') "
                                 "&& !s.async)")
        assert not blocking  # never a blocking <script>
        page.wait_for_function("() => typeof window.Plotly !== 'undefined'", timeout=60000)
        board_at, plotly_at, first = page.evaluate("() => [window.__boardAt, window.__plotlyAt, window.__boardBeforePlotly]")
        assert board_at is not None and first is True and plotly_at >= board_at  # the board, then plotly
        print(f"time to board: {board_at:.0f} ms (plotly asked for at {plotly_at:.0f} ms)")
    finally:
        ctx.close()

"""The Cogs of Valor viewer in a real browser (Chromium through Playwright), opened from file://.

Expected positions and scores come from folding the log (the game's own
snapshot after each event), never from numbers written here. Skipped when
/usr/bin/chromium is missing, unless BEATLOG_REQUIRE_BROWSER=1 (CI), where a
missing browser is a failure.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from recorder.game import load_game
from recorder.jsonl import read_jsonl
from replay.walk import Visitor, walk
from viewer.site import render_site
from viewer.sources import Source

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
READY = "html[data-ready='1']"
ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sample_logs" / "cogs" / "cog-match-3p.jsonl"


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


class _Snapshots(Visitor):
    def __init__(self, game) -> None:
        self.game, self.frames = game, []

    def on_header(self, header, state) -> None:
        self.frames.append(self.game.snapshot(state))

    def after(self, record, state) -> None:
        self.frames.append(self.game.snapshot(state))


@pytest.fixture(scope="module")
def match(tmp_path_factory):
    log = read_jsonl(SAMPLE)
    game = load_game("cogs")
    snaps = _Snapshots(game)
    walk(log.header, log.records, [snaps], game)
    written = render_site([Source(SAMPLE.name, log)], tmp_path_factory.mktemp("site"))
    return {"log": log, "frames": snaps.frames, "page": written.matches[0][1]}


def _shown(page) -> dict:
    """What the board shows: each cog's data attributes and each seat's score text."""
    return page.evaluate("""() => ({
        cogs: Array.from(document.querySelectorAll('#board g.cog')).map(g => ({
            id: Number(g.dataset.cog), x: Number(g.dataset.x), y: Number(g.dataset.y),
            heading: g.dataset.heading, hull: Number(g.dataset.hull), owner: Number(g.dataset.owner)})),
        scores: Array.from(document.querySelectorAll('#board [data-score]')).map(e => e.textContent),
        pos: window.beatlogViewer.pos,
    })""")


def _expected(frame: dict) -> dict:
    cogs = sorted(({"id": c["id"], "x": c["x"], "y": c["y"], "heading": c["heading"], "hull": c["hull"],
                    "owner": c["owner"]} for c in frame["cogs"]), key=lambda c: c["id"])
    return {"cogs": cogs, "scores": [f"{s} pt" if s == 1 else f"{s} pts" for s in frame["scores"]]}


def test_stepping_with_keys_shows_the_fold(browser, match):
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(match["page"].resolve().as_uri())
    page.wait_for_selector(READY, state="attached")
    frames = match["frames"]
    # The page opens on the fleets as mustered (the last event of the muster), not on an empty sea.
    muster_end = max(r.seq for r in match["log"].records if r.beat == 0)
    assert _shown(page)["pos"] == muster_end
    opened = sorted(_shown(page)["cogs"], key=lambda c: c["id"])
    assert opened and opened == _expected(frames[muster_end])["cogs"]
    page.keyboard.press("Home")
    assert _shown(page)["pos"] == 0 and _shown(page)["cogs"] == []  # before the muster: nothing on the sea
    # Next turn (l) a few times, then single events (ArrowRight), comparing with the fold each time.
    for key in ["l", "l", "l", "ArrowRight", "ArrowRight", "l", "l", "ArrowLeft", "End"]:
        page.keyboard.press(key)
        shown = _shown(page)
        expected = _expected(frames[shown["pos"]])
        assert sorted(shown["cogs"], key=lambda c: c["id"]) == expected["cogs"], (key, shown["pos"])
        assert shown["scores"] == expected["scores"], (key, shown["pos"])
    assert _shown(page)["pos"] == len(match["log"].records)
    # Three players: three score cards, and the wind rose says where the wind blows from.
    assert page.locator("#board .cg-score").count() == 3
    assert page.locator("#board g.wind").get_attribute("data-wind") == frames[-1]["wind"]
    assert page.locator("#board svg.cogs-board").count() == 1
    assert errors == []
    page.close()


def test_a_seat_does_not_see_the_others_secret_courses(browser, match):
    log = match["log"]
    course = next(r for r in log.records if r.type == "CourseSet" and r.actor == 0)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(match["page"].resolve().as_uri() + f"#e={course.seq}&p=2&r=0")
    page.wait_for_selector(READY, state="attached")
    cog = course.data["cog"]
    card = page.locator(f"[data-cog-card='{cog}']")
    assert "secret until revealed" not in card.inner_text()
    page.goto(match["page"].resolve().as_uri() + f"#e={course.seq}&p=1&r=0")
    page.reload()
    page.wait_for_selector(READY, state="attached")
    assert "secret until revealed" in page.locator(f"[data-cog-card='{cog}']").inner_text()
    page.close()


# -- the game's words and its phases (issue 9: "step through phases and events") -------------------


def _phase_starts(log) -> list[tuple[int, str]]:
    """(first seq, name) of each run of one phase, from the game's own hook (replay.phases)."""
    from replay.phases import PhaseTracker

    tracker, runs = PhaseTracker(load_game("cogs")), []
    for record in log.records:
        name = tracker.label(record)
        if not runs or runs[-1][1] != name or record.beat != log.records[runs[-1][0] - 1].beat:
            runs.append((record.seq, name))
    return runs


def _open(browser, match, fragment: str = ""):
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(match["page"].resolve().as_uri() + fragment)
    page.wait_for_selector(READY, state="attached")
    return page, errors


def test_phase_keys_and_buttons_step_through_each_turns_phases(browser, match):
    starts = _phase_starts(match["log"])
    page, errors = _open(browser, match, "#e=0")  # from before the muster
    pos = lambda: page.evaluate("() => window.beatlogViewer.pos")  # noqa: E731
    # "." goes to the first event of each phase in turn, from the muster to the last turn's last phase.
    for first, name in starts[:12]:
        page.keyboard.press(".")
        assert pos() == first, name
        assert name in page.inner_text("#where")  # the where-line names the phase
        assert page.locator("#event-list li.current .phase").inner_text() == name
        assert page.inner_text("#announce").startswith(f"Phase {name}. ")
    # "," goes back to the start of the current phase, then to the previous phase.
    page.keyboard.press("ArrowRight")
    page.keyboard.press(",")
    assert pos() == starts[11][0]
    page.keyboard.press(",")
    assert pos() == starts[10][0]
    # The buttons do the same.
    page.click("button[data-act='next-phase']")
    assert pos() == starts[11][0]
    page.click("button[data-act='prev-phase']")
    assert pos() == starts[10][0]
    # Past the last phase: the end of the match.
    page.keyboard.press("End")
    page.keyboard.press(".")
    assert pos() == len(match["log"].records)
    assert errors == []
    page.close()


def test_the_page_speaks_of_turns_and_fleets_never_of_duels_or_beats(browser, match):
    log = match["log"]
    turn3 = next(r.seq for r in log.records if r.beat == 3)
    page, errors = _open(browser, match, f"#e={turn3}")
    assert page.inner_text("#where").startswith(f"Turn 3, event {turn3}")
    assert page.inner_text("#events-title") == "Turn 3"
    assert page.inner_text("#dispute-title") == "Dispute report for this turn"
    labels = page.eval_on_selector_all("#controls button[data-act]", "bs => bs.map(b => b.getAttribute('aria-label'))")
    assert labels[:7] == ["First turn", "Previous turn", "Previous event", "Play", "Next event", "Next turn",
                          "Last turn"]
    assert labels[7:9] == ["Previous phase", "Next phase"]
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    assert page.inner_text("#where").startswith("Muster, event 1")
    page.keyboard.press("9")
    page.keyboard.press("9")
    assert page.inner_text("#announce") == "The match has no turn 99"
    page.keyboard.press("?")
    keymap = page.inner_text("#keymap")
    assert "next / previous phase of the turn" in keymap and "jump to that turn (type 1 then 2 for turn 12)" in keymap
    page.keyboard.press("Escape")
    # Every text of the page, hidden ones too (the key map, the reveal help), but not its data.
    text = page.evaluate("""() => { const b = document.body.cloneNode(true);
                                     b.querySelectorAll('script').forEach(s => s.remove()); return b.textContent; }""")
    assert re.findall(r"(?i)\b(?:duels?|beats?|fighters?)\b", text) == []
    assert errors == []
    page.close()


def test_the_cogs_dispute_report_is_the_explain_report(browser, match):
    from replay.explain import explain, render_text

    log = match["log"]
    page, errors = _open(browser, match, "#r=1")
    beats = page.evaluate("() => window.beatlogViewer.data.beats")
    for index, (duel, beat, first, last) in enumerate(beats):
        expected = render_text(explain(log.header, log.records, beat))
        assert page.evaluate("i => beatlogViewer.reportText(i)", index) == expected, beat
    assert "  Phase: 3C ranged combat" in page.evaluate("i => beatlogViewer.reportText(i)", 2)
    assert errors == []
    page.close()


# -- crews per deck on the board, and cards that hold their chips (issue 9) -----------------------
DECKS = ("stern", "main", "fore", "nest")


def _deck_counts(frame: dict) -> dict:
    """cog -> deck -> {seat: crew standing there} for cogs afloat, from the fold."""
    out: dict = {}
    sunk = {c["id"] for c in frame["cogs"] if c["sunk"]}
    for c in frame["crew"]:
        if c["cog"] in sunk or c["deck"] not in DECKS or c["captive_of"] is not None:
            continue
        seats = out.setdefault(c["cog"], {}).setdefault(c["deck"], {})
        seats[c["owner"]] = seats.get(c["owner"], 0) + 1
    return out


def test_the_board_counts_each_decks_crew_per_side(browser, match):
    frames = match["frames"]
    page, errors = _open(browser, match)
    # A frame where crews of two sides stand on one deck (boarders), and the end.
    mixed = next(i for i, f in enumerate(frames) if any(len(seats) > 1 for decks in _deck_counts(f).values()
                                                        for seats in decks.values()))
    for pos in (mixed, len(frames) - 1):
        page.evaluate("p => beatlogViewer.go(p)", pos)
        shown = page.evaluate("""() => Array.from(document.querySelectorAll('#board g.cog')).flatMap(g =>
            Array.from(g.querySelectorAll('text.deck-count')).map(t => ({
                cog: Number(g.dataset.cog), deck: t.dataset.deckCount,
                seats: Array.from(t.querySelectorAll('tspan[data-seat]')).map(s => [Number(s.dataset.seat),
                    Number(s.textContent), s.getAttribute('fill')])})))""")
        got: dict = {}
        for item in shown:
            got.setdefault(item["cog"], {})[item["deck"]] = {seat: n for seat, n, _ in item["seats"]}
        assert got == _deck_counts(frames[pos]), pos
        colours = {seat: fill for item in shown for seat, _, fill in item["seats"]}
        assert len(set(colours.values())) == len(colours)  # one colour per side
    assert page.locator("#board text.crew-count").count() == 0  # no "N crew" mixing the sides
    assert errors == []
    page.close()


@pytest.mark.parametrize("width", [1280, 375])
def test_cog_cards_hold_their_chips_and_a_sunk_hull_reads_zero(browser, match, width):
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(match["page"].resolve().as_uri())
    page.wait_for_selector(READY, state="attached")
    page.keyboard.press("End")
    spill = page.evaluate("""() => Array.from(document.querySelectorAll('.cg-cog')).flatMap(card => {
        const box = card.getBoundingClientRect();
        return Array.from(card.querySelectorAll('.chip, dd')).filter(e => {
            const r = e.getBoundingClientRect();
            return r.left < box.left - 0.5 || r.right > box.right + 0.5;
        }).map(e => e.textContent);
    })""")
    assert spill == []
    sunk = [c for c in match["frames"][-1]["cogs"] if c["sunk"]]
    assert sunk
    for cog in sunk:
        hull = page.locator(f"[data-cog-card='{cog['id']}'] dd[data-key='hull']").inner_text().strip()
        assert hull == f"0/{cog['max_hull']} (sunk)"
    page.close()

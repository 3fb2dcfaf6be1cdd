"""The grid skirmish viewer in a real browser (Chromium through Playwright), opened from file://.

Expected positions come from folding the log (the game's own snapshot after each event), never from numbers
written here. Skipped when /usr/bin/chromium is missing, unless BEATLOG_REQUIRE_BROWSER=1.
"""

from __future__ import annotations

import os
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
SAMPLE = ROOT / "sample_logs" / "skirmish" / "domination-shadows-vs-vanguard.jsonl"


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
    game = load_game("skirmish")
    snaps = _Snapshots(game)
    walk(log.header, log.records, [snaps], game)
    written = render_site([Source(SAMPLE.name, log)], tmp_path_factory.mktemp("site"))
    return {"log": log, "frames": snaps.frames, "page": written.matches[0][1]}


def _shown(page) -> dict:
    return page.evaluate("""() => ({
        chars: Array.from(document.querySelectorAll('#board g.sk-char')).map(g => ({
            id: Number(g.dataset.id), x: Number(g.dataset.x), y: Number(g.dataset.y), facing: g.dataset.facing,
            hp: Number(g.dataset.hp)})),
        obstacles: document.querySelectorAll('#board rect.obstacle').length,
        towers: Array.from(document.querySelectorAll('#board g.objective')).map(g => g.dataset.team),
        pos: window.beatlogViewer.pos,
    })""")


def _expected(frame: dict) -> dict:
    chars = sorted(({"id": c["id"], "x": c["x"], "y": c["y"], "facing": c["facing"], "hp": c["hp"]}
                    for c in frame["characters"] if c["alive"] and c["x"] is not None), key=lambda c: c["id"])
    return {"chars": chars, "obstacles": len(frame["obstacles"]),
            "towers": ["" if o["team"] is None else str(o["team"]) for o in frame["objectives"]]}


def _open(browser, match, fragment: str = "", width: int = 1280):
    errors: list[str] = []
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(match["page"].resolve().as_uri() + fragment)
    page.wait_for_selector(READY, state="attached")
    return page, errors


def test_stepping_shows_the_fold(browser, match):
    page, errors = _open(browser, match)
    frames = match["frames"]
    for key in ["l", "l", "ArrowRight", "ArrowRight", "l", ".", ".", "l", "ArrowLeft", "End"]:
        page.keyboard.press(key)
        shown = _shown(page)
        expected = _expected(frames[shown["pos"]])
        assert sorted(shown["chars"], key=lambda c: c["id"]) == expected["chars"], (key, shown["pos"])
        assert shown["obstacles"] == expected["obstacles"] and shown["towers"] == expected["towers"]
    assert _shown(page)["pos"] == len(match["log"].records)
    assert page.locator("#board svg.sk-board").count() == 1
    assert page.locator("#panels [data-char-card]").count() == len(frames[-1]["characters"])
    assert errors == []
    page.close()


def test_each_move_draws_its_path(browser, match):
    log = match["log"]
    moved = next(r for r in log.records if r.type == "CharacterMoved" and len(r.data["path"]) >= 2)
    page, errors = _open(browser, match, f"#e={moved.seq}")
    line = page.locator(f"#board polyline[data-path='{moved.data['character']}']")
    assert line.count() == 1
    assert len(line.get_attribute("points").split()) == len(moved.data["path"]) + 1
    assert errors == []
    page.close()


def test_a_seat_does_not_see_the_others_face_down_card(browser, match):
    log = match["log"]
    chosen = next(r for r in log.records if r.type == "MovementCardChosen" and r.actor == 0)
    cid = chosen.data["character"]
    page, _ = _open(browser, match, f"#e={chosen.seq}&p=2&r=0")
    assert "secret until revealed" not in page.locator(f"[data-char-card='{cid}']").inner_text()
    page.close()
    page, _ = _open(browser, match, f"#e={chosen.seq}&p=1&r=0")
    assert "secret until revealed" in page.locator(f"[data-char-card='{cid}']").inner_text()
    page.close()


def test_phone_width_has_no_sideways_scroll(browser, match):
    page, errors = _open(browser, match, "#e=200", width=390)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    box = page.locator("#board svg.sk-board").bounding_box()
    assert box and box["width"] <= 390
    assert errors == []
    page.close()


def test_caravans_are_drawn_as_the_fold_has_them(browser, tmp_path):
    sample = ROOT / "sample_logs" / "skirmish" / "caravan-vanguard-vs-shadows.jsonl"
    log = read_jsonl(sample)
    game = load_game("skirmish")
    snaps = _Snapshots(game)
    walk(log.header, log.records, [snaps], game)
    page_path = render_site([Source(sample.name, log)], tmp_path).matches[0][1]
    moved = [r.seq for r in log.records if r.type == "CaravanMoved"][::7][:4]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    for seq in moved:
        page.goto(page_path.resolve().as_uri() + f"#e={seq}")
        page.reload()
        page.wait_for_selector(READY, state="attached")
        shown = page.evaluate("""() => Array.from(document.querySelectorAll('#board g.caravan')).map(g =>
            [Number(g.dataset.caravan), g.dataset.head, Number(g.dataset.loot)])""")
        frame = snaps.frames[seq]
        assert shown == [[cv["id"], ",".join(map(str, cv["head"])), cv["loot"]] for cv in frame["caravans"]
                         if cv["gone"] is None], seq
    page.close()

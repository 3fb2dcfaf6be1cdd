"""Heketch on the match page, in Chromium: his Dark Force token moves between "Tokens", "Anted" and "Spent tokens"
as the snapshot has it, and an opponent who "cannot move" (MovementLocked: Merciless) shows it among their
statuses until the beat ends. (Fixtures and the Tab helper: tests/test_viewer_browser.py.)"""

from __future__ import annotations

import pytest

from viewer.site import render_site
from viewer.sources import Source

from tests import viewer_support as vs
from tests.test_viewer_browser import Tab, browser  # noqa: F401 - browser is a fixture

SAMPLE = vs.SAMPLES / "woi-heketch-vs-khadath.jsonl"


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    out = tmp_path_factory.mktemp("heketch")
    log = vs.read(SAMPLE)
    render_site([Source("0", log)], out)
    return {"path": out / "matches" / f"{log.header.match_id}.html", "log": log}


def _chips(panel, key: str) -> list[str]:
    return panel.locator(f"dd[data-key='{key}'] .chip").all_inner_texts()


def test_dark_force_and_a_lock_on_the_opponent_are_drawn_as_the_snapshot_has_them(browser, page):  # noqa: F811
    log = page["log"]
    seat = next(i for i, p in enumerate(log.header.players) if p.side == "heketch")
    snaps = vs.snapshots(log)
    locks = [r for r in log.records if r.type == "MovementLocked"]
    tokens = [r for r in log.records if r.data.get("player") == seat and (
        r.type in ("TokensSpent", "TokensGained") or (r.type == "AnteDeclared" and r.data["ante"] != "pass"))]
    assert locks and tokens
    t = Tab(browser.new_context(viewport={"width": 1280, "height": 900}))
    try:
        t.open(page["path"])
        for record in tokens[:6]:
            f = snaps[record.seq]["fighters"][seat]
            t.page.evaluate("pos => window.beatlogViewer.go(pos, 'jump')", record.seq)
            panel = t.page.locator(f"[data-panel='{seat}']")
            assert _chips(panel, "tokens") == f["tokens"], (record.seq, record.type)
            assert _chips(panel, "anted") == f["anted"], (record.seq, record.type)
        lock = locks[0]
        who = lock.data["player"]
        t.page.evaluate("pos => window.beatlogViewer.go(pos, 'jump')", lock.seq)
        status = t.page.locator(f"[data-panel='{who}'] dd[data-key='statuses']").inner_text()
        assert f"cannot move this beat ({lock.data['reason']})" in status
        end = next(r for r in log.records if r.seq > lock.seq and r.type == "BeatEnded")
        t.page.evaluate("pos => window.beatlogViewer.go(pos, 'jump')", end.seq)
        assert "cannot move" not in t.page.locator(f"[data-panel='{who}']").inner_text()
    finally:
        t.context.close()
        assert t.errors == [], t.errors

"""Heketch on the match page, in Chromium: his Dark Force token moves between "Tokens", "Anted" and "Spent tokens"
as the snapshot has it, and an opponent who "cannot move" (MovementLocked: Merciless) shows it among their
statuses until the beat ends. (Set-up: tests/fighter_pages.py.)"""

from __future__ import annotations

from tests.fighter_pages import chips, jump, opened, panel, sample_page
from tests.test_viewer_browser import browser  # noqa: F401 - browser is a fixture

page = sample_page("woi-heketch-vs-khadath.jsonl")


def test_dark_force_and_a_lock_on_the_opponent_are_drawn_as_the_snapshot_has_them(browser, page):  # noqa: F811
    log = page.log
    seat = page.seat("heketch")
    snaps = page.snapshots
    locks = [r for r in log.records if r.type == "MovementLocked"]
    tokens = [r for r in log.records if r.data.get("player") == seat and (
        r.type in ("TokensSpent", "TokensGained") or (r.type == "AnteDeclared" and r.data["ante"] != "pass"))]
    assert locks and tokens
    with opened(browser, page) as t:
        for record in tokens[:6]:
            f = snaps[record.seq]["fighters"][seat]
            jump(t, record.seq)
            assert chips(panel(t, seat), "tokens") == f["tokens"], (record.seq, record.type)
            assert chips(panel(t, seat), "anted") == f["anted"], (record.seq, record.type)
        lock = locks[0]
        who = lock.data["player"]
        jump(t, lock.seq)
        status = panel(t, who).locator("dd[data-key='statuses']").inner_text()
        assert f"cannot move this beat ({lock.data['reason']})" in status
        end = next(r for r in log.records if r.seq > lock.seq and r.type == "BeatEnded")
        jump(t, end.seq)
        assert "cannot move" not in panel(t, who).inner_text()

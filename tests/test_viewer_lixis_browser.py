"""Lixis on the match page, in Chromium: each base Withering Touch (or Pruning) makes the opponent discard is drawn
in the opponent's panel, in the zone "with the pair", from the moment it is discarded until it goes into their
discard 1 with the attack pair -- as the game's snapshot has it. (Fixtures and the Tab helper:
tests/test_viewer_browser.py.)"""

from __future__ import annotations

import pytest

from viewer.site import render_site
from viewer.sources import Source

from tests import viewer_support as vs
from tests.test_viewer_browser import Tab, browser  # noqa: F401 - browser is a fixture

SAMPLE = vs.SAMPLES / "woi-specials-lixis-vs-khadath.jsonl"
ZONE = "with the pair"


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    out = tmp_path_factory.mktemp("lixis")
    log = vs.read(SAMPLE)
    render_site([Source("0", log)], out)
    return {"path": out / "matches" / f"{log.header.match_id}.html", "log": log}


def test_the_opponents_panel_shows_the_base_discarded_with_the_pair(browser, page):  # noqa: F811
    log = page["log"]
    seat = next(i for i, p in enumerate(log.header.players) if p.side == "lixis")
    opp = 1 - seat
    snaps = vs.snapshots(log)
    discards = [r for r in log.records if r.type == "CardMoved" and r.data["to_zone"] == ZONE]
    assert discards and all(r.data["player"] == opp for r in discards)  # the sample hit and made him discard
    recycled = [next(r for r in log.records if r.seq > d.seq and r.type == "CardsRecycled"
                     and r.data["player"] == opp) for d in discards[:3]]
    t = Tab(browser.new_context(viewport={"width": 1280, "height": 900}))
    try:
        t.open(page["path"])
        for moved in discards[:3]:
            t.page.evaluate("pos => window.beatlogViewer.go(pos, 'jump')", moved.seq)
            panel = t.page.locator(f"[data-panel='{opp}']")
            held = snaps[moved.seq]["fighters"][opp]["zones"][ZONE]
            assert moved.data["card"] in held
            assert panel.locator(f"dd[data-key='zone-{ZONE}'] .chip").all_inner_texts() == held
        for rec in recycled:  # into discard 1 with the pair: the zone is empty and not drawn
            t.page.evaluate("pos => window.beatlogViewer.go(pos, 'jump')", rec.seq)
            panel = t.page.locator(f"[data-panel='{opp}']")
            assert snaps[rec.seq]["fighters"][opp]["zones"][ZONE] == []
            assert panel.locator(f"dd[data-key='zone-{ZONE}']").count() == 0
            assert panel.locator("dd[data-key='discard1'] .chip").all_inner_texts()[-1:] == list(
                snaps[rec.seq]["fighters"][opp]["discard1"][-1:])
    finally:
        t.context.close()
        assert t.errors == [], t.errors


class _Eager:
    """Lixis's source: the random bot, but she takes Virulent Miasma and plays it whenever she can."""

    def __init__(self, inner) -> None:
        self.inner = inner

    def answer(self, request, match):
        from recorder.decisions import Answer
        if request.kind == "finisher":
            return Answer(next(o for o in request.options if o["finisher"] == "Virulent Miasma"), "test")
        if request.kind in ("pair", "new_pair"):
            for option, label in zip(request.options, request.labels):
                if "finisher: Virulent Miasma" in label:
                    return Answer(dict(option), "test")
        return self.inner.answer(request, match)


def test_her_panel_shows_virulent_miasma_lasting_for_the_duel(browser, tmp_path):  # noqa: F811
    from recorder.game import load_game
    from recorder.header import Player
    from recorder.integrity import LogFile
    from recorder.recording import MemorySink, record

    game, seed = load_game("battlecon"), 13  # a seed where her Miasma hits and the opponent then loses life
    header = game.make_header(players=(Player("Ann", "lixis"), Player("Ben", "hikaru")), edition="woi", seed=seed,
                              options={"duels": 1, "special_actions": True})
    sink = MemorySink()
    record(game, header, {0: _Eager(game.bot("random", seed, 0)), 1: game.bot("greedy", seed, 1)}, sink,
           clock=lambda: vs.CREATED_AT)
    log = LogFile(sink.header, sink.records)
    render_site([Source("0", log)], tmp_path)
    lost = next(r for r in log.records if r.type == "LifeLost" and "Virulent Miasma" in r.data["reason"])
    before = next(r for r in log.records if r.type == "FinisherRevealed" and r.data["player"] == 0)
    snaps = vs.snapshots(log)
    assert snaps[lost.seq]["fighters"][0]["lasting"] == [
        "Virulent Miasma on Hikaru: loses 2 life each ante step (-3 Priority at 1 life)"]
    t = Tab(browser.new_context(viewport={"width": 1280, "height": 900}))
    try:
        t.open(tmp_path / "matches" / f"{log.header.match_id}.html")
        t.page.evaluate("pos => window.beatlogViewer.go(pos, 'jump')", before.seq)
        assert t.page.locator("[data-panel='0'] dd[data-key='lasting']").count() == 0  # not yet
        t.page.evaluate("pos => window.beatlogViewer.go(pos, 'jump')", lost.seq)
        text = t.page.locator("[data-panel='0'] dd[data-key='lasting']").inner_text()
        assert text == "Virulent Miasma on Hikaru: loses 2 life each ante step (-3 Priority at 1 life)"
    finally:
        t.context.close()
        assert t.errors == [], t.errors

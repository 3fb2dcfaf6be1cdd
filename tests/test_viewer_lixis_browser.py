"""Lixis on the match page, in Chromium: each base Withering Touch (or Pruning) makes the opponent discard is drawn
in the opponent's panel, in the zone "with the pair", from the moment it is discarded until it goes into their
discard 1 with the attack pair -- as the game's snapshot has it. (Set-up: tests/fighter_pages.py.)"""

from __future__ import annotations

from tests import viewer_support as vs
from tests.fighter_pages import chips, jump, opened, panel, render_log, sample_page
from tests.test_viewer_browser import browser  # noqa: F401 - browser is a fixture

page = sample_page("woi-specials-lixis-vs-khadath.jsonl")
ZONE = "with the pair"


def test_the_opponents_panel_shows_the_base_discarded_with_the_pair(browser, page):  # noqa: F811
    log = page.log
    seat = page.seat("lixis")
    opp = 1 - seat
    snaps = page.snapshots
    discards = [r for r in log.records if r.type == "CardMoved" and r.data["to_zone"] == ZONE]
    assert discards and all(r.data["player"] == opp for r in discards)  # the sample hit and made him discard
    recycled = [next(r for r in log.records if r.seq > d.seq and r.type == "CardsRecycled"
                     and r.data["player"] == opp) for d in discards[:3]]
    with opened(browser, page) as t:
        for moved in discards[:3]:
            jump(t, moved.seq)
            held = snaps[moved.seq]["fighters"][opp]["zones"][ZONE]
            assert moved.data["card"] in held
            assert chips(panel(t, opp), f"zone-{ZONE}") == held
        for rec in recycled:  # into discard 1 with the pair: the zone is empty and not drawn
            jump(t, rec.seq)
            assert snaps[rec.seq]["fighters"][opp]["zones"][ZONE] == []
            assert panel(t, opp).locator(f"dd[data-key='zone-{ZONE}']").count() == 0
            assert chips(panel(t, opp), "discard1")[-1:] == list(snaps[rec.seq]["fighters"][opp]["discard1"][-1:])


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
    recorded = render_log(tmp_path, LogFile(sink.header, sink.records))
    log = recorded.log
    lost = next(r for r in log.records if r.type == "LifeLost" and "Virulent Miasma" in r.data["reason"])
    before = next(r for r in log.records if r.type == "FinisherRevealed" and r.data["player"] == 0)
    snaps = recorded.snapshots
    assert snaps[lost.seq]["fighters"][0]["lasting"] == [
        "Virulent Miasma on Hikaru: loses 2 life each ante step (-3 Priority at 1 life)"]
    with opened(browser, recorded) as t:
        jump(t, before.seq)
        assert panel(t, 0).locator("dd[data-key='lasting']").count() == 0  # not yet
        jump(t, lost.seq)
        text = panel(t, 0).locator("dd[data-key='lasting']").inner_text()
        assert text == "Virulent Miasma on Hikaru: loses 2 life each ante step (-3 Priority at 1 life)"

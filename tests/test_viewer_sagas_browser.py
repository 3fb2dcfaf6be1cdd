"""Sagas on the match page, in Chromium: the cards Assimilate took from the opponent are drawn in his hand as
borrowed card chips ("Advancing (Hikaru's)", a dashed chip whose tooltip gives the card as its owner prints it),
and leave the opponent's panel -- as the game's snapshot has it. (Set-up: tests/fighter_pages.py.)"""

from __future__ import annotations

import pytest

from recorder.game import load_game
from recorder.header import Player
from recorder.integrity import LogFile
from recorder.recording import MemorySink, record
from tests import viewer_support as vs
from tests.fighter_pages import chips, jump, opened, panel, render_log
from tests.test_viewer_browser import browser  # noqa: F401 - browser is a fixture


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    # The Assimilate golden's match (tests/test_golden.py, battlecon-sagas-assimilate): his anted Assimilate hits.
    game = load_game("battlecon")
    seed = 31
    header = game.make_header(players=(Player("Ann", "sagas"), Player("Ben", "hikaru")), edition="woi", seed=seed,
                              options={"duels": 1, "ante_finishers": True, "finishers": ["b", "chosen"]})
    sink = MemorySink()
    record(game, header, {0: game.bot("random", seed, 0), 1: game.bot("greedy", seed, 1)}, sink,
           clock=lambda: vs.CREATED_AT)
    return render_log(tmp_path_factory.mktemp("assimilate"), LogFile(sink.header, sink.records))


def test_his_hand_draws_the_cards_he_took_as_borrowed_chips(browser, page):  # noqa: F811
    taken = [r for r in page.log.records if r.type == "CardMoved" and r.data["owner"] is not None]
    assert [r.data["card"] for r in taken] == ["Advancing", "Burst"]
    after = taken[-1].seq
    hand = page.snapshots[after]["fighters"][0]["hand"]
    assert hand[-2:] == ["Advancing (Hikaru's)", "Burst (Hikaru's)"]
    assert "Advancing" not in page.snapshots[after]["fighters"][1]["hand"]
    with opened(browser, page) as t:
        jump(t, after)
        assert chips(panel(t, 0), "hand") == hand
        borrowed = panel(t, 0).locator("dd[data-key='hand'] .chip.borrowed-card")
        assert borrowed.all_inner_texts() == ["Advancing (Hikaru's)", "Burst (Hikaru's)"]
        assert borrowed.first.get_attribute("title") == "Advancing (Hikaru's) (style): range 0, power 1, priority 1"
        assert "Advancing" not in chips(panel(t, 1), "hand")

"""Kehrolyn's extra styles on the match page, in Chromium: her panel shows her Current Form (the style on top of
discard 1) as a card, the style Overload revealed while it is out of her hand, and a style The August Strain set
aside for the rest of the duel, with its lasting effect -- each exactly as the game's snapshot has it, to both
players (all of it is public). (Fixtures and the Tab helper: tests/test_viewer_browser.py.)"""

from __future__ import annotations

import pytest

from recorder.decisions import Answer
from recorder.game import load_game
from recorder.games.battlecon.cards import KITS
from recorder.header import Player
from recorder.integrity import LogFile
from recorder.recording import MemorySink, record
from viewer.site import render_site
from viewer.sources import Source

from tests import viewer_support as vs
from tests.test_viewer_browser import Tab, browser  # noqa: F401 - browser is a fixture

OVERLOADED, SET_ASIDE = "overloaded", "set aside"


class _Eager:
    """Random play, but The August Strain is her Finisher and she plays it as soon as she may."""

    def __init__(self, inner) -> None:
        self.inner = inner

    def answer(self, request, match):
        if request.kind == "finisher":
            return Answer(next(o for o in request.options if o["finisher"] == "The August Strain"), "test")
        if request.kind in ("pair", "new_pair"):
            for option, label in zip(request.options, request.labels):
                if "finisher: The August Strain" in label:
                    return Answer(dict(option), "test")
        return self.inner.answer(request, match)


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    out = tmp_path_factory.mktemp("kehrolyn")
    game, seed = load_game("battlecon"), 5  # a seed where she overloads a style and her August Strain hits
    header = game.make_header(players=(Player("Ann", "kehrolyn"), Player("Ben", "hikaru")), edition="woi", seed=seed,
                              options={"duels": 1, "special_actions": True})
    sink = MemorySink()
    record(game, header, {0: _Eager(game.bot("random", seed, 0)), 1: game.bot("greedy", seed, 1)}, sink,
           clock=lambda: vs.CREATED_AT)
    log = LogFile(sink.header, sink.records)
    render_site([Source("0", log)], out)
    return {"path": out / "matches" / f"{log.header.match_id}.html", "log": log}


def _chips(panel, key: str) -> list[str]:
    return panel.locator(f"dd[data-key='{key}'] .chip").all_inner_texts()


def test_her_panel_shows_her_current_form_and_the_styles_out_of_her_hand(browser, page):  # noqa: F811
    log = page["log"]
    snaps = vs.snapshots(log)
    moved = [r for r in log.records if r.type == "CardMoved" and r.data["player"] == 0]
    assert {r.data["to_zone"] for r in moved} >= {OVERLOADED, SET_ASIDE, "hand"}  # revealed, set aside, returned
    t = Tab(browser.new_context(viewport={"width": 1280, "height": 900}))
    try:
        t.open(page["path"])
        for record_ in moved:
            f = snaps[record_.seq]["fighters"][0]
            t.page.evaluate("pos => window.beatlogViewer.go(pos, 'jump')", record_.seq)
            panel = t.page.locator("[data-panel='0']")
            assert _chips(panel, f"zone-{OVERLOADED}") == f["zones"][OVERLOADED], record_.seq
            assert _chips(panel, f"zone-{SET_ASIDE}") == f["zones"][SET_ASIDE], record_.seq
            form = f["current_form"]
            assert _chips(panel, "field-current_form") == ([form] if form else []), record_.seq
            if form:
                chip = panel.locator("dd[data-key='field-current_form'] .chip").first
                card = KITS["kehrolyn"].cards[form]
                assert chip.get_attribute("title") == (f"{form} (style): range {card.range[0]}~{card.range[1]}, power "
                                                       f"{card.power}, priority {card.priority}").replace("0~0", "0")
                assert panel.locator("dt", has_text="Current Form").count() == 1
            if f["zones"][SET_ASIDE]:
                lasting = panel.locator("dd[data-key='lasting']").inner_text()
                assert lasting == "; ".join(f"The August Strain: {s} applies to all her attacks for the rest of the duel"
                                            for s in f["zones"][SET_ASIDE])
    finally:
        t.context.close()
        assert t.errors == [], t.errors

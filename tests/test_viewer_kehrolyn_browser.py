"""Kehrolyn's extra styles on the match page, in Chromium: her panel shows her Current Form (the style on top of
discard 1) as a card, the style Overload revealed while it is out of her hand, and a style The August Strain set
aside for the rest of the duel, with its lasting effect -- each exactly as the game's snapshot has it, to both
players (all of it is public). (Set-up: tests/fighter_pages.py.)"""

from __future__ import annotations

from recorder.decisions import Answer
from recorder.game import load_game
from recorder.games.battlecon.cards import KITS

from tests import viewer_support as vs
from tests.fighter_pages import chips, jump, log_page, opened, panel
from tests.test_viewer_browser import browser  # noqa: F401 - browser is a fixture

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


SEED = 5  # a seed where she overloads a style and her August Strain hits
page = log_page(lambda: vs.battlecon_log(
    fighters=("kehrolyn", "hikaru"), seed=SEED, bots=("random", "greedy"), options={"special_actions": True},
    sources={0: _Eager(load_game("battlecon").bot("random", SEED, 0))}))


def test_her_panel_shows_her_current_form_and_the_styles_out_of_her_hand(browser, page):  # noqa: F811
    log = page.log
    snaps = page.snapshots
    moved = [r for r in log.records if r.type == "CardMoved" and r.data["player"] == 0]
    assert {r.data["to_zone"] for r in moved} >= {OVERLOADED, SET_ASIDE, "hand"}  # revealed, set aside, returned
    with opened(browser, page) as t:
        for record_ in moved:
            f = snaps[record_.seq]["fighters"][0]
            jump(t, record_.seq)
            row = panel(t, 0)
            assert chips(row, f"zone-{OVERLOADED}") == f["zones"][OVERLOADED], record_.seq
            assert chips(row, f"zone-{SET_ASIDE}") == f["zones"][SET_ASIDE], record_.seq
            form = f["current_form"]
            assert chips(row, "field-current_form") == ([form] if form else []), record_.seq
            if form:
                chip = row.locator("dd[data-key='field-current_form'] .chip").first
                card = KITS["kehrolyn"].cards[form]
                assert chip.get_attribute("title") == (f"{form} (style): range {card.range[0]}~{card.range[1]}, power "
                                                       f"{card.power}, priority {card.priority}").replace("0~0", "0")
                assert row.locator("dt", has_text="Current Form").count() == 1
            if f["zones"][SET_ASIDE]:
                lasting = row.locator("dd[data-key='lasting']").inner_text()
                assert lasting == "; ".join(f"The August Strain: {s} applies to all her attacks for the rest of the duel"
                                            for s in f["zones"][SET_ASIDE])

"""Tatsumi's Juto in the viewer, in a real browser (Chromium through Playwright): a second figure of her seat
below the fighters' row with his life inside, named in the board's caption, moving with the log and gone from the
board while he is disabled; his panel row says where he stands, his life and his zone's bonus; at phone width too.
Skipped without a browser, as tests/test_viewer_browser.py. (Set-up: tests/fighter_pages.py.)"""

from __future__ import annotations

import pytest

from tests import viewer_support as vs
from tests.fighter_pages import log_page, opened
from tests.test_viewer_browser import browser  # noqa: F401  (the browser fixture)

tatsumi_page = log_page(lambda: vs.battlecon_log(fighters=("tatsumi", "kallistar"), seed=21, bots=("greedy", "random")))


def _juto_at(log):
    """(seq, space, life) after each FigurePlaced / CounterChanged / FigureRemoved of Juto, in log order."""
    space, life, out = 0, 4, []
    for r in log.records:
        if r.type == "FigurePlaced":
            space = r.data["space"]
        elif r.type == "FigureRemoved":
            space = 0
        elif r.type == "CounterChanged" and r.data["counter"] == "Juto's life":
            life = r.data["value"]
        else:
            continue
        out.append((r.seq, space, life))
    return out


@pytest.mark.parametrize(("width", "height"), [(1200, 900), (390, 844)], ids=["desktop", "phone"])
def test_juto_is_drawn_as_a_second_figure_with_his_life(browser, tatsumi_page, width, height):  # noqa: F811
    states = _juto_at(tatsumi_page.log)
    assert states and any(b[1] != states[0][1] for b in states), "Juto never moved in this log"
    with opened(browser, tatsumi_page, width=width, height=height) as tab:
        for seq, space, life in [states[0], *[s for s in states[1:] if s[1] != states[0][1]][:2]]:
            tab.open(tatsumi_page.path, f"#e={seq}&p=2&r=1")
            fig = tab.page.locator("g.extra-figure[data-figure='Juto']")
            if space:
                assert fig.count() == 1
                assert fig.get_attribute("data-space") == str(space) and fig.get_attribute("data-owner") == "0"
                assert fig.locator("text.figure-life").text_content() == str(life)
                box = fig.bounding_box()
                assert box is not None and box["width"] > 0 and box["x"] + box["width"] <= width + 1
                caption = tab.page.inner_text(".bc-caption")
                assert f"Juto on space {space}, life {life}" in caption
                panel = tab.page.inner_text("[data-panel='0'] [data-key='figure']")
                assert panel.startswith(f"on space {space}, life {life} · Zone ")
                assert tab.page.inner_text("[data-panel='0'] dt:has(+ [data-key='figure'])") == "Juto"
            else:
                assert fig.count() == 0
                assert "Juto off the board" in tab.page.inner_text(".bc-caption")

"""Seth's Beyond Eyes guess in the viewer, in a real browser (Chromium through Playwright): the opponent's
perspective sees a face-down "?" until the pairs are revealed, Seth's own and the judge's see the base; after the
reveal everyone does. Skipped without a browser, as tests/test_viewer_browser.py."""

from __future__ import annotations

import pytest

from viewer.site import render_site
from viewer.sources import Source

from tests import viewer_support as vs
from tests.test_viewer_browser import Tab, browser  # noqa: F401  (the browser fixture)


@pytest.fixture(scope="module")
def seth_site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    log = vs.battlecon_log(fighters=("seth", "hikaru"), seed=2, bots=("random", "random"))
    render_site([Source("0", log)], out)
    return out, log


@pytest.fixture
def tab(browser):  # noqa: F811
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    t = Tab(context)
    yield t
    context.close()
    assert t.errors == [], t.errors
    assert t.dialogs == [], t.dialogs


def _guess(log):
    """The first guess naming a base, and the SecretRevealed that shows it."""
    chosen = None
    for r in log.records:
        if r.type == "SecretChosen" and r.data["choice"] != "none":
            chosen = r
        elif r.type == "SecretRevealed" and chosen is not None:
            return chosen, r
    raise AssertionError("no base named in the log")


def test_the_guess_is_face_down_for_the_opponent_until_the_reveal(tab, seth_site):
    out, log = seth_site
    chosen, revealed = _guess(log)
    base, ann = chosen.data["choice"], log.header.players[0].name
    page = out / "matches" / f"{log.header.match_id}.html"
    tab.open(page, f"#e={revealed.seq - 1}&p=2&r=1")
    item = tab.page.inner_text(f"#event-list li[data-seq='{chosen.seq}']")
    assert f"{ann} makes a secret choice" in item and base not in item
    row = tab.page.inner_text("[data-panel='0'] [data-key='secret']")
    assert "?" in row and "face down" in row and base not in row
    assert tab.page.inner_text("[data-panel='0'] dt:has(+ [data-key='secret'])") == "Beyond Eyes"
    for persp in ("1", "judge"):  # Seth and the judge see the named base
        tab.page.click(f"input[name=persp][value='{persp}']")
        assert base in tab.page.inner_text("[data-panel='0'] [data-key='secret']")
        assert f"names {base}" in tab.page.inner_text(f"#event-list li[data-seq='{chosen.seq}']")
    # Once the pairs are revealed the opponent sees it too.
    tab.open(page, f"#e={revealed.seq}&p=2&r=1")
    row = tab.page.inner_text("[data-panel='0'] [data-key='secret']")
    assert base in row and "face down" not in row

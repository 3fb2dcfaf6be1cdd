"""Seth's Beyond Eyes guess in the viewer, in a real browser (Chromium through Playwright): the opponent's
perspective sees a face-down "?" until the pairs are revealed, Seth's own and the judge's see the base; after the
reveal everyone does; after Reading Fate, the opponent's style face up and their base hidden. Skipped without a
browser, as tests/test_viewer_browser.py."""

from __future__ import annotations

import pytest

from recorder.decisions import Answer
from recorder.game import load_game
from recorder.header import Player
from recorder.recording import MemorySink, record
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


class _Finisher:
    """Seth's seat: the Finisher as soon as a pair offers it, otherwise the random bot (to reach Reading Fate)."""

    def __init__(self, game, seed: int, seat: int) -> None:
        self.bot = game.bot("random", seed, seat)

    def answer(self, request, match):
        if request.kind == "pair":
            for i, label in enumerate(request.labels):
                if "(finisher:" in label:
                    return Answer(request.options[i], "bot:finisher")
        return self.bot.answer(request, match)


@pytest.fixture(scope="module")
def reading_fate_site(tmp_path_factory):
    game = load_game("battlecon")
    seed = 8  # Reading Fate hits: Hikaru then plays his style face up four times
    header = game.make_header(players=(Player("Ann", "seth"), Player("Ben", "hikaru")), edition="woi", seed=seed,
                              options={"duels": 1, "special_actions": True, "finishers": ["a", "a"]})
    sink = MemorySink()
    record(game, header, {0: _Finisher(game, seed, 0), 1: game.bot("random", seed, 1)}, sink,
           clock=lambda: vs.CREATED_AT)
    log = vs.LogFile(sink.header, sink.records)
    out = tmp_path_factory.mktemp("site")
    render_site([Source("0", log)], out)
    return out, log


def test_a_style_played_face_up_shows_the_style_and_hides_the_base(tab, reading_fate_site):
    out, log = reading_fate_site
    shown = next(r for r in log.records if r.type == "StyleShown")
    selected = next(r for r in reversed(log.records[:shown.seq - 1]) if r.type == "PairSelected")
    style, base = selected.data["style"], selected.data["base"]
    assert shown.data == {"player": 1, "style": style, "reason": "Seth's Reading Fate"}
    page = out / "matches" / f"{log.header.match_id}.html"
    tab.open(page, f"#e={shown.seq}&p=1&r=1")  # Seth's perspective, before he chooses his pair
    pair = tab.page.inner_text("[data-panel='1'] [data-key='pair']")
    assert style in pair and "?" in pair and "face down, the style face up" in pair
    assert base not in pair or base in style
    assert "Reading Fate on Hikaru" in tab.page.inner_text("[data-panel='0'] [data-key='lasting']")
    tab.page.click("input[name=persp][value='2']")  # Hikaru sees his own base
    assert base in tab.page.inner_text("[data-panel='1'] [data-key='pair']")

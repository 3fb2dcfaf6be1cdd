"""Seth's Beyond Eyes guess in the viewer, in a real browser (Chromium through Playwright): the opponent's
perspective sees a face-down "?" until the pairs are revealed, Seth's own and the judge's see the base; after the
reveal everyone does; after Reading Fate, the opponent's style face up and their base hidden. Skipped without a
browser, as tests/test_viewer_browser.py. (Set-up: tests/fighter_pages.py.)"""

from __future__ import annotations

from recorder.decisions import Answer
from recorder.game import load_game

from tests import viewer_support as vs
from tests.fighter_pages import log_page, opened
from tests.test_viewer_browser import browser  # noqa: F401  (the browser fixture)

seth_page = log_page(lambda: vs.battlecon_log(fighters=("seth", "hikaru"), seed=2, bots=("random", "random")))


def _guess(log):
    """The first guess naming a base, and the SecretRevealed that shows it."""
    chosen = None
    for r in log.records:
        if r.type == "SecretChosen" and r.data["choice"] != "none":
            chosen = r
        elif r.type == "SecretRevealed" and chosen is not None:
            return chosen, r
    raise AssertionError("no base named in the log")


def test_the_guess_is_face_down_for_the_opponent_until_the_reveal(browser, seth_page):  # noqa: F811
    log = seth_page.log
    chosen, revealed = _guess(log)
    base, ann = chosen.data["choice"], log.header.players[0].name
    with opened(browser, seth_page, width=1200, fragment=f"#e={revealed.seq - 1}&p=2&r=1") as tab:
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
        tab.open(seth_page.path, f"#e={revealed.seq}&p=2&r=1")
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


SEED = 8  # Reading Fate hits: Hikaru then plays his style face up four times
reading_fate_page = log_page(lambda: vs.battlecon_log(
    fighters=("seth", "hikaru"), seed=SEED, bots=("random", "random"),
    options={"special_actions": True, "finishers": ["a", "a"]},
    sources={0: _Finisher(load_game("battlecon"), SEED, 0)}))


def test_a_style_played_face_up_shows_the_style_and_hides_the_base(browser, reading_fate_page):  # noqa: F811
    log = reading_fate_page.log
    shown = next(r for r in log.records if r.type == "StyleShown")
    selected = next(r for r in reversed(log.records[:shown.seq - 1]) if r.type == "PairSelected")
    style, base = selected.data["style"], selected.data["base"]
    assert shown.data == {"player": 1, "style": style, "reason": "Seth's Reading Fate"}
    # Seth's perspective, before he chooses his pair
    with opened(browser, reading_fate_page, width=1200, fragment=f"#e={shown.seq}&p=1&r=1") as tab:
        pair = tab.page.inner_text("[data-panel='1'] [data-key='pair']")
        assert style in pair and "?" in pair and "face down, the style face up" in pair
        assert base not in pair or base in style
        assert "Reading Fate on Hikaru" in tab.page.inner_text("[data-panel='0'] [data-key='lasting']")
        tab.page.click("input[name=persp][value='2']")  # Hikaru sees his own base
        assert base in tab.page.inner_text("[data-panel='1'] [data-key='pair']")

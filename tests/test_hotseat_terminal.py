"""Hot-seat ``beatlog play`` in a real terminal (tmux): at every hand-over, nothing a player chose face down
(nor the menu they chose it from) can be read on the terminal -- not on the screen, not in the scrollback."""

from __future__ import annotations

import pytest

from tests.terminal_support import BEATLOG, Pane

PLAY = [BEATLOG, "play", "--fighters", "hikaru,cadenza", "--players", "Ann,Ben", "--seed", "3", "-o", "p.jsonl"]
HAND_OVER = "Press Enter when ready"


@pytest.fixture
def pane(tmp_path):
    pane = Pane(PLAY, tmp_path)
    yield pane
    pane.close()


def test_no_face_down_pair_stays_in_the_scrollback_at_a_hand_over(pane):
    pane.wait_for(HAND_OVER)
    pane.type("")                                   # Ann at the keyboard
    pane.wait_for("Your choice (1-15")
    pane.type("7")                                  # Advancing Drive, face down
    pane.wait_for(HAND_OVER, 1)
    seen = pane.wait_for("Ben (cadenza): secret choice next")
    assert "Advancing" not in seen                  # Ann's menu and choice are gone, scrollback too
    pane.type("")                                   # Ben at the keyboard
    pane.wait_for("Your choice (1-15")
    pane.type("1")                                  # Battery Shot, face down
    seen = pane.wait_for("Ann (hikaru): your turn, with your face-down choices on screen")
    assert "Battery" not in seen and "Advancing" not in seen
    pane.type("")                                   # Ann antes, seeing her own pair
    seen = pane.wait_for("ante or pass")
    assert "pair: Advancing Drive (face down" in seen
    pane.type("1")                                  # pass
    seen = pane.wait_for("Ben (cadenza): your turn, with your face-down choices on screen")
    assert "Advancing Drive" not in seen, seen      # the leak: Ann's pair in the scrollback
    assert "Battery Shot" not in seen

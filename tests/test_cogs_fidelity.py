"""Cogs of Valor reports at the edges (issue #21): a position is the cog's centre and says when the cog is
against the table edge; a drift says where the wind took it."""

from __future__ import annotations

from recorder.games.cogs.game import GAME
from recorder.games.cogs.testing import events_of, play_until

from .cogs_support import BASIC10, passive, turn_is, two
from .explain_support import lines_of, told

ARMORED5 = [{"deck": "main", "count": 5, "upgrades": ["armor"]}]  # nobody may sail: the cog drifts


def drift_of(cog_id):
    def choose(request, match):
        if request.options[0]["cog"] != cog_id:
            return None
        return next(o for o in request.options if o["move"] == "drift")
    return choose


def test_a_drift_stopped_by_the_edge_says_so_and_names_the_centre():
    # Wind from W: downwind is E. Ark (small, radius 1.5") starts 3" from the east edge: it drifts 3", not 6".
    m = two(ARMORED5, BASIC10, a_at=(915, 300, "N"), b_at=(300, 600, "S"), wind="W")
    play_until(m, passive({"course": drift_of(0)}), turn_is(2))
    (moved,) = [e for e in events_of(m, "CogMoved") if e.cog == 0]
    assert (moved.x, moved.y, moved.distance) == (945, 300, 30)
    text = lines_of(told(GAME, GAME.new_state(m.header), m.entries), "CogMoved")
    assert text == ['Ark drifts 3" E, downwind, to centre (94.5, 30), against the east edge, short of 6": the table '
                    'edge stops it; heading N']


def test_the_state_names_the_centre_and_the_edge():
    m = two(ARMORED5, BASIC10, a_at=(15, 300, "N"), b_at=(300, 600, "S"), wind="E")
    play_until(m, passive(), turn_is(2))
    rendered = GAME.render_state(GAME.snapshot(m.state))
    assert "Ark (Ann) at centre (1.5, 30), against the west edge; heading N;" in rendered
    assert "Bark (Ben) at centre (30, 60); heading S;" in rendered


def test_a_launch_names_the_centre():
    m = two(ARMORED5, BASIC10, a_at=(15, 15, "N"), b_at=(300, 600, "S"))
    play_until(m, passive(), turn_is(1))
    launched = lines_of(told(GAME, GAME.new_state(m.header), m.entries), "CogLaunched")
    assert launched[0].endswith("at centre (1.5, 1.5), against the south and west edges heading N")

"""Cogs of Valor reports at the edges (issue #21): a position is the cog's centre and says when the cog is
against the table edge; a drift says where the wind took it."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

from recorder.game import game_for
from recorder.games.cogs import events as ev
from recorder.games.cogs.game import GAME
from recorder.games.cogs.tables import VECTORS
from recorder.games.cogs.testing import events_of, play_until
from recorder.header import Player
from recorder.match import Match

from .cogs_support import BASIC10, passive, pick, turn_is, two
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


# -- item 7: a drift that meets the table edge stops there ---------------------------------------------------

def test_a_drift_into_the_edge_stops_where_it_touches_it_and_does_not_slide():
    # Wind from NE: downwind is SW. Ark (radius 1.5") is 0.5" from the west edge: its drift SW ends after
    # 0.5" west (and as far south), where its footprint touches the edge; it does not slide 4.2" south.
    m = two(ARMORED5, BASIC10, a_at=(20, 300, "NE"), b_at=(500, 600, "S"), wind="NE")
    play_until(m, passive({"course": drift_of(0)}), turn_is(2))
    (moved,) = [e for e in events_of(m, "CogMoved") if e.cog == 0]
    assert (moved.x, moved.y) == (15, 295)
    assert moved.distance == 7  # 0.5" west and 0.5" south
    (text,) = lines_of(told(GAME, GAME.new_state(m.header), m.entries), "CogMoved")
    assert text == ('Ark drifts 0.7" SW, downwind, to centre (1.5, 29.5), against the west edge, short of 6": the '
                    'table edge stops it; heading NE')


def test_a_drift_from_against_the_edge_goes_nowhere():
    m = two(ARMORED5, BASIC10, a_at=(15, 300, "NE"), b_at=(500, 600, "S"), wind="NE")
    play_until(m, passive({"course": drift_of(0)}), turn_is(2))
    assert [e for e in events_of(m, "CogMoved") if e.cog == 0] == []
    assert m.state.cogs[0].pos == (15, 300)


def test_a_drift_well_inside_the_table_still_goes_6_downwind():
    m = two(ARMORED5, BASIC10, a_at=(500, 300, "N"), b_at=(200, 600, "S"), wind="W")
    play_until(m, passive({"course": drift_of(0)}), turn_is(2))
    (moved,) = [e for e in events_of(m, "CogMoved") if e.cog == 0]
    assert (moved.x, moved.y, moved.distance) == (560, 300, 60)


# -- item 8: friendly fire while hit friendly crew are still on the deck ---------------------------------------

def _struck_friend_on_the_target_deck(dice):
    bows = [{"deck": "main", "count": 9}, {"deck": "stern", "count": 1, "upgrades": ["longbow"]}]
    m = two(bows, BASIC10, b_at=(500, 400, "S"), dice=dice)
    m.advance()
    # One of Ann's crew on Bark's main deck (as after a boarding), already hit this phase: it stays on the
    # deck until the regroup's cleanup ("removed at the beginning of the regroup phase", p.7).
    m.ctx.emit(ev.CrewMoved(crew=(0,), cog=1, deck="main", reason="transfer"))
    m.ctx.emit(ev.CrewStruck(crew=0, fate="killed", by=1, hold_cog=None))
    return m


def test_friendly_fire_still_applies_while_a_hit_friendly_crewmember_is_on_the_deck():
    m = _struck_friend_on_the_target_deck([9])
    play_until(m, passive({"shoot": pick(target_cog=1, target_deck="main", target_profile="basic", count=1)}),
               turn_is(2))
    roll = events_of(m, "AttackRolled")[0]
    assert roll.modifiers == ("+1 optimum range", "-4 friendly fire")
    assert (roll.roll, roll.target_number, roll.hit) == (9, 7, False)  # 11 without the penalty
    # Nobody of Ann's may take the near miss: the struck crewmember is no longer a target.
    assert roll.deflected is False and not events_of(m, "DeflectionChosen")


# -- the reproducers, recorded again -----------------------------------------------------------------

def _recorded(seed: int, game=GAME):
    """``beatlog record --game cogs --sides lions,herons,griffins --bots sensible,sensible,random --seed N
    --option cog_match=true --option turns=10``, as a header and its entries."""
    players = tuple(Player(f"Player {i + 1}", side) for i, side in enumerate(("lions", "herons", "griffins")))
    header = game.make_header(players=players, edition="standard", seed=seed,
                              options={"cog_match": True, "turns": 10})
    bots = {i: game.bot(name, seed, i) for i, name in enumerate(("sensible", "sensible", "random"))}
    match = Match(game, header)
    match.advance()
    while not match.finished:
        match.advance(bots[match.pending.player].answer(match.pending, match))
    return header, match.entries


class _EdgeRules:
    """Counts drifts and shots at decks where the firer's side has crew (struck or not), and lists those that
    break the two rules: a drift not straight downwind, such a shot without the friendly-fire penalty."""

    def __init__(self) -> None:
        self.drifts = self.shots_among_friends = 0
        self.broken: list[int] = []

    def before(self, record, state) -> None:
        d = record.data
        if record.type == "CogMoved" and d["how"] == "drift":
            cog = state.cogs[d["cog"]]
            dx, dy = d["x"] - cog.x, d["y"] - cog.y
            vx, vy = VECTORS[(state.wind + 4) % 8]
            self.drifts += 1
            if not (dx * vy == dy * vx and dx * vx >= 0 and dy * vy >= 0):
                self.broken.append(record.seq)
        if record.type == "AttackRolled" and d["mode"] == "ranged":
            shooter, target = state.crew[d["attacker"]], state.crew[d["target"]]
            if any(c.owner == shooter.owner and c.cog == target.cog and c.deck == target.deck
                   and c.captive_of is None for c in state.crew.values()):
                self.shots_among_friends += 1
                if "-4 friendly fire" not in d["modifiers"]:
                    self.broken.append(record.seq)


def _check(seed: int, game=GAME) -> _EdgeRules:
    header, entries = _recorded(seed, game)
    rules = _EdgeRules()
    state = game.new_state(header)
    for e in entries:
        rules.before(SimpleNamespace(type=e.type, data=e.event.to_data(), seq=e.seq), state)
        game.apply(state, e.event)
    return rules


def _old():
    return game_for(dataclasses.replace(_recorded(1)[0], engine_version="cogs-0.3.0"))


@pytest.mark.parametrize("seed,broken", [(1, 1502), (13, 1072)])
def test_the_reproducers_break_the_rules_under_the_earlier_engine_only(seed, broken):
    old = _check(seed, _old())
    assert broken in old.broken  # the seq: the slide (seed 1), the dropped penalty (seed 13)
    new = _check(seed)
    assert new.broken == [] and new.drifts + new.shots_among_friends > 0


def test_the_earlier_engine_still_slides_and_drops_the_penalty():
    """cogs-0.3.0 stays runnable as it was: its drift slides along the edge, its friendly fire counts only
    standing crew (what the compat logs of that engine recorded)."""
    old = _old()
    assert old.engine_version == "cogs-0.3.0"
    assert old.drift_end((20, 300), (-42, -42), 15, 960, 720) == (15, 258)  # slid 4.2" south along the edge
    assert GAME.drift_end((20, 300), (-42, -42), 15, 960, 720) == (15, 295)

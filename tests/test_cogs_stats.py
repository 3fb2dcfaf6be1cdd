"""Cogs of Valor statistics with fixed dice: what each figure counts, checked against the score."""

from __future__ import annotations

from recorder.games.cogs.testing import cog, events_of, fleet, play_until, scenario
from recorder.match import sealed
from replay.stats import match_stats

from .cogs_support import need, passive


def counts(match):
    stats = match_stats(match.header, sealed(match))
    return [seat["counts"] for seat in stats["seats"]]


def test_reserves_lost_with_a_sinking_hold_are_lost_and_killed():
    """A small cog with 10 on deck and 5 in reserve in its hold is rammed and sinks: the 10 are taken,
    the 5 go down with the hold, the armored leader drowns -- 16 lost, all 16 scored by the rammer."""
    a = fleet("Reds", cog("Ark", "small", 500, 300, "N", [{"deck": "main", "count": 10},
                                                           {"deck": "hold", "count": 5}], leader="stern"))
    b = fleet("Blues", cog("Bark", "large", 500, 380, "S", [{"deck": "main", "count": 20}], leader="stern"))
    m = scenario([a, b], dice=[20, 1], turns=1)  # the ram: 20 to Ark (hull 10), 1 to Bark
    ram = need(cog=1, move="ahead", speed=6)
    play_until(m, passive({"course": lambda r, mm: ram(r, mm) if r.player == 1 else None,
                           "ram": lambda r, mm: next(o for o in r.options if not o["stop"])}))
    assert events_of(m, "CogSank")[0].cog == 0 and events_of(m, "CogSank")[0].by == 1
    assert [e.reason for e in events_of(m, "CrewKilled")] == ["hold lost"] * 5 + ["sinking"]
    assert len(events_of(m, "CrewCaptured")) == 10
    reds, blues = counts(m)
    assert reds["crew_lost"] == 16 and reds["cogs_lost"] == 1
    assert (blues["crew_killed"], blues["crew_captured"], blues["cogs_sunk"]) == (6, 10, 1)
    # Every elimination the score counts is in the figures: 16 crew and the sinking.
    assert blues["points"] == m.state.scores[1] == blues["crew_killed"] + blues["crew_captured"] + 5

"""Cogs of Valor over random legal play: invariants that must hold in every match."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from recorder.games.cogs import GAME
from recorder.games.cogs.events import ROOT_EVENTS
from recorder.header import Player
from recorder.match import Match, run, sealed

FLEETS = ("griffins", "herons", "lions", "merchants")


def play(seed, fleets, bots, **options):
    players = tuple(Player(n, f) for n, f in zip(("Ann", "Ben", "Cy"), fleets))
    header = GAME.make_header(players=players, edition="standard", seed=seed, options=options)
    match = Match(GAME, header)
    run(match, {i: GAME.bot(b, seed, i) for i, b in enumerate(bots)})
    return header, match


def refold(header, records):
    """The state rebuilt from the sealed records alone, checking invariants after each one."""
    state = GAME.new_state(header)
    for rec in records:
        GAME.apply(state, GAME.events.get(rec.type).from_data(rec.data))
        for cog in state.cogs.values():
            assert cog.hull <= cog.max_hull, f"seq {rec.seq}: {cog.name} hull {cog.hull} > {cog.max_hull}"
    return state


matches = st.tuples(
    st.integers(min_value=0, max_value=10**6),
    st.lists(st.sampled_from(FLEETS), min_size=2, max_size=3),
    st.lists(st.sampled_from(("random", "sensible")), min_size=3, max_size=3),
    st.booleans(),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches)
def test_invariants_over_random_play(case):
    seed, fleets, bots, cog_match = case
    header, match = play(seed, fleets, bots[:len(fleets)], turns=8, cog_match=cog_match)
    assert match.finished and GAME.result(match.state) is not None
    records = sealed(match)
    state = refold(header, records)
    # The fold of the events is the engine's state.
    assert GAME.snapshot(state) == GAME.snapshot(match.state)
    # Crew are conserved: everyone who came aboard is on a deck, in a hold (captive or not) or dead.
    embarked = sum(len(r.data["crew"]) for r in records if r.type == "CrewEmbarked")
    killed = sum(1 for r in records if r.type == "CrewKilled")
    places = {}
    for c in state.crew.values():
        key = "captive" if c.captive_of is not None else c.deck
        places[key] = places.get(key, 0) + 1
    assert sum(places.values()) + killed == embarked
    assert all(c.deck != "middle" and c.fate is None for c in state.crew.values())
    # Scores are the sum of the scoring events.
    sums = [0] * len(fleets)
    for r in records:
        if r.type == "ScoreAwarded":
            sums[r.data["player"]] += r.data["points"]
            assert r.data["total"] == sums[r.data["player"]]
    assert sums == list(state.scores)
    # Every outcome names its cause, except the documented roots.
    assert all(r.cause is not None for r in records if r.kind == "outcome" and r.type not in ROOT_EVENTS)
    # Every secret input is visible only to its player.
    assert all(r.visibility == r.actor for r in records if r.type in ("CourseSet", "BoardingOrdered"))


@settings(max_examples=8, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.sampled_from(("random", "sensible")))
def test_same_seed_same_events(seed, bot):
    first = [r.line() for r in sealed(play(seed, ("lions", "herons"), (bot, bot), turns=6)[1])]
    again = [r.line() for r in sealed(play(seed, ("lions", "herons"), (bot, bot), turns=6)[1])]
    assert first == again


def test_replaying_the_inputs_gives_the_same_log():
    header, match = play(11, ("griffins", "merchants"), ("sensible", "random"), turns=6)
    original = [r.line() for r in sealed(match)]
    inputs = [e for e in match.entries if e.kind == "input" and e.type != "ChanceDrawn"]
    again = Match(GAME, header)
    again.advance()
    from recorder.decisions import Answer
    for entry in inputs:
        data = entry.event.to_data()
        source = data.pop("source")
        again.advance(Answer(data, source))
    assert again.finished
    assert [r.line() for r in sealed(again)] == original

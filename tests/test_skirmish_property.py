"""The grid skirmish game over random legal play: invariants that must hold in every match."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from recorder.games.skirmish import GAME
from recorder.games.skirmish.events import ROOT_EVENTS
from recorder.games.skirmish.scenarios import SCENARIOS
from recorder.header import Player
from recorder.match import Match, run, sealed

SIDES = ("vanguard", "arcane", "shadows", "knight", "rogue+cleric", "brawler+pyromancer+archer")


def play(seed, sides, bots, **options):
    players = tuple(Player(n, s) for n, s in zip(("Ann", "Ben", "Cy", "Di"), sides))
    header = GAME.make_header(players=players, edition="standard", seed=seed, options=options)
    match = Match(GAME, header)
    run(match, {i: GAME.bot(b, seed, i) for i, b in enumerate(bots)})
    return header, match


def check(state, seq):
    tiles = [c.tile for c in state.living()]
    assert len(tiles) == len(set(tiles)), f"seq {seq}: two figures on one tile"
    assert not set(tiles) & set(state.obstacles), f"seq {seq}: a figure on an obstacle"
    assert not set(tiles) & {o.tile for o in state.objectives.values()}, f"seq {seq}: a figure on a token"
    for c in state.characters.values():
        assert 0 <= c.hp <= c.max_hp and 0 <= c.sp <= c.max_sp, f"seq {seq}: {c.name} HP/SP out of bounds"
        assert sorted(c.deck + c.discard) == sorted(state.kit["characters"][c.key]["movement"]), \
            f"seq {seq}: {c.name}'s movement cards are not conserved"
        assert len(c.inventory) + (c.crystal is not None) <= 3 and c.coins >= 0
        assert c.crystal is None or c.crystal != c.team
        assert c.alive or c.hp == 0
        assert not c.recovering or c.alive


def refold(header, records):
    state = GAME.new_state(header)
    for rec in records:
        before = {c.id: c.tile for c in state.living()}
        GAME.apply(state, GAME.events.get(rec.type).from_data(rec.data))
        check(state, rec.seq)
        if rec.type == "CharacterMoved":
            start = before[rec.data["character"]]
            path = [start] + [tuple(t) for t in rec.data["path"]]
            for a, b in zip(path, path[1:]):
                assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1, f"seq {rec.seq}: a move jumps"
                assert b not in state.obstacles, f"seq {rec.seq}: a move passes through an obstacle"
                assert b not in [t for cid, t in before.items() if cid != rec.data["character"]], \
                    f"seq {rec.seq}: a move passes through a character"
            turns = sum(1 for a, b, c in zip(path, path[1:], path[2:]) if (b[0] - a[0], b[1] - a[1]) != (c[0] - b[0], c[1] - b[1]))
            assert turns <= 1, f"seq {rec.seq}: more than one turn"
    return state


matches = st.tuples(
    st.integers(min_value=0, max_value=10**6),
    st.lists(st.sampled_from(SIDES), min_size=2, max_size=4),
    st.lists(st.sampled_from(("random", "sensible")), min_size=4, max_size=4),
    st.sampled_from(tuple(SCENARIOS)),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches)
def test_invariants_over_random_play(case):
    seed, sides, bots, scenario = case
    if SCENARIOS[scenario].teams_only:
        sides = sides[:2]
    header, match = play(seed, sides, bots[:len(sides)], turns=10, scenario=scenario)
    assert match.finished and GAME.result(match.state) is not None
    records = sealed(match)
    state = refold(header, records)
    assert GAME.snapshot(state) == GAME.snapshot(match.state)
    assert all(r.cause is not None for r in records if r.kind == "outcome" and r.type not in ROOT_EVENTS)
    assert all(r.visibility == match.state.characters[r.data["character"]].owner
               for r in records if r.type == "MovementCardChosen")
    assert all(r.type != "ChanceDrawn" or r.data["n"] == 10 for r in records)


@settings(max_examples=6, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.sampled_from(("random", "sensible")))
def test_same_seed_same_bytes(seed, bot):
    first = [r.line() for r in sealed(play(seed, ("vanguard", "shadows"), (bot, bot), turns=8)[1])]
    again = [r.line() for r in sealed(play(seed, ("vanguard", "shadows"), (bot, bot), turns=8)[1])]
    assert first == again

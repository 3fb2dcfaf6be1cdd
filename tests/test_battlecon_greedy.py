"""The greedy bot and Ante Finishers: it antes its Finisher exactly when its lookahead says it beats the pair."""

from __future__ import annotations

import itertools

from recorder.games.battlecon import GAME, specials
from recorder.games.battlecon.cards import KITS
from recorder.header import Player
from recorder.match import Match

PAIRINGS = list(itertools.permutations(sorted(KITS), 2))


def offers(seed: int):
    """Play greedy (seat 0) against random with Ante Finishers; yield (match, request, answer, scores) at every
    ante where greedy could ante its Finisher, scores = (Finisher, pass) lookahead totals."""
    a, b = PAIRINGS[seed % len(PAIRINGS)]
    header = GAME.make_header(players=(Player("A", a), Player("B", b)), edition="woi", seed=seed,
                              options={"duels": 1, "ante_finishers": True})
    m = Match(GAME, header)
    greedy, rnd = GAME.bot("greedy", seed, 0), GAME.bot("random", seed, 1)
    m.advance()
    while not m.finished:
        req = m.pending
        before = GAME.snapshot(m.state)
        answer = (greedy if req.player == 0 else rnd).answer(req, m)
        assert GAME.snapshot(m.state) == before, "the lookahead changed the real match"
        finisher = specials.ante_finisher(m.state, 0) if req.player == 0 and req.kind == "ante" else None
        if finisher:
            pairs = greedy._opponent_pairs(m.state)
            scores = tuple(sum(greedy._simulate_ante(m, ante, s, b) for s, b in pairs) for ante in (finisher, "pass"))
            yield m, req, answer, finisher, scores
        m.advance(answer)


def test_greedy_antes_its_finisher_only_when_the_lookahead_prefers_it():
    anted = passed = 0
    for seed in (1, 3, 9):
        for m, req, answer, finisher, (with_finisher, with_pass) in offers(seed):
            assert answer.source == "bot:greedy"
            if answer.data["ante"] == finisher:
                anted += 1
                assert with_finisher > with_pass, (seed, m.ctx.where)
            else:
                passed += 1
                assert answer.data == req.options[0] and with_finisher <= with_pass, (seed, m.ctx.where)
    assert anted >= 2 and passed >= 1  # seeds chosen so both happen


def test_an_anted_finisher_is_what_the_log_shows():
    for m, req, answer, finisher, _ in offers(3):
        if answer.data["ante"] == finisher:
            new = m.advance(answer)
            assert [e.type for e in new[:3]] == ["AnteDeclared", "PairRetrieved", "FinisherRevealed"]
            assert new[0].event.source == "bot:greedy" and new[2].event.finisher == finisher
            return
    raise AssertionError("seed 3 no longer antes a Finisher")


def test_without_ante_finishers_greedy_still_passes_first():
    header = GAME.make_header(players=(Player("A", "hikaru"), Player("B", "cadenza")), edition="woi", seed=5,
                              options={"duels": 1})
    m = Match(GAME, header)
    greedy = GAME.bot("greedy", 5, 0)
    m.advance()
    while not m.finished:
        req = m.pending
        answer = greedy.answer(req, m) if req.player == 0 else GAME.bot("random", 5, 1).answer(req, m)
        if req.player == 0 and req.kind == "ante":
            assert answer.data == req.options[0]
            return
        m.advance(answer)
    raise AssertionError("Hikaru was never asked to ante")

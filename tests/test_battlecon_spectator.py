"""``redact(snapshot, None)``: the spectator's view hides what neither player alone knows, and nothing else."""

from __future__ import annotations

import pytest

from recorder.decisions import Answer
from recorder.games.battlecon import GAME
from recorder.header import Player
from recorder.match import Match


def match(seed: int = 2, **options) -> Match:
    h = GAME.make_header(players=(Player("Ann", "hikaru"), Player("Ben", "cadenza")), edition="woi", seed=seed,
                         options={"duels": 1, **options})
    m = Match(GAME, h)
    m.advance()
    return m


def play_until(m: Match, stop, bot: str | None = None) -> bool:
    """Answer (first option, or ``bot``) until ``stop(request)``; False if the match ended first."""
    bots = {p: GAME.bot(bot, m.header.seed, p) for p in (0, 1)} if bot else None
    while not m.finished:
        if stop(m.pending):
            return True
        m.advance(bots[m.pending.player].answer(m.pending, m) if bots else Answer(m.pending.options[0], "test"))
    return False


def test_spectators_see_neither_face_down_pair_players_see_their_own():
    m = match()
    assert play_until(m, lambda r: r.kind == "ante")  # both pairs are face down
    snap = GAME.snapshot(m.state)
    spectator = GAME.redact(snap, None)
    assert spectator["redacted_for"] is None
    for p in (0, 1):
        real, seen = snap["fighters"][p], spectator["fighters"][p]
        assert seen["pair"]["style"] == seen["pair"]["base"] == "?"
        assert seen["hand_hidden_count"] == 2
        # The hidden pair's cards are back among the possible cards: a hand is still inferable.
        assert sorted(seen["hand"]) == sorted(real["hand"] + [real["pair"]["style"], real["pair"]["base"]])
        mine = GAME.redact(snap, p)["fighters"]
        assert mine[p]["pair"] == real["pair"] and mine[1 - p]["pair"]["style"] == "?"
    # Everything public is untouched.
    public = ("position", "life", "discard1", "discard2", "tokens", "statuses", "stunned")
    assert all(spectator["fighters"][p][k] == snap["fighters"][p][k] for p in (0, 1) for k in public)
    # The pair field hides the pair (the possible-cards line below it lists Focused among 9 cards, as it must).
    pair_field = GAME.render_state(spectator).split("pair:")[1].split("|")[0]
    assert "Focused" not in pair_field and pair_field.strip() == "face down (unknown to you)"


def test_spectators_do_not_see_unrevealed_finishers():
    m = match(special_actions=True)
    assert play_until(m, lambda r: r.kind == "finisher" and r.player == 1)
    snap = GAME.snapshot(m.state)
    assert snap["fighters"][0]["finisher"] != "?"
    assert GAME.redact(snap, None)["fighters"][0]["finisher"] == "?"
    assert GAME.redact(snap, 0)["fighters"][0]["finisher"] == snap["fighters"][0]["finisher"]
    assert play_until(m, lambda r: r.kind == "pair")
    shown = GAME.redact(GAME.snapshot(m.state), None)
    assert [f["finisher"] for f in shown["fighters"]] == [f["finisher"] for f in GAME.snapshot(m.state)["fighters"]]


def test_spectators_do_not_see_clash_bases():
    for seed in range(60):
        m = match(seed)
        if not play_until(m, lambda r: r.kind == "clash" and r.player == 1, bot="random"):
            continue
        seen = GAME.redact(GAME.snapshot(m.state), None)["fighters"][0]
        assert seen["pair"]["base"] == "?" and seen["pair"]["style"] != "?"
        return
    pytest.fail("no clash in 60 seeds")


def test_a_snapshot_with_nothing_secret_is_the_same_for_spectators():
    m = match()
    assert play_until(m, lambda r: r.kind == "pair")
    snap = GAME.snapshot(m.state)
    assert {k: v for k, v in GAME.redact(snap, None).items() if k != "redacted_for"} == snap


def test_the_hot_seat_shared_screen_is_the_spectator_view(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from beatlog.cli import main

    monkeypatch.chdir(tmp_path)
    # Both pick their pair (option 1) behind a hand-over prompt; then Ann antes (a public decision) behind one
    # too, seeing her own face-down pair and not Ben's, and passes (option 1); Khadath has nothing to ante.
    result = CliRunner().invoke(main, ["play", "--fighters", "hikaru,khadath", "--seed", "3", "-o", "p.jsonl"],
                                input="\n1\n\n1\n\n1\nq\n", catch_exceptions=False)
    assert result.exit_code == 0, result.output
    hand_over = "Player 1 (hikaru): your turn, with your face-down choices on screen (Player 2, look away)"
    public, rest = result.output.split("Player 2 has chosen.")[1].split(hand_over)
    assert "Focused Shot" not in public and "Teleport Strike" not in public  # the shared screen shows neither
    own_view = rest.split("Player 1 has chosen.")[0]
    assert "pair: Focused Shot" in own_view and "Teleport Strike" not in own_view  # hers, not his
    assert "Player 1: ante or pass" in own_view

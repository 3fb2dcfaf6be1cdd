"""A decision replaced by another legal one, every hash recomputed: verify names the decision.

The engine then derives the consequences of the forged decision, so the first
record that differs is a later outcome (a Cogs turn's CoursesRevealed, the
DiscardsSet after BattleCON's chosen starting discards). Verify must name the
forged decision (its seq, and the answer the recorded outcomes follow from),
not the outcome, even when the decisions have dozens or hundreds of legal
answers; when no answer is found the verdict says what was searched. A header
forged with a re-derived match id points at the header. The search is bounded
by a budget counted in records re-derived, not seconds.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.errors import VerificationFailed
from recorder.game import load_game
from recorder.header import Player
from recorder.jsonl import read_jsonl
from recorder.match import Match, run, sealed
from replay import budget as budget_module
from replay import tamper
from replay.edits import HEADER_HINT
from replay.rerun import content, rerun
from replay.verify import verify
from replay.wording import article, player
from tests.replay_support import rechain, walkthrough

ROOT = Path(__file__).resolve().parent.parent


@lru_cache(maxsize=None)
def cogs_log(players: int = 2) -> tuple:
    """A three-turn Cogs match, bots on every seat (two players, or three in a cog match)."""
    game = load_game("cogs")
    names, sides = ("Ann", "Ben", "Cy")[:players], ("lions", "herons", "griffins")[:players]
    options = {"turns": 3} if players == 2 else {"turns": 3, "cog_match": True}
    header = game.make_header(players=tuple(Player(n, s) for n, s in zip(names, sides)), edition="standard",
                              seed=8, options=options)
    match = Match(game, header)
    bots = ("sensible", "random", "random")
    run(match, {p: game.bot(bots[p], 8 + p, p) for p in range(players)})
    return header, tuple(sealed(match))


def forge(header, records, q: int, pick=None):
    """Replace decision ``q`` by another legal answer (the first that differs, or ``pick(options)``), rechained."""
    game = load_game(header.game)
    request = rerun(game, header, records).requests[q]
    named = {key for option in request.options for key in option}
    kept = {k: v for k, v in records[q].data.items() if k not in named}
    others = [o for o in request.options
              if content(dataclasses.replace(records[q], data={**kept, **o})) != content(records[q])]
    option = pick(others) if pick else others[0]
    out = list(records)
    out[q] = dataclasses.replace(records[q], data={**kept, **option})
    return rechain(header, out), option


def named_decision(header, records, q: int):
    report = verify(header, records)
    assert not report.ok
    p = report.problem
    assert p.kind == tamper.FORGED and p.error is VerificationFailed, p.message
    assert p.change == tamper.INPUT_CHANGED and p.seq == q + 1, p.message
    return p


def first_reveal(records, turn: int) -> tuple[list[int], int]:
    """The CourseSet positions of a turn and the position of its CoursesRevealed."""
    reveal = next(i for i, r in enumerate(records) if r.type == "CoursesRevealed" and r.beat == turn)
    courses = [i for i, r in enumerate(records[:reveal]) if r.type == "CourseSet" and r.beat == turn]
    return courses, reveal


# -- Cogs: a forged course (dozens of legal answers each) --------------------------------------


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("turn", [1, 2])
def test_every_forged_course_of_a_turn_is_named(players, turn):
    header, records = cogs_log(players)
    courses, reveal = first_reveal(records, turn)
    assert len(courses) >= 2
    for q in courses:  # the first one was reported as "outcome changed" at the reveal before
        forged, option = forge(header, records, q, pick=lambda others: others[len(others) // 2])
        p = named_decision(header, forged, q)
        assert f"but the recorded outcomes from seq {reveal + 1} on follow from" in p.message
        assert p.inferred == tamper.show(records[q], header)  # the recorded answer, found again
        assert "CourseSet by " in p.message and "by player" not in p.message


def test_a_forged_course_is_found_among_every_answer():
    # Whichever legal course replaced it, the first course of turn 1 is the one named.
    header, records = cogs_log(2)
    courses, _ = first_reveal(records, 1)
    q = courses[0]
    request = rerun(load_game("cogs"), header, records).requests[q]
    picks = range(0, len(request.options), max(1, len(request.options) // 6))
    for k in picks:
        try:
            forged, _ = forge(header, records, q, pick=lambda others, k=k: others[min(k, len(others) - 1)])
        except IndexError:
            continue
        named_decision(header, forged, q)


# -- BattleCON: forged starting discards (840 legal answers) -------------------------------------


@pytest.mark.parametrize("player_index", [0, 1])
def test_forged_starting_discards_are_named(player_index):
    header, records = walkthrough()
    q = next(i for i, r in enumerate(records) if r.type == "DiscardsChosen" and r.actor == player_index)

    def swap(others):  # the recorded cards, one pair traded between the two discard piles
        d = records[q].data
        wanted = {"discard1": [d["discard1"][0], d["discard2"][1]], "discard2": [d["discard2"][0], d["discard1"][1]]}
        return next(o for o in others if all(o.get(k) == v for k, v in wanted.items()))

    forged, _ = forge(header, records, q, pick=swap)
    p = named_decision(header, forged, q)
    reveal = next(i for i, r in enumerate(records) if r.type == "DiscardsSet" and r.actor == player_index)
    assert "DiscardsChosen by " in p.message and f"outcomes from seq {reveal + 1} on follow from" in p.message
    assert p.inferred == tamper.show(records[q], header)


# -- what a search that finds nothing says ------------------------------------------------------


def test_a_forged_reveal_says_what_was_searched():
    header, records = cogs_log(2)
    courses, reveal = first_reveal(records, 1)
    out = list(records)
    data = dict(out[reveal].data)
    data["speeds"] = [s + 1 for s in data["speeds"]]  # no legal course re-derives all of these
    out[reveal] = dataclasses.replace(out[reveal], data=data)
    report = verify(header, rechain(header, out))
    p = report.problem
    assert p.change == tamper.OUTCOME_CHANGED and p.seq == reveal + 1
    span = f"seq {courses[0] + 1}-{courses[-1] + 1}"
    assert (f"outcome changed (no other legal answer to the decisions at {span}" in p.message
            or "outcome changed (or a decision before it: seq " in p.message), p.message


def test_the_search_stays_within_its_budget(monkeypatch):
    # A forged outcome late in the log, nothing to find: the work is bounded by the budget
    # (records re-derived), whatever the number of suspects and answers.
    header, records = cogs_log(3)
    last_reveal = max(i for i, r in enumerate(records) if r.type == "CoursesRevealed")
    out = list(records)
    data = dict(out[last_reveal].data)
    data["speeds"] = [s + 1 for s in data["speeds"]]
    out[last_reveal] = dataclasses.replace(out[last_reveal], data=data)
    forged = rechain(header, out)
    spent = []
    real = budget_module.rerun

    def counting(game, head, candidate, **kw):
        spent.append(len(candidate) + budget_module.OVERHEAD)
        return real(game, head, candidate, **kw)

    monkeypatch.setattr(budget_module, "rerun", counting)
    report = verify(header, forged)
    assert report.problem.change == tamper.OUTCOME_CHANGED
    # Twice a re-execution of the whole log (or the floor for short logs), every re-run counted.
    assert sum(spent) <= max(budget_module.RUNS * (len(forged) + budget_module.OVERHEAD), budget_module.FLOOR)
    if "(or a decision before it" in report.problem.message:
        assert "the search stopped at its budget" in report.problem.message


# -- a header forged with a re-derived match id ---------------------------------------------------


def renamed(header, records):
    game = load_game(header.game)
    players = tuple(dataclasses.replace(p, name=p.name + " Jr") for p in header.players)
    new = game.make_header(players=players, edition=header.edition, seed=header.seed, options=header.options)
    return new, rechain(new, [dataclasses.replace(r, match_id=new.match_id) for r in records])


@pytest.mark.parametrize("made", ["battlecon", "cogs"])
def test_a_header_forged_with_a_rederived_id_points_at_the_header(made):
    header, records = walkthrough() if made == "battlecon" else cogs_log(2)
    new, forged = renamed(header, list(records))
    report = verify(new, forged)
    assert not report.ok and report.problem.kind == tamper.FORGED
    assert f"({HEADER_HINT})" in report.problem.message


def test_one_edited_chance_draw_is_not_blamed_on_the_header():
    header, records = cogs_log(2)
    q = next(i for i, r in enumerate(records) if r.type == "ChanceDrawn")
    out = list(records)
    data = dict(out[q].data)
    data["value"] = (data["value"] + 1) % data["n"]
    out[q] = dataclasses.replace(out[q], data=data)
    p = verify(header, rechain(header, out)).problem
    assert p.change == tamper.INPUT_CHANGED and p.seq == q + 1
    assert "the recorded chance draw is not the seeded random source's" in p.message
    assert HEADER_HINT not in p.message


# -- wording ------------------------------------------------------------------------------------


def test_articles_and_player_names():
    assert article("equip") == "an" and article("course") == "a" and article("ante") == "an"
    header, _ = walkthrough()
    assert player(header, 1).startswith(header.players[1].name) and "(seat 1" in player(header, 1)
    assert player(header, 7) == "player 7" and player(None, 0) == "player 0"
    ann = Player("Ann", "hikaru")
    fake = dataclasses.replace(header, players=(ann, Player("Hikaru's twin", "hikaru")))
    assert player(fake, 0) == "Ann (seat 0, hikaru)" and player(fake, 1) == "Hikaru's twin (seat 1)"


def test_cli_names_a_forged_course(tmp_path):
    header, records = cogs_log(2)
    courses, reveal = first_reveal(records, 1)
    forged, _ = forge(header, records, courses[0])
    path = tmp_path / "forged.jsonl"
    path.write_bytes(b"\n".join([header.line()] + [r.line() for r in forged]) + b"\n")
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 1
    assert f"seq {courses[0] + 1}: chain forged (hashes recomputed but events not re-derivable): input changed" \
        in result.stderr
    assert read_jsonl(path).records == forged  # verify changes nothing


def test_a_hint_does_not_recurse_without_end():
    from replay.suspects import Hint
    from tests.replay_support import toy_log

    _, records = toy_log()
    deep: object = 1
    for _ in range(120):
        deep = [deep]
    a = dataclasses.replace(records[3], data={"points": deep})
    b = dataclasses.replace(records[3], data={"points": [deep]})
    hint = Hint(a, b)
    assert not hint.empty and isinstance(hint.score({"points": deep}), int)


def test_an_imagined_original_re_derives_the_agreed_records_without_comparing_them():
    # The search re-runs each imagined original from the header; the records before the place it touched are the
    # log's own, which the log's run re-derived exactly (Run.agreed), so they are taken as they are. The answer
    # -- where the imagined original diverges, and why -- is the one a full comparison gives.
    for header, records in (cogs_log(), walkthrough()):
        game = load_game(header.game)
        forged, _ = forge(header, list(records), max(rerun(game, header, records).requests))
        forged = list(forged)
        run_ = rerun(game, header, forged, intact=len(forged))
        assert run_.diverged is not None and 0 < run_.agreed == min(run_.diverged, len(forged))
        for q in sorted(run_.requests)[-6:]:
            request = run_.requests[q]
            for option in request.options[:3]:
                candidate = forged[:q] + [dataclasses.replace(forged[q], data={**forged[q].data, **option})] \
                    + forged[q + 1:]
                quick = rerun(game, header, candidate, intact=min(q, run_.agreed), agreed=min(q, run_.agreed))
                full = rerun(game, header, candidate)
                assert (quick.diverged, quick.reason) == (full.diverged, full.reason), (q, option)
                assert [r.hash for r in quick.expected] == [r.hash for r in full.expected]

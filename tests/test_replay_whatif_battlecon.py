"""beatlog whatif on BattleCON logs: the match's own policy plays on, side by side output (CliRunner)."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from click.testing import CliRunner

from beatlog.cli import main
from recorder.decisions import Answer
from recorder.events import INPUT
from recorder.games.battlecon import GAME
from recorder.header import Player
from recorder.match import Match, run, sealed
from replay.rerun import answer_of, rerun
from replay.whatif import what_if
from tests.replay_support import walkthrough, write_log

ROOT = Path(__file__).resolve().parent.parent
BAR = " │ "


class Relabeled:
    """A bot whose answers are recorded as someone else's (a person's, or another seed's bot)."""

    def __init__(self, inner, source: str) -> None:
        self.inner, self.source = inner, source

    def answer(self, request, match):
        return Answer(self.inner.answer(request, match).data, self.source)


@lru_cache(maxsize=None)
def _bot_match(seed: int, seat1: str = "bot:random"):
    """Hikaru (greedy) vs Cadenza, one duel; seat 1 is bot:random, a person, or random with another seed."""
    header = GAME.make_header(players=(Player("Ann", "hikaru"), Player("Ben", "cadenza")), edition="woi",
                              seed=seed, options={"duels": 1})
    second = {"bot:random": GAME.bot("random", seed, 1),
              "person": Relabeled(GAME.bot("random", seed, 1), "player"),
              "other seed": Relabeled(GAME.bot("random", seed + 1, 1), "bot:random")}[seat1]
    match = Match(GAME, header)
    run(match, {0: GAME.bot("greedy", seed, 0), 1: second})
    return header, tuple(sealed(match))


def _log(tmp_path, made) -> Path:
    header, records = made
    return write_log(tmp_path / "m.jsonl", header, list(records))


def _other_pair(header, records, player: int, beat: int) -> tuple[str, str, int]:
    """A legal pair other than the recorded one for ``player`` at ``beat``, and the recorded pair's seq."""
    i = next(i for i, r in enumerate(records)
             if r.type == "PairSelected" and r.actor == player and r.beat == beat)
    pending = rerun(GAME, header, list(records[:i])).pending
    assert pending is not None and pending.kind == "pair"
    rec = records[i].data
    style, base = next((o["style"], o["base"]) for o in pending.options
                       if (o["style"], o["base"]) != (rec["style"], rec["base"]))
    return style, base, records[i].seq


def _rows(text: str) -> list[tuple[str, str]]:
    """The side-by-side table as (recorded, what-if) cells, continuation lines joined to their cell."""
    rows: list[list[str]] = []
    for line in text.splitlines():
        if BAR.rstrip() not in line or line.startswith("  recorded "):
            continue
        left, right = (part.strip() for part in line.split(BAR.rstrip(), 1))  # a line may end at the bar
        if (left.startswith("#") or not left) and (right.startswith("#") or not right) and (left or right):
            rows.append([left, right])
        elif rows:
            rows[-1][0] += (" " + left) if left else ""
            rows[-1][1] += (" " + right) if right else ""
    return [(a, b) for a, b in rows]


# -- 1. the match's own policy ----------------------------------------------------------------------------------

def test_whatif_plays_on_with_the_bots_that_recorded_the_match(tmp_path):
    header, records = _bot_match(101)
    style, base, seq = _other_pair(header, records, 1, 3)
    result = CliRunner().invoke(main, ["whatif", str(_log(tmp_path, (header, records))), "--beat", "3",
                                       "--player", "2", "--pair", f"{style},{base}", "--width", "160"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == (f"What if Ben had chosen pair {style} {base} instead of "
                        f"{records[seq - 1].data['style']} {records[seq - 1].data['base']} (seq {seq}) "
                        f"in duel 1, beat 3 of match {header.match_id}?")
    assert lines[1] == ("Who plays on once a seat's recorded decisions stop fitting: Ann (hikaru): greedy, "
                        "as recorded (bot:greedy); Ben (cadenza): random, as recorded (bot:random).")
    assert not any(line.startswith("Note:") for line in lines)  # both bots reproduce the recorded prefix
    takeovers = [line for line in lines if line.startswith("From duel")]
    assert all(re.match(r"From duel 1, beat \d+, (greedy decides for Ann|random decides for Ben): ", t)
               for t in takeovers), takeovers
    assert "first" not in "\n".join(takeovers)


def test_a_resumed_random_bot_is_where_it_would_have_been():
    """After the take-over, seat 1's answers are those of a bot that was asked at every one of its requests."""
    header, records = _bot_match(101)
    style, base, _ = _other_pair(header, records, 1, 3)
    answers = GAME.script_answers({"duel": 1, "beat": 3, "player": 1, "pair": [style, base]})
    result = what_if(header, list(records), beat=3, player=1, game=GAME, answers=answers)
    assert 1 in result.policy_from and result.policy_decisions > 0
    bot = GAME.bot("random", header.seed, 1)  # as the recorder made it
    match = Match(GAME, header)
    match.advance()
    decisions = iter(r for r in result.new if r.kind == INPUT and r.actor is not None)
    checked = 0
    while not match.finished:
        request = match.pending
        record = next(decisions)
        if request.player == 1:
            mine = bot.answer(request, match)
            if record.data["source"] == "policy:random":
                assert request.index_of(mine.data) == request.index_of(answer_of(record).data), record.seq
                checked += 1
        match.advance(answer_of(record))
    assert checked == result.policy_decisions - sum(
        1 for r in result.new if r.kind == INPUT and r.data.get("source") == "policy:greedy")


def test_whatif_notes_a_bot_that_does_not_reproduce_the_log(tmp_path):
    header, records = _bot_match(101, "other seed")
    style, base, _ = _other_pair(header, records, 1, 3)
    result = CliRunner().invoke(main, ["whatif", str(_log(tmp_path, (header, records))), "--beat", "3",
                                       "--player", "2", "--pair", f"{style},{base}"])
    assert result.exit_code == 0, result.output
    notes = [line for line in result.output.splitlines() if line.startswith("Note:")]
    assert len(notes) == 1 and re.fullmatch(
        r"Note: random does not reproduce Ben's recorded .+ \(seq \d+; it picks .+\): "
        r"its later decisions are its own, not the recorder's\.", notes[0]), notes


def test_whatif_seat_played_by_a_person_falls_back_to_the_policy_given(tmp_path):
    made = _bot_match(101, "person")
    header, records = made
    style, base, _ = _other_pair(header, records, 1, 3)
    path = _log(tmp_path, made)
    args = ["whatif", str(path), "--beat", "3", "--player", "Ben", "--pair", f"{style},{base}"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1] == (
        "Who plays on once a seat's recorded decisions stop fitting: Ann (hikaru): greedy, as recorded (bot:greedy); "
        "Ben (cadenza): first, the fallback (the default; --policy chooses another): its decisions came from a person.")
    result = CliRunner().invoke(main, args + ["--policy", "random", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["policies"][1] == {"player": 1, "policy": "random", "inferred": False,
                                   "why": "the fallback (given with --policy): its decisions came from a person"}
    assert data["policies"][0]["policy"] == "greedy" and data["policies"][0]["inferred"]


# -- 2. side by side ---------------------------------------------------------------------------------------------

def test_whatif_side_by_side_shows_the_what_ifs_own_hit_and_damage(tmp_path):
    """The auditors' case: walkthrough, beat 2, Hikaru plays Focused Grasp instead of Sweeping Shot."""
    path = _log(tmp_path, walkthrough())
    result = CliRunner().invoke(main, ["whatif", str(path), "--beat", "2", "--player", "1",
                                       "--pair", "Focused,Grasp", "--width", "200"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.splitlines()[0].startswith(
        "What if Hikaru's player had chosen pair Focused Grasp instead of Sweeping Shot (seq ")
    assert "  recorded" in out and f"{BAR}what-if" in out
    rows = _rows(out)
    right = [b for _, b in rows]
    left = [a for a, _ in rows]
    assert any(re.fullmatch(r"#\d+ Reveal: Hikaru Focused Grasp vs Khadath Lure Strike", b) for b in right), right
    assert any(re.fullmatch(r"#\d+ Hikaru checks range: distance 4 vs Grasp 1 \+ Focused \+0 = 1 — out of range", b)
               for b in right), right
    assert any(re.fullmatch(r"#\d+ Hikaru misses: out of range \(distance 4\)", b) for b in right), right
    assert any(re.fullmatch(r"#\d+ Khadath takes 2 damage from Hikaru: power 2 \(Shot 3 - Sweeping 1\) - soak 0 "
                            r"= 2; life 13 → 11", a) for a in left), left
    # The what-if's own damage to Hikaru (no Sweeping: no extra damage) faces the recorded one.
    damage = [(a, b) for a, b in rows if "Hikaru takes" in a]
    assert damage and re.search(r"Hikaru takes 3 damage from Khadath: power 3 \(Strike 4 - Lure 1\) - soak 0 = 3; "
                                r"life 20 → 17$", damage[0][1]), damage
    assert "extra (Hikaru's Sweeping: +2 damage taken)" in damage[0][0]


def test_whatif_caps_each_side_and_all_shows_everything(tmp_path):
    header, records = _bot_match(101)
    style, base, _ = _other_pair(header, records, 1, 2)
    path = _log(tmp_path, (header, records))
    args = ["whatif", str(path), "--beat", "2", "--player", "2", "--pair", f"{style},{base}", "--width", "160"]
    capped = CliRunner().invoke(main, args)
    assert capped.exit_code == 0, capped.output
    rows = _rows(capped.output.split("\nFinal:")[0])
    assert sum(1 for a, _ in rows if a) == 10 and sum(1 for _, b in rows if b) == 10
    more = [line for line in capped.output.splitlines() if line.startswith("... and ")]
    assert len(more) == 1 and re.fullmatch(
        r"\.\.\. and \d+ more differing outcomes? recorded, \d+ in the what-if \(--all shows every one\)", more[0])
    everything = CliRunner().invoke(main, args + ["--all"])
    assert everything.exit_code == 0
    assert not any(line.startswith("... and ") for line in everything.output.splitlines())
    n_left, n_right = (int(x) for x in re.findall(r"\d+", more[0].split("and ", 1)[1])[:2])
    rows = _rows(everything.output.split("\nFinal:")[0])
    assert sum(1 for a, _ in rows if a) == 10 + n_left and sum(1 for _, b in rows if b) == 10 + n_right
    data = json.loads(CliRunner().invoke(main, args + ["--json"]).output)  # the JSON form is never capped
    cells = [row for beat in data["beats"] for row in beat["rows"]]
    assert sum(1 for c in cells if c["recorded"]) == 10 + n_left
    assert sum(1 for c in cells if c["whatif"]) == 10 + n_right
    assert data["whatif"]["last"]["type"] == "MatchEnded" and data["recorded"]["last"]["type"] == "MatchEnded"


def test_whatif_ante_label_is_not_doubled(tmp_path):
    header, records = made = walkthrough()
    path = _log(tmp_path, made)
    result = CliRunner().invoke(main, ["whatif", str(path), "--beat", "1", "--player", "1", "--ante", "Water"])
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert re.fullmatch(r"What if Hikaru's player had chosen ante Water instead of Fire \(seq \d+\) in duel 1, "
                        r"beat 1 of match m-[0-9a-f]+\?", first), first
    assert "Ante Water" not in result.output.splitlines()[0]
    winner = header.players[records[-1].data["winner"]]  # the recorded result, whoever the policy made win
    assert f"Result: recorded {GAME.fighter_info(winner.side)['name'].split()[0]}'s player wins" in result.output

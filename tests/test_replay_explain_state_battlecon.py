"""beatlog state and explain on BattleCON logs: hands, redaction, arithmetic, causes, rules, forged logs."""

from __future__ import annotations

import dataclasses
import json
import re
from functools import lru_cache

from click.testing import CliRunner

from beatlog.cli import main
from recorder.games.battlecon import GAME
from recorder.header import Player
from recorder.match import Match, run, sealed
from replay.explain import explain
from sample_logs.make_samples import SPECIALS
from tests.replay_support import edit, rechain, walkthrough, write_log


def _log(tmp_path, made, name="m.jsonl"):
    header, records = made
    return write_log(tmp_path / name, header, list(records))


@lru_cache(maxsize=None)
def _random_match(seed: int, a: str, b: str, edition: str = "woi", **options):
    header = GAME.make_header(players=(Player("Ann", a), Player("Ben", b)), edition=edition, seed=seed,
                              options={"duels": 1, **options})
    match = Match(GAME, header)
    run(match, {p: GAME.bot("random", seed, p) for p in (0, 1)})
    return header, tuple(sealed(match))


def _events_until(records, beat: int, stop) -> int:
    """How many events of ``beat`` there are up to and including the first one ``stop`` accepts."""
    events = [r for r in records if (r.duel, r.beat) == (1, beat)]
    return next(i for i, r in enumerate(events) if stop(r)) + 1


# -- 3. state: hands, face-down pairs, what a player could know -------------------------------------------------

def _hikaru_committed(records) -> int:
    return _events_until(records, 3, lambda r: r.type == "PairCommitted" and r.data["player"] == 0)


def test_state_full_shows_both_hands_and_the_face_down_pair(tmp_path):
    made = walkthrough()
    path = _log(tmp_path, made)
    k = _hikaru_committed(made[1])
    result = CliRunner().invoke(main, ["state", str(path), "--beat", "3", "--event", str(k)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith(f"match {made[0].match_id}, duel 1, beat 3, after event {k} of the beat (seq ")
    assert lines[1:] == [
        "duel 1 beat 3  [.KH^...]  trap on 4  score 0-0",
        "  H Hikaru Sorayama (Hikaru's player) life 15 on 3 | d1: Sweeping Shot | d2: Advancing Drive "
        "| pair: Trance Strike (face down) | tokens: Earth, Water (discarded: Fire, Wind)",
        "      hand: styles Focused, Geomantic; bases Burst, Grasp, Dash, Palm Strike",
        "  K Khadath Ahemusei (Khadath's player) life 11 on 2 | d1: Lure Strike | d2: Teleport Burst",
        "      hand: styles Hunter's, Evacuation, Blight; bases Shot, Drive, Grasp, Dash, Snare",
    ]


def test_state_as_the_opponent_shows_the_possible_hand_not_the_pair(tmp_path):
    made = walkthrough()
    path = _log(tmp_path, made)
    k = _hikaru_committed(made[1])
    result = CliRunner().invoke(main, ["state", str(path), "--beat", "3", "--event", str(k), "--as", "2"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].endswith(", as Khadath's player saw it")
    assert lines[2:] == [
        "  H Hikaru Sorayama (Hikaru's player) life 15 on 3 | d1: Sweeping Shot | d2: Advancing Drive "
        "| pair: face down (unknown to you) | tokens: Earth, Water (discarded: Fire, Wind)",
        "      could hold: styles Trance, Focused, Geomantic; bases Strike, Burst, Grasp, Dash, Palm Strike "
        "(2 cards unknown to you: the face-down pair)",
        "  K Khadath Ahemusei (Khadath's player) life 11 on 2 | d1: Lure Strike | d2: Teleport Burst",
        "      hand: styles Hunter's, Evacuation, Blight; bases Shot, Drive, Grasp, Dash, Snare",
    ]
    # Hikaru's own view: the own pair (secret from the opponent), the opponent's hand as inferred.
    result = CliRunner().invoke(main, ["state", str(path), "--beat", "3", "--event", str(k), "--as", "Hikaru's player"])
    lines = result.output.splitlines()
    assert "| pair: Trance Strike (face down; hidden from the opponent) |" in lines[2]
    assert lines[3] == "      hand: styles Focused, Geomantic; bases Burst, Grasp, Dash, Palm Strike"
    assert lines[5] == ("      hand: styles Hunter's, Evacuation, Blight; bases Shot, Drive, Grasp, Dash, Snare "
                        "(known to you: every other card is in a discard pile or in play)")


def test_state_as_json_is_the_redacted_snapshot(tmp_path):
    made = walkthrough()
    path = _log(tmp_path, made)
    k = _hikaru_committed(made[1])
    data = json.loads(CliRunner().invoke(main, ["state", str(path), "--beat", "3", "--event", str(k),
                                                "--as", "2", "--json"]).output)
    hikaru = data["state"]["fighters"][0]
    assert data["viewer"] == 1 and data["verified"] is True and data["problem"] is None
    assert hikaru["pair"]["style"] == hikaru["pair"]["base"] == "?" and hikaru["hand_hidden_count"] == 2
    assert {"Trance", "Strike"} <= set(hikaru["hand"])


# -- 4. explain: arithmetic, causes, hops, a rule for every step -------------------------------------------------

def _explained(tmp_path, made, beat: int) -> str:
    result = CliRunner().invoke(main, ["explain", str(_log(tmp_path, made)), "--beat", str(beat)])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""  # a log that verifies: no warning
    return result.output


def _event_lines(text: str) -> list[str]:
    """'#N text' of every event (without the [type; kind] tags)."""
    return [re.sub(r"  \[[A-Za-z]+; [^]]+\]$", "", line.strip()) for line in text.splitlines()
            if re.match(r"  #\d+ ", line)]


def test_explain_damage_names_every_term_and_the_cause_of_extra_damage(tmp_path):
    lines = _event_lines(_explained(tmp_path, walkthrough(), 2))
    texts = [line.split(" ", 1)[1] for line in lines]
    # A style modifies a base: the base's figure comes first (issue #21); Sweeping's +2 names its ruling.
    assert "Khadath takes 2 damage from Hikaru: power 2 (Shot 3 - Sweeping 1) - soak 0 = 2; life 13 → 11" in texts
    assert ("Hikaru takes 5 damage from Khadath: power 3 (Strike 4 - Lure 1) + 2 extra (Hikaru's Sweeping: +2 damage "
            "taken) [ruling: Sweeping] - soak 0 = 5; life 20 → 15") in texts
    assert "Khadath is not stunned: 2 damage ≤ stun guard 5 (Strike 5)" in texts
    assert "Hikaru is stunned: 5 damage > stun guard 2 (Shot 2)" in texts
    assert ("Priority: Hikaru Shot 2 + Sweeping 3 + Wind token 2 = 7; Khadath Strike 3 - Lure 1 = 2. "
            "Hikaru is active: Hikaru has the higher priority (7 > 2)") in texts
    assert "Hikaru antes Wind (+2 priority this beat)" in texts
    assert "Khadath's Lure, On Hit: Pull the opponent any number of spaces, but not past you." in texts


def test_explain_soak_shows_the_recorded_terms(tmp_path):
    """Kallistar's Human form soak and a style's soak, summed as the record has them."""
    for seed in range(1, 40):
        made = _random_match(seed, "cadenza", "kallistar")
        hits = [r for r in made[1] if r.type == "DamageDealt" and " + " in r.data["soak_terms"]]
        if hits:
            break
    else:
        raise AssertionError("no hit on two soak terms in 40 matches")
    d = hits[0].data
    terms = d["soak_terms"].rsplit(" = ", 1)[0]
    text = _explained(tmp_path, made, hits[0].beat)
    ruled = " [ruling: Kallistar]" if "Human form" in terms else ""  # WoI stun example 2's 6 -> 5
    assert re.search(rf"#{hits[0].seq} Kallistar takes {d['amount']} damage from Cadenza: power {d['power']} "
                     rf"\([^)]*\) - soak {d['soak']} \({re.escape(terms)}\){re.escape(ruled)} = {d['amount']}; "
                     rf"life {d['life_after'] + d['amount']} → {d['life_after']}", text), text


def test_explain_moves_that_switch_sides_say_whom_they_hop(tmp_path):
    made = walkthrough()
    texts = [line.split(" ", 1)[1] for line in _event_lines(_explained(tmp_path, made, 1))]
    assert "Khadath moves directly (7 → 2), to the other side of Hikaru (switches sides)" in texts
    texts = [line.split(" ", 1)[1] for line in _event_lines(_explained(tmp_path, made, 3))]
    assert "Khadath advances 1 (2 → 4), hops over Hikaru (switches sides)" in texts
    texts = [line.split(" ", 1)[1] for line in _event_lines(_explained(tmp_path, made, 4))]
    assert "Hikaru advances 1 (3 → 5), hops over Khadath (switches sides)" in texts


def test_explain_chance_draw_cites_the_ante_rule(tmp_path):
    text = _explained(tmp_path, walkthrough(), 1)
    lines = text.splitlines()
    i = next(i for i, line in enumerate(lines) if "Chance draws who antes first" in line)
    assert re.fullmatch(r"  #\d+ Chance draws who antes first: Khadath \(of Hikaru and Khadath; the draw's value 1 of 0\.\.1\)  "
                        r"\[ChanceDrawn; input\]", lines[i]), lines[i]
    assert lines[i + 1] == ("      rule: WoI p.24, Play Sequence 2: ante ('Starting with the player who was Active "
                            "Player during the previous beat (or randomly, on the first turn)')")  # the book's words
    assert "Ante: Khadath antes first — drawn by chance (first beat of the duel)" in text


@lru_cache(maxsize=None)
def _special_matches():
    """The sample matches whose seeds were picked so that every Special Action and Finisher happens."""
    out = []
    for _name, edition, (a, b), seed, bots, options in SPECIALS:
        header = GAME.make_header(players=(Player("Ann", a), Player("Ben", b)), edition=edition, seed=seed,
                                  options=options)
        match = Match(GAME, header)
        run(match, {p: GAME.bot(bot, seed, p) for p, bot in enumerate(bots)})
        out.append((header, tuple(sealed(match))))
    return out


def test_explain_recycle_after_a_clash_names_the_covered_base(tmp_path):
    for seed in range(1, 40):
        made = _random_match(seed, "kallistar", "khadath")
        clashes = [r for r in made[1] if r.type == "ClashRevealed"]
        if clashes:
            break
    else:
        raise AssertionError("no clash in 40 matches")
    beat = clashes[0].beat
    revealed = next(r for r in made[1] if r.type == "PairRevealed" and r.beat == beat)
    rounds = [r.data["bases"] for r in made[1] if r.type == "ClashRevealed" and r.beat == beat]
    text = _explained(tmp_path, made, beat)
    for p, who in ((0, "Kallistar"), (1, "Khadath")):
        # Every base but the one on top at the end: the pair's own and all clash bases before the last.
        covered = sorted([revealed.data["bases"][p]] + [bases[p] for bases in rounds[:-1]])
        found = re.search(rf"#\d+ {who} recycles: [^;]+ to discard 1; discard 2 now [^;]+(; [^;]+ returns? to hand "
                          rf"from discard 2)?; (?P<covered>[^;]+) \(covered in the clash\) back to hand  ", text)
        assert found and sorted(found["covered"].split(", ")) == covered, text


def test_every_step_of_every_beat_cites_a_rule():
    logs = [walkthrough(), _random_match(5, "kallistar", "khadath", "preview"), *_special_matches()]
    for header, records in logs:
        for duel, beat in sorted({(r.duel, r.beat) for r in records}):
            report = explain(header, list(records), beat, duel)
            missing = [(s.seq, s.type) for s in report.steps if not s.citation]
            assert not missing, (header.match_id, beat, missing)
            dumps = [(s.seq, s.text) for s in report.steps if s.text.startswith(s.type)]
            assert not dumps, dumps  # every event has a plain description, never a field dump


# -- 5. a log that does not verify ------------------------------------------------------------------------------

def _forged(tmp_path):
    """The walkthrough with beat 1's damage raised and the chain recomputed (the strict reader accepts it)."""
    header, records = walkthrough()
    records = list(records)
    i = next(i for i, r in enumerate(records) if r.type == "DamageDealt")
    d = records[i].data
    records[i] = edit(records[i], amount=d["amount"] + 2, life_after=d["life_after"] - 2)
    return _log(tmp_path, (header, rechain(header, records, renumber=False)), "forged.jsonl"), records[i].seq


def test_explain_warns_about_a_forged_log_and_still_explains_it(tmp_path):
    path, seq = _forged(tmp_path)
    result = CliRunner().invoke(main, ["explain", str(path), "--beat", "1"])
    assert result.exit_code == 0, result.output
    assert result.stderr == (f"warning: this log does not verify: chain forged (outcome changed) at seq {seq}, "
                             f"duel 1, beat 1; run beatlog verify {path} for the details (this report shows what "
                             "the log claims)\n")
    assert re.search(rf"#{seq} Khadath takes 9 damage from Hikaru: power 7 .* = 9; life 20 → 11", result.output)
    html = tmp_path / "beat.html"
    result = CliRunner().invoke(main, ["explain", str(path), "--beat", "1", "--html", str(html)])
    assert 'class="warning"' in html.read_text() and "this log does not verify" in html.read_text()


def test_state_warns_about_a_forged_log(tmp_path):
    path, seq = _forged(tmp_path)
    result = CliRunner().invoke(main, ["state", str(path), "--beat", "1"])
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith(f"warning: this log does not verify: chain forged (outcome changed) at seq {seq},")
    assert "K Khadath Ahemusei (Khadath's player) life 11 on 2" in result.output  # what the log claims
    result = CliRunner().invoke(main, ["state", str(path), "--beat", "1", "--json"])
    data = json.loads(result.stdout)
    assert data["verified"] is False and data["problem"]["kind"] == "chain forged" and data["problem"]["seq"] == seq


def test_a_broken_chain_is_still_refused(tmp_path):
    header, records = walkthrough()
    records = list(records)
    records[10] = dataclasses.replace(records[10], data={**records[10].data, "value": 0})
    path = _log(tmp_path, (header, records), "broken.jsonl")
    for command in ("explain", "state"):
        result = CliRunner().invoke(main, [command, str(path), "--beat", "1"])
        assert result.exit_code == 1 and "hash mismatch" in result.stderr and "line 12" in result.stderr

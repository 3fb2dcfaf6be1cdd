"""verify on a real BattleCON bot match: each edit is found at its place and named input or outcome.

The match is recorded fresh by the installed engine, and every edit is derived
from it (which decision had another legal answer, which records to swap), so
the tests hold whatever the engine's version.
"""

from __future__ import annotations

import dataclasses

from click.testing import CliRunner

from recorder import canonical
from beatlog.cli import main
from recorder.games.battlecon import GAME
from recorder.header import Player
from replay import tamper
from replay.rerun import rerun
from tests.replay_support import battlecon_duel, edit, problem_of, rechain, rehash_own, write_log

SEED = 11


def bc_log():
    header, records = battlecon_duel(SEED)
    return header, list(records)


def other_answer(records, type_: str):
    """(index, another legal answer) of the first ``type_`` decision that had a choice."""
    header, _ = battlecon_duel(SEED)
    requests = rerun(GAME, header, records).requests
    for i, request in sorted(requests.items()):
        if records[i].type != type_:
            continue
        mine = {k: v for k, v in records[i].data.items() if k != "source"}
        others = [dict(o) for o in request.options if canonical.dumps(dict(o)) != canonical.dumps(mine)]
        if others:
            return i, others[0]
    raise AssertionError(f"no {type_} decision with a choice in this match")


def test_forged_move_is_the_input_not_the_movement():
    header, records = bc_log()
    i, answer = other_answer(records, "MoveChosen")
    forged = rechain(header, records[:i] + [edit(records[i], **answer)] + records[i + 1:])
    p = problem_of(header, forged)
    assert (p.kind, p.change, p.seq) == (tamper.FORGED, tamper.INPUT_CHANGED, i + 1), p.message
    assert (p.duel, p.beat) == (records[i].duel, records[i].beat)
    assert p.expected is None and p.inferred is not None and "MoveChosen" in p.inferred


def test_forged_pair_is_the_input_not_its_commitment():
    header, records = bc_log()
    i, answer = other_answer(records, "PairSelected")
    forged = rechain(header, records[:i] + [edit(records[i], **answer)] + records[i + 1:])
    p = problem_of(header, forged)
    assert (p.kind, p.change, p.seq) == (tamper.FORGED, tamper.INPUT_CHANGED, i + 1), p.message
    assert "PairSelected" in p.recorded


def test_move_edited_with_only_its_own_hash_fixed():
    header, records = bc_log()
    i, answer = other_answer(records, "MoveChosen")
    records[i] = rehash_own(edit(records[i], **answer))
    p = problem_of(header, records)
    assert (p.kind, p.seq) == (tamper.INPUT_CHANGED, i + 1), p.message
    assert f"seq {i + 2}'s prev still links to the original" in p.message


def test_move_edited_in_place():
    header, records = bc_log()
    i, answer = other_answer(records, "MoveChosen")
    records[i] = edit(records[i], **answer)
    p = problem_of(header, records)
    assert (p.kind, p.seq, p.expected) == (tamper.INPUT_CHANGED, i + 1, None), p.message


def test_forged_chance_draw():
    header, records = bc_log()
    i = next(k for k, r in enumerate(records) if r.type == "ChanceDrawn" and r.data["n"] > 1)
    value = (records[i].data["value"] + 1) % records[i].data["n"]
    p = problem_of(header, rechain(header, records[:i] + [edit(records[i], value=value)] + records[i + 1:]))
    assert (p.kind, p.change, p.seq) == (tamper.FORGED, tamper.INPUT_CHANGED, i + 1), p.message


def test_non_adjacent_swap_of_outcomes():
    header, records = bc_log()
    # two outcomes two apart within one beat, of different content
    i = next(k for k in range(len(records) - 2) if records[k].kind == records[k + 2].kind == "outcome"
             and records[k].type != records[k + 2].type and records[k].beat == records[k + 2].beat >= 1)
    records[i], records[i + 2] = records[i + 2], records[i]
    p = problem_of(header, records)
    assert (p.kind, p.seq) == (tamper.REORDERED, i + 1), p.message
    assert f"seq {i + 1} and seq {i + 3} are swapped" in p.message


def test_copy_pasted_into_a_later_beat():
    header, records = bc_log()
    i = next(k for k, r in enumerate(records) if r.type == "AnteDeclared")
    j = next(k for k, r in enumerate(records) if r.beat == records[i].beat + 1 and r.type == "PairRevealed")
    records.insert(j, records[i])
    p = problem_of(header, records)
    assert (p.kind, p.seq, p.beat) == (tamper.DUPLICATED, j + 1, records[j + 1].beat), p.message
    assert f"repeats seq {i + 1}" in p.message


def test_block_cut_from_the_file():
    header, records = bc_log()
    start = next(k for k, r in enumerate(records) if r.beat == 3)
    del records[start:start + 25]
    p = problem_of(header, records)
    assert (p.kind, p.seq, p.beat) == (tamper.DELETED, start + 1, 3), p.message
    assert f"seq {start + 1}-{start + 25} (25 events) are missing" in p.message


def test_header_players_swapped_with_every_hash_recomputed():
    header, records = bc_log()
    a, b = header.players
    forged = dataclasses.replace(header, players=(Player(b.name, a.side), Player(a.name, b.side)))
    p = problem_of(forged, rechain(forged, records))
    assert p.kind == tamper.HEADER and "does not belong to these players/seed/options" in p.message


def test_torn_battlecon_file(tmp_path):
    header, records = bc_log()
    path = write_log(tmp_path / "bc.jsonl", header, records)
    path.write_bytes(path.read_bytes()[:-50])
    runner = CliRunner()
    result = runner.invoke(main, ["verify", str(path)])
    last = records[-2]  # the last complete line
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {path}: incomplete: match {header.match_id} stops at duel "
                                    f"{records[-1].duel}, beat {records[-1].beat} after seq {last.seq}; ")
    assert result.stderr.endswith(f"its last line (line {len(records) + 1}) is cut off (verify what it has with "
                                  f"--partial, or finish the match: beatlog record --resume {header.match_id} "
                                  f"-o {path})\n")
    assert runner.invoke(main, ["verify", "--partial", str(path)]).exit_code == 0


def test_block_deleted_with_every_hash_recomputed():
    header, records = bc_log()
    # from the reveal of one beat to the start of the beat after next (a beat every match has)
    starts = {(r.duel, r.beat): k for k, r in reversed(list(enumerate(records))) if r.type == "BeatStarted"}
    beat = next(b for b in range(2, 20) if (1, b + 2) in starts)
    start = next(k for k, r in enumerate(records) if (r.duel, r.beat) == (1, beat) and r.type == "PairRevealed")
    end = starts[(1, beat + 2)]
    p = problem_of(header, rechain(header, records[:start] + records[end:]))
    assert (p.kind, p.change, p.seq, p.beat) == (tamper.FORGED, tamper.DELETED, start + 1, beat), p.message
    assert f"but the log goes on at duel 1, beat {beat + 2} with BeatStarted" in p.message

"""verify and the audit commands on real BattleCON logs: the tamper corpus on a bot match."""

from __future__ import annotations

import dataclasses

from click.testing import CliRunner

from beatlog.cli import main
from recorder.errors import CorruptLog, IncompleteLog, VerificationFailed
from recorder.games.battlecon import GAME
from replay import tamper
from replay.rerun import rerun
from replay.explain import explain, render_text
from replay.state import state_at
from replay.verify import verify
from tests.replay_support import battlecon_duel, edit, rechain, write_log


def bc_log():
    header, records = battlecon_duel(7)
    return header, list(records)


def first(records, type_, start=0):
    return next(i for i, r in enumerate(records) if r.type == type_ and i >= start)


def check(header, records, kind, seq, error=CorruptLog, change=None):
    report = verify(header, records)
    p = report.problem
    assert p is not None, "tampering not caught"
    assert (p.kind, p.seq, p.change) == (kind, seq, change), p.message
    assert p.error is error and f"seq {seq}" in p.message
    assert f"duel {records[seq - 1].duel if seq <= len(records) else ''}" in p.message
    return p


def test_clean_battlecon_log_verifies():
    header, records = bc_log()
    report = verify(header, records)
    assert report.ok and report.complete, report.summary()
    assert report.result is not None and report.result["winner"] in (0, 1)


def test_edited_damage():
    header, records = bc_log()
    i = first(records, "DamageDealt")
    field = next(k for k, v in records[i].data.items() if isinstance(v, int) and not isinstance(v, bool))
    records[i] = edit(records[i], **{field: records[i].data[field] + 3})
    p = check(header, records, tamper.OUTCOME_CHANGED, i + 1)
    assert f"data.{field}" in p.message


def test_edited_pair_input():
    header, records = bc_log()
    i = first(records, "PairSelected")
    other = "Focused" if records[i].data["style"] != "Focused" else "Trance"
    records[i] = edit(records[i], style=other)
    check(header, records, tamper.INPUT_CHANGED, i + 1)


def test_inserted_deleted_duplicated_reordered():
    header, records = bc_log()
    i = first(records, "DamageDealt")
    fake = edit(records[i], **{"amount": 1} if "amount" in records[i].data else {})
    inserted = records[:i + 1] + rechain(header, records[:i + 1] + [fake])[i + 1:] + records[i + 1:]
    check(header, inserted, tamper.INSERTED, i + 2)

    deleted = records[:i] + records[i + 1:]
    check(header, deleted, tamper.DELETED, i + 1)

    duplicated = records[:i + 1] + [records[i]] + records[i + 1:]
    check(header, duplicated, tamper.DUPLICATED, i + 2)  # where the copy sits

    j = first(records, "PriorityCompared")
    reordered = records[:j - 1] + [records[j], records[j - 1]] + records[j + 1:]
    check(header, reordered, tamper.REORDERED, j)  # the first position out of place


def test_forged_chain():
    header, records = bc_log()
    i = first(records, "DamageDealt")
    key = next(k for k, v in records[i].data.items() if isinstance(v, int) and not isinstance(v, bool))
    forged = rechain(header, records[:i] + [edit(records[i], **{key: records[i].data[key] + 1})] + records[i + 1:])
    check(header, forged, tamper.FORGED, i + 1, VerificationFailed, tamper.OUTCOME_CHANGED)


def test_other_rules_version_and_truncation():
    header, records = bc_log()
    other = dataclasses.replace(header, rules_version="battlecon-000000000000")
    report = verify(other, rechain(other, records))
    assert report.problem.kind == tamper.VERSION
    assert "'battlecon-000000000000'" in report.problem.message and repr(GAME.rules_version) in report.problem.message
    half = records[: len(records) // 2]
    report = verify(header, half)
    assert report.problem.error is IncompleteLog and f"after seq {len(half)}" in report.problem.message
    assert verify(header, half, partial=True).ok


def test_explain_and_state_on_every_beat():
    header, records = bc_log()
    beats = sorted({(r.duel, r.beat) for r in records})
    for duel, beat in beats:
        report = explain(header, records, beat, duel)
        text = render_text(report)
        heading = f"Duel {duel}, beat {beat}" if beat else f"Duel {duel}, set-up"  # round 0 by its name
        assert heading in text and "State before:" in text and "State after:" in text
        assert len(report.steps) == sum(1 for r in records if (r.duel, r.beat) == (duel, beat))
        for viewer in (None, 0, 1):
            state_at(header, records, beat, duel=duel, viewer=viewer)


def test_cli_whatif_pair(tmp_path):
    header, records = bc_log()
    path = write_log(tmp_path / "bc.jsonl", header, records)
    i = first(records, "PairSelected", first(records, "BeatStarted"))
    rec = records[i]
    pending = rerun(GAME, header, records[:i]).pending  # the request the recorded pair answered
    assert pending is not None and pending.kind == "pair"
    style, base = next((o["style"], o["base"]) for o in pending.options
                       if (o["style"], o["base"]) != (rec.data["style"], rec.data["base"]))
    result = CliRunner().invoke(main, ["whatif", str(path), "--beat", str(rec.beat), "--player", str(rec.actor + 1),
                                       "--pair", f"{style.lower()},{base}"])
    assert result.exit_code == 0, result.output
    assert f"pair {style} {base} instead of {rec.data['style']} {rec.data['base']}" in result.output
    assert "Result: recorded " in result.output

"""Every Cogs of Valor outcome names the event it follows from (issue: "each with its cause")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.games.cogs.events import EVENTS, ROOT_EVENTS
from recorder.jsonl import read_jsonl

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "sample_logs" / "cogs").glob("*.jsonl"))


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_no_outcome_without_a_cause_but_the_roots(path):
    log = read_jsonl(path)
    seqs = {r.seq for r in log.records}
    orphans = [f"#{r.seq} {r.type}" for r in log.records
               if r.kind == "outcome" and r.cause is None and r.type not in ROOT_EVENTS]
    assert not orphans, f"{path.name}: outcomes without a cause: {orphans[:10]}"
    # A cause is an earlier event of the same log.
    assert all(r.cause in seqs and r.cause < r.seq for r in log.records if r.cause is not None)


def test_the_roots_are_outcomes_and_documented():
    doc = (ROOT / "docs" / "protocol-cogs.md").read_text(encoding="utf-8")
    listed = re.search(r"Root events[^:]*:(.+?)\.", doc, flags=re.S)
    assert listed, "docs/protocol-cogs.md has no 'Root events ...:' line"
    assert sorted(re.findall(r"`(\w+)`", listed.group(1))) == sorted(ROOT_EVENTS)
    for name in ROOT_EVENTS:
        assert EVENTS.get(name).KIND == "outcome"


def _causes(path: Path) -> dict[str, set[str]]:
    """type -> the types of the events it cites, over a log."""
    log = read_jsonl(path)
    by_seq = {r.seq: r for r in log.records}
    out: dict[str, set[str]] = {}
    for r in log.records:
        if r.cause is not None:
            out.setdefault(r.type, set()).add(by_seq[r.cause].type)
    return out


def test_outcomes_cite_their_true_cause():
    cited: dict[str, set[str]] = {}
    for path in SAMPLES:
        for t, causes in _causes(path).items():
            cited.setdefault(t, set()).update(causes)
    assert cited["CrewKilled"] <= {"CrewStruck", "CogSank"}
    assert cited["CrewCaptured"] <= {"CrewStruck", "CogSank"}
    assert cited["CogSank"] <= {"HullDamaged", "FireSpread"}
    assert cited["FireSpread"] == {"FireSet"}
    assert cited["GrappleBroken"] == {"GrappleRolled"}
    assert cited["CogRepaired"] <= {"HullDamaged", "FireSet", "FireSpread"}
    assert cited["CogCaptured"] <= {"CrewMoved"}
    assert cited["CogLaunched"] <= {"FleetMustered", "FleetRespawned"}
    assert cited["CrewEmbarked"] <= {"CogLaunched", "TreasureFound"}
    assert cited["MatchEnded"] <= {"TurnBegan", "CrewKilled", "CrewCaptured", "CogSank", "CogCaptured"}
    assert "CrewStruck" in cited["CrewKilled"] and "CrewStruck" in cited["CrewCaptured"]


def test_explain_says_why_a_crewmember_is_removed():
    path = ROOT / "sample_logs" / "cogs" / "merchants-vs-griffins.jsonl"
    log = read_jsonl(path)
    killed = next(r for r in log.records if r.type == "CrewKilled")
    out = CliRunner().invoke(main, ["explain", str(path), "--beat", str(killed.beat)])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith(f"#{killed.seq} "))
    assert lines[at + 1].strip().startswith(f"because: #{killed.cause} ")
    assert "is struck down" in lines[at + 1]

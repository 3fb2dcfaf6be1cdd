"""Every shipped sample log verifies; the rulebook walkthrough's beat 1 explained (golden)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from replay.explain import explain, render_text
from replay.source import read_strict
from replay.verify import verify_loaded
from replay.source import load_jsonl

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "sample_logs").rglob("*.jsonl"))
WALKTHROUGH = ROOT / "sample_logs" / "battlecon" / "walkthrough.jsonl"
GOLDEN = ROOT / "tests" / "golden" / "explain-walkthrough-beat1.txt"


@pytest.mark.skipif(not SAMPLES, reason="no sample logs yet")
@pytest.mark.parametrize("path", SAMPLES, ids=[str(p.relative_to(ROOT)) for p in SAMPLES])
def test_sample_log_verifies(path):
    report = verify_loaded(load_jsonl(path))
    assert report.ok and report.complete, report.summary()


@pytest.mark.skipif(not SAMPLES, reason="no sample logs yet")
def test_cli_verifies_all_samples_at_once():
    result = CliRunner().invoke(main, ["verify", *map(str, SAMPLES)])
    assert result.exit_code == 0, result.output
    assert result.output.count("verified ") == len(SAMPLES)


@pytest.mark.skipif(not WALKTHROUGH.exists(), reason="the walkthrough sample log is not there yet")
def test_explain_walkthrough_beat_1_golden(regen_golden):
    log = read_strict(WALKTHROUGH)
    text = render_text(explain(log.header, log.records, beat=1, duel=1))
    if regen_golden:
        GOLDEN.write_text(text, encoding="utf-8")
    assert GOLDEN.exists(), f"{GOLDEN} is missing: run pytest --regen-golden"
    assert text == GOLDEN.read_text(encoding="utf-8")


@pytest.mark.skipif(not WALKTHROUGH.exists(), reason="the walkthrough sample log is not there yet")
@pytest.mark.parametrize("change, expected", [
    ("edit", "seq 27: outcome changed since it was recorded"),
    ("forge", "seq 27: chain forged (hashes recomputed but events not re-derivable): outcome changed"),
    ("delete", "seq 28: event deleted"),
    ("truncate", "stops at duel 1, beat 3 after seq 80"),
])
def test_tampered_walkthrough(tmp_path, change, expected):
    from tests.replay_support import edit, rechain, write_log

    log = read_strict(WALKTHROUGH)
    records = list(log.records)
    assert (records[26].seq, records[26].type, records[26].data["amount"]) == (27, "DamageDealt", 7)
    if change in ("edit", "forge"):
        records[26] = edit(records[26], amount=4, life_after=16)  # "Khadath only took 4"
        if change == "forge":
            records = rechain(log.header, records)
    elif change == "delete":
        del records[27]  # the stun
    else:
        records = records[:80]
    path = write_log(tmp_path / "w.jsonl", log.header, records)
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 1 and expected in result.stderr, result.stderr


@pytest.mark.parametrize("path", sorted((ROOT / "sample_logs" / "battlecon").glob("*.jsonl")), ids=lambda p: p.name)
def test_every_sample_event_is_described_in_words_not_python(path):
    # a kit's words get a naming function: printing it instead of calling it leaks "<function ... at 0x...>"
    # into explain and into every page (whose bytes then differ from run to run)
    from recorder.game import game_for
    from recorder.jsonl import read_jsonl
    from replay.walk import Describer, walk

    log = read_jsonl(path)
    game = game_for(log.header)
    describer = Describer(game)
    walk(log.header, log.records, [describer], game)
    bad = {seq: line for seq, line in describer.lines.items() if "<function" in line or " at 0x" in line}
    assert bad == {}

"""A seal beside a log is checked even without --pubkey; diff never calls a corrupt log identical."""

from __future__ import annotations

import dataclasses
import json

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from tests.replay_support import edit, rechain, toy_log, write_log

UNTRUSTED = "signature not checked against a trusted key: give --pubkey"


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def sealed(runner, tmp_path):
    """good.jsonl sealed by 'Head judge' with judge.key."""
    header, records = toy_log()
    path = write_log(tmp_path / "good.jsonl", header, records)
    assert runner.invoke(main, ["keygen", "-o", str(tmp_path / "judge")]).exit_code == 0
    result = runner.invoke(main, ["seal", str(path), "--key", str(tmp_path / "judge.key"), "--signer", "Head judge"])
    assert result.exit_code == 0, result.output
    return path


# -- verify without --pubkey: the seal's own consistency --------------------------------------


def test_a_matching_seal_is_reported_as_not_checked_against_a_trusted_key(runner, sealed):
    result = runner.invoke(main, ["verify", str(sealed)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("verified ") and result.stdout.count("\n") == 1
    assert "; sealed by Head judge (key " in result.stdout and f"; {UNTRUSTED})" in result.stdout


def test_another_log_under_a_copied_seal_fails(runner, sealed, tmp_path):
    # The same match re-derived after a changed pick verifies on its own; the seal copied beside it
    # still names the old final hash.
    header, other = toy_log(a=(3, 3, 2))
    path = write_log(tmp_path / "other.jsonl", header, other)
    assert runner.invoke(main, ["verify", str(path)]).exit_code == 0  # no seal: verified
    (tmp_path / "other.jsonl.seal").write_bytes((tmp_path / "good.jsonl.seal").read_bytes())
    result = runner.invoke(main, ["verify", str(path)])
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == (f"Error: {path}: the log no longer matches the seal signed by 'Head judge': final_hash "
                             + result.stderr.split(": final_hash ", 1)[1])
    assert result.stderr.count("\n") == 1


def test_a_log_of_another_match_under_a_copied_seal_fails(runner, sealed, tmp_path):
    header, records = toy_log(seed=9)
    path = write_log(tmp_path / "nine.jsonl", header, records)
    (tmp_path / "nine.jsonl.seal").write_bytes((tmp_path / "good.jsonl.seal").read_bytes())
    result = runner.invoke(main, ["verify", str(path)])
    assert result.exit_code == 1 and "no longer matches the seal signed by 'Head judge': match_id is" in result.stderr


def test_an_edited_seal_fails_without_pubkey(runner, sealed, tmp_path):
    seal_file = tmp_path / "good.jsonl.seal"
    seal = json.loads(seal_file.read_text())
    seal["signer"] = "someone else"
    seal_file.write_text(json.dumps(seal))
    result = runner.invoke(main, ["verify", str(sealed)])
    assert result.exit_code == 1 and "the seal's signature is not valid (the seal file was edited)" in result.stderr
    seal["public_key"] = "zz"
    seal_file.write_text(json.dumps(seal))
    result = runner.invoke(main, ["verify", str(sealed)])
    assert result.exit_code == 1 and "the seal names no valid public key" in result.stderr
    seal_file.write_text("not json")
    result = runner.invoke(main, ["verify", str(sealed)])
    assert result.exit_code == 1 and "not a seal file" in result.stderr


def test_json_report_carries_the_untrusted_seal(runner, sealed, tmp_path):
    result = runner.invoke(main, ["verify", "--json", str(sealed)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    seal = report["seal"]
    named = json.loads((tmp_path / "good.jsonl.seal").read_text())["public_key"]
    assert seal["ok"] and seal["trusted"] is False and seal["signer"] == "Head judge" and seal["public_key"] == named
    trusted = runner.invoke(main, ["verify", "--json", "--pubkey", str(tmp_path / "judge.pub"), str(sealed)])
    assert json.loads(trusted.stdout)["seal"]["trusted"] is True


def test_no_seal_no_mention_and_stdin_has_none(runner, tmp_path, monkeypatch):
    header, records = toy_log()
    path = write_log(tmp_path / "plain.jsonl", header, records)
    result = runner.invoke(main, ["verify", str(path)])
    assert result.exit_code == 0 and "seal" not in result.output
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-.seal").write_text("garbage")  # never read for a log on stdin
    result = runner.invoke(main, ["verify", "-"], input=path.read_bytes())
    assert result.exit_code == 0 and "seal" not in result.output


def test_a_store_match_with_a_stale_seal_fails(runner, tmp_path):
    header, records = toy_log()
    path = write_log(tmp_path / "m.jsonl", header, records)
    db = tmp_path / "m.db"
    assert runner.invoke(main, ["import", str(path), "--db", str(db)]).exit_code == 0
    runner.invoke(main, ["keygen", "-o", str(tmp_path / "judge")])
    result = runner.invoke(main, ["seal", "--db", str(db), "--match", header.match_id, "--key",
                                  str(tmp_path / "judge.key")])
    assert result.exit_code == 0, result.output
    ok = runner.invoke(main, ["verify", "--db", str(db)])
    assert ok.exit_code == 0 and UNTRUSTED in ok.stdout
    seal_file = tmp_path / f"{header.match_id}.seal"
    seal = json.loads(seal_file.read_text())
    seal["events"] = 12  # a seal over fewer events: re-signing is impossible without the key
    seal_file.write_text(json.dumps(seal))
    bad = runner.invoke(main, ["verify", "--db", str(db)])
    assert bad.exit_code == 1 and "signature is not valid" in bad.stderr


# -- diff: the integrity check on each side ----------------------------------------------------


def test_two_copies_of_a_log_with_a_broken_chain_are_not_identical(runner, tmp_path):
    header, records = toy_log()
    records[5] = edit(records[5], number=3)  # hash left as it was
    a = write_log(tmp_path / "a.jsonl", header, records)
    b = write_log(tmp_path / "b.jsonl", header, records)
    result = runner.invoke(main, ["diff", str(a), str(b)])
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.startswith(f"Error: {a} and {b} are identical, but not a sound log: {a}, line 7 (seq 6): "
                                    "hash mismatch")
    assert result.stderr.count("\n") == 1 and "identical: match" not in result.output


def test_two_copies_of_a_log_with_an_unknown_event_type(runner, tmp_path):
    header, records = toy_log()
    records[3] = dataclasses.replace(records[3], type="Bogus")
    records = rechain(header, records)  # every hash right: only the type is wrong
    a = write_log(tmp_path / "a.jsonl", header, records)
    b = write_log(tmp_path / "b.jsonl", header, records)
    result = runner.invoke(main, ["diff", str(a), str(b)])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "are identical, but not a sound log" in result.stderr and "unknown event type 'Bogus'" in result.stderr


def test_a_difference_with_one_corrupt_side_warns_about_that_side(runner, tmp_path):
    header, records = toy_log()
    a = write_log(tmp_path / "a.jsonl", header, records)
    broken = list(records)
    broken[8] = edit(broken[8], number=1)
    b = write_log(tmp_path / "b.jsonl", header, broken)
    result = runner.invoke(main, ["diff", str(a), str(b)])
    assert result.exit_code == 1
    warnings = result.stderr.splitlines()
    assert len(warnings) == 1 and warnings[0].startswith(f"warning: {b}, line 10 (seq 9): hash mismatch")
    assert result.stdout.startswith("first difference at event 9")
    # both sides corrupt: one warning each
    c = write_log(tmp_path / "c.jsonl", header, [edit(r, number=2) if i == 2 else r for i, r in enumerate(records)])
    result = runner.invoke(main, ["diff", str(c), str(b)])
    assert result.exit_code == 1 and len(result.stderr.splitlines()) == 2


def test_diff_names_players_not_bare_seats(runner, tmp_path):
    header, records = toy_log()
    a = write_log(tmp_path / "a.jsonl", header, records)
    b = write_log(tmp_path / "b.jsonl", header, rechain(header, records[:5] + [edit(records[5], number=3)] + records[6:]))
    result = runner.invoke(main, ["diff", str(a), str(b)])
    assert result.exit_code == 1 and result.stderr == ""  # both sound: no warning
    name = header.players[records[5].actor].name
    assert f"NumberPicked by {name} (seat {records[5].actor}" in result.stdout and "by player" not in result.stdout

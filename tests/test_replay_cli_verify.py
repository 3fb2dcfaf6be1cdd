"""beatlog verify / keygen / seal on toy logs (CliRunner)."""

from __future__ import annotations

import dataclasses
import json
import os
import stat

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from tests.replay_support import edit, rechain, toy_log, write_log


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def good(tmp_path):
    header, records = toy_log()
    return write_log(tmp_path / "good.jsonl", header, records), header, records


def test_verify_success(runner, good):
    path, header, _ = good
    result = runner.invoke(main, ["verify", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"verified {header.match_id}: 13 events, digest ")


def test_verify_reports_edited_outcome_with_file_and_seq(runner, tmp_path):
    header, records = toy_log()
    records[3] = edit(records[3], points=7)
    path = write_log(tmp_path / "bad.jsonl", header, records)
    result = runner.invoke(main, ["verify", str(path)])
    assert result.exit_code == 1
    assert result.stderr.startswith(
        f"Error: {path}, line 5: match {header.match_id}, duel 1, beat 1, seq 4: outcome changed since it was recorded")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output


def test_verify_deleted_event_in_a_file(runner, tmp_path):
    header, records = toy_log()
    del records[5]
    path = write_log(tmp_path / "del.jsonl", header, records)
    result = runner.invoke(main, ["verify", str(path)])
    assert result.exit_code == 1 and "seq 6: event deleted" in result.stderr


def test_verify_forged_chain_in_a_file(runner, tmp_path):
    header, records = toy_log()
    records = rechain(header, records[:3] + [edit(records[3], points=9)] + records[4:])
    path = write_log(tmp_path / "forged.jsonl", header, records)
    result = runner.invoke(main, ["verify", str(path)])
    assert result.exit_code == 1 and "seq 4: chain forged" in result.stderr


def test_verify_truncated_and_partial(runner, tmp_path):
    header, records = toy_log()
    path = write_log(tmp_path / "short.jsonl", header, records[:9])
    result = runner.invoke(main, ["verify", str(path)])
    assert result.exit_code == 1
    assert result.stderr == (f"Error: {path}: incomplete: match {header.match_id} stops at duel 1, beat 3 after seq 9 "
                             f"(verify what it has with --partial, or finish the match: beatlog record --resume "
                             f"{header.match_id} -o {path})\n")
    result = runner.invoke(main, ["verify", "--partial", str(path)])
    assert result.exit_code == 0 and "9 events" in result.output and "partial" in result.output


def test_verify_several_files_reports_each(runner, good, tmp_path):
    path, header, records = good
    bad = write_log(tmp_path / "bad.jsonl", header, records[:3] + [edit(records[3], points=0)] + records[4:])
    result = runner.invoke(main, ["verify", str(path), str(bad), str(tmp_path / "missing.jsonl")])
    assert result.exit_code == 1
    assert result.stdout.startswith("verified ")
    assert "bad.jsonl" in result.stderr and "missing.jsonl" in result.stderr


def test_verify_json(runner, good, tmp_path):
    path, header, records = good
    bad = write_log(tmp_path / "bad.jsonl", header, records[:3] + [records[4], records[3]] + records[5:])
    result = runner.invoke(main, ["verify", "--json", str(path), str(bad)])
    assert result.exit_code == 1
    first, second = [json.loads(line) for line in result.stdout.splitlines()]
    assert first["ok"] and first["events"] == 13 and first["source"] == str(path)
    assert len(first["digest"]) == 14
    # The 4th record (line 5) is the first that is out of place.
    assert not second["ok"] and second["problem"]["kind"] == "events reordered"
    assert (second["problem"]["seq"], second["problem"]["line"]) == (4, 5)


def test_verify_needs_something(runner):
    result = runner.invoke(main, ["verify"])
    assert result.exit_code == 1 and "nothing to verify" in result.stderr


def test_verify_not_a_log(runner, tmp_path):
    path = tmp_path / "x.jsonl"
    path.write_text("hello\n")
    result = runner.invoke(main, ["verify", str(path)])
    assert result.exit_code == 1 and "invalid JSON" in result.stderr


def test_keygen_seal_and_verify_with_pubkey(runner, good, tmp_path):
    path, header, records = good
    stem = tmp_path / "judge"
    result = runner.invoke(main, ["keygen", "-o", str(stem)])
    assert result.exit_code == 0, result.output
    key, pub = tmp_path / "judge.key", tmp_path / "judge.pub"
    assert stat.S_IMODE(os.stat(key).st_mode) == 0o600
    result = runner.invoke(main, ["seal", str(path), "--key", str(key), "--signer", "Head judge"])
    assert result.exit_code == 0, result.output
    seal = json.loads((tmp_path / "good.jsonl.seal").read_text())
    assert seal["events"] == 13 and seal["signer"] == "Head judge" and seal["match_id"] == header.match_id
    result = runner.invoke(main, ["verify", str(path), "--pubkey", str(pub)])
    assert result.exit_code == 0 and "; sealed by Head judge (key " in result.output
    assert result.output.count("\n") == 1


def test_seal_detects_a_forged_chain(runner, good, tmp_path):
    # Re-deriving everything after a changed pick gives a log that verifies on its own;
    # only the seal can tell it is not the match the judge signed.
    path, header, records = good
    runner.invoke(main, ["keygen", "-o", str(tmp_path / "judge")])
    runner.invoke(main, ["seal", str(path), "--key", str(tmp_path / "judge.key")])
    other_header, other = toy_log(a=(3, 3, 2))
    assert other_header == header
    write_log(path, header, other)
    result = runner.invoke(main, ["verify", str(path), "--pubkey", str(tmp_path / "judge.pub")])
    assert result.exit_code == 1
    assert "the log no longer matches the seal signed by 'judge': final_hash" in result.stderr


def test_seal_signed_by_another_key_or_edited(runner, good, tmp_path):
    path, _, _ = good
    runner.invoke(main, ["keygen", "-o", str(tmp_path / "judge")])
    runner.invoke(main, ["keygen", "-o", str(tmp_path / "other")])
    runner.invoke(main, ["seal", str(path), "--key", str(tmp_path / "other.key")])
    result = runner.invoke(main, ["verify", str(path), "--pubkey", str(tmp_path / "judge.pub")])
    assert result.exit_code == 1 and "not with the trusted key" in result.stderr
    runner.invoke(main, ["seal", str(path), "--key", str(tmp_path / "judge.key")])
    seal_file = tmp_path / "good.jsonl.seal"
    seal = json.loads(seal_file.read_text())
    seal["signer"] = "someone else"
    seal_file.write_text(json.dumps(seal))
    result = runner.invoke(main, ["verify", str(path), "--pubkey", str(tmp_path / "judge.pub")])
    assert result.exit_code == 1 and "signature is not valid" in result.stderr


def test_verify_pubkey_without_seal(runner, good, tmp_path):
    path, _, _ = good
    runner.invoke(main, ["keygen", "-o", str(tmp_path / "judge")])
    result = runner.invoke(main, ["verify", str(path), "--pubkey", str(tmp_path / "judge.pub")])
    assert result.exit_code == 1 and "no seal file" in result.stderr


def test_seal_refuses_a_tampered_log(runner, tmp_path):
    header, records = toy_log()
    path = write_log(tmp_path / "bad.jsonl", header, records[:3] + [edit(records[3], points=1)] + records[4:])
    runner.invoke(main, ["keygen", "-o", str(tmp_path / "judge")])
    result = runner.invoke(main, ["seal", str(path), "--key", str(tmp_path / "judge.key")])
    assert result.exit_code == 1 and "outcome changed" in result.stderr
    assert not (tmp_path / "bad.jsonl.seal").exists()


def test_keygen_refuses_to_overwrite(runner, tmp_path):
    assert runner.invoke(main, ["keygen", "-o", str(tmp_path / "j")]).exit_code == 0
    result = runner.invoke(main, ["keygen", "-o", str(tmp_path / "j")])
    assert result.exit_code == 1 and "refusing to overwrite" in result.stderr
    assert runner.invoke(main, ["keygen", "-o", str(tmp_path / "j"), "--force"]).exit_code == 0


def test_bad_key_file(runner, good, tmp_path):
    path, _, _ = good
    (tmp_path / "k.key").write_text("nope")
    result = runner.invoke(main, ["seal", str(path), "--key", str(tmp_path / "k.key")])
    assert result.exit_code == 1 and "not a beatlog private key" in result.stderr


def test_seal_usage(runner):
    result = runner.invoke(main, ["seal", "--key", "x.key"])
    assert result.exit_code == 1 and "give either LOG.jsonl or --db" in result.stderr


# -- a crash-torn last line ------------------------------------------------------------


def test_torn_last_line_is_incomplete_and_partial_verifies_the_rest(runner, good, tmp_path):
    path, header, records = good
    data = path.read_bytes()
    torn = tmp_path / "torn.jsonl"
    torn.write_bytes(data[:-20])  # like `head -c -20`: the last line loses its end
    result = runner.invoke(main, ["verify", str(torn)])
    assert result.exit_code == 1
    assert result.stderr == (f"Error: {torn}: incomplete: match {header.match_id} stops at duel 1, beat 3 "
                             "after seq 12; its last line (line 14) is cut off (verify what it has with --partial, "
                             f"or finish the match: beatlog record --resume {header.match_id} -o {torn})\n")
    result = runner.invoke(main, ["verify", "--partial", str(torn)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"verified {header.match_id}: 12 events, digest ")
    assert "(partial: the match is not over; its last line (line 14) is cut off)" in result.output
    # check stays an integrity check of a finished file
    result = runner.invoke(main, ["check", str(torn)])
    assert result.exit_code == 1 and "truncated" in result.stderr


def test_last_line_without_its_newline(runner, good, tmp_path):
    path, header, _ = good
    torn = tmp_path / "nonl.jsonl"
    torn.write_bytes(path.read_bytes()[:-1])
    result = runner.invoke(main, ["verify", str(torn)])
    assert result.exit_code == 1 and result.stderr.startswith(f"Error: {torn}: incomplete: match {header.match_id}")
    assert "its last line (line 14) has no final newline, so it was never completely written" in result.stderr
    assert runner.invoke(main, ["verify", "--partial", str(torn)]).exit_code == 0


def test_torn_log_that_changed_before_the_cut_still_fails(runner, tmp_path):
    header, records = toy_log()
    records[3] = edit(records[3], points=7)
    path = write_log(tmp_path / "bad.jsonl", header, records)
    path.write_bytes(path.read_bytes()[:-30])
    result = runner.invoke(main, ["verify", "--partial", str(path)])
    assert result.exit_code == 1 and "seq 4: outcome changed" in result.stderr


def test_torn_header_and_a_line_after_the_end(runner, good, tmp_path):
    path, header, _ = good
    cut = tmp_path / "header.jsonl"
    cut.write_bytes(path.read_bytes()[:40])
    for args in (["verify"], ["verify", "--partial"]):
        result = runner.invoke(main, [*args, str(cut)])
        assert result.exit_code == 1 and "line 1: truncated" in result.stderr
    after = tmp_path / "after.jsonl"
    after.write_bytes(path.read_bytes() + b'{"seq":')
    result = runner.invoke(main, ["verify", "--partial", str(after)])
    assert result.exit_code == 1
    assert result.stderr == (f"Error: {after}, line 15: the match ended at seq 13, but a line without a final "
                             "newline follows it\n")


def test_diff_compares_a_torn_log_by_its_complete_lines(runner, good, tmp_path):
    path, header, _ = good
    torn = tmp_path / "torn.jsonl"
    torn.write_bytes(path.read_bytes()[:-20])
    result = runner.invoke(main, ["diff", str(path), str(torn)])
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"{torn}: its last line (line 14) is cut off; comparing its 12 complete events"
    assert "first difference at event 13 (duel 1, beat 3); the first 12 events agree" in result.output
    assert f"  {torn}: (ends here)" in lines


# -- messages: file line, exact schema wording, bounded size -------------------------------------


def test_messages_name_the_line(runner, tmp_path):
    header, records = toy_log()
    records.insert(9, records[1])  # a copy of seq 2 pasted into round 3
    path = write_log(tmp_path / "copy.jsonl", header, records)
    result = runner.invoke(main, ["verify", str(path)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {path}, line 11: match {header.match_id}, duel 1, beat 3, seq 10: "
                                    "event duplicated: ")


def test_a_wrong_field_type_gets_the_schema_message_check_gives(runner, tmp_path):
    header, records = toy_log()
    records[3] = edit(records[3], points="two")
    path = write_log(tmp_path / "typed.jsonl", header, rechain(header, records))
    checked = runner.invoke(main, ["check", str(path)])
    verified = runner.invoke(main, ["verify", str(path)])
    assert checked.exit_code == verified.exit_code == 1
    assert verified.stderr == checked.stderr
    assert f"{path}, line 5 (seq 4): data.points: 'two' is not of type 'integer'" in verified.stderr


def test_an_unknown_type_gets_the_schema_message_check_gives(runner, tmp_path):
    header, records = toy_log()
    records[3] = dataclasses.replace(records[3], type="Bogus")
    path = write_log(tmp_path / "typed.jsonl", header, rechain(header, records))
    verified = runner.invoke(main, ["verify", str(path)])
    assert verified.exit_code == 1 and verified.stderr == runner.invoke(main, ["check", str(path)]).stderr
    assert "unknown event type 'Bogus'" in verified.stderr


def test_an_oversized_line_is_refused_without_quoting_it(runner, tmp_path):
    header, records = toy_log()
    records[3] = edit(records[3], note="A" * 2_000_000)
    path = write_log(tmp_path / "big.jsonl", header, records)
    result = runner.invoke(main, ["verify", str(path)])
    assert result.exit_code == 1 and len(result.stderr) < 500
    assert "over the limit of 65,536 bytes" in result.stderr


# -- seals in JSON, keygen -----------------------------------------------------------------


def test_verify_json_with_pubkey_has_a_seal_object(runner, good, tmp_path):
    path, header, records = good
    runner.invoke(main, ["keygen", "-o", str(tmp_path / "judge")])
    runner.invoke(main, ["seal", str(path), "--key", str(tmp_path / "judge.key"), "--signer", "Head judge"])
    pub = (tmp_path / "judge.pub").read_text().strip()
    result = runner.invoke(main, ["verify", "--json", "--pubkey", str(tmp_path / "judge.pub"), str(path)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    seal = report["seal"]
    assert report["ok"] and seal["ok"] and seal["signer"] == "Head judge" and seal["public_key"] == pub
    assert len(seal["fingerprint"]) == 14 and seal["message"] is None
    # a seal that no longer matches: ok false, the seal object says why
    other_header, other = toy_log(a=(3, 3, 2))
    write_log(path, other_header, other)
    result = runner.invoke(main, ["verify", "--json", "--pubkey", str(tmp_path / "judge.pub"), str(path)])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert not report["ok"] and report["seal"]["ok"] is False and report["seal"]["signer"] == "Head judge"
    assert "no longer matches the seal" in report["seal"]["message"] == report["problem"]["message"]


def test_keygen_refuses_stdout(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, ["keygen", "-o", "-"])
    assert result.exit_code == 1
    assert result.stderr == ("Error: keygen writes two files, STEM.key and STEM.pub, so '-' (stdout) cannot hold "
                             "the key pair; give a file stem, e.g. -o judge\n")
    assert list(tmp_path.iterdir()) == []

"""``beatlog verify FILE``'s one-pass way (replay.verify_file) says exactly what the ordinary way says.

The one-pass way vouches only for logs it verified completely, line by line
against the engine's own encoding; for anything else it steps aside. These
tests hold it to that: on every sample and frozen log it answers, and its
report is the ordinary way's; on logs damaged in many ways (bytes, lines,
forged chains, cut-off files) the report of verify_file is the ordinary
way's, word for word.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from recorder import canonical
from recorder.errors import BeatlogError
from recorder.jsonl import encode_jsonl, parse_jsonl
from replay.source import load_jsonl
from replay.verify import verify_loaded
from replay.verify_file import verify_file, verify_lines
from tests.replay_support import edit, rechain

ROOT = Path(__file__).resolve().parent.parent
LOGS = sorted([*(ROOT / "sample_logs").rglob("*.jsonl"), *(ROOT / "tests" / "compat").rglob("*.jsonl")])


def ordinary(path: Path, partial: bool = False) -> dict | str:
    try:
        return verify_loaded(load_jsonl(path), partial=partial).to_dict()
    except BeatlogError as exc:
        return f"{type(exc).__name__}: {exc}"


def one_pass(path: Path, partial: bool = False) -> dict | str:
    try:
        return verify_file(path, partial=partial).to_dict()
    except BeatlogError as exc:
        return f"{type(exc).__name__}: {exc}"


def test_there_are_logs():
    assert len(LOGS) >= 28


@pytest.mark.parametrize("path", LOGS, ids=[str(p.relative_to(ROOT)) for p in LOGS])
def test_every_intact_log_takes_the_one_pass_way_with_the_same_report(path: Path):
    fast = verify_lines(path.read_bytes(), str(path))
    assert fast is not None, "an intact log the engine re-derives must not need the ordinary way"
    assert fast.ok and fast.complete
    assert fast.to_dict() == verify_loaded(load_jsonl(path)).to_dict()
    assert fast.summary() == verify_loaded(load_jsonl(path)).summary()


def _damaged(data: bytes, rng: random.Random) -> bytes:
    lines = data.split(b"\n")[:-1]
    i = rng.randrange(1, len(lines))
    how = rng.choice(["byte", "delete", "duplicate", "swap", "cut", "tail", "crlf", "space", "forge", "header"])
    if how == "byte":
        line = bytearray(lines[i])
        line[rng.randrange(len(line))] = rng.choice(b"0123456789abcdef{}[],:\"x ")
        lines[i] = bytes(line)
    elif how == "delete":
        del lines[i]
    elif how == "duplicate":
        lines.insert(i, lines[i])
    elif how == "swap":
        j = rng.randrange(1, len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif how == "cut":
        return b"\n".join(lines).rstrip(b"\n") + b"\n" if i == 1 else data[: rng.randrange(len(data))]
    elif how == "tail":
        lines.append(lines[-1])
    elif how == "crlf":
        lines[i] += b"\r"
    elif how == "space":
        lines[i] = lines[i].replace(b",", b", ", 1)
    elif how == "header":
        lines[0] = lines[0].replace(b'"seed":', b'"seed":1', 1)
    else:  # an outcome's number changed and the chain recomputed over it: only re-execution can tell
        log = parse_jsonl(data, name="x")
        records = list(log.records)
        k = rng.randrange(len(records))
        body = records[k].body()
        numbers = [key for key, value in body["data"].items() if type(value) is int]
        if numbers:
            body["data"] = {**body["data"], rng.choice(numbers): 99}
        records[k] = type(records[k])(hash=canonical.digest(body), **body)
        return encode_jsonl(log.header, rechain(log.header, records))
    return b"\n".join(lines) + b"\n"


@pytest.mark.parametrize("seed", range(30))
def test_damaged_logs_get_the_ordinary_report(tmp_path: Path, seed: int):
    rng = random.Random(seed)
    source = LOGS[seed % len(LOGS)]
    path = tmp_path / source.name
    path.write_bytes(_damaged(source.read_bytes(), rng))
    for partial in (False, True):
        assert one_pass(path, partial) == ordinary(path, partial)


def test_a_log_cut_short_is_left_to_the_ordinary_way(tmp_path: Path):
    data = LOGS[0].read_bytes()
    lines = data.split(b"\n")
    cut = b"\n".join(lines[: len(lines) // 2]) + b"\n"
    assert verify_lines(cut, "cut.jsonl") is None
    path = tmp_path / "cut.jsonl"
    path.write_bytes(cut)
    assert one_pass(path) == ordinary(path)
    assert one_pass(path, partial=True) == ordinary(path, partial=True)
    assert verify_file(path, partial=True).ok


def test_a_forged_log_is_not_re_executed_twice_before_its_forensics(monkeypatch):
    # The one pass stops where the engine first disagrees with the file; the ordinary way goes on from there
    # (the lines before were the engine's own) instead of re-executing them again from the header.
    import replay.verify as verify_module
    from replay.verify_file import verify_bytes

    path = next(p for p in LOGS if "sample_logs" in str(p) and p.name.startswith("woi-"))
    log = parse_jsonl(path.read_bytes(), name=path.name)
    records = list(log.records)
    at = next(i for i in range(len(records) - 1, 0, -1) if records[i].type == "DamageDealt")
    records[at] = edit(records[at], amount=records[at].data["amount"] + 1)
    forged = encode_jsonl(log.header, rechain(log.header, records))
    seen = []
    real = verify_module.rerun

    def spy(game, header, records, **kw):
        seen.append(kw.get("resume"))
        return real(game, header, records, **kw)

    monkeypatch.setattr(verify_module, "rerun", spy)
    report = verify_bytes(forged, "forged.jsonl")
    assert not report.ok and f"seq {at + 1}" in report.problem.message
    assert len(seen) == 1 and seen[0] is not None and seen[0].at == at

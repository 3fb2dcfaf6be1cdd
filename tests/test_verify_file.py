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

import orjson
import pytest

from recorder import canonical
from recorder.errors import BeatlogError
from recorder.jsonl import encode_jsonl, parse_jsonl
from replay.source import load_jsonl
from replay.verify import verify_loaded
from replay.verify_file import verify_file, verify_lines
from tests.replay_support import edit, rechain

ROOT = Path(__file__).resolve().parent.parent
ALL_LOGS = sorted([*(ROOT / "sample_logs").rglob("*.jsonl"), *(ROOT / "tests" / "compat").rglob("*.jsonl")])
# Logs of an earlier state of an engine version (a revision: tests/test_battlecon_engine5_revisions.py) are not
# re-derived by that version's final rules, so they take the ordinary way, which re-runs them under the revision.
REVISED = [p for p in ALL_LOGS if p.parent.name.startswith("engine-5-revision-")]
LOGS = [p for p in ALL_LOGS if p not in REVISED]


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


@pytest.mark.parametrize("path", REVISED, ids=[str(p.relative_to(ROOT)) for p in REVISED])
def test_a_log_of_an_earlier_revision_takes_the_ordinary_way_and_verifies(path: Path):
    assert REVISED
    slow = verify_loaded(load_jsonl(path))
    assert slow.ok and slow.complete, slow.summary()
    assert one_pass(path) == slow.to_dict()


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


def _resumes_seen(monkeypatch) -> list:
    """The ``resume`` of every re-execution the ordinary way starts from now on (None: from the header)."""
    import replay.verify as verify_module

    seen = []
    real = verify_module.rerun

    def spy(game, header, records, **kw):
        seen.append(kw.get("resume"))
        return real(game, header, records, **kw)

    monkeypatch.setattr(verify_module, "rerun", spy)
    return seen


def test_a_forged_log_is_not_re_executed_twice_before_its_forensics(monkeypatch):
    # The one pass stops where the engine first disagrees with the file; the ordinary way goes on from there
    # (the lines before were the engine's own) instead of re-executing them again from the header.
    from replay.verify_file import verify_bytes

    path = next(p for p in LOGS if "sample_logs" in str(p) and p.name.startswith("woi-"))
    log = parse_jsonl(path.read_bytes(), name=path.name)
    records = list(log.records)
    at = next(i for i in range(len(records) - 1, 0, -1) if records[i].type == "DamageDealt")
    records[at] = edit(records[at], amount=records[at].data["amount"] + 1)
    forged = encode_jsonl(log.header, rechain(log.header, records))
    seen = _resumes_seen(monkeypatch)
    report = verify_bytes(forged, "forged.jsonl")
    assert not report.ok and f"seq {at + 1}" in report.problem.message
    assert len(seen) == 1 and seen[0] is not None and seen[0].at == at


def _forged(data: bytes, index: int, change) -> bytes:
    """The log with ``change`` applied to the parsed record ``index`` (0 = seq 1) and every hash and link from
    there recomputed, as a forger would: only the checks of what a line says can tell."""
    lines = data.split(b"\n")[:-1]
    raws = [canonical.loads(line) for line in lines[1:]]
    change(raws[index])
    prev = canonical.loads(lines[0])["hash"]
    out = [lines[0]]
    for raw in raws:
        raw["prev"] = prev
        body = {k: v for k, v in raw.items() if k != "hash"}
        raw["hash"] = prev = canonical.digest(body)
        out.append(canonical.dumps(raw))
    return b"\n".join(out) + b"\n"


def _set(**fields):
    return lambda raw: raw.update(fields)


# What a forged input's envelope may say that the engine never writes for it: the one pass feeds an input that
# answers the decision asked there (its payload checked first) and compares the engine's copy of it, whose
# envelope is the engine's own (recorder.context.Context.ask), with the line; any other input it checks in full
# first. Every one of them must get the ordinary way's report, word for word.
INPUT_FORGERIES = {
    "actor-bool": lambda raw: raw.update(actor=bool(raw["actor"])),
    "actor-other": lambda raw: raw.update(actor=1 - raw["actor"]),
    "actor-none": _set(actor=None),
    "cause-changed": lambda raw: raw.update(cause=1 if raw["cause"] is None else None),
    "cause-ahead": lambda raw: raw.update(cause=raw["seq"] + 5),
    "visibility-seat": lambda raw: raw.update(visibility=0 if raw["visibility"] == "public" else "public"),
    "visibility-bool": lambda raw: raw.update(visibility=False),
    "duel": lambda raw: raw.update(duel=raw["duel"] + 1),
    "beat-float": lambda raw: raw.update(beat=float(raw["beat"])),
    "seq-float": lambda raw: raw.update(seq=float(raw["seq"])),
    "match-id": _set(match_id="m-0000000000000000"),
    "kind": _set(kind="outcome"),
    "extra-field": _set(note="hello"),
    "missing-field": lambda raw: raw.pop("cause"),
    "payload-extra": lambda raw: raw["data"].update(extra=1),
    "payload-type": lambda raw: raw["data"].update({k: "1" for k, v in raw["data"].items() if type(v) is int}),
    "payload-empty-name": lambda raw: raw["data"].update({k: "" for k, v in raw["data"].items()
                                                          if type(v) is str and k != "salt"}),
    "payload-float": lambda raw: raw["data"].update({k: v + 0.5 for k, v in raw["data"].items() if type(v) is int}),
}


@pytest.mark.parametrize("how", sorted(INPUT_FORGERIES))
def test_a_forged_input_envelope_gets_the_ordinary_report(tmp_path: Path, how: str):
    source = next(p for p in LOGS if "sample_logs" in str(p) and p.name.startswith("woi-"))
    data = source.read_bytes()
    raws = [canonical.loads(line) for line in data.split(b"\n")[1:-1]]
    decisions = [i for i, raw in enumerate(raws) if raw["kind"] == "input" and "source" in raw["data"]]
    for index in (decisions[0], decisions[len(decisions) // 2], decisions[-1]):
        path = tmp_path / f"{how}-{index}.jsonl"
        path.write_bytes(_forged(data, index, INPUT_FORGERIES[how]))
        report = one_pass(path)
        assert report == ordinary(path)
        assert isinstance(report, str) or not report["ok"], f"{how} at record {index} went unnoticed"


def test_a_schema_invalid_outcome_fails_with_a_clear_message(tmp_path: Path):
    # Outcomes are not schema-checked when the engine re-derives them byte for byte: one it cannot have written
    # (a payload of the wrong type, hashes recomputed) differs from what it writes there, and is named.
    source = next(p for p in LOGS if "sample_logs" in str(p) and p.name.startswith("woi-"))
    data = source.read_bytes()
    raws = [canonical.loads(line) for line in data.split(b"\n")[1:-1]]
    at = next(i for i in range(len(raws) - 1, 0, -1) if raws[i]["type"] == "DamageDealt")
    path = tmp_path / "forged.jsonl"
    path.write_bytes(_forged(data, at, lambda raw: raw["data"].update(amount="three")))
    report = verify_file(path)
    assert not report.ok and report.to_dict() == ordinary(path)
    message = report.problem.message
    assert message.startswith(f"{path}, line {at + 2}") and f"seq {at + 1}" in message and "amount" in message


@pytest.mark.parametrize("how", ["payload-unhashed", "hash", "space", "key-order"])
def test_an_input_line_not_as_written_gets_the_ordinary_report(tmp_path: Path, how: str):
    # An input whose envelope is the engine's is fed before its form and hash are checked: its copy, the line
    # the engine writes next, proves them. Should the copy differ, they are checked then, and the one pass
    # steps aside (None: it has no place to go on from) exactly where the full checks would have stopped it.
    source = next(p for p in LOGS if "sample_logs" in str(p) and p.name.startswith("woi-"))
    lines = source.read_bytes().split(b"\n")[:-1]
    decisions = [i for i, line in enumerate(lines) if i and b'"kind":"input"' in line and b'"source":' in line]
    for index in (decisions[0], decisions[-1]):
        raw = canonical.loads(lines[index])
        if how == "payload-unhashed":
            raw["data"]["source"] = "edited"
            line = canonical.dumps(raw)
        elif how == "hash":
            raw["hash"] = "0" * 64
            line = canonical.dumps(raw)
        elif how == "space":
            line = lines[index].replace(b",", b", ", 1)
        else:
            line = orjson.dumps(dict(reversed(raw.items())))  # the same object, its keys not sorted
            assert canonical.loads(line) == raw and line != lines[index]
        path = tmp_path / f"{how}-{index}.jsonl"
        path.write_bytes(b"\n".join([*lines[:index], line, *lines[index + 1:]]) + b"\n")
        assert verify_lines(path.read_bytes(), str(path)) is None
        report = one_pass(path)
        assert report == ordinary(path)
        assert isinstance(report, str) or not report["ok"]



@pytest.mark.parametrize("how", ["cause-changed", "visibility-seat", "duel", "actor-bool", "seq-float"])
def test_a_forged_input_fed_before_its_envelope_is_checked(monkeypatch, how: str):
    # An input answering the decision asked is fed once its payload is checked; its envelope is proven by the
    # engine's copy. A forged envelope the strict reader takes (a cause, a visibility, a clock the engine does
    # not write, every hash recomputed) leaves a place to go on from, and the ordinary way re-executes nothing
    # twice; one the strict reader refuses (a boolean seat, a float seq) leaves none. The report is the
    # ordinary way's either way (test_a_forged_input_envelope_gets_the_ordinary_report).
    from replay.rerun import Resume
    from replay.verify_file import _one_pass, verify_bytes

    source = next(p for p in LOGS if "sample_logs" in str(p) and p.name.startswith("woi-"))
    data = source.read_bytes()
    raws = [canonical.loads(line) for line in data.split(b"\n")[1:-1]]
    index = [i for i, raw in enumerate(raws) if raw["kind"] == "input" and "source" in raw["data"]][-1]
    forged = _forged(data, index, INPUT_FORGERIES[how])
    outcome = _one_pass(forged, "forged.jsonl")
    if how in ("actor-bool", "seq-float"):
        assert outcome is None
        with pytest.raises(BeatlogError, match=f"line {index + 2}[ :]"):
            verify_bytes(forged, "forged.jsonl")  # the strict reader refuses the file
        return
    assert isinstance(outcome, Resume) and outcome.at == index  # the input fed: its copy differs from its line
    seen = _resumes_seen(monkeypatch)
    report = verify_bytes(forged, "forged.jsonl")
    assert not report.ok and len(seen) == 1 and seen[0] is not None and seen[0].at == index


@pytest.mark.parametrize("seed", range(30))
def test_the_lines_the_one_pass_vouched_for_are_read_as_the_strict_reader_reads_them(seed: int):
    # After the one pass stops, the file is read again for the ordinary way; the lines before the place it stopped
    # were the engine's own, byte for byte, so they are parsed, not checked again: what the reader gives is the same.
    from replay.source import load_bytes
    from replay.verify_file import _one_pass

    source = LOGS[seed % len(LOGS)]
    data = _damaged(source.read_bytes(), random.Random(seed))
    outcome = _one_pass(data, source.name)
    if outcome is None or not hasattr(outcome, "at"):
        pytest.skip("the one pass gave a report, or stopped before it ran")

    def read(**vouched) -> tuple:
        try:
            loaded = load_bytes(data, source.name, **vouched)
        except BeatlogError as exc:
            return (f"{type(exc).__name__}: {exc}",)
        return (loaded.header, loaded.records, str(loaded.strict_error), loaded.strict_line,
                str(loaded.line_error), loaded.torn)

    assert read(vouched=outcome.at) == read()

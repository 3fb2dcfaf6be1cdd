"""``record --resume`` on JSONL logs cut anywhere (torn writes), and on scripted matches.

A JSONL recording killed mid-write leaves complete lines, possibly followed by
part of one. Whatever the cut, resuming must either finish the file so that it
is byte-identical to an uninterrupted recording, or (when not even the header
line is complete) refuse with one clear line and leave the file alone.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from click.testing import CliRunner

from beatlog.cli import main

TOY = ["--game", "toy", "--edition", "standard", "--fighters", "red,blue", "--seed", "3"]
BATTLECON = ["--fighters", "cadenza,hikaru", "--duels", "1", "--seed", "12", "--bots", "first,random"]


def cli(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def one_error_line(result) -> str:
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    return lines[0]


def recorded(tmp_path: Path, setup: list[str], name: str) -> tuple[bytes, str]:
    path = tmp_path / name
    result = cli("record", *setup, "-o", str(path))
    assert result.exit_code == 0, result.output + result.stderr
    data = path.read_bytes()
    return data, json.loads(data.split(b"\n", 1)[0])["match_id"]


def cut_points(data: bytes, rng: random.Random, inside: int) -> list[int]:
    """Every line end, one byte either side of it, and ``inside`` random offsets within each line."""
    ends = [i + 1 for i, byte in enumerate(data) if byte == 0x0A]
    points = {0, len(data)}
    start = 0
    for end in ends:
        points.update({end - 1, end, min(end + 1, len(data))})
        points.update(rng.randrange(start, end) for _ in range(inside))
        start = end
    return sorted(points)


def resume_cut(tmp_path: Path, data: bytes, match_id: str, cut: int, bots: str) -> None:
    path = tmp_path / f"cut{cut}.jsonl"
    path.write_bytes(data[:cut])
    result = cli("record", "--resume", match_id, "-o", str(path))
    if "the log cannot say who plays on" in result.stderr:
        assert path.read_bytes() == data[:cut]  # refused: untouched
        result = cli("record", "--resume", match_id, "-o", str(path), "--bots", bots)
    header_end = data.index(b"\n") + 1
    if cut < header_end:
        line = one_error_line(result)
        if cut == 0 or b"\n" not in data[:cut]:
            assert line == f"Error: {path}: cannot resume: not even the header line was written completely"
        assert path.read_bytes() == data[:cut]  # refused: untouched
        return
    assert result.exit_code == 0, result.output + result.stderr
    assert path.read_bytes() == data, f"cut at byte {cut}: the resumed log differs"
    kept = data[:cut].count(b"\n") - 1
    dropped = cut - (data.rfind(b"\n", 0, cut) + 1)
    tail = f", dropped an unfinished last line of {dropped} bytes" if dropped else ""
    assert result.output.splitlines()[0] == f"resumed {match_id} after seq {kept} ({path}{tail})"


def test_toy_log_cut_at_every_line_and_inside_every_line(tmp_path):
    data, match_id = recorded(tmp_path, TOY, "toy.jsonl")
    points = cut_points(data, random.Random(1), inside=4)
    assert len(points) > 60
    for cut in points:
        resume_cut(tmp_path, data, match_id, cut, "first")


def test_battlecon_log_with_two_different_bots_cut_anywhere(tmp_path):
    data, match_id = recorded(tmp_path, BATTLECON, "bc.jsonl")
    rng = random.Random(2)
    header_end = data.index(b"\n") + 1
    for cut in sorted(rng.sample(range(header_end, len(data)), 24)) + [header_end, len(data)]:
        resume_cut(tmp_path, data, match_id, cut, "first,random")


def test_resume_asks_the_bots_the_log_names_per_seat(tmp_path):
    data, match_id = recorded(tmp_path, BATTLECON, "bc.jsonl")
    path = tmp_path / "half.jsonl"
    lines = data.split(b"\n")
    path.write_bytes(b"\n".join(lines[:120]) + b"\n")
    result = cli("record", "--resume", match_id, "-o", str(path))
    assert result.exit_code == 0, result.stderr
    assert path.read_bytes() == data


def test_resume_of_a_scripted_recording_needs_the_script_and_uses_it(tmp_path):
    script = tmp_path / "script.json"
    script.write_text(json.dumps({
        "game": "toy", "edition": "standard", "seed": 3,
        "players": [{"name": "Ann", "side": "red"}, {"name": "Ben", "side": "blue"}],
        "beats": [{"beat": 1, "player": 0, "picks": [3]}, {"beat": 3, "player": 1, "picks": [2]}],
    }), encoding="utf-8")
    full = tmp_path / "full.jsonl"
    assert cli("record", "--script", str(script), "--policy", "first", "-o", str(full)).exit_code == 0
    data = full.read_bytes()
    match_id = json.loads(data.split(b"\n", 1)[0])["match_id"]
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"\n".join(data.split(b"\n")[:4]) + b"\n")
    unknown = cli("record", "--resume", match_id, "-o", str(cut))
    assert "the log cannot say who plays on (seat 1's decisions come from 'script', not a bot)" in one_error_line(unknown)
    assert cli("record", "--resume", match_id, "-o", str(cut), "--script", str(script)).exit_code == 0
    assert cut.read_bytes() == data


def test_resume_names_a_log_of_another_match(tmp_path):
    data, match_id = recorded(tmp_path, TOY, "toy.jsonl")
    path = tmp_path / "toy.jsonl"
    line = one_error_line(cli("record", "--resume", "m-000000000000", "-o", str(path)))
    assert line == f"Error: {path} records match {match_id}, not m-000000000000"


def test_resume_refuses_a_log_whose_stored_events_the_engine_does_not_reproduce(tmp_path):
    from recorder.jsonl import parse_jsonl, write_jsonl
    from tests.replay_support import edit, rechain

    data, match_id = recorded(tmp_path, TOY, "toy.jsonl")
    log = parse_jsonl(data, name="toy")
    records = list(log.records[:6])
    records[3] = edit(records[3], points=9)  # a forged outcome, re-hashed so the file itself is intact
    path = tmp_path / "forged.jsonl"
    write_jsonl(path, log.header, rechain(log.header, records, renumber=False))
    line = one_error_line(cli("record", "--resume", match_id, "-o", str(path)))
    assert line.startswith(f"Error: cannot resume match {match_id}: the engine does not reproduce the stored seq 4 ")


def test_resume_refuses_stdout_and_two_targets(tmp_path):
    line = one_error_line(cli("record", "--resume", "m-1", "-o", "-"))
    assert "give --db FILE or -o FILE (a file, not '-'), not both" in line
    both = one_error_line(cli("record", "--resume", "m-1", "-o", "a.jsonl", "--db", str(tmp_path / "b.db")))
    assert "not both" in both

"""Hostile and broken match scripts: ``record --script`` records a log that verifies, or says no in one line.

Valid scripts (the toy game's and BattleCON's comic walkthrough) are damaged at
the byte level (truncation, bit flips, invalid UTF-8, a BOM) and at the JSON
level (any value replaced by a wrong type, a huge number or deep nesting; keys
dropped or added; entries duplicated or reordered). Whatever comes out, the
command exits 0 with a log that ``verify`` accepts, or exits 1 with exactly one
``Error:`` line having written nothing: no log file, no change to the database.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_fuzz_logs import BAD_UTF8, HUGE, Damaged, damaged, dump, invoke

ROOT = Path(__file__).resolve().parent.parent

TOY_SCRIPT: dict[str, Any] = {
    "game": "toy", "edition": "standard", "seed": 3,
    "players": [{"name": "Ann", "side": "red"}, {"name": "Ben", "side": "blue"}],
    "options": {"rounds": 3},
    "beats": [{"beat": 1, "player": 0, "picks": [3]}, {"beat": 2, "player": 1, "picks": [2]},
              {"duel": 1, "beat": 3, "player": 0, "picks": [1]}],
}


def battlecon_script() -> dict[str, Any]:
    script = json.loads((ROOT / "sample_logs/battlecon/walkthrough.script.json").read_text(encoding="utf-8"))
    script["policy"] = "first"  # greedy is slow, and the policy is not what is under test
    return script


BATTLECON_SCRIPT = battlecon_script()

ODD_VALUES: list[Any] = [
    None, True, 0, -1, 1.5, "", "x", "hikaru", [], {}, [[]], {"": None}, 2**53 + 1, -(2**63),
    10**30, "\u0000", "\ud7ff\ue000", "Zoë 🎲", "a" * 5000, [1, 2, 3], {"picks": [1]},
]


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path into a JSON value (dict keys and list indexes), the root excluded."""
    out = []
    if isinstance(value, dict):
        for key in value:
            out.append(prefix + (key,))
            out.extend(paths(value[key], prefix + (key,)))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out.append(prefix + (i,))
            out.extend(paths(item, prefix + (i,)))
    return out


def parent_of(root: Any, path: tuple) -> Any:
    for part in path[:-1]:
        root = root[part]
    return root


KERNEL_ENTRY_KEYS = ("duel", "beat", "player")


def kernel_path(path: tuple) -> bool:
    """A path the kernel reads itself: not the game-specific rest of a beats entry or the options."""
    if path[0] == "options":
        return False  # the toy game does not check its options; real games check them in make_header
    return path[0] != "beats" or len(path) < 3 or path[2] in KERNEL_ENTRY_KEYS


@st.composite
def damaged_scripts(draw, base: dict[str, Any], game_parts: bool = True) -> Damaged:
    """``game_parts=False`` leaves the game-specific parts of entries alone (the games check those themselves)."""
    script = copy.deepcopy(base)
    kind = draw(st.sampled_from(["replace", "replace", "drop", "add", "nest", "duplicate", "reorder",
                                 "truncate", "bitflip", "utf8", "bom"]))
    if kind in ("truncate", "bitflip", "utf8", "bom"):
        data = json.dumps(script, ensure_ascii=False).encode()
        at = draw(st.integers(0, len(data) - 1))
        if kind == "truncate":
            return damaged(data[:at], f"script cut at byte {at}")
        if kind == "bitflip":
            out = bytearray(data)
            out[at] ^= 1 << draw(st.integers(0, 7))
            return damaged(bytes(out), f"bit flipped at byte {at}")
        if kind == "utf8":
            return damaged(data[:at] + draw(st.sampled_from(BAD_UTF8)) + data[at:], f"bad UTF-8 at byte {at}")
        return damaged(b"\xef\xbb\xbf" + data, "BOM")
    path = draw(st.sampled_from([p for p in paths(script) if game_parts or kernel_path(p)]))
    holder = parent_of(script, path)
    key = path[-1]
    how = f"{kind} at {'.'.join(map(str, path))}"
    if kind == "replace":
        value = draw(st.sampled_from(ODD_VALUES))
        holder[key] = value
        how += f" = {value!r}"[:80]
    elif kind == "drop":
        del holder[key]
    elif kind == "add":
        target = holder[key] if isinstance(holder[key], dict) else holder
        if isinstance(target, dict):
            target[draw(st.sampled_from(["zz", "beat", "player", "duel", "__proto__", ""]))] = \
                draw(st.sampled_from(ODD_VALUES))
        else:
            target.append(draw(st.sampled_from(ODD_VALUES)))
    elif kind == "nest":
        depth = draw(st.sampled_from([3, 200, 5000]))
        nested: Any = 1
        for _ in range(depth):
            nested = [nested]
        holder[key] = nested
        how += f" nested {depth} deep"
    elif kind == "duplicate" and isinstance(holder, list):
        holder.insert(key, copy.deepcopy(holder[key]))
    elif kind == "reorder" and isinstance(holder, list) and len(holder) > 1:
        holder.reverse()
    try:
        data = json.dumps(script, ensure_ascii=False).encode("utf-8", "surrogatepass")
    except (RecursionError, ValueError):
        data = b"[" * 100000
        how += " (as a too deep array)"
    for huge in (b"10000000000000000000000000000000",):
        data = data.replace(b"1000000000000000000000000000000", huge)
    if draw(st.booleans()) and kind == "replace":
        numbers = [i for i in range(len(data)) if data[i:i + 1].isdigit()]
        if numbers:
            at = draw(st.sampled_from(numbers))
            data = data[:at] + draw(st.sampled_from(HUGE)) + data[at + 1:]
            how += " and a huge number"
    return damaged(data, how)


def judge_script(folder: Path, data: bytes) -> None:
    script = folder / "script.json"
    script.write_bytes(data)
    out = folder / "out.jsonl"
    db = folder / "club.db"
    before = dump(db)
    result = invoke("record", "--script", str(script), "-o", str(out), "--db", str(db))
    if result.exit_code == 1:
        assert not out.exists(), "a refused script left a log behind"
        assert dump(db) == before, "a refused script changed the database"
        return
    verified = invoke("verify", str(out))
    assert verified.exit_code == 0, f"a recorded script does not verify: {verified.stderr}"


FUZZ = settings(deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])


@settings(FUZZ, max_examples=150)
@given(data=damaged_scripts(TOY_SCRIPT, game_parts=False))
def test_damaged_toy_scripts(tmp_path_factory, data):
    judge_script(tmp_path_factory.mktemp("toy"), data)


@settings(FUZZ, max_examples=60)
@given(data=damaged_scripts(BATTLECON_SCRIPT, game_parts=False))
def test_damaged_battlecon_scripts(tmp_path_factory, data):
    judge_script(tmp_path_factory.mktemp("bc"), data)


@settings(FUZZ, max_examples=80)
@given(data=damaged_scripts(BATTLECON_SCRIPT, game_parts=True))
def test_damaged_battlecon_script_entries(tmp_path_factory, data):
    judge_script(tmp_path_factory.mktemp("bcg"), data)


@pytest.mark.parametrize("part", [
    {"pair": -1}, {"pair": "Strike"}, {"pair": ["Focused"]}, {"pair": ["Focused", "Drive", "Burst"]},
    {"discards": None}, {"discards": 1.5}, {"choices": ["x"]}, {"new_pairs": [1]},
])
def test_malformed_battlecon_entry_parts_are_one_error_line(tmp_path, part):
    script = copy.deepcopy(BATTLECON_SCRIPT)
    script["beats"][2].update(part)
    script["beats"][2].pop("antes", None)
    (tmp_path / "script.json").write_text(json.dumps(script), encoding="utf-8")
    result = invoke("record", "--script", str(tmp_path / "script.json"), "-o", str(tmp_path / "out.jsonl"))
    assert result.exit_code == 1 and not (tmp_path / "out.jsonl").exists()


def test_the_undamaged_scripts_record_and_verify(tmp_path):
    for name, script in (("toy", TOY_SCRIPT), ("bc", BATTLECON_SCRIPT)):
        folder = tmp_path / name
        folder.mkdir()
        judge_script(folder, json.dumps(script).encode())
        assert (folder / "out.jsonl").exists()

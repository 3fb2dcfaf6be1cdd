"""Hostile and broken logs: every damaged file gets one clean error line, never a traceback.

Valid JSONL logs (a short toy match and a real BattleCON duel, recorded by the
installed engine) are damaged in every way a disk, an editor, a network or a
cheat can: truncated at every byte, bits flipped, lines reordered, duplicated
or dropped, numbers made huge, values nested deep, fields given the wrong
type or added, invalid UTF-8 spliced in. ``check``, ``verify`` and ``import``
run in-process through click's CliRunner and must each either succeed on a
log that is still the recorded match (byte for byte, or a prefix that stops at
a line end, or -- the one field the header hash leaves out -- another
``created_at``), or exit 1 with exactly one ``Error: ...`` line. A failed import
leaves the database exactly as it was (compared through a full SQL dump).
"""

from __future__ import annotations

import re
import signal
import sqlite3
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from beatlog.importing import import_log
from recorder import canonical
from beatlog.cli import main
from recorder.header import Player
from recorder.jsonl import encode_jsonl
from recorder.match import Match, run, sealed
from recorder.store import Store
from tests.logmaker import make_log

CASE_SECONDS = 10  # any single command slower than this counts as a hang
MAX_ERROR = 4096  # characters of one error line: a hostile log must not be echoed back whole


@dataclass(frozen=True)
class Base:
    name: str
    data: bytes
    lines: tuple[bytes, ...]  # without their newlines
    digest: str

    def prefixes(self) -> set[bytes]:
        """Every line-end cut that keeps the header: a crash's leftovers, still intact."""
        return {b"".join(line + b"\n" for line in self.lines[:n]) for n in range(1, len(self.lines) + 1)}


def _base(name: str, header, records) -> Base:
    data = encode_jsonl(header, records)
    return Base(name, data, tuple(data.split(b"\n")[:-1]), canonical.short_digest(records[-1].hash))


def toy_base() -> Base:
    log = make_log(seed=7, rounds=2)
    return _base("toy", log.header, log.records)


def battlecon_base() -> Base:
    from recorder.games.battlecon import GAME

    header = GAME.make_header(players=(Player("Ann", "hikaru"), Player("Ben", "khadath")),
                              edition="woi", seed=3, options={"duels": 1})
    match = Match(GAME, header)
    run(match, {p: GAME.bot("random", 3, p) for p in (0, 1)})
    return _base("battlecon", header, sealed(match))


TOY = toy_base()
BATTLECON = battlecon_base()


# -- the oracle -------------------------------------------------------------------


class Damaged(bytes):
    """Damaged log bytes that print as how they were made (hypothesis shows failing examples)."""

    how: str = ""

    def __repr__(self) -> str:
        return f"<{self.how}, {len(self)} bytes>"


def damaged(data: bytes, how: str) -> Damaged:
    out = Damaged(data)
    out.how = how
    return out


class Hang(Exception):
    pass


@contextmanager
def time_limit(seconds: int):
    def alarm(signum, frame):
        raise Hang(f"no answer within {seconds} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def invoke(*args: str):
    """Run one command in-process; it must exit 0, or 1 with exactly one ``Error:`` line."""
    with time_limit(CASE_SECONDS):
        result = CliRunner().invoke(main, list(args))
    escaped = result.exception
    assert escaped is None or isinstance(escaped, SystemExit), f"{args[0]}: {escaped!r} escaped"
    assert result.exit_code in (0, 1), result.exit_code
    assert "Traceback" not in result.output
    if result.exit_code == 1:
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: ") and len(lines[0]) > 10, result.stderr
        assert len(lines[0]) <= MAX_ERROR, f"{args[0]}: a {len(lines[0]):,}-character error line"
    return result


def same_match(mutated: bytes, base: Base) -> bool:
    """The log is still the recorded one: identical, or only the header's ``created_at`` differs."""
    if mutated == base.data:
        return True
    lines = mutated.split(b"\n")
    if lines[1:] != base.data.split(b"\n")[1:]:
        return False
    try:
        header = canonical.loads(lines[0])
    except ValueError:
        return False
    original = canonical.loads(base.lines[0])
    return (isinstance(header, dict) and canonical.dumps(header) == lines[0]
            and {k: v for k, v in header.items() if k != "created_at"}
            == {k: v for k, v in original.items() if k != "created_at"})


def is_prefix(mutated: bytes, base: Base) -> bool:
    """The log stops at a line end somewhere in the recorded match (header kept)."""
    if mutated in base.prefixes():
        return True
    n = mutated.count(b"\n")
    rest = b"".join(line + b"\n" for line in base.lines[n:])
    return mutated.endswith(b"\n") and 1 <= n <= len(base.lines) and same_match(mutated + rest, base)


def is_torn_prefix(mutated: bytes, base: Base) -> bool:
    """A crash's leftovers: a prefix of the match up to a line end, then part of a line (no final newline).

    verify --partial verifies the complete lines and sets the cut-off one aside.
    """
    cut = mutated.rfind(b"\n") + 1
    return 0 < cut < len(mutated) and is_prefix(mutated[:cut], base)


def dump(db: Path) -> str:
    conn = sqlite3.connect(db)
    try:
        return "\n".join(conn.iterdump())
    finally:
        conn.close()


def judge(path: Path, mutated: bytes, base: Base, db: Path | None = None) -> None:
    """check, verify (strict and --partial) and import one damaged file."""
    path.write_bytes(mutated)
    intact = same_match(mutated, base)
    prefix = intact or is_prefix(mutated, base)

    checked = invoke("check", str(path))
    assert checked.exit_code == 1 or prefix, "check accepted a changed log"

    verified = invoke("verify", str(path))
    if verified.exit_code == 0:
        assert intact, f"verify accepted a changed log: {verified.output!r}"
        assert verified.output.strip().endswith(f"digest {base.digest}")
    partial = invoke("verify", "--partial", str(path))
    assert partial.exit_code == 1 or prefix or is_torn_prefix(mutated, base), "verify --partial accepted a changed log"
    assert (checked.exit_code == 0) == (partial.exit_code == 0) or not prefix

    if db is not None:
        before = dump(db)
        imported = invoke("import", str(path), "--db", str(db))
        if imported.exit_code == 1:
            assert dump(db) == before, "a failed import changed the database"
        else:
            assert prefix, "import accepted a changed log"


# -- truncation at every offset ------------------------------------------------------


def test_toy_log_truncated_at_every_byte(tmp_path):
    path = tmp_path / "cut.jsonl"
    for cut in range(len(TOY.data) + 1):
        mutated = TOY.data[:cut]
        path.write_bytes(mutated)
        checked = invoke("check", str(path))
        verified = invoke("verify", "--partial", str(path))
        # check wants a whole file; verify --partial also takes a crash's torn last line, set aside
        assert checked.exit_code == (0 if mutated in TOY.prefixes() else 1), cut
        torn = is_torn_prefix(mutated, TOY)
        assert verified.exit_code == (0 if mutated in TOY.prefixes() or torn else 1), cut
        strict = invoke("verify", str(path))
        assert strict.exit_code == (0 if cut == len(TOY.data) else 1), cut
        if torn:
            assert "incomplete: " in strict.stderr and any(
                f"{why} (verify what it has with --partial, or finish the match: " in strict.stderr
                for why in ("is cut off", "so it was never completely written")), strict.stderr


def test_toy_log_import_truncated_at_every_line_and_inside_it(tmp_path):
    db = tmp_path / "club.db"
    other = make_log(seed=99)
    seeded = tmp_path / "other.jsonl"
    seeded.write_bytes(encode_jsonl(other.header, other.records))
    assert invoke("import", str(seeded), "--db", str(db)).exit_code == 0
    ends = [i + 1 for i, b in enumerate(TOY.data) if b == 0x0A]
    cuts = sorted({0, *ends, *(e - 1 for e in ends), *(e - 7 for e in ends if e > 7)})
    for cut in cuts:
        judge(tmp_path / "cut.jsonl", TOY.data[:cut], TOY, db)


# -- mutations -------------------------------------------------------------------------

HUGE = [b"18446744073709551616", b"9007199254740993", b"-9223372036854775809", b"1e999", b"-0",
        b"0.5", b"1" + b"0" * 400, b"NaN", b"Infinity", b"9" * 5000]
WRONG = [None, True, False, "", "x" * 70000, [], {}, 1.5, -1, 2**63 - 1, [None], {"": 0}, "\u0000"]
BAD_UTF8 = [b"\xff", b"\xc3\x28", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xe2\x82", b"\x80"]


KINDS = ["bitflip", "truncate", "swap", "duplicate", "drop", "huge", "nest", "wrong_type",
         "unknown_field", "utf8", "crlf", "splice", "bom"]


@st.composite
def mutations(draw, base: Base) -> Damaged:
    kind = draw(st.sampled_from(KINDS))
    n = draw(st.integers(0, len(base.lines) - 1))
    return damaged(_mutate(draw, base, kind, n), f"{kind} at line {n + 1} of the {base.name} log")


def _mutate(draw, base: Base, kind: str, n: int) -> bytes:
    lines = list(base.lines)
    data = base.data
    if kind == "bitflip":
        flips = draw(st.lists(st.tuples(st.integers(0, len(data) - 1), st.integers(0, 7)), min_size=1, max_size=3))
        out = bytearray(data)
        for at, bit in flips:
            out[at] ^= 1 << bit
        return bytes(out)
    if kind == "truncate":
        return data[: draw(st.integers(0, len(data)))]
    if kind == "swap":
        m = draw(st.integers(0, len(lines) - 1))
        lines[n], lines[m] = lines[m], lines[n]
    elif kind == "duplicate":
        lines.insert(n, lines[n])
    elif kind == "drop":
        del lines[n]
    elif kind == "huge":
        numbers = list(re.finditer(rb"(?<![\w\"])-?\d+", lines[n]))
        if numbers:
            m = numbers[draw(st.integers(0, len(numbers) - 1))]
            lines[n] = lines[n][: m.start()] + draw(st.sampled_from(HUGE)) + lines[n][m.end():]
    elif kind == "nest":
        depth = draw(st.sampled_from([2, 100, 1100, 100000]))
        nested = b"[" * depth + b"]" * depth
        lines[n] = re.sub(rb'"(data|players|options)":(\{[^{}]*\}|\[[^\[\]]*\])', b'"\\1":' + nested,
                          lines[n], count=1) if b'"data"' in lines[n] or n == 0 else nested
    elif kind in ("wrong_type", "unknown_field"):
        raw = canonical.loads(lines[n])
        target = raw["data"] if n > 0 and draw(st.booleans()) else raw
        if kind == "wrong_type":
            key = draw(st.sampled_from(sorted(target))) if target else "x"
            target[key] = draw(st.sampled_from(WRONG))
        else:
            target[draw(st.sampled_from(["zz", "extra", "__proto__", "hash2", ""]))] = 1
        lines[n] = canonical.dumps(raw)
    elif kind == "utf8":
        at = draw(st.integers(0, len(lines[n])))
        lines[n] = lines[n][:at] + draw(st.sampled_from(BAD_UTF8)) + lines[n][at:]
    elif kind == "crlf":
        return data.replace(b"\n", b"\r\n")
    elif kind == "splice":  # a line of another match
        lines[n] = TOY.lines[min(n, len(TOY.lines) - 1)] if base is not TOY else BATTLECON.lines[n]
    elif kind == "bom":
        return b"\xef\xbb\xbf" + data
    return b"".join(line + b"\n" for line in lines)


FUZZ = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> Path:
    """A store holding another match and a prefix of the BattleCON one (so imports extend it)."""
    folder = tmp_path_factory.mktemp("club")
    db = folder / "club.db"
    with Store(db) as store:
        other = make_log(seed=5)
        import_log(store, other)
    head = folder / "head.jsonl"
    head.write_bytes(b"".join(line + b"\n" for line in BATTLECON.lines[:40]))
    assert invoke("import", str(head), "--db", str(db)).exit_code == 0
    return db


@FUZZ
@given(mutated=mutations(TOY))
def test_damaged_toy_logs(tmp_path_factory, mutated):
    folder = tmp_path_factory.mktemp("toy")
    judge(folder / "m.jsonl", mutated, TOY)


@settings(FUZZ, max_examples=120)
@given(mutated=mutations(BATTLECON))
def test_damaged_battlecon_logs_and_imports(tmp_path_factory, club, mutated):
    folder = tmp_path_factory.mktemp("bc")
    judge(folder / "m.jsonl", mutated, BATTLECON, club)


def test_every_kind_of_damage_is_named_on_one_line(tmp_path):
    """One of each, with the message start pinned, so the fuzz oracle is known to bite."""
    cases = {
        b"": "the file is empty",
        BATTLECON.data.replace(b"\n", b"\r\n"): "CR LF",
        b"\xef\xbb\xbf" + BATTLECON.data: "byte order mark",
        BATTLECON.data[:-1]: ("truncated", "incomplete: "),  # verify sets a torn last line aside
        BATTLECON.data + BATTLECON.lines[-1] + b"\n": "seq",
        BATTLECON.data[:100] + b"\xff" + BATTLECON.data[100:]: "invalid UTF-8",
        b"[" * 100000 + b"\n": "line 1",
    }
    for data, words in cases.items():
        path = tmp_path / "bad.jsonl"
        path.write_bytes(data)
        for n, args in enumerate((("check", str(path)), ("verify", str(path)))):
            result = invoke(*args)
            want = words if isinstance(words, str) else words[n]
            assert result.exit_code == 1 and want in result.stderr, (args[0], want, result.stderr)


# -- forgeries: content changed and the whole chain re-hashed ------------------------------

PLAUSIBLE = [0, 1, 2, 3, 7, 20, "Strike", "hikaru", "public", True, None]


@st.composite
def forgeries(draw, base: Base) -> Damaged:
    """A log edited by someone who recomputes every hash after the edit (so check passes)."""
    header = canonical.loads(base.lines[0])
    records = [canonical.loads(line) for line in base.lines[1:]]
    where = draw(st.sampled_from(["header", "data", "envelope"]))
    if where == "header":
        key = draw(st.sampled_from(["seed", "players", "options", "edition"]))
        value = {"seed": draw(st.integers(0, 2**31)),
                 "players": [dict(p, name=p["name"] + "x") for p in header["players"]],
                 "options": {**header["options"], "zz": 1},
                 "edition": "preview"}[key]
        header[key] = value
        how = f"header {key} = {value!r}"
    else:
        seq = draw(st.integers(1, len(records)))
        raw = records[seq - 1]
        value = draw(st.sampled_from(PLAUSIBLE))
        if where == "data":
            key = draw(st.sampled_from(sorted(k for k in raw["data"] if k != "source") or ["zz"]))
            raw["data"][key] = value
            how = f"seq {seq} ({raw['type']}) data.{key} = {value!r}"
        else:
            key = draw(st.sampled_from(["duel", "beat", "actor", "cause", "visibility", "kind"]))
            raw[key] = value
            how = f"seq {seq} ({raw['type']}) {key} = {value!r}"
    header.pop("hash")
    header.pop("created_at")
    header_hash = canonical.digest(header)
    lines = [canonical.dumps({**header, "created_at": "2030-01-01T00:00:00Z", "hash": header_hash})]
    prev = header_hash
    for raw in records:
        raw.pop("hash")
        raw["prev"] = prev
        prev = canonical.digest(raw)
        lines.append(canonical.dumps({**raw, "hash": prev}))
    return damaged(b"".join(line + b"\n" for line in lines), f"forged and re-hashed: {how}")


@settings(FUZZ, max_examples=60)
@given(forged=forgeries(BATTLECON))
def test_forged_and_rehashed_logs_never_verify_as_the_recorded_match(tmp_path_factory, forged):
    folder = tmp_path_factory.mktemp("forged")
    path = folder / "m.jsonl"
    path.write_bytes(forged)
    unchanged = same_match(forged, BATTLECON)  # the edit wrote the value that was there
    invoke("check", str(path))  # may pass: check does not re-run the rules
    verified = invoke("verify", str(path))
    if verified.exit_code == 0 and not unchanged:
        # A consistent different match (e.g. another seed that draws the same): another digest.
        assert not verified.output.strip().endswith(f"digest {BATTLECON.digest}"), verified.output
    # import folds the events through the game's rules: see the xfail test below.


def forged_pair_for_other_player() -> bytes:
    """Seq 5 (Hikaru's secret pair) re-labelled as Khadath's, every hash recomputed."""
    header = canonical.loads(BATTLECON.lines[0])
    records = [canonical.loads(line) for line in BATTLECON.lines[1:]]
    first_pair = next(r for r in records if r["type"] == "PairSelected")
    first_pair["data"]["player"] = 1 - first_pair["data"]["player"]
    header_hash = header["hash"]
    lines = [BATTLECON.lines[0]]
    prev = header_hash
    for raw in records:
        raw.pop("hash")
        raw["prev"] = prev
        prev = canonical.digest(raw)
        lines.append(canonical.dumps({**raw, "hash": prev}))
    return b"".join(line + b"\n" for line in lines)


@pytest.mark.parametrize("command", ["import", "state", "explain", "render"])
def test_a_forged_log_the_rules_cannot_fold_is_one_error_line(tmp_path, command):
    path = tmp_path / "forged.jsonl"
    path.write_bytes(forged_pair_for_other_player())
    assert invoke("check", str(path)).exit_code == 0  # the chain itself is intact
    args = {"import": ["import", str(path), "--db", str(tmp_path / "club.db")],
            "state": ["state", str(path), "--beat", "3"],
            "explain": ["explain", str(path), "--beat", "3"],
            "render": ["render", str(path), "-o", str(tmp_path / "site")]}[command]
    db = tmp_path / "club.db"
    before = dump(db) if db.exists() else ""
    result = invoke(*args)
    assert result.exit_code == 1
    message = result.stderr.strip()
    assert ", seq 5 (PairSelected): the rules cannot apply this event (" in message, message
    assert message.endswith("; run beatlog verify"), message
    if command in ("import", "state", "explain"):  # these know the file they read
        assert message.startswith(f"Error: {path}: match m-"), message
    if command == "import":
        assert not db.exists() or dump(db) == before

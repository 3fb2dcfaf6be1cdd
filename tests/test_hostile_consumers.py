"""Every consumer is total over any log that passes the structural checks.

A forger who recomputes every hash can write any value the schemas allow. The
readers -- statistics, the descriptions, explain, state and its drawing, the
viewer's page -- must then either work or stop with one UnreadableLog line
naming the match, the seq and (when it can be told) the field; never a
traceback. These tests forge such logs directly (no CLI, no verify) from real
ones: the cases an outside robustness run found, then a hypothesis fuzz over
payloads that satisfy the envelope and event schemas.
"""

from __future__ import annotations

import copy
import dataclasses
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from beatlog.cli import main
from recorder.errors import CorruptLog, UnreadableLog
from recorder.game import load_game
from recorder.header import Player, derive_match_id
from recorder.integrity import LogFile, check
from recorder.jsonl import encode_jsonl, read_jsonl
from replay.explain import explain
from replay.state import render as render_state, state_at
from replay.stats import match_stats
from replay.walk import Describer, walk
from tests.replay_support import rechain
from viewer.site import match_html, readable_page
from viewer.sources import Source

ROOT = Path(__file__).resolve().parent.parent
KALLISTAR = ROOT / "sample_logs" / "battlecon" / "woi-ante-finishers-kallistar-vs-khadath.jsonl"
HIKARU = ROOT / "sample_logs" / "battlecon" / "woi-hikaru-vs-khadath.jsonl"
COGS = ROOT / "sample_logs" / "cogs" / "lions-vs-herons.jsonl"
COGS_EVENTS = 400  # a prefix: every consumer must read an unfinished log too, and it keeps the fuzz quick


@lru_cache(maxsize=None)
def base(path: Path, limit: int | None = None) -> LogFile:
    log = read_jsonl(path)
    return LogFile(log.header, log.records[:limit]) if limit else log


def forged(log: LogFile, seq: int, field: str, value: Any) -> LogFile:
    """``log`` with ``data.<field>`` of event ``seq`` set to ``value`` and the chain recomputed."""
    records = list(log.records)
    record = records[seq - 1]
    data = copy.deepcopy(record.data)
    data[field] = value
    records[seq - 1] = dataclasses.replace(record, data=data)
    return LogFile(log.header, rechain(log.header, records))


def with_header(log: LogFile, header: Header) -> LogFile:
    """The log's events under another header (the match id re-derived by the caller), chain recomputed."""
    records = [dataclasses.replace(r, match_id=header.match_id) for r in log.records]
    return LogFile(header, rechain(header, records))


def first(log: LogFile, type_: str) -> int:
    return next(r.seq for r in log.records if r.type == type_)


def consume(log: LogFile, seq: int | None = None) -> None:
    """Run every consumer over ``log``; ``seq`` (the forged event) picks the round explain and state look at."""
    header, records = log.header, log.records
    game = load_game(header.game)
    match_stats(header, records, game)
    walk(header, records, [Describer(game)], game)
    page = readable_page(Source("forged.jsonl", log))
    match_html(page, single_file=True, linked=False)
    record = records[(seq or len(records)) - 1]
    duel = record.duel or 1
    report = explain(header, records, record.beat, duel=duel if duel > 1 else None, game=game)
    assert report.steps
    for viewer in (None, 0):
        at = state_at(header, records, record.beat, duel=duel if duel > 1 else None, viewer=viewer, game=game)
        render_state(at, game)


def one_line_naming(exc: BaseException, log: LogFile, seq: int | None) -> str:
    message = str(exc)
    assert "\n" not in message, message
    assert f"match {log.header.match_id}" in message, message
    if seq is not None:
        assert f"seq {seq}" in message, message
    return message


# -- the cases the robustness run found ------------------------------------------------------------------


def smuggle(db: Path, log: LogFile) -> None:
    """Store ``log`` as it is, as an earlier beatlog that checked less (or an SQL edit) could have."""
    from recorder.store import Store

    with Store(db) as store:
        store.add_match(log.header)
        store.append(log.match_id, log.records, validate=False)


def test_a_cogs_attack_with_an_empty_weapon_is_refused_in_one_line_and_a_store_holding_one_still_works(tmp_path):
    """AttackRolled.weapon "" once crashed import (both ways), stats and render with a ValueError."""
    log = base(COGS, COGS_EVENTS)
    seq = first(log, "AttackRolled")
    bad = forged(log, seq, "weapon", "")
    path = tmp_path / "weapon.jsonl"
    path.write_bytes(encode_jsonl(bad.header, bad.records))
    for extra in ([], ["--no-verify"]):
        result = CliRunner().invoke(main, ["import", str(path), "--db", str(tmp_path / "s.db"), *extra])
        assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.output
        assert f"seq {seq}" in result.stderr and "data.weapon" in result.stderr, result.stderr
    # A store that took it in anyway: its statistics and its site leave that match out, in one line each.
    db = tmp_path / "old.db"
    smuggle(db, bad)
    assert CliRunner().invoke(main, ["import", str(HIKARU), "--db", str(db)]).exit_code == 0
    stats = CliRunner().invoke(main, ["stats", "--db", str(db)])
    assert stats.exit_code == 0, stats.output
    assert stats.stderr.startswith(f"left out match {bad.header.match_id}: ") and stats.stderr.count("\n") == 1
    assert f"seq {seq}" in stats.stderr and "data.weapon" in stats.stderr
    assert "1 match" in stats.stdout
    site = CliRunner().invoke(main, ["render", "--db", str(db), "-o", str(tmp_path / "site")])
    assert site.exit_code == 0, site.output
    assert site.stderr.count("\n") == 1 and f"seq {seq}" in site.stderr and bad.header.match_id in site.stderr
    assert (tmp_path / "site" / "matches" / f"{read_jsonl(HIKARU).header.match_id}.html").exists()
    assert not (tmp_path / "site" / "matches" / f"{bad.header.match_id}.html").exists()
    index = (tmp_path / "site" / "index.html").read_text()
    assert "Unreadable matches" in index and bad.header.match_id in index


@pytest.mark.parametrize("case", ["timing", "form", "player", "positions"])
def test_forged_battlecon_values_are_one_line_not_a_traceback(case):
    """TriggerResolved.timing "" (IndexError in describe), FormEffectApplied.form (KeyError), a seat that
    is not there (IndexError in describe._name), a board with one fighter (render.py board_line)."""
    log = base(KALLISTAR)
    type_, field, value = {
        "timing": ("TriggerResolved", "timing", ""),
        "form": ("FormEffectApplied", "form", "dragon"),
        "player": ("TriggerResolved", "player", 5),
        "positions": ("DuelStarted", "positions", [3]),
    }[case]
    seq = first(log, type_)
    bad = forged(log, seq, field, value)
    try:
        check(bad.header, bad.records)
    except CorruptLog as exc:  # the schema already refuses it: as good, and names the field
        assert f"seq {seq}" in str(exc) and field in str(exc)
        return
    with pytest.raises(UnreadableLog) as caught:
        consume(bad, seq)
    assert f"data.{field}" in one_line_naming(caught.value, bad, seq) or case == "positions"


def test_a_battlecon_header_with_a_cogs_fleet_and_a_rederived_match_id_is_one_line():
    """KeyError 'lions' in snapshot.py: a header side swapped to a Cogs fleet, the match id re-derived."""
    log = base(KALLISTAR)
    h = log.header
    players = (Player(h.players[0].name, "lions"), h.players[1])
    match_id = derive_match_id(h.game, h.seed, players, h.options)
    header = dataclasses.replace(h, players=players, match_id=match_id)  # its hash follows its content
    bad = with_header(log, header)
    check(bad.header, bad.records)  # structurally sound
    with pytest.raises(UnreadableLog) as caught:
        consume(bad)
    assert "lions" in one_line_naming(caught.value, bad, None)


def test_the_site_renders_every_other_match_and_lists_the_bad_one(tmp_path):
    """render --db once died on one forged match: the whole store's site was lost."""
    good = base(HIKARU)
    log = base(KALLISTAR)
    seq = first(log, "TriggerResolved")
    bad = forged(log, seq, "player", 5)  # schema-valid (a small int), but no such seat
    path = tmp_path / "bad.jsonl"
    path.write_bytes(encode_jsonl(bad.header, bad.records))
    db = tmp_path / "club.db"
    # Its statistics count it (they do not read that seat), so import --no-verify takes it, as the run found.
    taken = CliRunner().invoke(main, ["import", str(path), "--db", str(db), "--no-verify"])
    assert taken.exit_code == 0, taken.output
    assert CliRunner().invoke(main, ["import", str(HIKARU), "--db", str(db)]).exit_code == 0
    for args in (["--db", str(db)], [str(HIKARU), str(path)]):
        out = tmp_path / f"site{len(args)}"
        result = CliRunner().invoke(main, ["render", *args, "-o", str(out)])
        assert result.exit_code == 0, result.output
        assert result.stderr.count("\n") == 1 and f"seq {seq}" in result.stderr, result.stderr
        assert "data.player 5" in result.stderr and bad.header.match_id in result.stderr
        index = (out / "index.html").read_text()
        assert "Unreadable matches" in index and bad.header.match_id in index
        assert (out / "matches" / f"{good.header.match_id}.html").exists()
        assert not (out / "matches" / f"{bad.header.match_id}.html").exists()
    alone = CliRunner().invoke(main, ["render", str(path), "-o", "-", "--single-file"])
    assert alone.exit_code == 1 and alone.stderr.count("\n") == 1 and f"seq {seq}" in alone.stderr


# -- the fuzz ------------------------------------------------------------------------------------------------

BASES = {"kallistar": (KALLISTAR, None), "cogs": (COGS, COGS_EVENTS)}


def _leaves(value: Any, path: tuple = ()) -> list[tuple[tuple, Any]]:
    if isinstance(value, dict):
        return [leaf for key, item in value.items() for leaf in _leaves(item, path + (key,))] or [(path, value)]
    if isinstance(value, (list, tuple)):
        return [(path, value)] + [leaf for i, item in enumerate(value) for leaf in _leaves(item, path + (i,))]
    return [(path, value)]


def _set(data: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    out = list(data) if isinstance(data, (list, tuple)) else dict(data)
    out[path[0]] = _set(out[path[0]], path[1:], value)
    return out


@lru_cache(maxsize=None)
def _words(name: str) -> tuple[str, ...]:
    """Every text the base log holds: the likeliest forgeries are real values in the wrong place."""
    log = base(*BASES[name])
    seen = {v for r in log.records for _, v in _leaves(r.data) if isinstance(v, str) and len(v) < 40}
    return tuple(sorted(seen | {"lions", "hikaru", "human", "Strike", "longbow"}))


def _replacement(draw: Any, name: str, old: Any) -> Any:
    if isinstance(old, bool):
        return not old
    if isinstance(old, int):
        return draw(st.sampled_from([-1, 0, 1, 2, 3, 7, 8, 15, 99, 1000, -(2**53), 2**53]) | st.integers(-3, 40))
    if isinstance(old, str):
        return draw(st.sampled_from(("", "x", "\x1b]0;pwned\x07")) | st.sampled_from(_words(name)) | st.text(max_size=4))
    if isinstance(old, (list, tuple)):
        items = list(old)
        return draw(st.sampled_from([[], items[:1], items[:-1], items + items[:1], items[::-1]]))
    if old is None:
        return draw(st.sampled_from([0, "", []]))
    return old


@st.composite
def forgeries(draw: Any) -> tuple[LogFile, int]:
    name = draw(st.sampled_from(sorted(BASES)))
    log = base(*BASES[name])
    index = draw(st.integers(0, len(log.records) - 1))
    record = log.records[index]
    path, old = draw(st.sampled_from(_leaves(record.data)))
    data = _set(record.data, path, _replacement(draw, name, old))
    records = list(log.records)
    records[index] = dataclasses.replace(record, data=data)
    return LogFile(log.header, rechain(log.header, records)), index + 1


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(forgeries())
def test_fuzz_every_consumer_is_total_over_schema_valid_payloads(case):
    log, seq = case
    try:
        check(log.header, log.records)
    except CorruptLog:
        return  # refused by the structural checks: what every reader does first
    try:
        consume(log, seq)
    except UnreadableLog as exc:
        message = one_line_naming(exc, log, None)
        assert "seq " in message, message

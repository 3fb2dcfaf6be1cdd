"""The face-down commitment (docs/protocol-battlecon.md, "Commitment"): it always binds; it hides when the pair's
salt is secret. A person's salt is random (the hot-seat source), bots' and scripts' derive from the header
unless a script gives one. Verify, resume and what-if feed the recorded salt back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from recorder import canonical
from beatlog.cli import main
from beatlog.cli import hotseat
from recorder.decisions import Answer
from recorder.errors import IllegalDecision
from recorder.games.battlecon import GAME
from recorder.games.battlecon.cards import KITS
from recorder.header import Player
from recorder.jsonl import read_jsonl
from recorder.match import Match, run, sealed
from replay.verify import verify

ROOT = Path(__file__).resolve().parent.parent


def header(seed: int = 5, **options):
    return GAME.make_header(players=(Player("Ann", "hikaru"), Player("Ben", "khadath")), edition="woi", seed=seed,
                            options={"duels": 1, **options})


def digest(h, duel: int, beat: int, player: int, style: str, base: str, nonce: str) -> str:
    return canonical.digest({"match_id": h.match_id, "duel": duel, "beat": beat, "player": player,
                             "style": style, "base": base, "nonce": nonce})


def derived_nonce(h, duel: int, beat: int, player: int) -> str:
    """What anyone holding the header can compute (docs/protocol-battlecon.md)."""
    return canonical.digest({"seed": h.seed, "match_id": h.match_id, "duel": duel, "beat": beat,
                             "player": player})[:16]


def candidates(fighter: str) -> list[tuple[str, str]]:
    k = KITS[fighter]
    return [(s, b) for s in k.styles for b in k.bases]  # the 35 pairs one could test


def commitments(records):
    """(PairSelected, PairCommitted) records, paired in order."""
    selected = [r for r in records if r.type == "PairSelected" and r.visibility != "public"]
    committed = [r for r in records if r.type == "PairCommitted"]
    assert len(selected) == len(committed) > 0
    return list(zip(selected, committed))


def person_plays(monkeypatch, h) -> Match:
    """Both seats at one terminal (the hot-seat source), always taking option 1."""
    monkeypatch.setattr(hotseat, "_prompt", lambda text, hide_input=False: "1" if "choice" in text else "")
    monkeypatch.setattr(hotseat.click, "clear", lambda: None)
    person = hotseat.TerminalSource(GAME, h, echo=lambda line: None)
    m = Match(GAME, h)
    run(m, {0: person, 1: person})
    return m


def test_a_persons_commitment_cannot_be_opened_by_trying_the_35_pairs(monkeypatch):
    h = header()
    m = person_plays(monkeypatch, h)
    records = sealed(m)
    salts = set()
    for sel, com in commitments(records):
        d, who = com.data["digest"], sel.data["player"]
        salt = sel.data["salt"]
        assert len(salt) == 32 and int(salt, 16) >= 0 and sel.data["source"] == "player"
        salts.add(salt)
        # Without the salt, no candidate pair reproduces the digest ...
        tried = {digest(h, sel.duel, sel.beat, who, s, b, derived_nonce(h, sel.duel, sel.beat, who))
                 for s, b in candidates(h.players[who].side)}
        assert d not in tried
        # ... with it, the selected pair does (the commitment binds).
        assert d == digest(h, sel.duel, sel.beat, who, sel.data["style"], sel.data["base"], salt)
    assert len(salts) == len(commitments(records))  # a fresh salt for every pair
    assert verify(h, records).ok  # verify feeds the recorded salt back: replay is exact


def test_a_bots_commitment_derives_from_the_header_and_anyone_can_open_it():
    h = header()
    m = Match(GAME, h)
    run(m, {p: GAME.bot("random", h.seed, p) for p in (0, 1)})
    for sel, com in commitments(sealed(m)):
        who = sel.data["player"]
        assert sel.data["salt"] == ""
        opened = [(s, b) for s, b in candidates(h.players[who].side)
                  if digest(h, sel.duel, sel.beat, who, s, b, derived_nonce(h, sel.duel, sel.beat, who))
                  == com.data["digest"]]
        assert opened == [(sel.data["style"], sel.data["base"])]


def test_the_pair_selected_schema_allows_the_salt():
    schema = json.loads((ROOT / "schemas/battlecon/PairSelected.json").read_text(encoding="utf-8"))
    assert schema["properties"]["salt"]["type"] == "string" and "salt" in schema["required"]


@pytest.mark.parametrize("answer,message", [
    ({"player": 0, "style": "Focused", "base": "Shot", "salt": "XYZ"},
     "Ann's pair answer salt 'XYZ' is not a string of at most 128 hex digits (0-9, a-f)"),
    ({"player": 0, "style": "Focused", "base": "Shot", "salt": 7},
     "Ann's pair answer salt 7 is not a string of at most 128 hex digits (0-9, a-f)"),
])
def test_a_malformed_salt_is_refused_with_an_exact_message(answer, message):
    m = Match(GAME, header())
    m.advance()
    with pytest.raises(IllegalDecision) as info:
        m.advance(Answer(answer, "test"))
    assert str(info.value) == f"match {m.header.match_id}, duel 1, beat 1: {message}"
    assert len(m.entries) == 4  # nothing was appended


def test_a_salt_on_a_decision_without_a_commitment_is_refused():
    m = Match(GAME, header())
    m.advance()
    m.advance(Answer({"player": 0, "style": "Focused", "base": "Shot"}, "test"))
    m.advance(Answer({"player": 1, "style": "Lure", "base": "Strike"}, "test"))
    assert m.pending.kind == "ante"
    who = m.header.players[m.pending.player].name
    with pytest.raises(IllegalDecision) as info:
        m.advance(Answer({"player": m.pending.player, "ante": "pass", "salt": "ab"}, "test"))
    assert str(info.value) == (f"match {m.header.match_id}, duel 1, beat 1: {who}'s ante answer has a salt, "
                               "but AnteDeclared takes none")


def script(tmp_path: Path, salt: str) -> Path:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({
        "game": "battlecon", "edition": "woi", "seed": 4, "policy": "random",
        "players": [{"name": "Ann", "side": "hikaru"}, {"name": "Ben", "side": "khadath"}],
        "options": {"duels": 1},
        "beats": [{"beat": 1, "player": 0, "pair": ["Focused", "Shot"], "salt": salt},
                  {"beat": 1, "player": 1, "pair": ["Lure", "Strike"]},
                  {"beat": 2, "player": 0, "pair": ["Geomantic", "Drive"]},
                  {"beat": 2, "player": 1, "pair": ["Blight", "Drive"], "salt": salt[::-1]}],
    }), encoding="utf-8")
    return path


def test_a_script_may_give_a_salt_and_resume_and_what_if_use_it(tmp_path):
    salt = "0123456789abcdef" * 2
    s = script(tmp_path, salt)
    full = tmp_path / "full.jsonl"
    result = CliRunner().invoke(main, ["record", "--script", str(s), "-o", str(full)])
    assert result.exit_code == 0, result.output
    log = read_jsonl(full)
    first, second = commitments(log.records)[0], [c for c in commitments(log.records) if c[0].beat == 2][1]
    assert first[0].data["salt"] == salt and second[0].data["salt"] == salt[::-1]
    h = log.header
    assert first[1].data["digest"] == digest(h, 1, 1, 0, "Focused", "Shot", salt)
    assert verify(h, log.records).ok
    # Resume after a crash in beat 2: the script gives the same salts, the file ends byte-identical.
    data = full.read_bytes()
    lines = data.split(b"\n")
    cut = next(i for i, line in enumerate(lines) if b'"beat":2' in line) + 3
    part = tmp_path / "cut.jsonl"
    part.write_bytes(b"\n".join(lines[:cut]) + b"\n")
    resumed = CliRunner().invoke(main, ["record", "--resume", h.match_id, "-o", str(part), "--script", str(s)])
    assert resumed.exit_code == 0, resumed.output
    assert part.read_bytes() == data
    # What-if: change Ann's beat-1 pair; the recorded salts stand where the decisions are kept.
    from replay.whatif import what_if

    change = {"kind": "pair", "player": 0, "style": "Focused", "base": "Drive"}
    changed = what_if(h, log.records, beat=1, player=0, answers=[change])
    kept = [r for r in changed.new if r.type == "PairSelected" and r.beat == 2 and r.actor == 1]
    assert kept and kept[0].data["salt"] == salt[::-1]


def test_a_malformed_script_salt_is_named():
    from recorder.errors import InvalidDecision

    with pytest.raises(InvalidDecision) as info:
        GAME.script_answers({"beat": 1, "player": 0, "pair": ["Focused", "Shot"], "salt": "XYZ"})
    assert str(info.value) == ('salt is "XYZ" (not hex digits 0-9, a-f); expected up to 128 hex digits (0-9, a-f): '
                               "a secret that hides this entry's pair commitment")

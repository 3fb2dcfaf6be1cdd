"""Names people type -- fighters, cards, fleets, bots, games -- are matched case-insensitively, and a typo gets
the nearest known name as a suggestion (one line, exit 1), everywhere a name is typed."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.jsonl import read_jsonl
from recorder.names import closest, resolve, suggestion
from tests.replay_support import battlecon_duel, write_log


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_resolve_and_suggest():
    assert resolve("Hikaru", ["hikaru", "cadenza"]) == "hikaru"
    assert resolve("strike", ["Strike", "Burst"]) == "Strike"
    assert resolve("x", ["a"]) is None
    assert closest("Strik", ["Strike", "Burst"]) == "Strike"
    assert closest("Fire", ["Pass", "Earth", "Water", "Wind"]) is None
    assert suggestion("khadth", ["khadath"]) == " (did you mean 'khadath'?)"


@pytest.fixture
def log(tmp_path):
    return write_log(tmp_path / "m.jsonl", *battlecon_duel(7))


def test_whatif_pair_with_a_typo_names_the_card_and_suggests_the_nearest(log):
    result = run("whatif", str(log), "--beat", "3", "--player", "1", "--pair", "Trance,Strik")
    assert result.exit_code == 1
    line = result.output.strip()
    assert "\n" not in line and "{" not in line  # one line, no Python dict, not all 15 pairs
    assert "'Strik' is not a base they can choose here (did you mean 'Strike'?)" in line


def test_whatif_pair_is_matched_case_insensitively(log):
    result = run("whatif", str(log), "--beat", "3", "--player", "1", "--pair", "trance,palm strike")
    assert result.exit_code == 0, result.output
    assert "had chosen pair Trance Palm Strike" in result.output


@pytest.mark.parametrize("args, message", [
    (["record", "--fighters", "hikaru,khadth"], "unknown fighter 'khadth' for Player 2 (did you mean 'khadath'?)"),
    (["record", "--fighters", "hikaru,khadath", "--bots", "greedy,rando"], "unknown bot 'rando' (did you mean 'random'?)"),
    (["record", "--game", "cogs", "--sides", "lions,heron"], "unknown fleet 'heron' (did you mean 'herons'?)"),
    (["record", "--game", "cogz", "--sides", "lions,herons"], "unknown game 'cogz' (did you mean 'cogs'?)"),
    (["sides", "hikru"], "unknown fighter 'hikru' (did you mean 'hikaru'?)"),
])
def test_a_typed_name_with_a_typo_gets_a_suggestion(tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    result = run(*args, "-o", "x.jsonl") if args[0] == "record" else run(*args)
    assert result.exit_code == 1
    assert message in result.output and len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "x.jsonl").exists()


def test_names_in_any_letter_case_are_the_names(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("record", "--fighters", "Hikaru,KHADATH", "--bots", "Greedy,RANDOM", "--seed", "7", "-o", "a.jsonl")
    assert result.exit_code == 0, result.output
    result = run("record", "--game", "Cogs", "--sides", "Lions,Herons", "--bots", "Sensible", "--seed", "1",
                 "-o", "c.jsonl")
    assert result.exit_code == 0, result.output
    header = read_jsonl(tmp_path / "a.jsonl").header
    assert [p.side for p in header.players] == ["hikaru", "khadath"]
    assert read_jsonl(tmp_path / "c.jsonl").header.game == "cogs"
    assert run("sides", "Hikaru").output.startswith("hikaru: Hikaru Sorayama")

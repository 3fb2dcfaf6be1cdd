"""The special-action sample logs really play every special they are there to show."""

import json

from pathlib import Path

import pytest

from sample_logs.make_samples import FIGHTER_SAMPLES, SHOWCASES, SHOWN, SPECIALS, pairs_taken, specials_used, specials_wanted

HERE = Path(__file__).resolve().parent.parent / "sample_logs" / "battlecon"


@pytest.mark.parametrize("name, options", [(s[0], s[5]) for s in SPECIALS], ids=[s[0] for s in SPECIALS])
def test_special_sample_uses_every_special(name, options):
    used = specials_used((HERE / f"{name}.jsonl").read_bytes())
    assert set(specials_wanted(options)) <= set(used), used


WITH_SPECIALS = [s for s in FIGHTER_SAMPLES if s[5].get("special_actions")]


@pytest.mark.parametrize("name, options", [(s[0], s[5]) for s in WITH_SPECIALS], ids=[s[0] for s in WITH_SPECIALS])
def test_a_later_fighters_special_sample_uses_every_special(name, options):
    used = specials_used((HERE / f"{name}.jsonl").read_bytes())
    assert set(specials_wanted(options)) <= set(used), used


def test_each_later_fighter_has_samples_against_two_of_the_first_four_with_and_without_special_actions():
    first = {"hikaru", "cadenza", "kallistar", "khadath"}
    for fighter in {s[2][0] for s in FIGHTER_SAMPLES}:
        mine = [s for s in FIGHTER_SAMPLES if s[2][0] == fighter]
        for specials in (False, True):
            opponents = {s[2][1] for s in mine if bool(s[5].get("special_actions")) == specials}
            assert len(opponents & first) >= 2, (fighter, specials, opponents)
        assert all((HERE / f"{s[0]}.jsonl").exists() for s in mine)


@pytest.mark.parametrize("name, options, shows", [(s[0], s[5], s[6]) for s in SHOWCASES], ids=[s[0] for s in SHOWCASES])
def test_a_showcase_sample_shows_its_card_and_every_special(name, options, shows):
    data = (HERE / f"{name}.jsonl").read_bytes()
    assert SHOWN[shows](data), shows
    assert set(specials_wanted(options)) <= set(specials_used(data)), specials_used(data)


def test_the_assimilate_sample_takes_the_opponents_pair_into_sagas_hand():
    data = (HERE / "woi-specials-sagas-assimilate-vs-hikaru.jsonl").read_bytes()
    lines = [json.loads(line) for line in data.splitlines()]
    assert lines[0]["options"]["finishers"] == ["b", "chosen"]
    revealed = [r for r in lines[1:] if r["type"] == "FinisherRevealed" and r["data"]["player"] == 0]
    assert revealed and all(r["data"]["finisher"] == "Assimilate" for r in revealed)
    taken = [r["data"] for r in lines[1:] if r["type"] == "CardMoved" and r["data"].get("from_zone") == "play"]
    assert pairs_taken(data) == len(taken) // 2 >= 1
    assert {t["owner"] for t in taken} == {1}, taken

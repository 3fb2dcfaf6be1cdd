"""Grid skirmish statistics and SQL views: what each figure counts, checked against the log."""

from __future__ import annotations

import sqlite3

from beatlog.cli import main
from click.testing import CliRunner

from recorder.games.skirmish import GAME
from recorder.header import Player
from recorder.match import Match, run, sealed
from replay.stats import match_stats


def _match(seed=2):
    header = GAME.make_header(players=(Player("Ann", "vanguard"), Player("Ben", "arcane")), edition="standard",
                              seed=seed, options={"turns": 12})
    match = Match(GAME, header)
    run(match, {0: GAME.bot("sensible", seed, 0), 1: GAME.bot("random", seed, 1)})
    return header, sealed(match)


def test_figures_add_up_to_the_log():
    header, records = _match()
    stats = match_stats(header, records)
    counts = [s["counts"] for s in stats["seats"]]
    lost = sum(r.data["amount"] for r in records if r.type == "HpLost")
    assert counts[0]["damage_taken"] + counts[1]["damage_taken"] == lost
    assert counts[0]["damage_dealt"] == counts[1]["damage_taken"] - _self_inflicted(records, 1)
    dice = [r.data for r in records if r.type == "DiceRolled" and r.data["roll"] == "attack"]
    assert counts[0]["attack_dice"] + counts[1]["attack_dice"] == sum(len(d["faces"]) for d in dice)
    died = [r for r in records if r.type == "CharacterDied"]
    assert counts[0]["kills"] + counts[1]["kills"] <= len(died) == counts[0]["deaths"] + counts[1]["deaths"]
    tags = stats["seats"][0]["tags"].get("damage_by_character", {})
    assert sum(tags.values()) == counts[0]["damage_dealt"]
    assert set(tags) <= {"Knight", "Archer"}


def test_objectives_are_counted_per_scenario():
    header = GAME.make_header(players=(Player("Ann", "vanguard"), Player("Ben", "shadows")), edition="standard",
                              seed=1, options={"scenario": "eb_capture"})
    match = Match(GAME, header)
    run(match, {0: GAME.bot("sensible", 1, 0), 1: GAME.bot("sensible", 1, 1)})
    records = sealed(match)
    stats = match_stats(header, records)
    delivered = [0, 0]
    owners = {r.data["character"]: r.data["player"] for r in records if r.type == "CharacterJoined"}
    for r in records:
        if r.type == "CrystalDelivered":
            delivered[owners[r.data["character"]]] += 1
    assert [s["counts"]["objectives"] for s in stats["seats"]] == delivered and sum(delivered) >= 3
    assert stats["seats"][1]["tags"]["objective_kind"] == {"crystal delivered": delivered[1]}


def _self_inflicted(records, seat):
    owners = {r.data["character"]: r.data["player"] for r in records if r.type == "CharacterJoined"}
    return sum(r.data["amount"] for r in records if r.type == "HpLost"
               and owners[r.data["character"]] == seat and (r.data["by"] is None or owners[r.data["by"]] == seat))


def test_sql_views_and_stats_command(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    result = runner.invoke(main, ["record", "--game", "skirmish", "--sides", "vanguard,shadows", "--bots",
                                  "sensible,random", "--seed", "3", "--option", "turns=6", "--db", "t.db"])
    assert result.exit_code == 0, result.output
    with sqlite3.connect("t.db") as conn:
        attacks = conn.execute("SELECT attacker, target, hits, blocks FROM skirmish_attacks").fetchall()
        damage = conn.execute("SELECT character, amount, reason, caused_by FROM skirmish_damage").fetchall()
    assert attacks and all(a[0] and a[1] for a in attacks)
    assert all(d[0] and d[1] >= 1 for d in damage)
    out = runner.invoke(main, ["stats", "--db", "t.db", "--format", "table"])
    assert out.exit_code == 0 and "Hit/die (exp. 40%)" in out.output and "rosters" in out.output

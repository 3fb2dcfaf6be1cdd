"""Cogs of Valor through the whole pipeline: record -> verify -> explain -> state -> render -> stats.

The kernel, the log, replay, the statistics and the viewer know no game; this
proves it with the second one. Expected figures are recomputed here from the
raw events (and a fold for whose crewmember or cog an event names), never
written as numbers.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.game import load_game
from recorder.jsonl import read_jsonl
from replay.stats import match_stats
from replay.stats_summary import summarize
from replay.walk import Visitor, walk

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "sample_logs" / "cogs").glob("*.jsonl"))
THREE = ROOT / "sample_logs" / "cogs" / "cog-match-3p.jsonl"


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cogs")
    path = folder / "m.jsonl"
    result = CliRunner().invoke(main, ["record", "--game", "cogs", "--fighters", "lions,herons", "--players", "Ann,Ben",
                                       "--bots", "sensible,random", "--seed", "21", "--option", "turns=5",
                                       "-o", str(path)])
    assert result.exit_code == 0, result.output
    return path


def test_record_verify_three_players(tmp_path):
    path = tmp_path / "three.jsonl"
    runner = CliRunner()
    result = runner.invoke(main, ["record", "--game", "cogs", "--fighters", "lions,herons,griffins", "--players",
                                  "Ann,Ben,Cy", "--bots", "sensible", "--seed", "2", "--option", "turns=3",
                                  "--option", "cog_match=true", "-o", str(path)])
    assert result.exit_code == 0, result.output
    assert "Ann (lions) vs Ben (herons) vs Cy (griffins)" in result.output
    verified = runner.invoke(main, ["verify", str(path)])
    assert verified.exit_code == 0 and "verified" in verified.output, verified.output


def test_verify(recorded):
    result = CliRunner().invoke(main, ["verify", str(recorded)])
    assert result.exit_code == 0 and result.output.startswith("verified "), result.output


def test_explain_names_every_target_number(recorded):
    log = read_jsonl(recorded)
    turn = next(r.beat for r in log.records if r.type == "AttackRolled")
    result = CliRunner().invoke(main, ["explain", str(recorded), "--beat", str(turn)])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if "[AttackRolled;" in line or "[ArtilleryShot;" in line]
    assert lines
    for record, line in zip((r for r in log.records if r.beat == turn and r.type in ("AttackRolled", "ArtilleryShot")),
                            lines):
        d = record.data
        assert f"rolled {d['roll']}" in line and f"target {d['target_number']}" in line, line
        for mod in d["modifiers"]:
            assert mod in line, (mod, line)
        if d["modifiers"]:  # the base is spelled out and adds up
            base = int(re.search(r"= (\d+) base", line).group(1))
            assert base + sum(int(m.split()[0]) for m in d["modifiers"]) == d["target_number"]
    assert "rule: Cogs p." in result.output
    # No event falls back to a field dump ("TypeName: key value, ...").
    assert not re.search(r"#\d+ (?:\w+: )?[A-Z][a-zA-Z]+: \w+ ", result.output.replace("Ann: ", "").replace("Ben: ", ""))


def test_state_at_a_turn_matches_the_fold(recorded):
    log = read_jsonl(recorded)
    game = load_game("cogs")
    result = CliRunner().invoke(main, ["state", str(recorded), "--beat", "3", "--json"])
    assert result.exit_code == 0, result.output
    shown = json.loads(result.output)
    snapshot = shown.get("state", shown)
    last = max(r.seq for r in log.records if r.beat <= 3)
    state = walk(log.header, [r for r in log.records if r.seq <= last], [], game)
    expected = game.snapshot(state)
    assert snapshot["turn"] == expected["turn"] == 3
    assert [(c["x"], c["y"], c["heading"], c["hull"]) for c in snapshot["cogs"]] == \
           [(c["x"], c["y"], c["heading"], c["hull"]) for c in expected["cogs"]]
    assert snapshot["scores"] == expected["scores"]


def test_render_pages_with_the_board(recorded, tmp_path):
    out = tmp_path / "site"
    result = CliRunner().invoke(main, ["render", str(recorded), str(THREE), "-o", str(out)])
    assert result.exit_code == 0, result.output
    pages = sorted((out / "matches").glob("*.html"))
    assert len(pages) == 2 and (out / "index.html").is_file()
    assets = "".join(p.read_text(encoding="utf-8") for p in (out / "assets").rglob("*.js"))
    assert 'register("cogs"' in assets and "cogs-board" in assets
    index = (out / "index.html").read_text(encoding="utf-8")
    for name in ("Ann", "Ben", "Cy"):  # the third seat of the 3-player match is listed too
        assert f">{name}</a>" in index
    page = pages[0].read_text(encoding="utf-8")
    assert '"view":"cogs"' in page.replace(" ", "")


class _Owners(Visitor):
    """Recomputes the figures from raw events, reading the fold only for whose crew/cog an event names."""

    def __init__(self, seats: int) -> None:
        self.c = [Counter() for _ in range(seats)]

    def before(self, record, state) -> None:
        d, t = record.data, record.type
        if t == "ScoreAwarded":
            self.c[d["player"]]["points"] += d["points"]
        elif t == "AttackRolled":
            seat = state.crew[d["attacker"]].owner
            kind = "ranged" if d["mode"] == "ranged" else "close"
            self.c[seat][f"{kind}_attacks"] += 1
            self.c[seat][f"{kind}_hits"] += d["hit"]
            self.c[seat][f"{d['weapon']}_attacks"] += 1
            self.c[seat][f"{d['weapon']}_hits"] += d["hit"]
        elif t == "ArtilleryShot":
            seat = state.cogs[d["cog"]].owner
            self.c[seat]["artillery_shots"] += 1
            self.c[seat]["artillery_hits"] += d["outcome"] == "hit"
            self.c[seat][f"{d['weapon']}_attacks"] += 1
            self.c[seat][f"{d['weapon']}_hits"] += d["outcome"] == "hit"
        elif t == "HullDamaged":
            owner = state.cogs[d["cog"]].owner
            self.c[owner]["hull_taken"] += d["amount"]
            if d["by"] is not None and d["by"] != owner:
                self.c[d["by"]]["hull_dealt"] += d["amount"]
        elif t == "FireSpread":  # fire damage is dealt by whoever set the fire
            owner = state.cogs[d["cog"]].owner
            self.c[owner]["hull_taken"] += d["damage"]
            if d["by"] is not None and d["by"] != owner:
                self.c[d["by"]]["hull_dealt"] += d["damage"]
        elif t == "CrewCaptured":
            crew = state.crew[d["crew"]]
            if crew.captive_of is None:
                self.c[crew.owner]["crew_lost"] += 1
            self.c[d["by"]]["crew_captured"] += d["by"] != crew.owner
        elif t == "CrewKilled":
            crew = state.crew[d["crew"]]
            if crew.captive_of is None:  # own crew, on deck or in reserve in the hold
                self.c[crew.owner]["crew_lost"] += 1
        elif t == "CogSank":
            self.c[state.cogs[d["cog"]].owner]["cogs_lost"] += 1
        elif t == "CogCaptured":
            self.c[d["by"]]["cogs_captured"] += 1
            self.c[d["previous"]]["cogs_lost"] += 1
        elif t == "TreasureFound":
            self.c[state.cogs[d["cog"]].owner]["treasure"] += 1


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_stats_recomputed_from_raw_events(path):
    log = read_jsonl(path)
    game = load_game("cogs")
    stats = match_stats(log.header, log.records, game)
    check = _Owners(len(log.header.players))
    walk(log.header, log.records, [check], game)
    for seat in stats["seats"]:
        counts = seat["counts"]
        for key, value in check.c[seat["seat"]].items():
            assert counts[key] == value, (seat["player"], key)
    # Points are the scores the match ended with.
    end = log.records[-1]
    assert end.type == "MatchEnded"
    assert [s["counts"]["points"] for s in stats["seats"]] == list(end.data["scores"])
    assert stats["winner"] == end.data["winner"] and stats["beats"] == max(r.beat for r in log.records)


def test_stats_command_on_a_mixed_store(tmp_path):
    db = tmp_path / "mixed.db"
    runner = CliRunner()
    for args in (["--game", "cogs", "--fighters", "lions,herons", "--bots", "sensible,random"],
                 ["--fighters", "hikaru,khadath", "--duels", "1"]):
        result = runner.invoke(main, ["simulate", *args, "--matches", "2", "--seed", "3", "--db", str(db), "--jobs", "1"])
        assert result.exit_code == 0, result.output
    result = runner.invoke(main, ["stats", "--db", str(db), "--format", "json", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    games = {g["game"]: g for g in summary["games"]}
    assert set(games) == {"battlecon", "cogs"} and summary["matches"] == 4
    cogs = games["cogs"]
    assert {f["key"] for f in cogs["figures"]} >= {"points", "crew_lost", "hull_dealt", "ranged_hit_rate",
                                                   "close_hit_rate", "artillery_hit_rate", "cogs_sunk", "treasure"}
    assert {r["name"] for r in cogs["fighters"]} == {"lions", "herons"}
    table = runner.invoke(main, ["stats", "--db", str(db), "--jobs", "1"])
    assert table.exit_code == 0 and "Sailpower: Cogs of Valor: players' play" in table.stdout and "BattleCON: players" in table.stdout
    # The SQL views agree with the stats visitor on points.
    import sqlite3

    with sqlite3.connect(db) as conn:
        points = dict(conn.execute("SELECT player, sum(points) FROM cogs_scores GROUP BY player"))
    assert points == {r["name"]: r["points"] for r in cogs["players"]}
    again = summarize([])
    assert again["games"] == []


def test_hit_rates_by_weapon_and_the_attacks_view(tmp_path):
    db = tmp_path / "samples.db"
    runner = CliRunner()
    result = runner.invoke(main, ["import", *map(str, SAMPLES), "--db", str(db)])
    assert result.exit_code == 0, result.output
    result = runner.invoke(main, ["stats", "--db", str(db), "--format", "json", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    cogs = next(g for g in json.loads(result.stdout)["games"] if g["game"] == "cogs")
    keys = [f["key"] for f in cogs["figures"]]
    for weapon in ("longbow", "crossbow", "quickshot", "sword", "mace", "unarmed", "firepot", "ballista"):
        assert f"{weapon}_hit_rate" in keys
    # Every attack roll and artillery shot of the samples is a row of cogs_attacks, hits counted alike.
    rolls = Counter()
    for path in SAMPLES:
        for r in read_jsonl(path).records:
            if r.type == "AttackRolled":
                rolls[(r.data["weapon"], bool(r.data["hit"]))] += 1
            elif r.type == "ArtilleryShot":
                rolls[(r.data["weapon"], r.data["outcome"] == "hit")] += 1
    import sqlite3

    with sqlite3.connect(db) as conn:
        rows = Counter({(w, bool(h)): n for w, h, n in conn.execute(
            "SELECT weapon, hit, count(*) FROM cogs_attacks GROUP BY weapon, hit")})
        modes = {m for (m,) in conn.execute("SELECT DISTINCT mode FROM cogs_attacks")}
    assert rows == rolls and "artillery" in modes
    table = runner.invoke(main, ["stats", "--db", str(db), "--jobs", "1"])
    assert "Longbow %" in table.stdout and "Ballista %" in table.stdout

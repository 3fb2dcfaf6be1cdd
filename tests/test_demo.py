"""``beatlog demo``: from an empty folder to a verified, rendered tournament."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

from click.testing import CliRunner

from beatlog.cli import main
from beatlog.demo import DEMO_TOURNAMENTS
from recorder.game import load_game
from beatlog.tournament import pairings


def _demo_total() -> int:
    """Matches the demo plays: every pairing of each game's chosen sides, as many times as its demo says."""
    total = 0
    for t in DEMO_TOURNAMENTS:
        sides = load_game(t.game).fighters if t.fighters == "all" else t.fighters.split(",")
        total += len(pairings(list(sides))) * t.matches
    return total
from recorder.store import Store


def test_demo_from_an_empty_folder(tmp_path, monkeypatch):
    runner = CliRunner()
    monkeypatch.chdir(tmp_path)
    cwd = tmp_path
    if True:  # the README's first command, run where nothing exists yet
        result = runner.invoke(main, ["demo"])
        assert result.exit_code == 0, result.output
        index = Path(result.stdout.strip().splitlines()[-1])
        assert index.is_absolute() and index.name == "index.html" and index.is_file()
        assert index == Path(cwd, "beatlog-demo", "site", "index.html").resolve()
        steps = [line.split(" ", 1)[0] for line in result.stderr.splitlines() if line[:1].isdigit()]
        assert steps == ["1/4", "2/4", "3/4", "4/4"]
        total = _demo_total()
        fighters = len(load_game("battlecon").fighters)
        battlecon = fighters * (fighters - 1) // 2  # a small round robin: every pairing of the roster once
        assert total == battlecon + 6 + 6  # and Cogs 3 pairings, grid skirmish 3 pairings, twice each
        assert f"{total} matches verified" in result.stderr
        # what people read names games and options as they write them, not by internal ids or Python values
        assert f"BattleCON: {battlecon} matches" in result.stderr and "every pairing once" in result.stderr and "Grid skirmish: 6 matches" in result.stderr
        assert "special_actions=true" in result.stderr and "=True" not in result.stderr
        folder = Path(cwd, "beatlog-demo")
        logs = sorted((folder / "logs").glob("*.jsonl"))
        assert len(logs) == total
        with Store(folder / "demo.db", create=False) as store:
            assert len(store.match_ids()) == len(logs)
            assert {p.stem for p in logs} == set(store.match_ids())
            standings = {(game, player) for game, player in store.conn.execute("SELECT game, player FROM player_standings")}
            # One match per BattleCON pairing: each fighter sits first (with the greedy bot) in about half of its
            # matches, never in all of them.
            first, played = Counter(), Counter()
            for (players,) in store.conn.execute("SELECT players FROM matches WHERE game = 'battlecon'"):
                sides = [p["side"] for p in json.loads(players)]
                first[sides[0]] += 1
                played.update(sides)
            assert set(played) == set(load_game("battlecon").fighters)
            assert all(abs(2 * first[f] - n) <= 2 for f, n in played.items()), (first, played)
            assert standings == {("battlecon", "greedy"), ("battlecon", "random"), ("cogs", "sensible"), ("cogs", "random"),
                                 ("skirmish", "sensible"), ("skirmish", "random")}
        assert len(list((folder / "site" / "matches").glob("*.html"))) == len(logs)
        # Run again: nothing is played twice, the same site comes out.
        again = runner.invoke(main, ["demo"])
        assert again.exit_code == 0, again.output
        assert f"0 played, {battlecon} already there" in again.stderr and "0 played, 6 already there" in again.stderr
        assert again.stdout == result.stdout
        assert os.listdir(folder / "logs") and len(list((folder / "logs").glob("*.jsonl"))) == len(logs)

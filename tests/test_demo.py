"""``beatlog demo``: from an empty folder to a verified, rendered tournament."""

from __future__ import annotations

import os
from pathlib import Path

from click.testing import CliRunner

from recorder.cli import main
from recorder.demo import DEMO_MATCHES
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
        assert "12 matches verified" in result.stderr
        folder = Path(cwd, "beatlog-demo")
        logs = sorted((folder / "logs").glob("*.jsonl"))
        assert len(logs) == 6 * DEMO_MATCHES
        with Store(folder / "demo.db", create=False) as store:
            assert len(store.match_ids()) == len(logs)
            assert {p.stem for p in logs} == set(store.match_ids())
            standings = dict(store.conn.execute("SELECT player, wins FROM player_standings"))
            assert set(standings) == {"greedy", "random"}
        assert len(list((folder / "site" / "matches").glob("*.html"))) == len(logs)
        # Run again: nothing is played twice, the same site comes out.
        again = runner.invoke(main, ["demo"])
        assert again.exit_code == 0, again.output
        assert "0 played, 12 already there" in again.stderr
        assert again.stdout == result.stdout
        assert os.listdir(folder / "logs") and len(list((folder / "logs").glob("*.jsonl"))) == len(logs)

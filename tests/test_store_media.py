"""Where a store may live: read-only media can be read, and only a real file (or a new one) is ever opened.

An archived tournament on a read-only share must still check, verify, export,
give its statistics and render (SQLite's lock file cannot be made there: the
store is read as immutable), and a writer must say plainly that it cannot
write there. ``--db /dev/null`` (or a pipe, a directory, a missing folder) is
refused before anything opens it, so nothing like ``/dev/null-journal`` is
ever created.

Root ignores permission bits, so under root the read-only directory is a real
read-only bind mount in a private mount namespace (``unshare -m``); any other
user gets a directory without write permission.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.store import Store
from recorder.store_import import Importable
from tests.logmaker import make_log, write

ROOT = Path(__file__).resolve().parent.parent
LOG = make_log()
OTHER = make_log(seed=21)
CLI = "import sys; from tests import conftest; from beatlog.cli import main; sys.argv[0] = 'beatlog'; main()"


def _read_only_runner(folder: Path):
    """A function running the CLI in a subprocess that sees ``folder`` read-only; skip if none can be made."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if os.geteuid() != 0:
        folder.chmod(0o555)
        prefix: list[str] = []
    else:
        if not shutil.which("unshare"):
            pytest.skip("running as root without unshare: cannot make a read-only directory")
        probe = subprocess.run(["unshare", "-m", "sh", "-c", f"mount --bind -o ro '{folder}' '{folder}'"],
                               capture_output=True)
        if probe.returncode != 0:
            pytest.skip(f"running as root and cannot bind-mount read-only: {probe.stderr.decode().strip()}")
        prefix = ["unshare", "-m", "sh", "-c", 'mount --bind -o ro "$0" "$0" && exec "$@"', str(folder)]

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([*prefix, sys.executable, "-c", CLI, *args], cwd=folder, env=env,
                              capture_output=True, text=True, timeout=300)

    return run


@pytest.fixture
def archive(tmp_path):
    folder = tmp_path / "archive"
    folder.mkdir()
    with Store(folder / "club.db") as store:
        store.import_logs([Importable(LOG, True), Importable(OTHER, True)])
    write(tmp_path / "new.jsonl", make_log(seed=5))
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert list(before) == ["club.db"]  # the last connection folded the WAL back into the file
    yield folder
    folder.chmod(0o755)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before  # nothing was written there


@pytest.mark.parametrize("args, expected", [
    (("check", "--db", "club.db"), f"ok {LOG.match_id}: 13 events"),
    (("verify", "--db", "club.db"), "verified "),
    (("stats", "--db", "club.db", "--format", "json"), '"matches"'),
    (("export", "--db", "club.db", "--match", LOG.match_id, "-o", "-"), '"format":"beatlog/1"'),
], ids=["check", "verify", "stats", "export"])
def test_read_only_media_can_be_read(archive, args, expected):
    run = _read_only_runner(archive)
    done = run(*args)
    assert done.returncode == 0, done.stderr
    assert expected in done.stdout
    assert "readonly" not in done.stderr


def test_read_only_media_renders_elsewhere(archive, tmp_path):
    run = _read_only_runner(archive)
    done = run("render", "--db", "club.db", "-o", str(tmp_path / "site"))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "site" / "index.html").exists()


def test_writing_to_read_only_media_says_so(archive, tmp_path):
    run = _read_only_runner(archive)
    done = run("import", str(tmp_path / "new.jsonl"), "--db", "club.db")
    assert done.returncode == 1
    assert done.stderr == "Error: club.db: cannot write to this store: it is on read-only media\n"


def test_read_only_media_with_changes_left_in_the_wal_says_how_to_read_it(tmp_path):
    folder = tmp_path / "archive"
    folder.mkdir()
    live = tmp_path / "live.db"
    with Store(live) as store:
        store.import_logs([Importable(LOG, True)])
        holder = sqlite3.connect(live)  # keeps the WAL from being folded back
        holder.execute("PRAGMA wal_autocheckpoint = 0")
        store.import_logs([Importable(OTHER, True)])
        shutil.copy(live, folder / "club.db")
        shutil.copy(str(live) + "-wal", folder / "club.db-wal")
    holder.close()
    assert (folder / "club.db-wal").stat().st_size > 0
    run = _read_only_runner(folder)
    done = run("check", "--db", "club.db")
    assert done.returncode == 1
    assert done.stderr == ("Error: club.db: cannot read this store where it is: its directory is read-only and "
                           "recent changes are still in club.db-wal beside it; copy both files to a writable "
                           "directory and read the copy\n")


# -- only a regular file, or a new one in a writable folder ------------------------------------

WRITERS = [
    ("import", "a.jsonl", "--db", "{db}"),
    ("record", "--fighters", "hikaru,khadath", "--bots", "random", "--seed", "3", "--db", "{db}", "-o", "rec.jsonl"),
    ("simulate", "--fighters", "hikaru,khadath", "--seed", "3", "--duels", "1", "--db", "{db}"),
]


@pytest.mark.parametrize("args", WRITERS, ids=lambda a: a[0])
def test_dev_null_is_refused_before_it_is_opened(tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "a.jsonl", LOG)
    before = set(Path("/dev").iterdir())
    result = CliRunner().invoke(main, [a.format(db="/dev/null") for a in args])
    assert result.exit_code == 1, result.output
    assert result.stderr == ("Error: /dev/null: not a regular file (a device, a pipe or a socket); "
                             "a store is a database file\n")
    assert not Path("/dev/null-journal").exists() and not Path("/dev/null-wal").exists()
    assert set(Path("/dev").iterdir()) <= before


@pytest.mark.parametrize("reader", ["check", "stats"])
def test_dev_null_is_refused_by_readers_too(reader):
    result = CliRunner().invoke(main, [reader, "--db", "/dev/null"])
    assert result.exit_code == 1
    assert result.stderr == ("Error: /dev/null: not a regular file (a device, a pipe or a socket); "
                             "a store is a database file\n")


def test_a_pipe_or_a_missing_folder_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "a.jsonl", LOG)
    os.mkfifo(tmp_path / "pipe.db")
    result = CliRunner().invoke(main, ["import", "a.jsonl", "--db", "pipe.db"])
    assert (result.exit_code, result.stderr) == (
        1, "Error: pipe.db: not a regular file (a device, a pipe or a socket); a store is a database file\n")
    result = CliRunner().invoke(main, ["import", "a.jsonl", "--db", "nowhere/club.db"])
    assert (result.exit_code, result.stderr) == (
        1, "Error: nowhere/club.db: cannot create the database: no such directory 'nowhere'\n")
    assert not (tmp_path / "nowhere").exists()

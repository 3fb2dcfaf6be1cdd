"""A real PostgreSQL server for the tests, started in a temporary directory (never a mock).

``initdb`` + ``pg_ctl`` into a fresh directory, listening only on a Unix
socket in that directory (no TCP port, so parallel runs never collide), with
durability off (fsync, full-page writes: a test server loses nothing that
matters). ``initdb`` refuses to run as root, so under root the server runs as
the ``postgres`` system user (created when missing). Each test gets a database
of its own (:func:`new_database`).

Where no server can be started (no PostgreSQL binaries, no psycopg), the
PostgreSQL tests are skipped with the reason, unless ``CI=true`` or
``BEATLOG_REQUIRE_POSTGRES=1``: then they fail.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

USER = "beatlog"
_counter = itertools.count(1)


def required() -> bool:
    return os.environ.get("CI", "").lower() == "true" or os.environ.get("BEATLOG_REQUIRE_POSTGRES") == "1"


def unavailable(reason: str) -> None:
    """Skip (locally) or fail (CI, BEATLOG_REQUIRE_POSTGRES=1) a PostgreSQL test."""
    if required():
        pytest.fail(f"PostgreSQL is required here (CI or BEATLOG_REQUIRE_POSTGRES=1), but: {reason}", pytrace=False)
    pytest.skip(f"no PostgreSQL server for the PostgreSQL store tests: {reason}")


def bin_dir() -> Path | None:
    """Where initdb and pg_ctl are: $PG_BIN, the PATH, or Debian's newest /usr/lib/postgresql/N/bin."""
    if os.environ.get("PG_BIN"):
        return Path(os.environ["PG_BIN"])
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                      key=lambda p: int(Path(p).parent.parent.name) if Path(p).parent.parent.name.isdigit() else 0)
    return Path(versions[-1]).parent if versions else None


@dataclass
class Server:
    folder: Path
    bin: Path
    runas: list[str]

    @property
    def socket_dir(self) -> str:
        return str(self.folder)

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://{USER}@/{dbname}?host={self.socket_dir}"

    def stop(self) -> None:
        subprocess.run([*self.runas, str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate",
                        "-w", "stop"], capture_output=True, timeout=60)
        shutil.rmtree(self.folder, ignore_errors=True)


def _runas() -> list[str]:
    """How to run the server's programs: as ourselves, or (as root) as the 'postgres' system user."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"],
                       check=True, capture_output=True)
    if shutil.which("runuser"):
        return ["runuser", "-u", "postgres", "--"]
    return ["setpriv", f"--reuid={pwd.getpwnam('postgres').pw_uid}", f"--regid={pwd.getpwnam('postgres').pw_gid}",
            "--clear-groups"]


def start() -> Server:
    """Start a server, or raise RuntimeError saying why it cannot."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise RuntimeError("psycopg is not installed (pip install 'beatlog[postgres]')") from None
    binaries = bin_dir()
    if binaries is None or not (binaries / "pg_ctl").exists():
        raise RuntimeError("initdb/pg_ctl not found (Debian: apt-get install postgresql)")
    runas = _runas()
    folder = Path(tempfile.mkdtemp(prefix="beatlog-pg-", dir="/tmp"))  # short: a socket path has a length limit
    if runas:
        shutil.chown(folder, user="postgres")
    server = Server(folder, binaries, runas)
    data = folder / "data"
    steps = [
        [*runas, str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", USER, "-E", "UTF8",
         "--locale=C.UTF-8", "--no-sync"],
        [*runas, str(binaries / "pg_ctl"), "-D", str(data), "-l", str(folder / "server.log"), "-w", "-t", "60",
         "-o", f"-k {folder} -c listen_addresses='' -c fsync=off -c full_page_writes=off "
               "-c synchronous_commit=off -c max_connections=60", "start"],
    ]
    for step in steps:
        done = subprocess.run(step, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            log = (folder / "server.log").read_text(errors="replace") if (folder / "server.log").exists() else ""
            server.stop()
            raise RuntimeError(f"{Path(step[len(runas)]).name} failed: {(done.stderr or done.stdout).strip()} {log[-500:]}")
    return server


def new_database(server: Server) -> str:
    """A fresh, empty database on the server; its URL."""
    import psycopg

    name = f"t{os.getpid()}_{next(_counter)}"
    with psycopg.connect(server.url(), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return server.url(name)


def drop_database(server: Server, url: str) -> None:
    """Drop a test's database (its connections closed first): a long run keeps the disk it needs small."""
    import psycopg

    name = url.rsplit("/", 1)[1].split("?", 1)[0]
    with psycopg.connect(server.url(), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

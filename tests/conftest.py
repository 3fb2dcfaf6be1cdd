import subprocess

import pytest

from recorder.game import GAMES

# The toy game is visible to load_game() in every test, but is never installed.
GAMES.setdefault("toy", "tests.toygame:GAME")


def pytest_addoption(parser):
    parser.addoption("--regen-golden", action="store_true", default=False,
                     help="rewrite the golden replay dumps in tests/golden/")


@pytest.fixture
def regen_golden(request) -> bool:
    return request.config.getoption("--regen-golden")


# -- the store backends: every contract test runs against each -------------------------------

@pytest.fixture(scope="session")
def pg_server():
    """A real PostgreSQL server for the whole run (tests/pg_server.py), or a skip/failure saying why not."""
    from tests import pg_server as pg

    try:
        server = pg.start()
    except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
        pg.unavailable(str(exc))
    yield server
    server.stop()


@pytest.fixture
def pg_url(request):
    """A new, empty PostgreSQL database's URL (the server starts on first use); dropped after the test."""
    from tests import pg_server as pg

    server = request.getfixturevalue("pg_server")
    url = pg.new_database(server)
    yield url
    pg.drop_database(server, url)


BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(params=BACKENDS)
def backend(request) -> str:
    return request.param


@pytest.fixture
def store_db(backend, tmp_path, request) -> str:
    """Where a new store goes, on each backend: a SQLite file path, or a PostgreSQL database URL."""
    if backend == "sqlite":
        return str(tmp_path / "club.db")
    return request.getfixturevalue("pg_url")

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

"""Rules versions: a log recorded under earlier rules keeps verifying after the rules change.

A toy game changes one rule (engine ``toy-v-2`` scores twice the difference); its earlier rules
(``toy-v-1``) stay runnable as a ruleset that overrides only that rule. Logs of both verify;
a log of an engine nobody can run is refused in one line that names it.
"""

from __future__ import annotations

import dataclasses

import pytest

from recorder.decisions import Answer, FirstOption
from recorder.errors import UnsupportedRules
from recorder.game import GAMES, game_for, load_game, runnable_engines
from recorder.events import EventRegistry
from recorder.header import Header, Player
from recorder.recording import MemorySink, record
from recorder.rulesets import Rulesets
from replay.verify import verify
from tests.toygame import EVENTS, RoundScored, ToyGame

RULESETS = Rulesets("toy_versioned")


class VersionedToy(ToyGame):
    """The current rules: the higher pick scores twice the difference."""

    name = "toy_versioned"
    engine_version = "toy-v-2"
    rules_version = "toy-v-rules"
    events = EventRegistry(name, EVENTS)
    rulesets = RULESETS
    factor = 2

    def accepts(self, rules_version: str) -> bool:
        return rules_version == self.rules_version

    def ruleset(self, engine_version: str, rules_version: str):
        return RULESETS.find(self, engine_version, rules_version)

    def play(self, ctx):
        game = self

        class Scaled:  # the one rule that changed: points are scaled by the engine's factor
            def __getattr__(self, name):
                return getattr(ctx, name)

            def emit(self, event):
                if isinstance(event, RoundScored):
                    event = dataclasses.replace(event, points=event.points * game.factor)
                return ctx.emit(event)

        return super().play(Scaled())


@RULESETS.register
class VersionedToy1(VersionedToy):
    """Engine toy-v-1: the difference itself was scored."""

    engine_version = "toy-v-1"
    rules_versions = frozenset({"toy-v-rules"})
    factor = 1


GAMES["toy_versioned"] = "tests.test_rulesets:GAME"
GAME = VersionedToy()


class LastOption(FirstOption):
    def answer(self, request, match):
        return Answer(request.options[-1], "policy:last")


def _log(game) -> tuple[Header, list]:
    players = (Player("Ann", "red"), Player("Ben", "blue"))
    header = game.make_header(players=players, edition="standard", seed=3, options={})
    sink = MemorySink()
    record(game, header, {0: LastOption(), 1: FirstOption()}, sink)
    return sink.header, sink.records


def test_a_log_of_the_current_rules_verifies() -> None:
    header, records = _log(GAME)
    assert header.engine_version == "toy-v-2"
    assert game_for(header) is GAME
    assert verify(header, records).ok


def test_a_log_of_earlier_rules_verifies_with_those_rules() -> None:
    header, records = _log(VersionedToy1())
    assert header.engine_version == "toy-v-1"
    assert isinstance(game_for(header), VersionedToy1)
    report = verify(header, records)
    assert report.ok and report.complete, report.summary()


def test_the_rules_really_differ() -> None:
    _, new = _log(GAME)
    header, old = _log(VersionedToy1())
    assert [r.data for r in new] != [r.data for r in old]
    # the same log claimed under the current engine does not verify: its points are the old ones
    claimed = dataclasses.replace(header, engine_version="toy-v-2")
    assert not verify(claimed, old).ok


def test_an_engine_nobody_runs_is_refused_in_one_line() -> None:
    header, records = _log(GAME)
    forged = dataclasses.replace(header, engine_version="toy-v-0")
    with pytest.raises(UnsupportedRules) as caught:
        game_for(forged)
    message = str(caught.value)
    assert "\n" not in message
    assert message == (f"match {header.match_id} was recorded with toy_versioned engine 'toy-v-0', rules "
                       "'toy-v-rules', which this beatlog cannot re-run (it runs engine 'toy-v-2', rules "
                       "'toy-v-rules'; earlier engines 'toy-v-1')")
    report = verify(forged, records)
    assert not report.ok and report.problem.message == message


def test_unknown_rules_of_a_known_engine_are_refused() -> None:
    header, _ = _log(VersionedToy1())
    with pytest.raises(UnsupportedRules, match="rules 'other'"):
        game_for(dataclasses.replace(header, rules_version="other"))


def test_a_ruleset_must_name_its_versions() -> None:
    table = Rulesets("toy")
    with pytest.raises(TypeError, match="must set its own engine_version and rules_versions"):
        @table.register
        class Nameless(VersionedToy):
            pass


def test_runnable_engines_lists_earlier_then_current() -> None:
    assert runnable_engines(load_game("toy_versioned")) == ("toy-v-1", "toy-v-2")
    assert runnable_engines(load_game("battlecon")) == ("battlecon-engine-3", "battlecon-engine-4",
                                                        "battlecon-engine-5", "battlecon-engine-6",
                                                        "battlecon-engine-7")

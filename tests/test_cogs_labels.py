"""Every Cogs of Valor request labels its options in plain words (what `beatlog play` lists), and a
transfer moves a party in one decision."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from beatlog.cli.hotseat import TerminalSource
from recorder.games.cogs import GAME
from recorder.games.cogs.testing import cog, events_of, fleet, play_until, scenario
from recorder.header import Player
from recorder.match import Match, run

from .cogs_support import need, passive

RAW = re.compile(r"None|\{|\bcog \d|, deck |to_cog|target_cog|profile ")  # a dict dumped, not words


class Spy:
    """Plays a bot and keeps every request it is asked."""

    def __init__(self, inner, seen):
        self.inner, self.seen = inner, seen

    def answer(self, request, match):
        self.seen.append(request)
        return self.inner.answer(request, match)


@pytest.mark.parametrize("seed,sides,bot,options", [
    (1, ("griffins", "lions"), "random", {"turns": 8, "islands": [[48, 20], [48, 52]]}),
    (2, ("merchants", "herons"), "sensible", {"turns": 8}),
    (8, ("lions", "herons", "griffins"), "random", {"turns": 6, "cog_match": True}),
])
def test_every_request_labels_every_option_in_words(seed, sides, bot, options):
    seen = []
    players = tuple(Player(n, s) for n, s in zip(("Ann", "Ben", "Cy"), sides))
    header = GAME.make_header(players=players, edition="standard", seed=seed, options=options)
    run(Match(GAME, header), {i: Spy(GAME.bot(bot, seed, i), seen) for i in range(len(players))})
    assert {r.kind for r in seen} >= {"course", "transfer", "equip"}
    for request in seen:
        assert len(request.labels) == len(request.options), request.kind
        assert len(set(request.labels)) == len(request.labels), (request.kind, request.labels)
        for label in request.labels:
            assert label and not RAW.search(label), (request.kind, label)


def test_transfer_and_course_labels():
    fa = fleet("Reds", cog("Ark", "small", 500, 300, "N", [{"deck": "main", "count": 5}], leader="stern"),
               cog("Arc", "small", 500, 350, "N", [{"deck": "main", "count": 5}]))
    fb = fleet("Blues", cog("Bark", "large", 900, 600, "S", [{"deck": "main", "count": 10}], leader="stern"))
    m = scenario([fa, fb])
    m.advance()
    course = m.pending
    assert course.labels[:3] == ("drop anchor (stay put)", "hold position, heading N", "ahead 1\", heading N")
    assert "turn to starboard, 24\", heading NE" in course.labels and "row astern 2\" (still heading N)" in course.labels
    play_until(m, passive(), lambda mm: mm.pending.kind == "transfer")
    labels = dict(zip(m.pending.labels, m.pending.options))
    assert list(labels)[0] == "done"
    # One crewmember, or all the crow's nest has room for (4) -- not four prompts.
    assert "move a basic from Ark main to Ark nest" in labels and "move 4 basic from Ark main to Ark nest" in labels
    assert "move 5 basic from Ark main to Arc main" in labels
    play_until(m, passive({"transfer": lambda r, mm: need(cog=0, to_deck="nest", count=4)(r, mm)
                           if r.player == 0 and not events_of(mm, "TransferOrdered") else None}),
               lambda mm: mm.pending.kind == "equip")
    moved = events_of(m, "CrewMoved")
    assert [(len(e.crew), e.cog, e.deck) for e in moved] == [(4, 0, "nest")]
    assert sum(1 for c in m.state.crew.values() if c.deck == "nest") == 4


def test_the_prompt_lists_labels():
    """At `beatlog play` a transfer is one numbered list of words, not option dicts."""
    fa = fleet("Reds", cog("Ark", "small", 500, 300, "N", [{"deck": "main", "count": 5}], leader="stern"))
    fb = fleet("Blues", cog("Bark", "large", 900, 600, "S", [{"deck": "main", "count": 10}], leader="stern"))
    m = scenario([fa, fb])
    play_until(m, passive(), lambda mm: mm.pending.kind == "transfer")
    lines: list[str] = []
    source = TerminalSource(GAME, m.header, seats=(0,), echo=lines.append)
    with CliRunner().isolation(input="3\n"):
        answer = source.answer(m.pending, m)
    listed = [line for line in lines if re.match(r"\s+\d+\. ", line)]
    assert listed[:3] == ["   1. done", "   2. move a basic from Ark main to Ark stern",
                          "   3. move 5 basic from Ark main to Ark stern"]
    assert not any(RAW.search(line) for line in listed)
    assert answer.data == {"cog": 0, "deck": "main", "profile": "basic", "to_cog": 0, "to_deck": "stern", "count": 5}

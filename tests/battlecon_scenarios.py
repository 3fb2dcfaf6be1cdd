"""Scenario helper for BattleCON rules tests.

``Scenario`` starts a one-duel match with chosen starting discards (so the
cards a test needs are in hand), then lets the test place the fighters, set
life, forms, tokens and the trap before beat 1, and play beats by giving
each player's pair, antes and sub-decisions. Unscripted sub-decisions fail
the test (so a test always says what it means), unless ``lenient=True``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from recorder.decisions import Answer
from recorder.envelope import Entry
from recorder.errors import InvalidDecision
from recorder.games.battlecon import GAME
from recorder.games.battlecon.cards import KITS
from recorder.header import Player
from recorder.match import Match


def _discards_keeping(fighter: str, keep: set[str]) -> tuple[list[str], list[str]]:
    k = KITS[fighter]
    styles = [s for s in k.styles if s not in keep]
    bases = [b for b in k.bases if b not in keep]
    return [styles[0], bases[0]], [styles[1], bases[1]]


class Scenario:
    def __init__(self, fighters: tuple[str, str], *, edition: str = "woi", seed: int = 1,
                 keep: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
                 positions: tuple[int, int] | None = None, life: tuple[int, int] | None = None,
                 forms: dict[int, str] | None = None, trap: int | None = None,
                 tokens: dict[int, list[str]] | None = None, discards=None,
                 options: dict[str, Any] | None = None, finishers: tuple[str, str] | None = None,
                 game: Any = GAME) -> None:
        """``game``: the rules to play by (an earlier ruleset, recorder/rulesets.py; else the current ones)."""
        self.header = game.make_header(
            players=(Player("Ann", fighters[0]), Player("Ben", fighters[1])), edition=edition, seed=seed,
            options={"duels": 1, "discards": "chosen", **(options or {})},
        )
        self.match = Match(game, self.header)
        self.match.advance()
        if self.match.pending.kind == "finisher":  # special_actions / ante_finishers: the sides first
            for p in (0, 1):
                name = finishers[p] if finishers else KITS[fighters[p]].finishers[0]
                self.match.advance(Answer({"player": p, "finisher": name}, "test"))
        for p in (0, 1):
            d1, d2 = discards[p] if discards else _discards_keeping(fighters[p], set(keep[p]))
            self.match.advance(Answer({"player": p, "discard1": d1, "discard2": d2}, "test"))
        # Test-only set-up of the position before beat 1 (the match is waiting for the first pair).
        s = self.state
        if positions:
            for p in (0, 1):
                s.fighters[p].position = positions[p]
        if life:
            for p in (0, 1):
                s.fighters[p].life = life[p]
        for p, form in (forms or {}).items():
            s.fighters[p].form = form
        if trap is not None:
            s.markers[0].space = trap  # the one marker of these matches (a kit's trap)
        for p, toks in (tokens or {}).items():
            f = s.fighters[p]
            f.token_discard = [t for t in f.tokens + f.token_discard if t not in toks]
            f.tokens = sorted(toks)

    @property
    def state(self):
        return self.match.state

    def beat(self, pairs: tuple[tuple[str, str], tuple[str, str]], antes: dict[int, list[str]] | None = None,
             choices: dict[int, list[dict[str, Any]]] | None = None, lenient: bool = False) -> "Beat":
        """Play one beat; returns its entries. ``choices[p]`` answers p's other requests in order."""
        queues: dict[tuple[int, str], list[dict[str, Any]]] = {}
        for p in (0, 1):
            queues[(p, "pair")] = [{"player": p, "style": pairs[p][0], "base": pairs[p][1]}]
            queues[(p, "ante")] = [{"player": p, "ante": a} for a in (antes or {}).get(p, [])]
        other = {p: [dict(c) for c in (choices or {}).get(p, [])] for p in (0, 1)}
        start = len(self.match.entries)
        self.requests = []
        while not self.match.finished:
            req = self.match.pending
            if req.kind == "pair" and not queues[(req.player, "pair")]:
                break  # the next beat has begun
            self.requests.append(req)
            q = queues.get((req.player, req.kind))
            if q:
                ans = q.pop(0)
            elif req.kind == "ante" and q is not None:
                ans = {"player": req.player, "ante": "pass"}
            elif any(c.get("kind", req.kind) == req.kind for c in other[req.player]):
                i = next(i for i, c in enumerate(other[req.player]) if c.get("kind", req.kind) == req.kind)
                ans = other[req.player].pop(i)
                ans.pop("kind", None)
                ans.setdefault("player", req.player)
            elif lenient:
                ans = req.options[0]
            else:
                labels = "; ".join(req.labels)
                raise AssertionError(f"unscripted {req.kind} request for player {req.player}: {req.prompt} "
                                     f"[{labels}]")
            self.match.advance(Answer(ans, "test"))
        leftover = {p: v for p, v in other.items() if v}
        assert not leftover, f"unused choices: {leftover}"
        return Beat(self.match.entries[start:])


class Beat:
    def __init__(self, entries: list[Entry]) -> None:
        self.entries = entries

    def types(self) -> list[str]:
        return [e.type for e in self.entries]

    def of(self, type_: str, **where) -> list[Any]:
        out = []
        for e in self.entries:
            if e.type == type_ and all(getattr(e.event, k) == v for k, v in where.items()):
                out.append(e.event)
        return out

    def one(self, type_: str, **where) -> Any:
        found = self.of(type_, **where)
        assert len(found) == 1, f"expected one {type_} {where}, got {found}"
        return found[0]

    def none(self, type_: str, **where) -> bool:
        return not self.of(type_, **where)


# -- whole bot matches (the per-fighter "bots play his whole matches" tests) ------------------------------------


@dataclass
class BotMatch:
    """A finished match the bots played, and every kind of request the engine asked in it (``asked``: of each seat)."""

    match: Match
    kinds: set[str] = field(default_factory=set)
    asked: dict[int, set[str]] = field(default_factory=lambda: {0: set(), 1: set()})

    def events(self, type_: str, **where) -> list[Any]:
        """The match's events of ``type_`` whose fields equal ``where`` (e.g. ``player=0``), in order."""
        return [e.event for e in self.match.entries
                if e.type == type_ and all(getattr(e.event, k) == v for k, v in where.items())]


def bot_matches(fighters: tuple[str, str], bots: tuple[str, str], seeds: tuple[int, ...] = (3, 4), *,
                edition: str = "woi", options: dict[str, Any] | None = None, game: Any = GAME) -> list[BotMatch]:
    """Whole matches of ``fighters`` (seat 1's first), one per seed, each seat played by its bot of ``bots``; one
    duel with Special Actions unless ``options`` say otherwise."""
    out = []
    for seed in seeds:
        header = game.make_header(players=(Player("A", fighters[0]), Player("B", fighters[1])), edition=edition,
                                  seed=seed, options=options if options is not None else
                                  {"duels": 1, "special_actions": True})
        played = BotMatch(Match(game, header))
        sources = {p: game.bot(bots[p], seed, p) for p in (0, 1)}
        played.match.advance()
        while not played.match.finished:
            request = played.match.pending
            played.kinds.add(request.kind)
            played.asked[request.player].add(request.kind)
            played.match.advance(sources[request.player].answer(request, played.match))
        out.append(played)
    return out


# -- fingerprints (the per-fighter "adding him changes no fingerprint of a match without him" tests) ---------------

SAMPLE_LOGS = Path(__file__).resolve().parent.parent / "sample_logs" / "battlecon"


def assert_no_other_fingerprint_changed(fighter: str, samples: tuple[tuple[str, tuple[str, str]], ...] = (
        ("woi-hikaru-vs-khadath.jsonl", ("hikaru", "khadath")),)) -> None:
    """Adding ``fighter`` to the roster changed no rules fingerprint of a match without them: each sample log of a
    pairing without them (``samples``: its file and its sides) carries the fingerprint a match of that pairing gets
    now; a match with them (against Khadath) gets another."""
    header = {}
    for name, sides in samples:
        header = json.loads((SAMPLE_LOGS / name).read_bytes().split(b"\n", 1)[0])
        now = GAME.make_header(players=(Player("Ann", sides[0]), Player("Ben", sides[1])), edition="woi", seed=1,
                               options={"duels": 3})
        assert now.rules_version == header["rules_version"], name
    with_them = GAME.make_header(players=(Player("Ann", fighter), Player("Ben", "khadath")), edition="woi", seed=1,
                                 options={"duels": 3})
    assert with_them.rules_version != header["rules_version"]


def assert_preview_refuses(fighter: str) -> None:
    """A match of ``fighter`` (a War of Indines fighter) in the Free Preview is refused in one line naming them and
    the edition's fighters (the per-fighter "the Preview refuses him" tests)."""
    with pytest.raises(InvalidDecision) as err:
        GAME.make_header(players=(Player("A", fighter), Player("B", "hikaru")), edition="preview", seed=1,
                         options={"duels": 1})
    assert str(err.value) == (f"{KITS[fighter].name} ({fighter}) is not in the preview edition; its fighters are "
                              "hikaru, cadenza, kallistar, khadath")

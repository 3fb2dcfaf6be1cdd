"""Every fighter of the roster keeps its secrets: what the opponent sees (``state --as``, the viewer's player
perspective: :meth:`Game.redact` of the snapshot) does not depend on the face-down choices it cannot know.

For each fighter, a random-bot duel against each of two of the first four (one in each seat) is folded
event by event; wherever the fighter's pair is face down, its secret ante decision (Seth's guess)
unrevealed, or its Finisher side unshown, the state is changed to another legal choice of the same kind --
another style and base from its hand, another option of the decision -- and the opponent's view of both
states must be identical, kit snapshots included (a kit that drew a hidden choice into its own snapshot
fields would show here). The spectator's view (player ``None``) must not depend on either player's.
"""

from __future__ import annotations

from typing import Any

import pytest

from recorder.game import load_game
from recorder.games.battlecon.cards import KITS
from replay.walk import Visitor, walk
from tests.viewer_support import battlecon_log

GAME = load_game("battlecon")
ROSTER = GAME.sides_in("woi")
OPPONENTS = ("hikaru", "cadenza")


class _Views(Visitor):
    """At every event, compare each onlooker's view of the state with its view of the state with one
    player's hidden choices changed."""

    def __init__(self, fighter: str) -> None:
        self.fighter = fighter
        self.checked = 0

    def after(self, record, state) -> None:
        for p, f in enumerate(state.fighters):
            for change in _alternatives(f, p, state):
                onlookers = (1 - p, None)
                before = [GAME.redact(GAME.snapshot(state), q) for q in onlookers]
                undo = change()
                try:
                    after = [GAME.redact(GAME.snapshot(state), q) for q in onlookers]
                finally:
                    undo()
                for q, a, b in zip(onlookers, before, after):
                    assert a == b, (self.fighter, record.seq, record.type, p, q, _diff(a, b))
                self.checked += 1


def _alternatives(f, p: int, state) -> list[Any]:
    """Changes of ``f``'s hidden choices to other legal ones: each a function that applies it and returns
    the function that undoes it."""
    out = []
    kit = KITS[f.kit]
    if f.style is not None and not f.revealed and not f.style_shown:
        styles = [c for c in f.hand if kit.cards[c].kind == "style" and c != f.style]
        if styles:
            out.append(_swap(f, "style", styles[0]))
    if f.base is not None and (not f.revealed or f.clash_hidden):
        bases = [c for c in f.hand if kit.cards[c].kind == "base" and c != f.base]
        if bases:
            out.append(_swap(f, "base", bases[0]))
    if f.secret is not None and not f.secret_shown:
        name, choice = f.secret
        options = [o for o in f.rules.secret_ante(state, p).options if o != choice]
        if options:
            def change(f=f, name=name, choice=choice, other=options[0]):
                f.secret = (name, other)

                def undo():
                    f.secret = (name, choice)
                return undo
            out.append(change)
    if f.finisher is not None and not f.finisher_revealed:
        others = [c for c in kit.finishers if c != f.finisher]
        if others:
            def change(f=f, was=f.finisher, other=others[0]):
                f.finisher = other

                def undo():
                    f.finisher = was
                return undo
            out.append(change)
    return out


def _swap(f, slot: str, card: str):
    """Play ``card`` (from the hand) in ``slot`` instead of the hidden card there, which goes back to the hand."""
    def change():
        hidden = getattr(f, slot)
        i = f.hand.index(card)
        f.hand[i] = hidden
        setattr(f, slot, card)

        def undo():
            f.hand[i] = card
            setattr(f, slot, hidden)
        return undo
    return change


def _diff(a: dict, b: dict) -> list:
    return [(i, k, fa.get(k), fb.get(k)) for i, (fa, fb) in enumerate(zip(a["fighters"], b["fighters"]))
            for k in sorted(set(fa) | set(fb)) if fa.get(k) != fb.get(k)][:5]


@pytest.mark.parametrize("fighter", ROSTER)
def test_no_onlooker_sees_a_face_down_choice(fighter):
    checked = 0
    for i, opponent in enumerate(o for o in OPPONENTS if o != fighter):
        fighters = (fighter, opponent) if i % 2 == 0 else (opponent, fighter)
        log = battlecon_log(fighters=fighters, seed=11 + i, bots=("random", "random"))
        views = _Views(fighter)
        walk(log.header, log.records, [views], GAME)
        checked += views.checked
    assert checked > 20, checked  # the hidden choices were really there to check

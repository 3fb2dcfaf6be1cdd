"""The viewer's shortcuts give the frames a plain computation would: shared-part diffs, reused figures."""

from __future__ import annotations

import copy
import json

import orjson

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from recorder.game import load_game
from replay.walk import Visitor, walk
from viewer.frames import build_frames
from viewer.gameview import view_for
from viewer.patch import diff, diff_shared, patch

from tests import viewer_support as vs

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=20,
)


def _same_json(a, b) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@settings(max_examples=300, deadline=None)
@given(json_values, json_values)
def test_diff_shared_rebuilds_any_new_value(old, new):
    ops = diff_shared(old, new)
    assert _same_json(patch(old, ops), new)
    assert (ops == []) == _same_json(old, new)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.text(max_size=3), json_values, min_size=1, max_size=6), st.data())
def test_diff_shared_of_a_copy_sharing_parts(old, data):
    """The redaction case: a shallow copy with some values replaced, some keys added or removed."""
    new = dict(old)
    for key in data.draw(st.lists(st.sampled_from(sorted(old)), max_size=3)):
        if data.draw(st.booleans()):
            new[key] = data.draw(json_values)
        else:
            new.pop(key, None)
    new.update(data.draw(st.dictionaries(st.text(max_size=3), json_values, max_size=2)))
    ops = diff_shared(old, new)
    assert _same_json(patch(old, ops), new)
    assert ops == diff(old, new) or _same_json(patch(old, diff(old, new)), new)


def test_shared_parts_still_tell_true_from_one():
    assert diff_shared([1], [True]) == [["/0", True]]
    assert diff_shared({"a": [0, 1]}, {"a": [0, True]}) == [["/a/1", True]]
    assert diff({"a": [0, 1]}, {"a": [0, True]}) == [["/a/1", True]]
    shared = [1, 2]
    assert diff_shared({"a": shared, "b": 1}, {"a": shared, "b": 1.0}) == [["/b", 1.0]]


class _Figures(Visitor):
    """The view's figures recomputed from scratch after every event (then held as the view holds them)."""

    def __init__(self, view) -> None:
        self.view = view
        self.figures = []

    def _add(self, state) -> None:
        fresh = self.view.extras(state)
        hold = getattr(self.view, "hold", None)
        if hold is not None:
            fresh = hold(self.figures[-1] if self.figures else None, fresh, state)
        self.figures.append(copy.deepcopy(fresh))

    def on_header(self, header, state) -> None:
        self._add(state)

    def after(self, record, state) -> None:
        self._add(state)


def _judge_frames(data):
    frames = [data["frames"]["judge"][0]]
    for ops in data["frames"]["judge"][1:]:
        frames.append(patch(frames[-1], ops))
    return frames


@pytest.mark.parametrize("path", sorted(vs.SAMPLES.glob("*.jsonl")), ids=lambda p: p.stem)
def test_reused_figures_equal_fresh_ones_at_every_frame(path):
    """``extras_key`` must cover everything the figures read: a reused figure would be stale."""
    log = vs.read(path)
    game = load_game(log.header.game)
    view = view_for(game)
    fresh = _Figures(view)
    walk(log.header, log.records, [fresh], game)
    data = build_frames(game, view, log.header, log.records)
    frames = _judge_frames(data)
    assert len(frames) == len(fresh.figures)
    for i, (frame, figures) in enumerate(zip(frames, fresh.figures)):
        assert frame["v"] == copy.deepcopy(figures), (path.name, i)


def test_a_page_embeds_the_frames_with_a_pointer_table():
    """``packed`` frames (pointers by index) rebuild exactly the frames ``build_frames`` made."""
    from viewer.page import build_page
    from viewer.sources import Source

    log = vs.read(vs.WALKTHROUGH)
    game = load_game(log.header.game)
    plain = build_frames(game, view_for(game), log.header, log.records)["frames"]
    embedded = build_page(Source("walkthrough", log)).data["frames"]
    table = embedded["pointers"]
    assert len(table) == len(set(table)) and all(p.startswith("/") for p in table)
    assert embedded["judge"][0] == plain["judge"][0]
    value = plain["judge"][0]
    for packed_ops, ops in zip(embedded["judge"][1:], plain["judge"][1:], strict=True):
        assert [[table[op[0]], *op[1:]] for op in packed_ops] == ops
        assert patch(value, packed_ops, table) == patch(value, ops)
        value = patch(value, ops)
    for seat in ("1", "2"):
        assert [[a, b, [[table[op[0]], *op[1:]] for op in ops]] for a, b, ops in embedded[seat]] == plain[seat]


def test_the_figures_shown_do_not_depend_on_which_matches_were_drawn_before():
    # The view keeps figures it computed for a key; an opponent's card can change a fighter's figures (a
    # style capping the other's values), so a key of the fighter's own state alone gave stale figures to
    # whichever match came second.
    from recorder.games.battlecon.view import VIEW
    from viewer.page import build_page
    from viewer.sources import Source

    paths = sorted((vs.SAMPLES).glob("woi-*.jsonl"))
    logs = [vs.read(p) for p in paths]

    def attacks(order):
        VIEW._known.clear()
        out = {}
        for i in order:
            page = build_page(Source(str(i), logs[i]))
            out[paths[i].name] = orjson.dumps(page.data["frames"])
        return out

    forward = attacks(range(len(logs)))
    assert forward == attacks(reversed(range(len(logs))))

"""Fighter kits: nothing shared names a fighter; card data is checked when it loads; the generic pieces fold.

A fighter is its card data (fighters/<id>.json) and its kit module (fighters/<id>.py); see
docs/adding-a-fighter.md.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from recorder.games.battlecon import kit_events as KE
from recorder.games.battlecon.cards import KITS, RAW_FIGHTERS, CardDataError, build_kit, generic_cards
from recorder.games.battlecon.fighters import RULES, check_kit
from recorder.games.battlecon.fold import apply
from recorder.games.battlecon.kit import KitRules, TokenAnte
from tests.battlecon_scenarios import Scenario

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT / "recorder" / "games" / "battlecon"


def _kit_words() -> set[str]:
    """Every fighter id, name, own card name, token name and marker name."""
    words: set[str] = set()
    for fid, kit in KITS.items():
        words |= {fid, kit.name, kit.short_name, *kit.tokens, *kit.markers}
        words |= {name for name, card in kit.cards.items() if card.owner == fid}
    return words


def _shared_files() -> list[Path]:
    """Shared BattleCON code: everything in the package but the kits (fighters/) and the shared card data's
    roster (cards.json names the fighters in roster order, which is card data)."""
    return sorted(p for p in SHARED.rglob("*") if p.suffix in (".py", ".js", ".css", ".json")
                  and "fighters" not in p.relative_to(SHARED).parts and p.name != "cards.json")


def test_no_shared_battlecon_code_names_a_fighter_a_card_or_a_token():
    words = _kit_words()
    # Case-sensitive: names are proper nouns ("Time" is a token, "the time limit" is not), ids are lowercase.
    words |= {w.lower() for w in words if " " not in w and w.lower() in KITS}
    pattern = re.compile(r"(?<![\w])(" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + r")(?![\w])")
    found = []
    for path in _shared_files():
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for m in pattern.finditer(line):
                found.append(f"{path.relative_to(ROOT)}:{no}: {m.group(0)!r} in {line.strip()[:100]}")
    assert not found, "shared code names a fighter's own things (move them into its kit):\n" + "\n".join(found)


def test_the_grep_catches_a_name():
    pattern_words = _kit_words()
    assert {"hikaru", "Iron Body", "Gate Trap", "Snare", "Fire"} <= pattern_words
    assert "Strike" not in pattern_words  # a generic base is shared


def test_cards_json_names_fighters_only_in_its_roster():
    raw = json.loads((SHARED / "cards.json").read_text(encoding="utf-8"))
    assert set(raw) == {"_about", "roster", "generic_bases", "special_action"}
    assert tuple(raw["roster"]) == tuple(KITS)


def test_every_fighter_is_a_kit_module_and_card_data():
    for fid in KITS:
        assert (SHARED / "fighters" / f"{fid}.py").exists() and (SHARED / "fighters" / f"{fid}.json").exists()
        assert isinstance(RULES[fid], KitRules) and RULES[fid].id == fid


# -- card data checked when it loads: one test per kind of bad entry ------------------------------------------


def _bad(fid: str, change) -> str:
    raw = copy.deepcopy(RAW_FIGHTERS[fid])
    change(raw)
    with pytest.raises(CardDataError) as err:
        check_kit(build_kit(raw, generic_cards()))
    return str(err.value)


def test_an_unknown_effect_primitive_names_the_card():
    msg = _bad("hikaru", lambda r: r["styles"]["Focused"]["triggers"]["hit"].__setitem__(0, {"op": "regain_tokens"}))
    assert "hikaru: Focused" in msg and "unknown effect primitive 'regain_tokens'" in msg and "regain_token" in msg


def test_an_unknown_parameter_names_the_card():
    msg = _bad("cadenza", lambda r: r["styles"]["Mechanical"]["triggers"]["end"][0].__setitem__("distance", 3))
    assert "cadenza: Mechanical" in msg and "unknown parameter(s) distance" in msg


def test_a_missing_parameter_names_the_card():
    msg = _bad("kallistar", lambda r: r["styles"]["Flare"]["triggers"]["end"][0].pop("to"))
    assert "kallistar: Flare" in msg and "'form' is missing parameter(s) to" in msg


def test_a_timing_window_that_does_not_exist_names_the_card():
    msg = _bad("hikaru", lambda r: r["styles"]["Focused"]["triggers"].__setitem__("on_hit", [{"op": "regain_token"}]))
    assert "hikaru: Focused" in msg and "unknown timing window(s) on_hit" in msg


def test_a_primitive_outside_its_windows_names_the_card():
    def change(r):
        r["styles"]["Trance"]["triggers"]["end"] = [{"op": "return_antes"}]
        r["styles"]["Trance"]["triggers"].pop("reveal")
        r["styles"]["Trance"]["text"] = "End of Beat: Return any tokens you anted this beat to your pool."
    msg = _bad("hikaru", change)
    assert "hikaru: Trance" in msg and "'return_antes' cannot be used in the end window (only reveal)" in msg


def test_another_kits_primitive_is_refused():
    msg = _bad("hikaru", lambda r: r["styles"]["Focused"]["triggers"]["hit"].__setitem__(0, {"op": "hunters"}))
    assert "unknown effect primitive 'hunters'" in msg


def test_an_unknown_passive_or_its_parameter_names_the_card():
    msg = _bad("hikaru", lambda r: r["styles"]["Sweeping"]["passives"][0].__setitem__("type", "extra_damage"))
    assert "hikaru: Sweeping" in msg and "unknown passive type 'extra_damage'" in msg
    msg = _bad("hikaru", lambda r: r["styles"]["Sweeping"]["passives"][0].pop("amount"))
    assert "passive 'extra_damage_taken' is missing parameter(s) amount" in msg


def test_an_unknown_card_or_fighter_field_names_it():
    msg = _bad("khadath", lambda r: r["styles"]["Lure"].__setitem__("powr", 3))
    assert "khadath: Lure has unknown field(s) powr" in msg
    msg = _bad("khadath", lambda r: r.__setitem__("trap", True))
    assert "card data of khadath: unknown field(s) trap" in msg
    msg = _bad("khadath", lambda r: r.pop("editions"))
    assert "missing field(s) editions" in msg


def test_a_form_or_token_or_counter_that_is_not_there_is_refused():
    msg = _bad("kallistar", lambda r: r["styles"]["Flare"]["triggers"]["reveal"][0].__setitem__("if", "dragon"))
    assert "Flare" in msg and "names form 'dragon'" in msg
    msg = _bad("hikaru", lambda r: r["token_effects"].__setitem__("Ice", {"power": 1}))
    assert "token_effects names 'Ice'" in msg
    msg = _bad("hikaru", lambda r: r.__setitem__("counters", {"Ki": {"max": 3}}))
    assert "counter 'Ki' needs min and max" in msg


def test_an_unknown_special_range_names_the_card_when_it_loads():
    msg = _bad("khadath", lambda r: r["base"]["Snare"].__setitem__("range", "trapp"))
    assert msg == ("card data of khadath: Snare has special range 'trapp' (did you mean 'trap'?), which its kit "
                   "does not define; its kit's special ranges: trap, trap_only")
    msg = _bad("hikaru", lambda r: r["base"]["Palm Strike"].__setitem__("range", "trap"))  # another kit's range
    assert msg == ("card data of hikaru: Palm Strike has special range 'trap', which its kit does not define; "
                   "its kit's special ranges: none")
    msg = _bad("khadath", lambda r: r["finishers"]["Dimensional Exile"].__setitem__("range", "gate"))
    assert msg.startswith("card data of khadath: Dimensional Exile has special range 'gate', which its kit")


def _kit(fid: str, **declared) -> KitRules:
    return type(f"Rules_{fid}", (KitRules,), declared)(fid)


def _primitive(ctx, owner, card, cause):
    yield from ()


def test_names_that_clash_between_kits_are_refused_naming_both():
    from recorder.games.battlecon.effects import Primitive
    from recorder.games.battlecon.fighters import check_clashes
    from recorder.games.battlecon.kit_events import GENERIC_EVENTS

    def clash(**declared) -> str:
        with pytest.raises(CardDataError) as err:
            check_clashes({"ann": _kit("ann", **declared["ann"]), "bob": _kit("bob", **declared["bob"])})
        return str(err.value)

    other = lambda ctx, owner, card, cause: (yield from ())  # noqa: E731
    assert clash(ann={"primitives": {"gather": Primitive(_primitive)}},
                 bob={"primitives": {"gather": Primitive(other)}}) == (
        "kits of ann and bob both define the effect primitive 'gather', differently; rename one (or share one "
        "object)")
    assert clash(ann={"passives": {"aura": ("amount",)}}, bob={"passives": {"aura": ()}}) == (
        "kits of ann and bob both define the passive type 'aura', differently; rename one (or share one object)")
    assert clash(ann={"decisions": {"pick": ({"a": {}}, "a")}}, bob={"decisions": {"pick": ({"b": {}}, "b")}}) \
        .startswith("kits of ann and bob both define the decision kind 'pick', differently")
    first = type("Echo", (), {"TYPE": "Echo"})
    second = type("Echo", (), {"TYPE": "Echo"})
    assert clash(ann={"events": (first,)}, bob={"events": (second,)}).startswith(
        "kits of ann and bob both define the event type 'Echo', differently")
    # a name of the shared code: the kit is named with the shared table it clashes with
    assert clash(ann={"primitives": {"advance": Primitive(_primitive)}}, bob={}) == (
        "kit of ann: effect primitive 'advance' is already one of the shared effects")
    assert clash(ann={}, bob={"passives": {"ignores_soak": ()}}) == (
        "kit of bob: passive type 'ignores_soak' is already one of the shared passives")
    # the same object shared by two kits (a generic event, a shared decision shape) is no clash
    shared_event = next(iter(GENERIC_EVENTS))
    check_clashes({"ann": _kit("ann", events=(shared_event,), passives={"aura": ("amount",)}),
                   "bob": _kit("bob", events=(shared_event,), passives={"aura": ("amount",)})})
    check_clashes(RULES)  # the roster itself


def test_no_primitive_swallows_parameters():
    from recorder.games.battlecon.effects import PRIMITIVES

    import inspect
    for name, prim in PRIMITIVES.items():
        kinds = {p.kind for p in inspect.signature(prim.run).parameters.values()}
        assert inspect.Parameter.VAR_KEYWORD not in kinds, f"primitive {name} takes **kwargs"


# -- the generic pieces fold --------------------------------------------------------------------------------


def test_generic_token_counter_marker_and_zone_events_fold():
    sc = Scenario(("hikaru", "khadath"))
    s = sc.state
    apply(s, KE.TokensSpent(player=0, tokens=("Fire",), reason="test"))
    assert "Fire" not in s.fighters[0].tokens and "Fire" in s.fighters[0].token_discard
    apply(s, KE.TokensGained(player=0, tokens=("Fire",), reason="test", from_discard=True))
    assert "Fire" in s.fighters[0].tokens and "Fire" not in s.fighters[0].token_discard
    apply(s, KE.MarkerPlaced(player=1, marker="Gate Trap", space=4, from_space=None, reason="test"))
    assert s.marker(1, "Gate Trap").space == 4
    apply(s, KE.MarkerRemoved(player=1, marker="Gate Trap", from_space=4, reason="test"))
    assert s.marker(1, "Gate Trap").space is None
    card = s.fighters[0].hand[0]
    apply(s, KE.CardMoved(player=0, card=card, from_zone="hand", to_zone="set aside", reason="test"))
    assert card not in s.fighters[0].hand and s.fighters[0].zones["set aside"] == [card]
    apply(s, KE.CounterChanged(player=0, counter="Level", amount=2, value=2, reason="test"))
    assert s.fighters[0].counters["Level"] == 2


def test_figures_are_on_the_board_and_movement_hops_every_other_figure():
    from recorder.games.battlecon.movement import destinations
    from recorder.games.battlecon.state import Figure

    sc = Scenario(("hikaru", "khadath"), positions=(3, 5))
    s = sc.state
    assert [(f.owner, f.space) for f in s.figures] == [(0, 3), (1, 5)]
    s.extra_figures.append(Figure(1, "second", 4))
    ends = [d.to for d in destinations(s, 0, "advance", (1,), 0)]
    assert ends == [6]  # hops over the figures on 4 and 5


def test_a_kit_hook_default_does_nothing():
    rules = KitRules("nobody")
    assert rules.ante_options(None, 0) == [] and rules.movement_stops(None, 0, 1, 1) == ()
    assert rules.special_range(None, 0, "x", "x", 1) is None and rules.snapshot(None, 0) == {}


def test_a_token_ante_is_offered_once_a_beat_while_in_the_pool_and_says_what_it_does():
    from types import SimpleNamespace

    class Glowing(KitRules):
        token_ante = TokenAnte("Glow", "+1 Power")

    def state(tokens, ante_turns=0):
        return SimpleNamespace(fighters=[SimpleNamespace(tokens=tokens, ante_turns=ante_turns)])

    rules = Glowing("x")
    assert rules.hooks == frozenset()  # the defaults read it: no hook overridden
    assert rules.ante_options(state(["Glow"]), 0) == ["Glow"]
    assert rules.ante_options(state(["Glow"], ante_turns=1), 0) == []  # once a beat
    assert rules.ante_options(state([]), 0) == []  # anted or spent: not in the pool
    assert rules.ante_options(state(["Glow"]), 0, extra=True) == []  # an effect's extra ante: only when extra
    assert type("Extra", (KitRules,), {"token_ante": TokenAnte("Glow", "+1", extra=True)})("y").ante_options(
        state(["Glow"]), 0, extra=True) == ["Glow"]
    assert rules.ante_label(state(["Glow"]), 0, "Glow") == "Ante Glow (+1 Power)"
    assert rules.ante_label(state(["Glow"]), 0, "Other") == "Ante Other"
    # the kits that declare one read as they always did (prompts are recorded in logs)
    labels = {fid: r.ante_label(None, 0, r.token_ante.token) for fid, r in RULES.items() if r.token_ante}
    assert labels == {
        "vanaah": "Ante Divine Rush (+2 Power, +2 Priority; it cycles through your discards)",
        "heketch": "Ante Dark Force (+3 Priority; move directly next to the opponent now)",
        "cherri": "Ante Insight (a clash at the Reveal, whatever the priorities)",
        "sagas": "Ante Mirror (Reflection: copy the opponent's bonuses from tokens, statuses and ability)"}
    assert RULES["vanaah"].token_ante.extra and not any(RULES[f].token_ante.extra for f in ("heketch", "cherri", "sagas"))


def test_a_token_ante_naming_a_token_the_fighter_does_not_have_is_refused_at_load():
    class Typo(KitRules):
        token_ante = TokenAnte("Dark Forse", "+3 Priority")

    with pytest.raises(CardDataError) as err:
        check_kit(KITS["heketch"], Typo("heketch"))
    assert str(err.value) == ("kit of heketch: its token_ante names 'Dark Forse' (did you mean 'Dark Force'?), which "
                              "is not one of its tokens (Dark Force)")


def test_a_kit_names_exactly_the_hooks_it_overrides():
    """The shared beat asks a hot-path hook only of the kits that override it (KitRules.hooks): a kit keeping
    every default names none; a subclass names what it overrides, however deep; every public method is a hook."""
    from recorder.games.battlecon.kit import HOOKS

    assert KitRules("nobody").hooks == frozenset()
    assert {"triggers", "stat_terms", "movement_allowed", "dodge", "end_of_beat"} <= set(HOOKS)
    assert all(callable(getattr(KitRules, name)) and not name.startswith("_") for name in HOOKS)

    class Dodging(KitRules):
        def dodge(self, state, defender, attacker):
            return "a mist"

    class Deeper(Dodging):
        def movement_stops(self, state, owner, mover, by):
            return (4,)

    assert Dodging("x").hooks == {"dodge"} and Deeper("x").hooks == {"dodge", "movement_stops"}
    assert not Deeper("x").negates and not Deeper("x").reacts_to_hits
    standing_in = Deeper("x")  # a hook set on the object (as a test stands one in) is asked too, until removed
    standing_in.when_hit = lambda ctx, p, attacker, cause: iter(())
    assert standing_in.hooks == {"dodge", "movement_stops", "when_hit"} and standing_in.reacts_to_hits
    del standing_in.when_hit
    assert standing_in.hooks == {"dodge", "movement_stops"} and not standing_in.reacts_to_hits
    for fid, rules in RULES.items():  # every kit: its class's own overrides, no more, no fewer
        assert rules.hooks == {n for n in HOOKS if getattr(type(rules), n) is not getattr(KitRules, n)}, fid

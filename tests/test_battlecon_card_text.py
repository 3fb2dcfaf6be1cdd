"""TriggerResolved quotes one timing window of a card, never the whole card text (issue #3)."""

from __future__ import annotations

import pytest

from recorder.games.battlecon import card_text
from recorder.games.battlecon.cards import KITS, RAW, RAW_FIGHTERS, Card
from recorder.games.battlecon.fighters.khadath import GATE_TRAP
from recorder.games.battlecon.fighters.khadath import TEXT as GATE_TRAP_TEXT
from recorder.games.battlecon.stats import format_terms
from recorder.games.battlecon.game import BattleCON
from recorder.header import Player
from recorder.match import Match, run

GAME = BattleCON()


def _cases() -> list[tuple[str, Card, str, str | None]]:
    """(fighter, card, timing, form) for every window every card triggers in, in every form it acts in."""
    out = []
    for fid, k in KITS.items():
        for card in k.cards.values():
            if card.owner not in (fid, "generic") or (card.owner == "generic" and fid != next(iter(KITS))):
                continue  # each generic card once
            for timing, effects in card.triggers.items():
                forms = (None, *k.forms)
                for form in forms:
                    if any(e.get("if") in (None, form) for e in effects):
                        out.append((fid, card, timing, form))
    return out


CASES = _cases()


def test_every_triggering_card_is_covered():
    named = {c.name for _, c, _, _ in CASES}
    with_triggers = {n for n, r in RAW["generic_bases"].items() if r.get("triggers")}
    for raw in RAW_FIGHTERS.values():
        for group in (raw["base"], raw["styles"], raw.get("finishers", {}), *raw.get("card_zones", {}).values()):
            with_triggers |= {n for n, r in group.items() if r.get("triggers")}
    # A card a kit derives from one of its own (Kehrolyn's "Mutating (as Whip)": Whip under Mutating's name) is no
    # card of the data: it must be a copy of one, word for word, and is checked window by window like the others.
    printed = {fid: {n: r.get("text", "") for group in (raw["base"], raw["styles"], raw.get("finishers", {}),
                                                         *raw.get("card_zones", {}).values())
                     for n, r in group.items()} for fid, raw in RAW_FIGHTERS.items()}
    derived = {(fid, c.name) for fid, c, _, _ in CASES if c.owner == fid and c.name not in printed[fid]}
    for fid, name in derived:
        card = KITS[fid].cards[name]
        assert any(card.text == text and text for text in printed[fid].values()), (fid, name)
    assert named - {name for _, name in derived} == with_triggers
    assert len(CASES) >= 30


@pytest.mark.parametrize(("fighter", "card", "timing", "form"), CASES,
                         ids=[f"{c.name}-{t}-{f or 'any'}" for _, c, t, f in CASES])
def test_window_text_is_that_window_only(fighter, card, timing, form):
    text = card.trigger_text(timing, form)
    label = card_text.LABELS[timing]
    assert text, f"{card.name} has no {label!r} text in form {form}"
    assert text.startswith(label), f"{card.name} ({timing}): {text!r} does not start with {label!r}"
    for other, other_label in card_text.LABELS.items():
        if other != timing:
            assert f"{other_label}:" not in text and f"{other_label}," not in text, (card.name, timing, text)
    assert text in card.text  # a part of the printed text, word for word


def test_parts_limited_to_another_form_are_left_out():
    spellbolt = KITS["kallistar"].cards["Spellbolt"]
    assert spellbolt.trigger_text("hit", "human") == "On Hit, Human: The opponent has -2 Power this beat."
    assert spellbolt.trigger_text("hit", "elemental") == "On Hit, Elemental: Pull the opponent up to 2 spaces."


def test_text_before_the_first_label_is_no_window():
    dash = KITS["hikaru"].cards["Dash"]
    assert dash.trigger_text("after", None) == (
        "After Activating: Move 1, 2, or 3 spaces. If you switch sides with the opponent during this "
        "movement, the opponent's attack does not hit you this beat.")
    palm = KITS["hikaru"].cards["Palm Strike"]
    assert palm.trigger_text("start", None) == "Start of Beat: Advance 1 space."
    assert palm.trigger_text("damage", None) == "On Damage: Regain an Elemental token of your choice."


@pytest.mark.parametrize(("text", "triggers", "forms", "message"), [
    ("Start of Beat: Advance 1 space.", {}, (), "text has a 'Start of Beat' part but no 'start' trigger"),
    ("Soak 1.", {"before": ({"op": "advance"},)}, (), "triggers at 'before' but its text has no 'Before"),
    ("On Hit, Human: Stun.", {"hit": ({"op": "stun_opponent", "if": "human"},)}, (), "names form 'human'"),
    ("On Hit, Human: Stun.", {"hit": ({"op": "stun_opponent", "if": "elemental"},)}, ("human", "elemental"),
     "triggers at 'hit' in elemental form"),
])
def test_card_data_whose_text_and_triggers_disagree_is_refused(text, triggers, forms, message):
    with pytest.raises(ValueError, match="^Test Card") as err:
        card_text.check("Test Card", text, card_text.split(text), triggers, forms)
    assert message in str(err.value)


def test_recorded_trigger_texts_quote_one_window():
    # Random play with every fighter: each recorded text is one window's part of that card's text.
    seen: dict[tuple[str, str], str] = {}
    for seed in range(3):
        for pair in (("kallistar", "hikaru"), ("cadenza", "khadath")):
            header = GAME.make_header(players=(Player("A", pair[0]), Player("B", pair[1])), edition="woi",
                                      seed=seed, options={"duels": 1})
            m = Match(GAME, header)
            for entry in run(m, {0: GAME.bot("random", seed, 0), 1: GAME.bot("random", seed, 1)}):
                ev = entry.event
                if ev.TYPE != "TriggerResolved":
                    continue
                if ev.card == GATE_TRAP:  # Khadath's unique ability, not a card: it quotes the ability's words
                    assert ev.text == GATE_TRAP_TEXT and ev.timing == "reveal", ev
                    continue
                card = KITS[pair[ev.player]].cards[ev.card]
                forms = (None, *KITS[pair[ev.player]].forms)
                assert ev.text in {card.trigger_text(ev.timing, f) for f in forms} - {""}, ev
                seen[(ev.card, ev.timing)] = ev.text
    every = {name: card for k in KITS.values() for name, card in k.cards.items()}
    several = [key for key in seen if len(every[key[0]].windows) > 1]  # cards whose whole text was quoted before
    assert len(seen) >= 10 and several, seen


def test_term_arithmetic_uses_one_minus_sign():
    text = format_terms([("Lure", -1), ("Snare", 3), ("Spellbolt", -2), ("Water token", (-1, 1))], 0)
    assert text == "Lure -1 + Snare 3 - Spellbolt 2 + Water token -1~+1 = 0"
    assert "\u2212" not in text


def test_a_log_of_the_previous_engine_is_refused_with_the_version_message():
    # Engine 1 quoted whole card texts, so re-executing its logs would diverge at the first trigger: verify
    # must refuse them by version instead.
    import dataclasses

    from recorder.match import sealed
    from replay import tamper
    from replay.verify import verify
    from tests.replay_support import rechain

    header = GAME.make_header(players=(Player("A", "hikaru"), Player("B", "cadenza")), edition="woi", seed=1,
                              options={"duels": 1})
    m = Match(GAME, header)
    run(m, {0: GAME.bot("random", 1, 0), 1: GAME.bot("random", 1, 1)})
    old = dataclasses.replace(header, engine_version="battlecon-engine-1")
    report = verify(old, rechain(old, sealed(m)))
    assert report.problem is not None and report.problem.kind == tamper.VERSION
    assert "'battlecon-engine-1'" in report.problem.message and f"'{GAME.engine_version}'" in report.problem.message
    assert verify(header, sealed(m)).ok

"""A kit's words and citations for its own records come first; a generic event of a kit that does not cite it
reads the generic text, never the citation of a kit that did not cause it (recorder/games/battlecon/describe.py and cites.py)."""

from __future__ import annotations

from types import SimpleNamespace

from recorder.citing import CiteContext
from recorder.games.battlecon import GAME
from recorder.games.battlecon.fighters import RULES
from tests.battlecon_scenarios import Scenario

LOST = "Crescendo: lost when hit by an attack"


def _record(type_: str, **data) -> SimpleNamespace:
    return SimpleNamespace(type=type_, data=data)


def _read(fighters, record, *before) -> tuple[str, str | None]:
    """The words and citation of ``record``, cited after the records ``before`` it (its causes) with one context, as a
    report does."""
    state = Scenario(fighters).state
    citing = CiteContext()
    for earlier in before:
        GAME.cite(state, earlier, citing)
    return GAME.describe(state, record), GAME.cite(state, record, citing)


def test_a_kits_words_and_citation_of_a_generic_event_come_before_the_shared_ones():
    moved = _record("CardMoved", player=0, card="Divine Rush", from_zone="in discard 1", to_zone="in discard 2",
                    reason="Divine Rush: cycles with discard 1")
    assert _read(("vanaah", "hikaru"), moved) == (
        "Vanaah's Divine Rush moves from discard 1 to discard 2 (Divine Rush: cycles with discard 1)",
        "Vanaah's Unique Ability (Divine Rush cycles with her discard piles)")
    lost = _record("TokensSpent", player=1, tokens=["Crescendo"], reason=LOST)
    assert _read(("hikaru", "demitras"), lost) == (
        "Demitras loses a Crescendo token (Crescendo: lost when hit by an attack)",
        "Demitras's Unique Ability (Crescendo: he loses 1 Crescendo token whenever he is hit by an attack)")


def test_a_kits_words_may_leave_a_record_to_the_shared_text():
    spent = _record("TokensSpent", player=1, tokens=["Crescendo", "Crescendo"], reason="Deathblow")
    assert _read(("hikaru", "demitras"), spent) == ("Demitras spends 2 Crescendo tokens (Deathblow)",
                                                    "WoI p.31, Tokens")
    preview = Scenario(("hikaru", "cadenza"), edition="preview").state
    assert GAME.cite(preview, _record("TokensSpent", player=0, tokens=["Fire"], reason="x"), CiteContext()) == (
        "Preview p.4, Step 2 Ante Tokens")


def test_a_generic_event_a_kit_does_not_cite_reads_the_generic_text_not_another_kits():
    # Withering Touch: Lixis makes Hikaru set a base with the pair; Hikaru's kit cites no CardMoved or CardChosen,
    # Vanaah's and Zaamassal's do (for their own cards): not in this match, not for this record
    assert {"CardMoved"} <= set(RULES["vanaah"].cites) and {"CardChosen"} <= set(RULES["zaamassal"].cites)
    moved = _record("CardMoved", player=0, card="Strike", from_zone="hand", to_zone="with the pair",
                    reason="Withering Touch")
    assert _read(("hikaru", "lixis"), moved) == ("Hikaru's Strike: hand → with the pair (Withering Touch)",
                                                 "the card's effect")  # nothing says Lixis's card did it
    # In a log, Lixis's Withering Touch (her trigger) caused his choice and discard: her rule cites both, alone
    # (not joined with Zaamassal's)
    touch = SimpleNamespace(type="TriggerResolved", seq=40, cause=39, actor=1, kind="event",
                            data={"player": 1, "card": "Withering Touch", "timing": "hit"})
    chosen = SimpleNamespace(type="CardChosen", seq=41, cause=40, actor=0, kind="input",
                             data={"player": 0, "card": "Strike"})
    discarded = SimpleNamespace(type="CardMoved", seq=42, cause=40, actor=0, kind="event", data=moved.data)
    lixis = "Lixis: Withering Touch, Pruning (the opponent chooses and discards a base from their hand)"
    assert _read(("hikaru", "lixis"), chosen, touch)[1] == lixis
    assert _read(("hikaru", "lixis"), discarded, touch, chosen)[1] == lixis
    assert _read(("hikaru", "cadenza"), _record("CardChosen", player=0, card="Strike"))[1] == "the card's effect"
    # the same generic event of Vanaah's own player in the same kind of match: her words, her citation
    assert _read(("vanaah", "lixis"), _record("CardMoved", player=0, card="Divine Rush", from_zone="in discard 2",
                                              to_zone="tokens", reason="r"))[1].startswith("Vanaah's Unique Ability")


def test_a_shared_event_several_kits_use_cites_each_kits_own_rule():
    repeat = _record("RepeatDecided", player=0, repeat=True)
    assert _read(("luc", "hikaru"), repeat)[1] == "Luc: Memento / Temporal Recursion (After Activating)"
    assert _read(("kallistar", "hikaru"), repeat)[1] == "Kallistar: Chain of Destruction (On Hit)"
    assert _read(("hikaru", "cadenza"), repeat)[1] == "Finisher: repeat this attack"  # a Finisher's, shared
    returned = _record("TokensReturned", player=0, tokens=["Crescendo"])
    assert _read(("demitras", "hikaru"), returned)[1].startswith("Demitras: Illusory (Reveal")
    assert _read(("hikaru", "demitras"), returned)[1] == "Hikaru: Trance (Reveal)"

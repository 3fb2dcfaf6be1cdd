"""Every citation of a report comes from the edition the match was played under (issue #21).

``explain`` is rendered for every beat of every BattleCON sample log of both editions; each rule line must
name only its edition's book (a War of Indines match cites WoI, a Preview match the Preview rules, a card or
unique ability either), a Preview page must exist, and each quoted fragment ('...') must be the book's own
words (on the cited page, for the Preview). A ruling cited, in a rule line or next to a figure, must be one
of docs/rulings.md, by id and name.
"""

from __future__ import annotations

import copy
import re
from functools import cache
from pathlib import Path

import pytest

from recorder.games.battlecon import GAME
from recorder.games.battlecon import cites as C
from recorder.games.battlecon.events import EVENTS
from replay.source import read_strict
from recorder.rulings import REGISTERED
from replay.explain import explain
from replay.walk import Describer, walk

ROOT = Path(__file__).parent.parent
RULES = ROOT.parent / "shared" / "rules"  # the rulebook texts, beside the repository (docs/rulings.md sources)
SAMPLES = sorted((ROOT / "sample_logs" / "battlecon").glob("*.jsonl"))
QUOTE = re.compile(r"(?<![A-Za-z0-9])'(.+?)'(?![A-Za-z0-9])")
RULING = re.compile(r"ruling '([^']+)' \(docs/rulings\.md#([a-z0-9-]+)\)")
TAG = re.compile(r"\[ruling: ([^\]]+)\]")
ANCHOR = re.compile(r'<a id="([a-z0-9-]+)"></a>\*\*(.+?)\*\*')


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("*", "").replace("’", "'")).strip().casefold()


@cache
def woi_text() -> str:
    return _norm((RULES / "battlecon-war-of-indines-rulebook.md").read_text(encoding="utf-8"))


@cache
def preview_pages() -> dict[int, str]:
    pages: dict[int, str] = {}
    for line in (RULES / "battlecon-preview-rules.txt").read_text(encoding="utf-8").splitlines():
        m = re.match(r"(\d{1,2}) ", line)
        if m and 1 <= int(m.group(1)) <= 11:
            pages[int(m.group(1))] = _norm(line)
    return pages


@cache
def doc_rulings() -> dict[str, str]:
    return dict(ANCHOR.findall((ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")))


needs_rules = pytest.mark.skipif(not (RULES / "battlecon-preview-rules.txt").exists(),
                                 reason="the rulebook texts are not beside the repository")


def check_citation(cite: str, edition: str) -> None:
    """One rule line of a match of ``edition``: the right book, pages that exist, the book's own words."""
    without_rulings = RULING.sub("", cite)
    for name, rid in RULING.findall(cite):
        assert doc_rulings().get(rid) == name, f"{cite!r}: ruling {rid!r} is not '{name}' in docs/rulings.md"
    other = "Preview" if edition == "woi" else "WoI"
    assert other not in without_rulings, f"a {edition} match cites the other edition: {cite!r}"
    if edition == "preview":
        for page in re.findall(r"p\.(\d+)", without_rulings):
            assert 1 <= int(page) <= 11, f"{cite!r}: the Preview rules have no page {page}"
    for m in QUOTE.finditer(without_rulings):
        quote = _norm(m.group(1))
        if edition == "woi":
            assert quote in woi_text(), f"{cite!r}: {m.group(1)!r} is not in the WoI rulebook"
            continue
        pages = re.findall(r"p\.(\d+)(?:-(\d+))?", without_rulings[: m.start()])
        assert pages, f"{cite!r}: a Preview quote without a page"
        first, last = pages[-1]
        span = range(int(first), int(last or first) + 1)
        assert any(quote in preview_pages().get(p, "") for p in span), \
            f"{cite!r}: {m.group(1)!r} is not on Preview p.{first}{'-' + last if last else ''}"


def check_tags(text: str) -> None:
    names = set(doc_rulings().values())
    for name in TAG.findall(text):
        assert name in names, f"{text!r}: no ruling named {name!r} in docs/rulings.md"


@needs_rules
@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_every_beat_of_every_sample_cites_its_own_edition(path):
    log = read_strict(path)
    header, records = log.header, log.records
    beats = sorted({(r.duel, r.beat) for r in records})
    for duel, beat in beats:
        report = explain(header, records, beat, duel)
        for step in report.steps:
            if step.citation:
                check_citation(step.citation, header.edition)
            check_tags(step.text)


def test_the_samples_cover_both_editions():
    editions = {read_strict(p).header.edition for p in SAMPLES}
    assert editions == {"woi", "preview"}


@needs_rules
def test_every_event_type_of_a_preview_log_cites_the_preview():
    """Walk the Preview samples: every event type they hold is cited from the Preview (or a card, or a ruling)."""
    seen: set[str] = set()
    for path in SAMPLES:
        log = read_strict(path)
        if log.header.edition != "preview":
            continue
        describer = Describer(GAME)
        walk(log.header, log.records, [describer], GAME)
        for record in log.records:
            seen.add(record.type)
            cite = describer.cites[record.seq]
            if cite is not None:
                check_citation(cite, "preview")
            check_tags(describer.lines[record.seq])
    assert {"PriorityCompared", "DamageDealt", "StunApplied", "MoveChosen", "TriggerResolved",
            "SpecialActionRevealed"} <= seen


@pytest.mark.parametrize("edition", ["woi", "preview"])
def test_every_event_type_has_a_citation_in_each_edition(edition):
    table, triggers = C.TABLES[edition]
    for cls in EVENTS.own():
        if cls.TYPE == "ChanceDrawn":
            continue  # cited only when it decides who antes first
        kit = C._kit_cite(cls.TYPE, edition)  # a kit cites its own events
        assert cls.TYPE in table or cls.TYPE in C._BY_PAYLOAD or kit, f"{cls.TYPE} has no {edition} citation"
        cite = kit or table.get(cls.TYPE)
        if cite and RULES.is_dir():
            check_citation(cite, edition)
    for cite in triggers.values():
        if RULES.is_dir():
            check_citation(cite, edition)


def test_every_ruling_the_code_cites_is_in_the_document():
    doc = doc_rulings()
    import recorder.games.battlecon.rulings  # noqa: F401 - registers them
    import recorder.games.cogs.rulings  # noqa: F401

    assert REGISTERED
    for rid, ruling in REGISTERED.items():
        assert doc.get(rid) == ruling.name, f"ruling {rid} ({ruling.name!r}) is not in docs/rulings.md"


def test_ruling_ids_are_unique_in_the_document():
    text = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    ids = re.findall(r'<a id="([a-z0-9-]+)"></a>', text)
    assert len(ids) == len(set(ids))
    # The sections whose reports cite rulings by id: every ruling there carries one.
    for section in ("BattleCON", "Cogs of Valor"):
        body = text.split(f"\n## {section}\n", 1)[1].split("\n## ", 1)[0]
        bullets = re.findall(r"^- \*\*.*", body, flags=re.M)
        assert not bullets, f"every {section} ruling carries an id ('- <a id=\"...\"></a>**Name**'): {bullets}"


@needs_rules
def test_preview_scenarios_cover_the_types_the_samples_lack():
    """The Preview samples hold no repeat, no clash out of bases, no skipped beat: played here, in the Preview,
    each record is cited from the Preview rules (or a card, or a ruling)."""
    from .battlecon_scenarios import Scenario
    from .explain_support import told
    from .test_battlecon_specials import SA, limit_hand

    special = {"special_actions": True}
    got = []

    def play(sc, pairs, **kw):
        before = copy.deepcopy(sc.state)
        got.extend(told(GAME, before, sc.beat(pairs, lenient=True, **kw).entries))

    chain = Scenario(("kallistar", "cadenza"), edition="preview", options=special, keep=(("Drive",), ("Clockwork", "Shot")),
                     positions=(1, 6), life=(7, 20), finishers=("Chain of Destruction", "Rocket Press"), tokens={1: []})
    play(chain, ((SA, "Drive"), ("Clockwork", "Shot")),
         choices={0: [{"kind": "repeat", "repeat": True}, {"kind": "repeat", "repeat": False}]})
    winds = Scenario(("hikaru", "cadenza"), edition="preview", options=special, keep=(("Strike",), ("Clockwork", "Shot")),
                     positions=(3, 4), life=(7, 20), finishers=("Four Winds", "Rocket Press"),
                     tokens={0: ["Earth", "Fire"], 1: []})
    winds.state.fighters[0].token_discard = ["Water", "Wind"]
    play(winds, ((SA, "Strike"), ("Clockwork", "Shot")), antes={0: ["Fire"]},
         choices={0: [{"kind": "move", "to": 3}, {"kind": "regain", "token": "Water"}]})
    clash = Scenario(("hikaru", "kallistar"), edition="preview", options=special,
                     keep=(("Grasp", "Trance", "Strike", "Shot"), ("Caustic", "Drive", "Blazing", "Shot")))
    limit_hand(clash, 1, {"Caustic", "Drive"})
    play(clash, ((SA, "Grasp"), ("Caustic", "Drive")), choices={0: [{"kind": "new_pair", "style": "Trance",
                                                                       "base": "Strike"}]})
    types = {t for t, _, _ in got}
    assert {"RepeatDecided", "RepeatEarned", "AttackRepeated", "ClashBasesRecovered"} <= types
    for _, text, cite in got:
        if cite is not None:
            check_citation(cite, "preview")
        check_tags(text)

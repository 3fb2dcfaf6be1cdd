"""Golden replays: re-run each golden file's inputs and compare the readable dump.

``pytest tests/test_golden.py --regen-golden`` re-records every golden from its
recipe below (bots or a script) and rewrites ``tests/golden/``; review the diff.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from recorder.decisions import FirstOption
from recorder.game import load_game
from recorder.header import Player
from recorder.recording import MemorySink, record
from recorder.script import ScriptSource, load_script
from tests.golden_replay import HEADER_KEYS, Golden, decisions_of, dump, replay

GOLDEN = Path(__file__).parent / "golden"
ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Recipe:
    """How a golden's inputs are (re)made."""

    name: str
    game: str
    edition: str
    sides: tuple[str, str]
    seed: int
    about: str
    bots: tuple[str, str] = ("first", "first")
    names: tuple[str, str] = ("Ann", "Ben")
    options: dict[str, Any] = field(default_factory=dict)
    script: str | None = None  # a script path relative to the repository, instead of bots


RECIPES = [
    Recipe("toy-first", "toy", "standard", ("red", "blue"), 7, "The toy game, both seats on the first policy."),
]


def _battlecon_recipes() -> list[Recipe]:
    return [
        Recipe("battlecon-hikaru", "battlecon", "woi", ("hikaru", "khadath"), 11,
               "Hikaru vs Khadath, WoI, one duel, greedy vs random.", ("greedy", "random"), options={"duels": 1}),
        Recipe("battlecon-cadenza", "battlecon", "preview", ("cadenza", "hikaru"), 12,
               "Cadenza vs Hikaru, Preview, one duel, random vs greedy.", ("random", "greedy"), options={"duels": 1}),
        Recipe("battlecon-kallistar", "battlecon", "woi", ("kallistar", "cadenza"), 13,
               "Kallistar vs Cadenza, WoI, best of three, greedy vs greedy.", ("greedy", "greedy"),
               options={"duels": 3}),
        Recipe("battlecon-khadath", "battlecon", "preview", ("khadath", "kallistar"), 14,
               "Khadath vs Kallistar, Preview, one duel, random vs random.", ("random", "random"),
               options={"duels": 1}),
        Recipe("battlecon-walkthrough", "battlecon", "woi", ("hikaru", "khadath"), 1,
               "The WoI comic walkthrough, scripted; the rest of the duel on the first policy.",
               script="sample_logs/battlecon/walkthrough.script.json"),
        # Special Actions and Finishers: seeds picked so that Pulse, Cancel and a Finisher all happen.
        Recipe("battlecon-specials-woi", "battlecon", "woi", ("hikaru", "cadenza"), 27,
               "Hikaru vs Cadenza, WoI with Special Actions, best of three, random vs random: Pulse, Cancel, "
               "Finisher.", ("random", "random"), options={"duels": 3, "special_actions": True}),
        Recipe("battlecon-specials-preview", "battlecon", "preview", ("khadath", "hikaru"), 28,
               "Khadath vs Hikaru, Preview with Special Actions, best of three, random vs greedy: Pulse, Cancel, "
               "Finisher.", ("random", "greedy"), options={"duels": 3, "special_actions": True}),
        Recipe("battlecon-luc", "battlecon", "woi", ("luc", "khadath"), 15,
               "Luc vs Khadath, WoI with Special Actions, one duel, greedy vs random.", ("greedy", "random"),
               options={"duels": 1, "special_actions": True}),
        Recipe("battlecon-ante-finishers", "battlecon", "woi", ("kallistar", "khadath"), 20,
               "Kallistar vs Khadath, WoI with Ante Finishers, one duel, random vs random: an anted Finisher.",
               ("random", "random"), options={"duels": 1, "ante_finishers": True}),
        Recipe("battlecon-vanaah", "battlecon", "woi", ("vanaah", "hikaru"), 31,
               "Vanaah vs Hikaru, WoI with Special Actions, one duel, greedy vs random: Divine Rush through her "
               "discards.", ("greedy", "random"), options={"duels": 1, "special_actions": True}),
        # Seed picked so that Rukyuk antes, spends tokens, Reloads and fires Fully Automatic again.
        Recipe("battlecon-rukyuk", "battlecon", "woi", ("rukyuk", "cadenza"), 236,
               "Rukyuk vs Cadenza, WoI with Special Actions, one duel, random vs random: Ammo tokens anted, spent "
               "and reloaded; Fully Automatic executed again.", ("random", "random"),
               options={"duels": 1, "special_actions": True}),
        Recipe("battlecon-magdalena", "battlecon", "woi", ("magdalena", "cadenza"), 7,
               "Magdalena vs Cadenza, WoI with Special Actions, one duel, greedy vs random: Trance and Levels, "
               "Blessing's life gain, Safety's cap.", ("greedy", "random"),
               options={"duels": 1, "special_actions": True}),
        Recipe("battlecon-zaamassal", "battlecon", "woi", ("zaamassal", "cadenza"), 50,
               "Zaamassal vs Cadenza, WoI with Special Actions, one duel, greedy vs random: Paradigms assumed, lost "
               "when stunned, Sturdy ignoring a movement, Distortion's range 3.", ("greedy", "random"),
               options={"duels": 1, "special_actions": True}),
        Recipe("battlecon-heketch", "battlecon", "woi", ("heketch", "kallistar"), 42,
               "Heketch vs Kallistar, WoI with Special Actions, one duel, greedy vs random: Dark Force anted (he "
               "moves in the ante step), spent and regained; Psycho's attack again at End of Beat.",
               ("greedy", "random"), options={"duels": 1, "special_actions": True}),
        Recipe("battlecon-demitras", "battlecon", "woi", ("demitras", "cadenza"), 32,
               "Demitras vs Cadenza, WoI with Special Actions, one duel, greedy vs random: Crescendo tokens anted, "
               "spent, gained and lost.", ("greedy", "random"), options={"duels": 1, "special_actions": True}),
        Recipe("battlecon-lixis", "battlecon", "woi", ("lixis", "hikaru"), 18,
               "Lixis vs Hikaru, WoI with Special Actions, one duel, greedy vs random: Withering Touch, Naturalizing, "
               "Rooted.", ("greedy", "random"), options={"duels": 1, "special_actions": True}),
        Recipe("battlecon-hepzibah", "battlecon", "woi", ("hepzibah", "cadenza"), 33,
               "Hepzibah vs Cadenza, WoI with Special Actions, one duel, greedy vs random: Dark Pacts anted for "
               "life.", ("greedy", "random"), options={"duels": 1, "special_actions": True}),
        Recipe("battlecon-seth", "battlecon", "woi", ("seth", "hikaru"), 4,
               "Seth vs Hikaru, WoI with Special Actions, one duel, greedy vs random: Beyond Eyes guesses face down, "
               "three correct; Wyrding's base swap; Mimic's movement.", ("greedy", "random"),
               options={"duels": 1, "special_actions": True}),
        Recipe("battlecon-kehrolyn", "battlecon", "woi", ("kehrolyn", "hikaru"), 38,
               "Kehrolyn vs Hikaru, WoI with Special Actions, one duel, greedy vs random: her Current Form applied "
               "with every style she plays, Mutating's copy, Overload's extra style.", ("greedy", "random"),
               options={"duels": 1, "special_actions": True}),
        # Seed picked so that Cherri's Insight token forces clashes (the opponent losing life on each), she regains
        # it, and Blind keeps a slow attack from hitting her.
        Recipe("battlecon-cherri", "battlecon", "woi", ("cherri", "hikaru"), 8,
               "Cherri vs Hikaru, WoI with Special Actions, one duel, greedy vs random: Insight anted to force "
               "clashes, life lost on every clash, the token regained; Blind.", ("greedy", "random"),
               options={"duels": 1, "special_actions": True}),
        Recipe("battlecon-tatsumi", "battlecon", "woi", ("tatsumi", "kallistar"), 21,
               "Tatsumi & Juto vs Kallistar, WoI with Special Actions, one duel, greedy vs random: Juto on the "
               "board, his zones, soak and life.", ("greedy", "random"), options={"duels": 1, "special_actions": True}),
        Recipe("battlecon-sagas", "battlecon", "woi", ("sagas", "hikaru"), 34,
               "Sagas vs Hikaru, WoI with Special Actions, one duel, greedy vs random: the Mirror token (Reflection), "
               "Negation, Echo.", ("greedy", "random"), options={"duels": 1, "special_actions": True}),
        # Seed picked so that his anted Assimilate hits: Hikaru's attack pair goes into his hand and he plays one of
        # those cards as his own.
        Recipe("battlecon-sagas-assimilate", "battlecon", "woi", ("sagas", "hikaru"), 31,
               "Sagas vs Hikaru, WoI with Ante Finishers, one duel, random vs greedy, Sagas's Finisher side b: "
               "Assimilate takes Hikaru's attack pair into his hand and he plays a borrowed card.",
               ("random", "greedy"), options={"duels": 1, "ante_finishers": True, "finishers": ["b", "chosen"]}),
    ]


RECIPES += _battlecon_recipes()
RECIPES.append(Recipe("cogs-lions-herons", "cogs", "standard", ("lions", "herons"), 4,
                      "Cogs of Valor, Red Lions vs Blue Herons, four turns, sensible vs random.",
                      ("sensible", "random"), options={"turns": 4}))
RECIPES.append(Recipe("skirmish-vanguard-arcane", "skirmish", "standard", ("vanguard", "arcane"), 5,
                      "Grid skirmish, Skirmish scenario, Knight+Archer vs Pyromancer+Cleric (starter kit), eight "
                      "turns, sensible vs random.", ("sensible", "random"), options={"turns": 8}))
RECIPES += [
    Recipe("skirmish-domination", "skirmish", "standard", ("vanguard", "shadows"), 6,
           "Grid skirmish, Domination: towers captured and held, sensible vs random.", ("sensible", "random"),
           options={"scenario": "domination", "turns": 15}),
    Recipe("skirmish-eb-deathmatch-ffa", "skirmish", "standard", ("knight+archer", "rogue", "pyromancer+cleric"), 5,
           "Grid skirmish, Endless Battlefield (Deathmatch), three-player free-for-all: deaths, recovery at the "
           "central obelisk, souls.", ("sensible", "random", "sensible"), names=("Ann", "Ben", "Cy"),
           options={"scenario": "eb_deathmatch", "turns": 10}),
    Recipe("skirmish-caravan", "skirmish", "standard", ("vanguard", "shadows"), 1,
           "Grid skirmish, Caravan Escort: caravans moving, sped up and robbed, sensible vs sensible.",
           ("sensible", "sensible"), options={"scenario": "caravan"}),
    Recipe("skirmish-eb-capture", "skirmish", "standard", ("vanguard", "shadows"), 1,
           "Grid skirmish, Endless Battlefield (Capture): crystals stolen, carried and delivered, sensible vs sensible.",
           ("sensible", "sensible"), options={"scenario": "eb_capture"}),
    Recipe("skirmish-eb-domination", "skirmish", "standard", ("arcane", "vanguard"), 8,
           "Grid skirmish, Endless Battlefield (Domination): towers, obelisks, recovery, sensible vs sensible.",
           ("sensible", "sensible"), options={"scenario": "eb_domination", "turns": 15}),
]
FIXED_CLOCK = "2000-01-01T00:00:00Z"  # goldens never depend on the wall clock


def _sources(game, header, recipe: Recipe):
    if recipe.script:
        source = ScriptSource(game, load_script(ROOT / recipe.script), header)
        return {0: source, 1: source}
    return {seat: (FirstOption("bot:first") if bot == "first" else game.bot(bot, header.seed, seat))
            for seat, bot in enumerate(recipe.bots)}


def _make(recipe: Recipe) -> Golden:
    game = load_game(recipe.game)
    options = dict(recipe.options)
    if recipe.script:
        script = load_script(ROOT / recipe.script)
        options = dict(script.options)
    players = tuple(Player(n, s) for n, s in zip(recipe.names, recipe.sides))
    header = game.make_header(players=players, edition=recipe.edition, seed=recipe.seed, options=options)
    sink = MemorySink()
    record(game, header, _sources(game, header, recipe), sink, clock=lambda: FIXED_CLOCK)
    fields = {
        "game": header.game, "edition": header.edition, "seed": header.seed,
        "players": [p.to_dict() for p in header.players], "options": header.options,
    }
    golden = Golden(recipe.name, fields, decisions_of(sink.records), about=recipe.about)
    golden.dump = dump(game, header, sink.records)
    return golden


@pytest.mark.parametrize("recipe", RECIPES, ids=[r.name for r in RECIPES])
def test_golden_replay(recipe: Recipe, regen_golden: bool) -> None:
    path = GOLDEN / f"{recipe.name}.txt"
    if regen_golden:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(_make(recipe).text(), encoding="utf-8")
    if not path.exists():
        pytest.fail(f"{path} is missing; create it with: pytest tests/test_golden.py --regen-golden")
    golden = Golden.parse(path.name, path.read_text(encoding="utf-8"))
    assert list(golden.fields) == list(HEADER_KEYS)
    game = load_game(golden.fields["game"])
    header = golden.header(game)
    records = replay(game, header, golden.decisions)
    assert dump(game, header, records) == golden.dump, (
        f"{path.name}: the engine now derives a different dump from the same inputs; "
        "if the change is intended, run pytest tests/test_golden.py --regen-golden and review the diff"
    )


def test_every_battlecon_fighter_has_a_golden() -> None:
    fighters = load_game("battlecon").fighters

    covered = {side for r in RECIPES if r.game == "battlecon" for side in r.sides}
    files = {p.stem for p in GOLDEN.glob("battlecon-*.txt")}
    assert fighters
    for fighter in fighters:
        assert fighter in covered, f"no golden recipe plays {fighter}"
        assert f"battlecon-{fighter}" in files, f"tests/golden/battlecon-{fighter}.txt is missing"


def test_golden_round_trips_its_own_text() -> None:
    recipe = RECIPES[0]
    golden = _make(recipe)
    again = Golden.parse(golden.name, golden.text())
    assert again.text() == golden.text() and again.decisions == golden.decisions

"""Record the sample logs in ``sample_logs/battlecon/`` (deterministic).

One best-of-three match, greedy bot against random bot, for every pairing of
the four fighters in each edition (12 files), plus the rulebook's comic
walkthrough from ``walkthrough.script.json``, plus three matches with Special
Actions (WoI, Preview) and Ante Finishers (WoI) that use every special, plus each fighter added since
against two of the first four, with and without Special Actions (``NEWCOMERS``, ``FIGHTER_SAMPLES``).
Seeds are fixed and the header's
``created_at`` is pinned, so running this again gives byte-identical files
unless the rules engine changed -- which is exactly what the samples are there
to catch (``beatlog verify sample_logs/battlecon/*.jsonl``).

    python sample_logs/make_samples.py          # rewrite the files
    python sample_logs/make_samples.py --check  # exit 1 if any file would change
"""

from __future__ import annotations

import argparse
import json
import sys
from itertools import combinations
from pathlib import Path

from recorder.errors import UnsupportedRules
from recorder.game import game_for, load_game
from recorder.header import Header, Player
from recorder.jsonl import encode_jsonl
from recorder.recording import MemorySink, record
from recorder.script import ScriptSource, load_script

HERE = Path(__file__).resolve().parent / "battlecon"
FIGHTERS = ("hikaru", "cadenza", "kallistar", "khadath")
EDITIONS = ("woi", "preview")
CREATED_AT = "2024-01-01T00:00:00Z"  # pinned: samples must regenerate byte for byte
WALKTHROUGH = "walkthrough"
# Fighters added after the first four: each against two of them, WoI, with and without Special Actions.
NEWCOMERS = (("luc", ("hikaru", "cadenza"), 201), ("rukyuk", ("kallistar", "khadath"), 401),
             ("magdalena", ("kallistar", "khadath"), 301), ("zaamassal", ("kallistar", "khadath"), 211),
             ("heketch", ("kallistar", "khadath"), 451),
             ("demitras", ("kallistar", "khadath"), 205), ("lixis", ("kallistar", "khadath"), 301),
             ("hepzibah", ("hikaru", "cadenza"), 401), ("seth", ("cadenza", "khadath"), 501),
             ("kehrolyn", ("hikaru", "cadenza"), 151), ("cherri", ("hikaru", "khadath"), 501),
             ("tatsumi", ("kallistar", "khadath"), 215), ("sagas", ("hikaru", "kallistar"), 301))


def recorded_rules(game, name: str):
    """The game that records sample ``name``: the rules its file was recorded under while this beatlog still
    runs them unchanged (so the file keeps its bytes, header included), else the current rules."""
    path = HERE / name
    if not path.exists():
        return game
    header = Header.from_dict(json.loads(path.read_bytes().split(b"\n", 1)[0]))
    try:
        return game_for(header)
    except UnsupportedRules:
        return game


def samples() -> dict[str, bytes]:
    """File name -> contents of every sample log."""
    game = load_game("battlecon")
    out: dict[str, bytes] = {}
    seed = 100
    for edition in EDITIONS:
        for a, b in combinations(FIGHTERS, 2):
            seed += 1
            players = (Player("Ann", a), Player("Ben", b))
            name = f"{edition}-{a}-vs-{b}.jsonl"
            rules = recorded_rules(game, name)
            header = rules.make_header(players=players, edition=edition, seed=seed, options={"duels": 3})
            sources = {0: rules.bot("greedy", seed, 0), 1: rules.bot("random", seed, 1)}
            out[name] = _record(rules, header, sources)
    script = load_script(HERE / f"{WALKTHROUGH}.script.json")
    players = tuple(Player(seat.name or f"Player {i + 1}", seat.side) for i, seat in enumerate(script.seats))
    rules = recorded_rules(game, f"{WALKTHROUGH}.jsonl")
    header = rules.make_header(players=players, edition=script.edition or "woi", seed=script.seed or 0,
                               options=script.options)
    source = ScriptSource(rules, script, header)
    out[f"{WALKTHROUGH}.jsonl"] = _record(rules, header, {0: source, 1: source})
    out.update(special_samples(game))
    out.update(newcomer_samples(game))
    out.update(fighter_samples(game))
    out.update(showcase_samples(game))
    return out


def newcomer_samples(game) -> dict[str, bytes]:
    out: dict[str, bytes] = {}
    for fighter, opponents, seed in NEWCOMERS:
        for opponent in opponents:
            for specials in (False, True):
                seed += 1
                name = f"woi-{'specials-' if specials else ''}{fighter}-vs-{opponent}.jsonl"
                rules = recorded_rules(game, name)
                options = {"duels": 3, **({"special_actions": True} if specials else {})}
                header = rules.make_header(players=(Player("Ann", fighter), Player("Ben", opponent)), edition="woi",
                                           seed=seed, options=options)
                sources = {0: rules.bot("greedy", seed, 0), 1: rules.bot("random", seed, 1)}
                out[name] = _record(rules, header, sources)
    return out


# -- Special Actions and Finishers ------------------------------------------------------------
# Seeds picked so that every special happens: Pulse, Cancel and a Finisher in each Special Actions
# match, an anted Finisher in the Ante Finishers one.
SPECIALS = (
    ("woi-specials-hikaru-vs-cadenza", "woi", ("hikaru", "cadenza"), 27, ("random", "random"),
     {"duels": 3, "special_actions": True}),
    ("preview-specials-khadath-vs-hikaru", "preview", ("khadath", "hikaru"), 78, ("random", "random"),
     {"duels": 3, "special_actions": True}),
    ("woi-ante-finishers-kallistar-vs-khadath", "woi", ("kallistar", "khadath"), 20, ("random", "random"),
     {"duels": 1, "ante_finishers": True}),
)

# The fighters added as kits after the first four: each against two of the first four, best of three, without
# and with Special Actions (seeds picked so that the Special Actions match plays Pulse, Cancel and a Finisher).
FIGHTER_SAMPLES = (
    ("woi-vanaah-vs-hikaru", "woi", ("vanaah", "hikaru"), 201, ("greedy", "random"), {"duels": 3}),
    ("woi-vanaah-vs-khadath", "woi", ("vanaah", "khadath"), 202, ("greedy", "random"), {"duels": 3}),
    ("woi-specials-vanaah-vs-hikaru", "woi", ("vanaah", "hikaru"), 74, ("random", "random"),
     {"duels": 3, "special_actions": True}),
    ("woi-specials-vanaah-vs-khadath", "woi", ("vanaah", "khadath"), 80, ("random", "random"),
     {"duels": 3, "special_actions": True}),
)


def special_samples(game) -> dict[str, bytes]:
    return {f"{name}.jsonl": _bot_sample(game, name, *rest) for name, *rest in SPECIALS}


def fighter_samples(game) -> dict[str, bytes]:
    return {f"{name}.jsonl": _bot_sample(game, name, *rest) for name, *rest in FIGHTER_SAMPLES}


def _bot_sample(game, name: str, edition: str, pair: tuple[str, str], seed: int, bots: tuple[str, str],
                options: dict) -> bytes:
    """Sample ``name``: Ann and Ben playing ``pair`` with ``bots``, under the rules its file was recorded under; a
    match with Special Actions or Ante Finishers must use every special it is there to show."""
    rules = recorded_rules(game, f"{name}.jsonl")
    header = rules.make_header(players=(Player("Ann", pair[0]), Player("Ben", pair[1])), edition=edition, seed=seed,
                               options=options)
    data = _record(rules, header, {p: rules.bot(bot, seed, p) for p, bot in enumerate(bots)})
    wanted = specials_wanted(options) if options.get("special_actions") or options.get("ante_finishers") else ()
    missing = sorted(set(wanted) - set(specials_used(data)))
    assert not missing, f"{name} (seed {seed}) no longer uses {', '.join(missing)}: pick another seed"
    return data


# Cards the bots reach only through a header option (a Finisher's side b, which the greedy bot never picks): one
# match each that must show the card doing what it does (``shows``: the check, named in SHOWN).
SHOWCASES = (
    ("woi-specials-sagas-assimilate-vs-hikaru", "woi", ("sagas", "hikaru"), 26, ("random", "random"),
     {"duels": 3, "special_actions": True, "finishers": ["b", "chosen"]}, "pair assimilated"),
)


def pairs_taken(data: bytes) -> int:
    """How many attack pairs a log's Finisher took out of play into the attacker's hand (two CardMoved records
    from ``play`` each, naming the opponent as the cards' owner)."""
    moved = 0
    for line in data.splitlines()[1:]:
        record = json.loads(line)
        if record["type"] == "CardMoved" and record["data"].get("from_zone") == "play":
            moved += 1
    return moved // 2


SHOWN = {"pair assimilated": lambda data: pairs_taken(data) >= 1}


def showcase_samples(game) -> dict[str, bytes]:
    out: dict[str, bytes] = {}
    for name, *rest, shows in SHOWCASES:
        out[f"{name}.jsonl"] = data = _bot_sample(game, name, *rest)
        assert SHOWN[shows](data), f"{name} (seed {rest[2]}) no longer shows {shows}: pick another seed"
    return out


def specials_wanted(options: dict) -> tuple[str, ...]:
    if options.get("ante_finishers"):
        return ("anted finisher",)
    return ("pulse", "cancel", "finisher")


def specials_used(data: bytes) -> list[str]:
    """The specials a recorded log really played: each Special Action as revealed, but a Finisher only
    when one is revealed as the attack (a Special-Action Finisher may be downgraded to a Cancel)."""
    used = []
    for line in data.splitlines()[1:]:
        record = json.loads(line)
        if record["type"] == "SpecialActionRevealed" and record["data"]["action"] != "finisher":
            used.append(record["data"]["action"])
        elif record["type"] == "FinisherRevealed":
            used.append("anted finisher" if record["data"]["how"] == "ante" else "finisher")
    return used


def _record(game, header, sources) -> bytes:
    sink = MemorySink()
    rec = record(game, header, sources, sink, clock=lambda: CREATED_AT)
    assert rec.finished, f"{header.match_id} did not finish"
    return encode_jsonl(sink.header, sink.records)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare with the files on disk")
    args = parser.parse_args(argv)
    stale = []
    for name, data in samples().items():
        path = HERE / name
        if path.exists() and path.read_bytes() == data:
            continue
        stale.append(name)
        if not args.check:
            path.write_bytes(data)
            print(f"wrote {path.relative_to(HERE.parent.parent)}")
    if args.check and stale:
        print(f"stale sample logs (run python sample_logs/make_samples.py): {', '.join(stale)}", file=sys.stderr)
        return 1
    if not stale:
        print("sample logs are up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Record the sample logs in ``sample_logs/skirmish/`` (deterministic).

Grid skirmish matches with beatlog's starter kit, one per scenario: Skirmish, Caravan Escort, Domination,
Endless Battlefield (Capture), Endless Battlefield (Deathmatch) as a three-player free-for-all, and Endless
Battlefield (Domination). Seeds are fixed and the header's ``created_at`` is
pinned, so running this again gives byte-identical files unless the rules engine changed (``beatlog
verify sample_logs/skirmish/*.jsonl``).

    python sample_logs/make_skirmish_samples.py          # rewrite the files
    python sample_logs/make_skirmish_samples.py --check  # exit 1 if any file would change
    python sample_logs/make_skirmish_samples.py --doc    # also refresh docs/protocol-skirmish.md's event sections

``--doc`` rewrites each ``### EventType`` section of the protocol doc from the event class (its
docstring, kind, rule and fields) with the first example line of that type in the samples (a type
the samples lack keeps its example); the prose before the first section is left alone.
"""

from __future__ import annotations

import argparse
import re
import sys
import typing
from pathlib import Path
from typing import Any

from recorder.game import load_game
from recorder.header import Player
from recorder.jsonl import encode_jsonl
from recorder.recording import MemorySink, record

HERE = Path(__file__).resolve().parent / "skirmish"
DOC = HERE.parent.parent / "docs" / "protocol-skirmish.md"
CREATED_AT = "2024-01-01T00:00:00Z"  # pinned: samples must regenerate byte for byte

# name -> (players, sides, bots, seed, options)
MATCHES: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], int, dict[str, Any]]] = {
    "skirmish-vanguard-vs-arcane": (("Ann", "Ben"), ("vanguard", "arcane"), ("sensible", "random"), 1, {"turns": 20}),
    "domination-shadows-vs-vanguard": (("Ann", "Ben"), ("shadows", "vanguard"), ("sensible", "random"), 2,
                                       {"scenario": "domination", "turns": 20}),
    "caravan-vanguard-vs-shadows": (("Ann", "Ben"), ("vanguard", "shadows"), ("sensible", "sensible"), 3,
                                    {"scenario": "caravan"}),
    "eb-capture-vanguard-vs-shadows": (("Ann", "Ben"), ("vanguard", "shadows"), ("sensible", "sensible"), 7,
                                       {"scenario": "eb_capture"}),
    "eb-deathmatch-ffa-3p": (("Ann", "Ben", "Cy"), ("vanguard", "arcane", "shadows"), ("sensible", "random", "sensible"),
                             12, {"scenario": "eb_deathmatch", "turns": 12}),
    "eb-domination-arcane-vs-shadows": (("Ann", "Ben"), ("arcane", "shadows"), ("sensible", "sensible"), 4,
                                        {"scenario": "eb_domination", "turns": 20}),
}


def samples() -> dict[str, bytes]:
    game = load_game("skirmish")
    out = {}
    for name, (names, sides, bots, seed, options) in MATCHES.items():
        players = tuple(Player(n, s) for n, s in zip(names, sides))
        header = game.make_header(players=players, edition="standard", seed=seed, options=options)
        sources = {seat: game.bot(bot, seed, seat) for seat, bot in enumerate(bots)}
        sink = MemorySink()
        rec = record(game, header, sources, sink, clock=lambda: CREATED_AT)
        assert rec.finished, f"{header.match_id} did not finish"
        out[f"{name}.jsonl"] = encode_jsonl(sink.header, sink.records)
    return out


def protocol_doc(logs: dict[str, bytes], text: str) -> str:
    """``text`` (docs/protocol-skirmish.md) with every event section rebuilt (see the module docstring)."""
    from recorder.events import payload_types
    from recorder.games.skirmish.describe import CITES
    from recorder.games.skirmish.events import EVENTS

    examples: dict[str, str] = {}
    for data in logs.values():
        for line in data.decode("utf-8").splitlines()[1:]:
            examples.setdefault(re.search(r'"type":"(\w+)"', line).group(1), line)
    head, _, rest = text.partition("\n### ")
    old = {part.split("\n", 1)[0].strip(): part for part in rest.split("\n### ")}
    sections = []
    for cls in sorted(EVENTS.own(), key=lambda c: c.TYPE):
        before = old.get(cls.TYPE, "")
        shown = re.search(r"\n(Public\.|Secret:[^\n]*)\n", before)
        kept = re.search(r"```json\n(.*?)\n```", before, flags=re.S)
        example = examples.get(cls.TYPE) or (kept.group(1) if kept else None)
        fields = ", ".join(f"`{n}` ({_type(t)})" for n, t in payload_types(cls).items())
        doc = " ".join((cls.__doc__ or "").split())
        part = (f"{cls.TYPE}\n\n{doc} Kind: `{cls.KIND}`. Rule: {CITES.get(cls.TYPE)}.\n\nFields: {fields}.\n\n"
                f"{shown.group(1) if shown else 'Public.'}\n")
        if example:
            part += f"\n```json\n{example}\n```\n"
        sections.append(part)
    return head + "\n### " + "\n### ".join(sections)


def _type(hint: typing.Any) -> str:
    if not typing.get_args(hint) and hasattr(hint, "__name__"):
        return hint.__name__
    return str(hint).replace("typing.", "").replace("NoneType", "None")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare with the files on disk")
    parser.add_argument("--doc", action="store_true", help="also refresh docs/protocol-skirmish.md's event sections")
    args = parser.parse_args(argv)
    HERE.mkdir(exist_ok=True)
    stale = []
    logs = samples()
    if args.doc:
        text = DOC.read_text(encoding="utf-8")
        doc = protocol_doc(logs, text)
        if doc != text:
            stale.append(DOC.name)
            if not args.check:
                DOC.write_text(doc, encoding="utf-8")
                print(f"wrote {DOC.relative_to(HERE.parent.parent)}")
    for name, data in logs.items():
        path = HERE / name
        if path.exists() and path.read_bytes() == data:
            continue
        stale.append(name)
        if not args.check:
            path.write_bytes(data)
            print(f"wrote {path.relative_to(HERE.parent.parent)}")
    if args.check and stale:
        print("stale sample logs: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

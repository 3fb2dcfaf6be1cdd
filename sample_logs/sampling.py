"""What the sample-log scripts of the Cogs of Valor and grid skirmish samples share.

Each script names its game, its folder, its protocol document and its table of matches
(``name -> (players, sides, bots, seed, options)``); :func:`main` records them with the
game's bots (deterministic: fixed seeds, pinned ``created_at``) and, with ``--doc``,
rewrites each ``### EventType`` section of the protocol document from the event class
(its docstring, kind, rule and fields) with the first example line of that type in the
samples (a type the samples lack keeps its example); the prose before the first section
is left alone. ``--check`` only reports what would change (exit 1).
"""

from __future__ import annotations

import argparse
import re
import sys
import typing
from pathlib import Path
from typing import Any, Mapping

from recorder.events import EventRegistry, payload_types
from recorder.game import load_game
from recorder.header import Player
from recorder.jsonl import encode_jsonl
from recorder.recording import MemorySink, record

CREATED_AT = "2024-01-01T00:00:00Z"  # pinned: samples must regenerate byte for byte

Matches = Mapping[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], int, dict[str, Any]]]


def samples(game_name: str, matches: Matches, edition: str = "standard") -> dict[str, bytes]:
    """Each match of ``matches`` recorded with its bots: file name -> the log's bytes."""
    game = load_game(game_name)
    out = {}
    for name, (names, sides, bots, seed, options) in matches.items():
        players = tuple(Player(n, s) for n, s in zip(names, sides))
        header = game.make_header(players=players, edition=edition, seed=seed, options=options)
        sources = {seat: game.bot(bot, seed, seat) for seat, bot in enumerate(bots)}
        sink = MemorySink()
        rec = record(game, header, sources, sink, clock=lambda: CREATED_AT)
        assert rec.finished, f"{header.match_id} did not finish"
        out[f"{name}.jsonl"] = encode_jsonl(sink.header, sink.records)
    return out


def protocol_doc(logs: Mapping[str, bytes], text: str, events: EventRegistry, cites: Mapping[str, str]) -> str:
    """``text`` (a game's protocol document) with every event section rebuilt (see the module docstring)."""
    examples: dict[str, str] = {}
    for data in logs.values():
        for line in data.decode("utf-8").splitlines()[1:]:
            examples.setdefault(re.search(r'"type":"(\w+)"', line).group(1), line)
    head, _, rest = text.partition("\n### ")
    old = {part.split("\n", 1)[0].strip(): part for part in rest.split("\n### ")}
    sections = []
    for cls in sorted(events.own(), key=lambda c: c.TYPE):
        before = old.get(cls.TYPE, "")
        shown = re.search(r"\n(Public\.|Secret:[^\n]*)\n", before)
        kept = re.search(r"```json\n(.*?)\n```", before, flags=re.S)
        example = examples.get(cls.TYPE) or (kept.group(1) if kept else None)
        fields = ", ".join(f"`{n}` ({_type(t)})" for n, t in payload_types(cls).items())
        doc = " ".join((cls.__doc__ or "").split())
        part = (f"{cls.TYPE}\n\n{doc} Kind: `{cls.KIND}`. Rule: {cites.get(cls.TYPE)}.\n\nFields: {fields}.\n\n"
                f"{shown.group(1) if shown else 'Public.'}\n")
        if example:
            part += f"\n```json\n{example}\n```\n"
        sections.append(part)
    return head + "\n### " + "\n### ".join(sections)


def _type(hint: typing.Any) -> str:
    if not typing.get_args(hint) and hasattr(hint, "__name__"):
        return hint.__name__
    return str(hint).replace("typing.", "").replace("NoneType", "None")


def main(description: str, game_name: str, matches: Matches, here: Path, doc: Path,
         events: EventRegistry, cites: Mapping[str, str], argv: list[str] | None = None) -> int:
    """The command line of a sample script: rewrite (or ``--check``) the samples and, with ``--doc``, the doc."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true", help="only compare with the files on disk")
    parser.add_argument("--doc", action="store_true", help=f"also refresh docs/{doc.name}'s event sections")
    args = parser.parse_args(argv)
    root = here.parent.parent
    here.mkdir(exist_ok=True)
    stale = []
    logs = samples(game_name, matches)
    if args.doc:
        text = doc.read_text(encoding="utf-8")
        new = protocol_doc(logs, text, events, cites)
        if new != text:
            stale.append(doc.name)
            if not args.check:
                doc.write_text(new, encoding="utf-8")
                print(f"wrote {doc.relative_to(root)}")
    for name, data in logs.items():
        path = here / name
        if path.exists() and path.read_bytes() == data:
            continue
        stale.append(name)
        if not args.check:
            path.write_bytes(data)
            print(f"wrote {path.relative_to(root)}")
    if args.check and stale:
        print("stale sample logs: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0

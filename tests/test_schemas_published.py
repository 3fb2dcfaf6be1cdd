"""What beatlog publishes about its format stays true: schemas/, the protocol docs, the sample logs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from recorder.events import KERNEL, EventRegistry
from recorder.game import GAMES
from recorder.jsonl import read_jsonl
from recorder.schemagen import all_schemas, installed_registries, render

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas"
DOCS = ROOT / "docs"
SAMPLES = ROOT / "sample_logs"
REGENERATE = "regenerate them with: beatlog schema-dump -o schemas"


def shipped_registries() -> list[EventRegistry]:
    """The installed games' registries, without games that only tests register (the toy game)."""
    return [r for r in installed_registries() if GAMES[r.game].startswith("recorder.")]


def test_published_schemas_are_current():
    expected = dict(all_schemas(shipped_registries()))
    stale = []
    for rel, schema in expected.items():
        path = SCHEMAS / rel
        if not path.exists():
            stale.append(f"{rel} is missing")
        elif path.read_text(encoding="utf-8") != render(schema):
            stale.append(f"{rel} differs from the code")
    # A removed or renamed event type must not leave its old schema behind.
    folders = ["core"] + [r.game for r in shipped_registries()]
    for folder in folders:
        for path in sorted((SCHEMAS / folder).glob("*.json")):
            rel = path.relative_to(SCHEMAS).as_posix()
            if rel not in expected:
                stale.append(f"{rel} matches no event type")
    assert not stale, f"schemas/ is stale ({'; '.join(stale)}); {REGENERATE}"


def _sections(doc: Path) -> set[str]:
    if not doc.exists():
        return set()
    return set(re.findall(r"^### (\w+)\s*$", doc.read_text(encoding="utf-8"), flags=re.M))


def _documented(registry: EventRegistry, doc: Path) -> None:
    types = [cls.TYPE for cls in registry.own()]
    assert types, f"{registry.game or 'kernel'} registers no event types"
    folder = registry.game or "core"
    missing_schema = [t for t in types if not (SCHEMAS / folder / f"{t}.json").exists()]
    assert not missing_schema, f"no schema file for {missing_schema} in schemas/{folder}/; {REGENERATE}"
    assert doc.exists(), f"{doc.relative_to(ROOT)} is missing: it must document {types}"
    undocumented = sorted(set(types) - _sections(doc))
    assert not undocumented, f"{doc.relative_to(ROOT)} has no '### TypeName' section for {undocumented}"


def test_kernel_events_are_documented():
    _documented(KERNEL, DOCS / "protocol.md")


@pytest.mark.parametrize("game", sorted(name for name, target in GAMES.items() if target.startswith("recorder.")))
def test_game_events_are_documented(game):
    registry = next((r for r in shipped_registries() if r.game == game), None)
    if registry is None:
        pytest.skip(f"game {game!r} is not installed in this build")
    _documented(registry, DOCS / f"protocol-{game}.md")


def test_protocol_doc_covers_the_format():
    text = (DOCS / "protocol.md").read_text(encoding="utf-8")
    for heading in ("## The file", "## Canonical JSON and hashing", "## The header", "## The envelope",
                    "## The chain", "## Visibility", "## Input and outcome events"):
        assert heading in text
    from recorder.envelope import FIELDS
    from recorder.header import HEADER_FIELDS

    for field in (*FIELDS, *HEADER_FIELDS):
        assert f"| `{field}` |" in text, f"docs/protocol.md does not describe the field {field!r}"


SAMPLE_FILES = sorted(SAMPLES.rglob("*.jsonl")) if SAMPLES.exists() else []


@pytest.mark.parametrize("path", SAMPLE_FILES or [None],
                         ids=[p.relative_to(ROOT).as_posix() for p in SAMPLE_FILES] or ["none"])
def test_sample_logs_read_and_validate(path):
    if path is None:
        pytest.skip("no sample logs in sample_logs/ yet")
    log = read_jsonl(path, name=path.relative_to(ROOT).as_posix())
    assert log.records, f"{path.name} holds a header but no events"

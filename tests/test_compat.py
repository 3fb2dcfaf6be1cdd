"""Logs are forever: every frozen log of an earlier engine still verifies with this one.

``tests/compat/<release>/`` holds logs exactly as an earlier commit on main recorded them.
They are never regenerated: ``MANIFEST.sha256`` pins their bytes, and each must verify.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from replay.source import load_jsonl
from replay.verify import verify_loaded

COMPAT = Path(__file__).parent / "compat"
FROZEN = sorted(COMPAT.glob("*/**/*.jsonl"))


def test_there_are_frozen_logs() -> None:
    assert len(FROZEN) >= 28


@pytest.mark.parametrize("path", FROZEN, ids=[str(p.relative_to(COMPAT)) for p in FROZEN])
def test_frozen_log_verifies(path: Path) -> None:
    report = verify_loaded(load_jsonl(path))
    assert report.ok and report.complete, report.summary()
    last = path.read_bytes().rstrip(b"\n").rsplit(b"\n", 1)[-1]
    assert report.final_hash.encode() in last


@pytest.mark.parametrize("release", sorted(p.parent for p in COMPAT.glob("*/MANIFEST.sha256")),
                         ids=lambda p: p.name)
def test_frozen_files_are_unchanged(release: Path) -> None:
    listed = {}
    for line in (release / "MANIFEST.sha256").read_text(encoding="utf-8").splitlines():
        digest, name = line.split(maxsplit=1)
        listed[name.removeprefix("./")] = digest
    present = {str(p.relative_to(release)) for p in release.rglob("*") if p.is_file()} - {"MANIFEST.sha256"}
    assert present == set(listed), "files were added to or removed from a frozen folder"
    for name, digest in listed.items():
        assert hashlib.sha256((release / name).read_bytes()).hexdigest() == digest, f"{name} was changed"

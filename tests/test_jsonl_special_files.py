"""Writing a live log to something that is not a regular file: /dev/null, a pipe.

fsync is refused (EINVAL) on those; the writer must skip it there, and never
read a pipe to see whether it is empty (that would wait for a writer).
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.jsonl import JsonlWriter, parse_jsonl
from tests.logmaker import make_log

LOG = make_log()
TOY = ["--game", "toy", "--edition", "standard", "--fighters", "red,blue"]
needs_devnull = pytest.mark.skipif(not Path("/dev/null").exists(), reason="no /dev/null")
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


@needs_devnull
def test_writer_to_dev_null_skips_fsync():
    with JsonlWriter("/dev/null") as writer:
        writer.start(LOG.header)
        writer.append(LOG.records)
    assert writer.last_seq == len(LOG.records)


@needs_devnull
def test_record_to_dev_null(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["record", *TOY, "--seed", "7", "-o", "/dev/null"])
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert "saved to /dev/null" in result.output
    assert list(tmp_path.iterdir()) == []  # nothing written anywhere else


def _drain(path: Path, out: list[bytes]) -> threading.Thread:
    def read() -> None:
        with open(path, "rb") as pipe:
            out.append(pipe.read())

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    return thread


@needs_fifo
def test_writer_to_a_named_pipe(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = _drain(fifo, got)
    with JsonlWriter(fifo) as writer:
        writer.start(LOG.header)
        writer.append(LOG.records)
    reader.join(10)
    assert parse_jsonl(got[0], name="pipe").records == LOG.records


@needs_fifo
def test_record_to_a_named_pipe(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    os.mkfifo("pipe")
    got: list[bytes] = []
    reader = _drain(tmp_path / "pipe", got)
    result = CliRunner().invoke(main, ["record", *TOY, "--seed", "7", "-o", "pipe"])
    reader.join(10)
    assert result.exit_code == 0, result.output
    log = parse_jsonl(got[0], name="pipe")
    assert log.header.seed == 7 and log.records

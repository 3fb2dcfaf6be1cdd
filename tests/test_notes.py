"""``beatlog annotate``: notes on a round kept beside the log in a hash-chained file naming the event they are
about; the log's own chain never changes; notes are shown by ``explain`` (escaped) and refused when tampered."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.errors import CorruptLog
from recorder.jsonl import read_jsonl
from recorder.notes import add_note, notes_path, read_notes
from tests.replay_support import battlecon_duel, write_log


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def log(tmp_path):
    return write_log(tmp_path / "m.jsonl", *battlecon_duel(7))


def test_a_note_is_kept_beside_the_log_and_the_log_still_verifies(log):
    before = log.read_bytes()
    result = run("annotate", str(log), "--beat", "3", "--text", "Ruling: the push stops at the trap",
                 "--author", "Head judge")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("note 1 on event ") and result.output.strip().endswith(f"-> {log}.notes")
    assert log.read_bytes() == before  # the log's chain is untouched
    assert run("verify", str(log)).exit_code == 0
    parsed = read_jsonl(log)
    (note,) = read_notes(notes_path(log), parsed.header, parsed.records)
    first = next(r for r in parsed.records if (r.duel, r.beat) == (1, 3))
    assert (note.n, note.seq, note.event, note.author) == (1, first.seq, first.hash, "Head judge")
    assert note.prev == parsed.header.hash  # chained to the log it is about


def test_explain_prints_the_rounds_notes_escaped(log):
    run("annotate", str(log), "--beat", "3", "--text", "evil \x1b]0;pwned\x07 title", "--author", "Ben")
    run("annotate", str(log), "--beat", "4", "--text", "another beat")
    result = run("explain", str(log), "--beat", "3")
    assert result.exit_code == 0, result.output
    notes = result.output.split("\nNotes:\n", 1)[1]
    assert notes.startswith("  Ben on #") and "evil \\e]0;pwned\\x07 title" in notes
    assert "\x1b" not in result.output and "another beat" not in result.output
    html = run("explain", str(log), "--beat", "3", "--html", "-").output
    assert "<h2>Notes</h2>" in html and "\x1b" not in html and "evil \\e]0;pwned" in html


def test_notes_on_an_event_and_bad_rounds(log):
    parsed = read_jsonl(log)
    seqs = [r.seq for r in parsed.records if (r.duel, r.beat) == (1, 3)]
    assert run("annotate", str(log), "--beat", "3", "--event", str(seqs[2]), "--text", "x").exit_code == 0
    bad = run("annotate", str(log), "--beat", "3", "--event", "2", "--text", "x")
    assert bad.exit_code == 1
    assert bad.output.strip() == (f"Error: event 2 is not in duel 1, beat 3 of match {parsed.header.match_id} "
                                  f"(its events are {seqs[0]}-{seqs[-1]})")
    none = run("annotate", str(log), "--beat", "99", "--text", "x")
    assert none.output.strip() == f"Error: match {parsed.header.match_id} has no duel 1, beat 99"
    empty = run("annotate", str(log), "--beat", "3", "--text", "  ")
    assert empty.output.strip() == "Error: a note needs some text (--text)"


@pytest.mark.parametrize("damage", ["edit", "drop", "swap", "other-log"])
def test_a_tampered_notes_file_is_refused(log, tmp_path, damage):
    parsed = read_jsonl(log)
    path = notes_path(log)
    for beat, text in ((2, "one"), (3, "two"), (4, "three")):
        add_note(path, parsed.header, parsed.records, duel=1, beat=beat, text=text, author="J")
    lines = path.read_bytes().splitlines()
    if damage == "edit":
        lines[1] = lines[1].replace(b'"two"', b'"TWO"')
    elif damage == "drop":
        del lines[0]
    elif damage == "swap":
        lines[0], lines[1] = lines[1], lines[0]
    path.write_bytes(b"\n".join(lines) + b"\n")
    if damage == "other-log":
        other = write_log(tmp_path / "o.jsonl", *battlecon_duel(8))
        parsed = read_jsonl(other)
    with pytest.raises(CorruptLog) as info:
        read_notes(path, parsed.header, parsed.records)
    assert str(info.value).startswith(f"{path}, line ")
    result = run("explain", str(log), "--beat", "3")
    if damage != "other-log":
        assert result.exit_code == 1 and result.output.startswith(f"Error: {path}, line ")

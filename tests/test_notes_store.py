"""Notes on a store's matches (``beatlog annotate --db STORE --match ID``), on each backend: the same lines as a
``.notes`` file, kept in an append-only ``notes`` table chained from the match's header; the events never change;
``explain --db`` prints them, ``render --db`` shows them (and re-renders only the page a new note changes), and
``copy`` carries them."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder import store_notes
from recorder.errors import CorruptLog, LogConflict
from recorder.jsonl import read_jsonl
from recorder.notes import add_note, notes_path, read_notes
from recorder.store import Store, is_server_url
from tests.replay_support import battlecon_duel, write_log
from tests.store_backends import dump, tamper


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def stored(store_db, tmp_path):
    """A store holding one BattleCON duel (imported from a JSONL log); its db and match id."""
    log = write_log(tmp_path / "m.jsonl", *battlecon_duel(7))
    result = run("import", "--db", store_db, str(log))
    assert result.exit_code == 0, result.output
    return store_db, read_jsonl(log).header.match_id, log


def _events(db):
    return [t for t in dump(db) if "notes" not in str(t)[:80]] if not is_server_url(db) else dump(db)[:2]


def test_a_note_goes_to_the_stores_notes_table_and_the_match_is_unchanged(stored):
    db, mid, _ = stored
    with Store(db, create=False) as store:
        assert store_notes.TABLE not in store.table_names()  # no note yet: the store is as an earlier beatlog left it
    before = _events(db)
    result = run("annotate", "--db", db, "--match", mid, "--beat", "3", "--text", "Appeal refused",
                 "--author", "Head judge")
    assert result.exit_code == 0, result.output
    assert re.fullmatch(rf"note 1 on event \d+ of match {mid} -> .* \(its notes table\)\n", result.output)
    assert run("annotate", "--db", db, "--match", mid, "--beat", "4", "--text", "second").exit_code == 0
    assert _events(db) == before  # the events and the match row are untouched
    assert run("verify", "--db", db).exit_code == 0
    with Store(db, create=False) as store:
        log = store.read(mid)
        notes = store_notes.read(store, mid, log.header, log.records)
    first = next(r for r in log.records if (r.duel, r.beat) == (1, 3))
    assert [(n.n, n.seq, n.event, n.author, n.text) for n in notes][0] == (1, first.seq, first.hash, "Head judge",
                                                                          "Appeal refused")
    assert notes[0].prev == log.header.hash and notes[1].prev == notes[0].hash  # chained from the header


def test_the_same_note_hashes_alike_in_a_file_and_in_a_store(stored, tmp_path):
    db, mid, log = stored
    parsed = read_jsonl(log)
    at = "2026-11-26T00:00:00Z"
    in_file = add_note(notes_path(log), parsed.header, parsed.records, duel=1, beat=2, text="same", author="J",
                       now=at)
    with Store(db) as store:
        in_store = store_notes.add(store, mid, duel=1, beat=2, text="same", author="J", now=at)
    assert in_store == in_file


def test_explain_prints_a_stored_matchs_notes_escaped(stored):
    db, mid, _ = stored
    run("annotate", "--db", db, "--match", mid, "--beat", "3", "--text", "evil \x1b]0;pwned\x07 title",
        "--author", "<b>Ben</b>")
    run("annotate", "--db", db, "--match", mid, "--beat", "4", "--text", "another beat")
    result = run("explain", "--db", db, "--match", mid, "--beat", "3")
    assert result.exit_code == 0, result.output
    notes = result.output.split("\nNotes:\n", 1)[1]
    assert notes.startswith("  <b>Ben</b> on #") and "evil \\e]0;pwned\\x07 title" in notes
    assert "\x1b" not in result.output and "another beat" not in result.output
    html = run("explain", "--db", db, "--match", mid, "--beat", "3", "--html", "-").output
    assert "<h2>Notes</h2>" in html and "&lt;b&gt;Ben&lt;/b&gt;" in html and "<b>Ben</b>" not in html


def test_naming_the_match_wrongly_is_one_line(stored):
    db, mid, log = stored
    cases = [
        (["annotate", "--db", db, "--match", mid[:-1] + "x", "--beat", "3", "--text", "t"],
         f"no match {mid[:-1] + 'x'!r} (did you mean {mid!r}?)"),
        (["annotate", "--db", db, "--beat", "3", "--text", "t"], "name the match with --match ID"),
        (["annotate", str(log), "--db", db, "--match", mid, "--beat", "3", "--text", "t"], "not both"),
        (["explain", "--match", mid, "--beat", "3"], "--match only applies with --db"),
        (["explain", "--beat", "3"], "name the match: LOG.jsonl, or --db STORE --match ID"),
        (["annotate", "--db", db, "--match", mid, "--beat", "99", "--text", "t"], f"match {mid} has no duel 1, beat 99"),
    ]
    for args, message in cases:
        result = run(*args)
        assert result.exit_code == 1, (args, result.output)
        assert len(result.output.strip().splitlines()) == 1 and message in result.output, (args, result.output)
        assert "Traceback" not in result.output


def test_notes_are_append_only_inside_the_database(stored):
    db, mid, _ = stored
    assert run("annotate", "--db", db, "--match", mid, "--beat", "3", "--text", "kept").exit_code == 0
    statements = ["UPDATE notes SET text = 'changed'", "DELETE FROM notes",
                  "INSERT INTO notes SELECT match_id, n + 1, duel, beat, seq, event, author, text, created_at, "
                  "prev, hash FROM notes"]
    if is_server_url(db):
        import psycopg

        for sql in [*statements, "TRUNCATE notes"]:
            with psycopg.connect(db, autocommit=True) as conn, pytest.raises(psycopg.errors.IntegrityError) as err:
                conn.execute(sql)
            assert str(err.value).startswith("beatlog: "), sql
    else:
        conn = sqlite3.connect(db)
        for sql in statements:
            with pytest.raises(sqlite3.IntegrityError, match="^beatlog: "):
                conn.execute(sql)
        conn.close()
    with Store(db, create=False) as store:
        log = store.read(mid)
        assert [n.text for n in store_notes.read(store, mid, log.header, log.records)] == ["kept"]


def test_an_edited_note_is_found_and_a_dropped_trigger_refuses_the_store(stored):
    db, mid, _ = stored
    run("annotate", "--db", db, "--match", mid, "--beat", "3", "--text", "original")
    tamper(db, "UPDATE notes SET text = 'forged'")
    result = run("explain", "--db", db, "--match", mid, "--beat", "3")
    assert result.exit_code == 1
    assert f"match {mid}, note 1: the notes' hash chain is broken here" in result.output
    if is_server_url(db):
        import psycopg

        with psycopg.connect(db, autocommit=True) as conn:
            conn.execute("DROP TRIGGER notes_no_delete ON notes")
    else:
        conn = sqlite3.connect(db)
        conn.execute("DROP TRIGGER notes_no_delete")
        conn.commit()
        conn.close()
    with pytest.raises(CorruptLog, match=r"append-only triggers are missing \(notes_no_delete\)"):
        Store(db, create=False)


def test_render_shows_a_stored_notes_and_rewrites_only_that_page(stored, tmp_path):
    db, mid, _ = stored
    site = tmp_path / "site"
    assert run("render", "--db", db, "-o", str(site)).exit_code == 0
    page = next((site / "matches").glob("*.html"))
    before = {p.name: p.stat().st_mtime_ns for p in site.rglob("*.html")}
    assert run("annotate", "--db", db, "--match", mid, "--beat", "3", "--text", "<script>alert(1)</script>",
               "--author", "Judge").exit_code == 0
    assert run("render", "--db", db, "-o", str(site)).exit_code == 0
    assert page.stat().st_mtime_ns != before[page.name]  # the note changed what the page shows
    text = page.read_text(encoding="utf-8")
    assert "<script>alert(1)</script>" not in text and "alert(1)" in text  # in the page's data, escaped
    with Store(db, create=False) as store:
        log = store.read(mid)
        (note,) = store_notes.read(store, mid, log.header, log.records)
    pages = json.loads((site / ".beatlog-site.json").read_text())["pages"]
    assert pages[mid] == f"{log.final_hash} {note.hash}"  # what the page shows: the log and its last note
    again = {p.name: p.stat().st_mtime_ns for p in (site / "matches").glob("*.html")}
    assert run("render", "--db", db, "-o", str(site)).exit_code == 0
    assert {p.name: p.stat().st_mtime_ns for p in (site / "matches").glob("*.html")} == again  # nothing new


def test_copy_carries_the_notes_and_finishes_after_an_interruption(stored, tmp_path):
    db, mid, _ = stored
    for beat in (2, 3):
        assert run("annotate", "--db", db, "--match", mid, "--beat", str(beat), "--text", f"on {beat}").exit_code == 0
    other = str(tmp_path / "copy.db")
    result = run("copy", "--db", db, "--to", other)
    assert result.exit_code == 0, result.output
    assert result.output.rstrip().endswith("; 2 notes on them")
    with Store(db, create=False) as a, Store(other, create=False) as b:
        log = a.read(mid)
        assert store_notes.read(a, mid, log.header, log.records) == store_notes.read(b, mid, log.header, log.records)
    run("annotate", "--db", db, "--match", mid, "--beat", "4", "--text", "later")
    result = run("copy", "--db", db, "--to", other)
    assert result.exit_code == 0 and result.output.rstrip().endswith("; 1 notes on them"), result.output
    run("annotate", "--db", other, "--match", mid, "--beat", "5", "--text", "only in the copy")
    run("annotate", "--db", db, "--match", mid, "--beat", "5", "--text", "only in the source")
    result = run("copy", "--db", db, "--to", other)
    assert result.exit_code == 1 and "its notes are not the source's (4 there, 4 in" in result.output


def test_two_writers_of_one_match_chain_their_notes(stored):
    db, mid, _ = stored
    with Store(db) as one, Store(db) as two:
        log = one.read(mid)
        store_notes.add(one, mid, duel=1, beat=2, text="first", author="A")
        from recorder.notes import next_note

        stale = next_note([], log.header, log.records, duel=1, beat=3, text="stale", author="B")
        with pytest.raises(LogConflict, match="the database refused the note: beatlog: a note must be the "
                                              "match's next one"):
            store_notes._append(two, mid, [stale])
        store_notes.add(two, mid, duel=1, beat=3, text="second", author="B")
        assert [n.text for n in store_notes.read(one, mid, log.header, log.records)] == ["first", "second"]


# The notes table and triggers as the first beatlog with notes wrote them into SQLite stores: a store holding them
# must keep opening (the schema check compares its triggers with today's, normalised) and take new notes.
EARLIER_SQLITE_NOTES = [
    """CREATE TABLE notes (
    match_id TEXT NOT NULL,
    n INTEGER NOT NULL CHECK (n >= 1),
    duel INTEGER NOT NULL,
    beat INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    author TEXT NOT NULL,
    text TEXT NOT NULL,
    created_at TEXT NOT NULL,
    prev TEXT NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (match_id, n)
) WITHOUT ROWID""",
    """CREATE TRIGGER notes_no_update BEFORE UPDATE ON notes
BEGIN
    SELECT RAISE(ABORT, 'beatlog: notes are append-only: UPDATE is refused');
END""",
    """CREATE TRIGGER notes_no_delete BEFORE DELETE ON notes
BEGIN
    SELECT RAISE(ABORT, 'beatlog: notes are append-only: DELETE is refused');
END""",
    """CREATE TRIGGER notes_append_in_order BEFORE INSERT ON notes
BEGIN
    SELECT RAISE(ABORT, 'beatlog: a note of a match that is not in the matches table')
    WHERE NOT EXISTS (SELECT 1 FROM matches WHERE match_id = NEW.match_id);
    SELECT RAISE(ABORT, 'beatlog: a note must be the match''s next one, chained onto its last')
    WHERE NEW.n IS NOT coalesce((SELECT max(n) FROM notes WHERE match_id = NEW.match_id), 0) + 1
       OR NEW.prev IS NOT coalesce((SELECT hash FROM notes WHERE match_id = NEW.match_id AND n = NEW.n - 1),
                                   (SELECT header_hash FROM matches WHERE match_id = NEW.match_id));
END""",
]


def test_the_notes_table_is_one_text_for_both_dialects():
    from recorder import store_schema, store_schema_pg

    (sqlite,), (pg,) = store_notes.ddl("sqlite")[:1], store_notes.ddl("postgresql")[:1]
    assert store_notes.ddl("sqlite") == EARLIER_SQLITE_NOTES  # SQLite's, word for word as earlier stores hold it
    assert sqlite == store_schema.notes_tables("sqlite")[0] and pg == store_schema_pg.NOTES_TABLES[0]
    # PostgreSQL's differs only in the words of its dialect: its integers, and no WITHOUT ROWID
    assert pg.replace("BIGINT", "INTEGER") + " WITHOUT ROWID" == sqlite
    # the same refusals, in the same words (PostgreSQL refuses TRUNCATE too)
    for verb in ("UPDATE", "DELETE"):
        message = f"beatlog: notes are append-only: {verb} is refused"
        assert message in store_schema.NOTES_TRIGGERS[f"notes_no_{verb.lower()}"]
        assert message in store_schema_pg.NOTES_TRIGGERS[f"notes_no_{verb.lower()}"][1]
    body = store_schema_pg.NOTES_FUNCTIONS["beatlog_notes_append"]
    for message in ("beatlog: a note of a match that is not in the matches table",
                    "beatlog: a note must be the match''s next one, chained onto its last"):
        assert message in store_schema.NOTES_TRIGGERS["notes_append_in_order"] and message in body


def test_a_store_whose_notes_table_an_earlier_beatlog_made_keeps_opening(tmp_path):
    log = write_log(tmp_path / "m.jsonl", *battlecon_duel(7))
    db = str(tmp_path / "club.db")
    assert run("import", "--db", db, str(log)).exit_code == 0
    mid = read_jsonl(log).header.match_id
    conn = sqlite3.connect(db)
    for sql in EARLIER_SQLITE_NOTES:
        conn.execute(sql)
    conn.commit()
    conn.close()
    result = run("annotate", "--db", db, "--match", mid, "--beat", "3", "--text", "Appeal refused")
    assert result.exit_code == 0, result.output
    assert run("verify", "--db", db).exit_code == 0
    with Store(db, create=False) as store:
        log = store.read(mid)
        assert [n.text for n in store_notes.read(store, mid, log.header, log.records)] == ["Appeal refused"]

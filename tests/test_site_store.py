"""``beatlog render --db``: the index and player pages from the store's statistics rows, and a second
render into the same folder rewriting only what changed."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from beatlog.importing import import_logs
from recorder.jsonl import read_jsonl
from recorder.store import Store
from viewer.site import render_site
from viewer.site_store import MANIFEST, render_store
from viewer.sources import from_store

SAMPLES = sorted(str(p) for p in (Path(__file__).parent.parent / "sample_logs").glob("*/*.jsonl"))


def _run(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output + (result.stderr or "")
    return result


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != MANIFEST}


def _times(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_mtime_ns for p in folder.rglob("*.html")}


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("site") / "s.db"
    _run("import", *SAMPLES[:-1], "--db", str(path), "--no-verify")
    return path


def test_the_same_site_as_walking_every_log(db, tmp_path):
    """Byte for byte (a first render walks every match for its page, so player pages are whole)."""
    _run("render", "--db", str(db), "-o", str(tmp_path / "rows"))
    render_site(from_store(db), tmp_path / "walked")
    assert _files(tmp_path / "rows") == _files(tmp_path / "walked")


def test_a_second_render_rewrites_only_what_changed(db, tmp_path, monkeypatch):
    import viewer.site_store as site_store

    # Every match charted on the player pages, so the site can be compared with one rendered from the logs
    # (the figures from rows are the walk's: test_stats_tables.test_rows_give_back_the_walked_dicts).
    monkeypatch.setattr(site_store, "RECENT", 10_000)
    copy = tmp_path / "c.db"
    copy.write_bytes(db.read_bytes())
    site = tmp_path / "site"
    first = render_store(copy, site)
    assert len(first.matches) == len(SAMPLES) - 1 and first.players
    before = _times(site)
    again = render_store(copy, site)
    assert (again.matches, again.players) == ([], 0)
    assert _times(site) == before  # nothing rewritten, not even the index
    new = read_jsonl(SAMPLES[-1])
    with Store(copy) as store:
        import_logs(store, [new], verify=False)
    third = render_store(copy, site)
    assert [m for m, _, _ in third.matches] == [new.match_id]
    names = {p.name for p in new.header.players}
    after = _times(site)
    rewritten = {path for path in after if after[path] != before.get(path)}
    from viewer.summary import player_stem

    assert rewritten == ({"index.html", f"matches/{new.match_id}.html"}
                         | {f"players/{player_stem(n)}.html" for n in names})
    render_site(from_store(copy), tmp_path / "walked")
    assert _files(site) == _files(tmp_path / "walked")


def test_a_deleted_page_is_written_again(db, tmp_path):
    site = tmp_path / "site"
    render_store(db, site)
    page = next((site / "matches").glob("*.html"))
    page.unlink()
    again = render_store(db, site)
    assert [path for _, path, _ in again.matches] == [page]


def test_a_player_with_many_matches_charts_the_latest_round_by_round(tmp_path, monkeypatch):
    import viewer.site_store as site_store

    monkeypatch.setattr(site_store, "RECENT", 2)
    db = tmp_path / "p.db"
    battlecon = [p for p in SAMPLES if "/battlecon/woi-" in p][:4]
    _run("import", *battlecon, "--db", str(db), "--no-verify")
    render_store(db, tmp_path / "site")  # every match page built (and so walked) in this run
    import shutil

    shutil.rmtree(tmp_path / "site" / "players")
    assert render_store(db, tmp_path / "site").players  # now from rows, the latest RECENT walked again
    players = {p.name for path in battlecon for p in read_jsonl(path).header.players}
    for name in players:
        from viewer.summary import player_stem

        html = (tmp_path / "site" / "players" / f"{player_stem(name)}.html").read_text()
        assert html.count('class="match-beats"') == 2


def test_a_player_with_many_matches_lists_the_latest_and_counts_them_all(db, tmp_path, monkeypatch):
    """Over LISTED matches a page lists the latest; its record, opponents and usage still cover all."""
    import re

    import viewer.site_store as site_store
    from viewer.summary import player_stem

    monkeypatch.setattr(site_store, "LISTED", 2)
    render_store(db, tmp_path / "rows")
    render_site(from_store(db), tmp_path / "walked")
    with Store(db, readonly=True) as store:
        logs = [store.read(m) for m in store.match_ids()]
    counts: dict[str, int] = {}
    for log in logs:
        for p in log.header.players:
            counts[p.name] = counts.get(p.name, 0) + 1
    name = max(counts, key=lambda n: counts[n])
    assert counts[name] > 2
    page = f"players/{player_stem(name)}.html"
    rows = (tmp_path / "rows" / page).read_text()
    walked = (tmp_path / "walked" / page).read_text()
    assert f"{counts[name]} matches; the latest 2 listed match by match" in rows
    assert rows.count('<td class="watch"') == 2 and walked.count('<td class="watch"') == counts[name]

    def section(html: str, start: str, end: str) -> str:
        return html[html.index(start):html.index(end, html.index(start))]

    # the record over all matches, the opponents and the usage tables are the walked page's
    record = re.search(r"<h2>Record over all .*?</section>", walked, re.S).group(0)
    assert record in rows
    for start in ('aria-labelledby="opp', 'aria-labelledby="usage-title'):
        if start in walked:
            assert section(rows, start, "</section>") == section(walked, start, "</section>")


def test_a_match_damaged_after_it_was_counted_never_takes_the_site_down(db, tmp_path):
    import sqlite3

    from recorder.store_schema import TRIGGERS

    copy = tmp_path / "d.db"
    copy.write_bytes(db.read_bytes())
    with Store(copy, readonly=True) as store:
        victim = store.match_ids()[0]
    conn = sqlite3.connect(copy, isolation_level=None)  # an edit behind beatlog's back, triggers put back
    for name in TRIGGERS:
        conn.execute(f"DROP TRIGGER {name}")
    conn.execute("UPDATE events SET data = '{}' WHERE match_id = ? AND seq = 3", (victim,))
    for ddl in TRIGGERS.values():
        conn.execute(ddl)
    conn.close()
    result = CliRunner().invoke(main, ["render", "--db", str(copy), "-o", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith(f"no page for match {victim}: ") and result.stderr.count("\n") == 1
    assert (tmp_path / "site" / "index.html").exists()
    assert not (tmp_path / "site" / "matches" / f"{victim}.html").exists()


def test_a_postgresql_store_renders_the_same_site_and_then_only_what_changed(pg_url, tmp_path, monkeypatch):
    """The statistics rows kept in PostgreSQL give the walk's site; a second render rewrites nothing."""
    import viewer.site_store as site_store

    monkeypatch.setattr(site_store, "RECENT", 10_000)
    _run("import", *SAMPLES[:-1], "--db", pg_url, "--no-verify")
    site = tmp_path / "site"
    first = render_store(pg_url, site)
    assert len(first.matches) == len(SAMPLES) - 1 and first.players
    render_site(from_store(pg_url), tmp_path / "walked")
    assert _files(site) == _files(tmp_path / "walked")
    before = _times(site)
    again = render_store(pg_url, site)
    assert (again.matches, again.players) == ([], 0) and _times(site) == before
    new = read_jsonl(SAMPLES[-1])
    with Store(pg_url) as store:
        import_logs(store, [new], verify=False)
    assert [m for m, _, _ in render_store(pg_url, site).matches] == [new.match_id]
    render_site(from_store(pg_url), tmp_path / "walked2")
    assert _files(site) == _files(tmp_path / "walked2")

"""A site of many matches pages its lists (viewer/listing.py): the index and a player's page show the latest,
numbered list pages hold every match, oldest first, and a second render rewrites only the pages whose matches
changed. A small page size stands in for the 100 of a real site."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import viewer.listing as listing
from beatlog.cli import main
from beatlog.importing import import_logs
from recorder.jsonl import read_jsonl
from recorder.store import Store
from viewer.site import render_site
from viewer.site_store import MANIFEST, render_store
from viewer.sources import from_store
from viewer.summary import player_stem

SAMPLES = sorted(str(p) for p in (Path(__file__).parent.parent / "sample_logs").glob("*/*.jsonl"))
SIZE = 7
WATCH = re.compile(r'<a href="(?:\.\./)*matches/([^"]+)\.html">Watch</a>')


def _newest_last() -> list[str]:
    """The samples with the newest (created_at, match id) last: the one a second render adds."""
    def key(path: str):
        header = read_jsonl(path).header
        return (header.created_at, header.match_id)
    return sorted(SAMPLES, key=key)


@pytest.fixture(autouse=True)
def small_pages(monkeypatch):
    monkeypatch.setattr(listing, "PAGE_SIZE", SIZE)


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("paging") / "s.db"
    result = CliRunner().invoke(main, ["import", *_newest_last()[:-1], "--db", str(path), "--no-verify"])
    assert result.exit_code == 0, result.output
    return path


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != MANIFEST}


def _times(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_mtime_ns for p in folder.rglob("*.html")}


def _listed(html: str) -> list[str]:
    return WATCH.findall(html)


def _ordered(db: Path) -> list[tuple[str, list[str]]]:
    """Every match of the store as (stem, player names), oldest first, as the lists order them."""
    with Store(db, readonly=True) as store:
        headers = [store.read(m).header for m in store.match_ids()]
    from viewer.names import match_file_stem

    return [(match_file_stem(h.match_id), [p.name for p in h.players])
            for h in sorted(headers, key=lambda h: (h.created_at, h.match_id))]


def test_the_index_lists_the_latest_and_the_list_pages_hold_every_match_once(db, tmp_path):
    site = tmp_path / "site"
    render_store(db, site)
    matches = _ordered(db)
    stems = [stem for stem, _ in matches]
    count = -(-len(stems) // SIZE)
    index = (site / "index.html").read_text()
    assert _listed(index) == stems[-SIZE:]
    assert f"Matches {len(stems) - SIZE + 1}–{len(stems)} of {len(stems)} are listed here" in index
    assert re.findall(r'href="list/(\d+)\.html" aria-label', index) == [str(k) for k in range(1, count + 1)]
    assert sorted(p.name for p in (site / "list").iterdir()) == sorted(f"{k}.html" for k in range(1, count + 1))
    every = []
    for k in range(1, count + 1):
        page = (site / "list" / f"{k}.html").read_text()
        every += _listed(page)
        assert ('href="1.html" rel="first"' in page) == (k > 1)
        assert (f'href="{k - 1}.html" rel="prev"' in page) == (k > 1)
        assert (f'href="{k + 1}.html" rel="next"' in page) == (k < count)
        assert 'href="../index.html">Newest: the index' in page
        assert f"<h1>Matches {(k - 1) * SIZE + 1}–{min(k * SIZE, len(stems))}</h1>" in page
    assert every == stems  # oldest first, each match once


def test_a_player_page_pages_their_matches(db, tmp_path):
    site = tmp_path / "site"
    render_store(db, site)
    matches = _ordered(db)
    seats: dict[str, list[str]] = {}
    for stem, names in matches:
        for name in names:
            seats.setdefault(name, []).append(stem)
    paged = {name: mine for name, mine in seats.items() if len(mine) > SIZE}
    assert paged, "the samples give some player more matches than a page holds"
    for name, mine in seats.items():
        folder = site / "players" / player_stem(name)
        own = (site / "players" / f"{player_stem(name)}.html").read_text()
        if name not in paged:
            assert not folder.exists() and "Every page" not in own
            continue
        count = -(-len(mine) // SIZE)
        assert sorted(p.name for p in folder.iterdir()) == sorted(f"{k}.html" for k in range(1, count + 1))
        links = re.findall(rf'href="{re.escape(player_stem(name))}/(\d+)\.html" aria-label', own)
        assert links == [str(k) for k in range(1, count + 1)]
        listed = []
        for k in range(1, count + 1):
            page = (folder / f"{k}.html").read_text()
            listed += _listed(page)
            numbers = [int(n) for n in re.findall(r'<td class="num" data-label="#">(\d+)</td>', page)]
            assert numbers == list(range((k - 1) * SIZE + 1, min(k * SIZE, len(mine)) + 1))
            assert f'href="../{player_stem(name)}.html">Newest: {name}' in page
        assert listed == mine


def test_a_paged_site_from_the_rows_is_the_site_from_the_logs(db, tmp_path):
    render_store(db, tmp_path / "rows")
    render_site(from_store(db), tmp_path / "walked")
    assert _files(tmp_path / "rows") == _files(tmp_path / "walked")


def _expected_lists(folder: str, before: int, after: int) -> set[str]:
    """The list pages that change when a newest match takes a list from ``before`` to ``after`` entries."""
    if after <= SIZE:
        return set()
    last = -(-after // SIZE)
    if before <= SIZE:  # the list was not paged yet: every page is new
        return {f"{folder}/{k}.html" for k in range(1, last + 1)}
    pages = {f"{folder}/{last}.html"}
    if last > -(-before // SIZE):  # a new page: the one before gains its "newer" link
        pages.add(f"{folder}/{last - 1}.html")
    return pages


def test_a_second_render_after_one_new_match_rewrites_only_its_pages(db, tmp_path, monkeypatch):
    import viewer.site_store as site_store

    monkeypatch.setattr(site_store, "RECENT", 10_000)  # every match charted: the site compares with the logs'
    copy = tmp_path / "c.db"
    copy.write_bytes(db.read_bytes())
    site = tmp_path / "site"
    render_store(copy, site)
    before = _times(site)
    again = render_store(copy, site)
    assert (again.matches, again.players, again.lists) == ([], 0, 0) and _times(site) == before
    seats: dict[str, int] = {}
    for _, names in _ordered(copy):
        for name in names:
            seats[name] = seats.get(name, 0) + 1
    n = sum(1 for _ in _ordered(copy))
    new = read_jsonl(_newest_last()[-1])
    with Store(copy) as store:
        import_logs(store, [new], verify=False)
    third = render_store(copy, site)
    after = _times(site)
    rewritten = {path for path in after if after[path] != before.get(path)}
    names = [p.name for p in new.header.players]
    from viewer.names import match_file_stem

    expected = {"index.html", f"matches/{match_file_stem(new.match_id)}.html"} | _expected_lists("list", n, n + 1)
    for name in set(names):
        mine = seats.get(name, 0)
        expected |= {f"players/{player_stem(name)}.html"}
        expected |= _expected_lists(f"players/{player_stem(name)}", mine, mine + names.count(name))
    assert rewritten == expected
    assert third.lists == len([p for p in expected if p.startswith("list/") or p.count("/") == 2])
    render_site(from_store(copy), tmp_path / "walked")
    assert _files(site) == _files(tmp_path / "walked")  # and the pages not rewritten are still right


def test_a_list_page_lost_is_written_again_and_one_too_many_removed(db, tmp_path):
    site = tmp_path / "site"
    render_store(db, site)
    (site / "list" / "2.html").unlink()
    stray = site / "list" / "99.html"
    stray.write_text("left from a bigger site")
    again = render_store(db, site)
    assert again.lists == 1 and (site / "list" / "2.html").exists()
    assert stray.exists()  # not a page this site wrote: never deleted

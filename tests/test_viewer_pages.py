"""The viewer without a browser: frame encoding, safe embedding, file names, the site on disk, the command."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from beatlog.importing import import_log
from beatlog.cli import main
from recorder.game import load_game
from recorder.integrity import LogFile
from recorder.terms import terms_of
from replay.walk import Describer, walk
from viewer.embed import packed_json, script_json
from viewer.frames import build_frames
from viewer.gameview import PLAIN, view_for
from viewer.names import match_file_stem, safe_name, slug
from viewer.page import Seat, build_page, outcome
from viewer.patch import diff, keys, patch, pointer
from viewer.site import render_site
from viewer.sources import Source

from tests import viewer_support as vs
from tests.logmaker import hostile_log, make_log

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=20,
)


# -- patch ------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(json_values, json_values)
def test_patch_of_diff_rebuilds_the_new_value(old, new):
    ops = diff(old, new)
    assert json.dumps(patch(old, ops), sort_keys=True) == json.dumps(new, sort_keys=True)
    assert (ops == []) == (json.dumps(old, sort_keys=True) == json.dumps(new, sort_keys=True))


def test_diff_tells_true_from_one_and_keeps_awkward_keys():
    assert diff([1], [True]) == [["/0", True]]
    old = {"a/b": 1, "~x": 2, "__proto__": 3, "": 4}
    new = {"a/b": 5, "~x": 2, "__proto__": {"polluted": 1}, "": 4}
    ops = diff(old, new)
    assert sorted(op[0] for op in ops) == ["/__proto__", "/a~1b"]
    assert patch(old, ops) == new


def test_pointer_round_trip():
    path = ["fighters", 1, "a/b~c", ""]
    assert pointer(path) == "/fighters/1/a~1b~0c/"
    assert keys(pointer(path)) == ["fighters", "1", "a/b~c", ""]


# -- embedding and names ---------------------------------------------------------------------


def test_script_json_cannot_end_the_script_element():
    value = {"name": vs.HOSTILE[1], "x": "<!-- & \u2028 \u2029"}
    text = str(script_json(value))
    assert "<" not in text and ">" not in text and "&" not in text
    assert "\u2028" not in text and "\u2029" not in text
    assert json.loads(text) == value


def test_file_names_are_safe_and_distinct():
    for name in ["../../etc/passwd", "CON", "Zoë", "zoe", "🎲", "", ".hidden", vs.HOSTILE[0]]:
        stem = safe_name(name)
        assert re.fullmatch(r"[a-z0-9-]+-[0-9a-f]{8}", stem), stem
    assert safe_name("Zoë") != safe_name("zoe")
    assert slug("Zoë « l'Épée »") == "zoe-l-epee"
    assert match_file_stem("m-296fa66f7456") == "m-296fa66f7456"
    assert match_file_stem("../x").startswith("x-")


# -- frames -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def walkthrough() -> LogFile:
    return vs.read(vs.WALKTHROUGH)


def _judge_frames(data):
    frames = [data["frames"]["judge"][0]]
    for ops in data["frames"]["judge"][1:]:
        frames.append(patch(frames[-1], ops))
    return frames


def test_frames_rebuild_every_snapshot_for_every_perspective(walkthrough):
    game = load_game("battlecon")
    view = view_for(game)
    data = build_frames(game, view, walkthrough.header, walkthrough.records)
    expected = vs.snapshots(walkthrough)
    judge = _judge_frames(data)
    assert len(judge) == len(walkthrough.records) + 1
    for i, snap in enumerate(expected):
        assert judge[i]["s"] == view.slim(snap)
        for seat in (0, 1):
            ops = next((run[2] for run in data["frames"][str(seat + 1)] if run[0] <= i <= run[1]), [])
            assert patch(judge[i], ops)["s"] == view.slim(game.redact(snap, seat)), (i, seat)


def test_events_beats_and_texts_follow_the_log(walkthrough):
    game = load_game("battlecon")
    data = build_frames(game, view_for(game), walkthrough.header, walkthrough.records)
    assert [tuple(b) for b in data["beats"]] == vs.beats(walkthrough)
    assert len(data["states"]["judge"]) == len(data["beats"]) + 1
    describer = Describer(game)
    walk(walkthrough.header, walkthrough.records, [describer], game)
    for record, event in zip(walkthrough.records, data["events"]):
        assert data["types"][event[0]] == record.type
        assert event[1] == (record.kind == "input")
        assert event[2] == record.actor and event[4] == record.cause
        assert event[3] == (record.visibility if isinstance(record.visibility, int) else -1)
        cite = describer.cites[record.seq]
        assert (data["cites"][event[6]] if event[6] >= 0 else None) == cite
    assert data["result"] == game.result(_final_state(walkthrough))


def _final_state(log):
    return walk(log.header, log.records, [])


def test_attack_figures_appear_only_once_pairs_are_revealed(walkthrough):
    game = load_game("battlecon")
    data = build_frames(game, view_for(game), walkthrough.header, walkthrough.records)
    judge = _judge_frames(data)
    for i, record in enumerate(walkthrough.records, 1):
        if record.type == "PairRevealed":
            assert judge[i]["v"] is not None and len(judge[i]["v"]["attacks"]) == 2
            assert judge[i - 1]["v"] is None
        if record.type == "BeatEnded":
            assert judge[i]["v"] is None


@pytest.mark.parametrize("path", sorted(vs.SAMPLES.glob("*.jsonl")), ids=lambda p: p.stem)
def test_revealed_pairs_stay_on_the_table_until_the_beat_ends(path):
    """Recycling takes the pairs off the board; the table keeps them (and their figures) until
    BeatEnded, never an empty column or zeros for a pair that was played."""
    log = vs.read(path)
    game = load_game("battlecon")
    judge = _judge_frames(build_frames(game, view_for(game), log.header, log.records))
    shown = None
    for i, record in enumerate(log.records, 1):
        figures = judge[i]["v"]
        if record.type == "PairRevealed":
            shown = figures["attacks"]
            assert all(f is not None and f["cards"] for f in shown), (path.name, i)
        elif record.type == "CardsRecycled" and shown is not None:
            before = judge[i - 1]["v"]["attacks"][record.data["player"]]
            assert figures["attacks"][record.data["player"]] == before, (path.name, i)
            assert judge[i]["s"]["fighters"][record.data["player"]]["pair"] is None
        elif record.type == "BeatEnded":
            shown = None


def test_a_face_down_clash_base_does_not_change_the_figures():
    """While a clash base is face down the figures are those from before: fresh ones would give it away."""
    game = load_game("battlecon")
    for path in sorted(vs.SAMPLES.glob("*.jsonl")):
        log = vs.read(path)
        judge = _judge_frames(build_frames(game, view_for(game), log.header, log.records))
        for i, record in enumerate(log.records, 1):
            if record.type == "ClashBaseSelected":
                assert judge[i]["v"] == judge[i - 1]["v"], (path.name, i)


def test_a_game_without_a_view_gets_the_plain_one():
    game = load_game("toy")
    assert view_for(game) is PLAIN
    log = make_log()
    data = build_frames(game, PLAIN, log.header, log.records)
    assert _judge_frames(data)[-1]["s"] == game.snapshot(_final_state(log))


# -- pages and the site ----------------------------------------------------------------------------


def test_outcome_words():
    seats = (Seat("Ann", "hikaru", "Hikaru"), Seat("Ben", "khadath", "Khadath"))
    assert outcome(seats, {"winner": 1, "reason": "won 2-1"}, []) == "Ben (Khadath) wins 2-1"
    assert outcome(seats, {"winner": None, "reason": "drawn 1-1"}, []) == "Draw 1-1"
    assert outcome(seats, {"winner": 0, "reason": "turn limit (8)"}, []) == "Ann (Hikaru) wins: turn limit (8)"
    assert outcome(seats, {"winner": None, "reason": "time"}, []) == "Draw: time"
    battlecon = terms_of(load_game("battlecon"))
    assert outcome(seats, None, [[1, 4, 1, 9]], battlecon) == "Unfinished (stops at duel 1, beat 4)"
    assert outcome(seats, None, [[1, 4, 1, 9]], terms_of(load_game("cogs"))) == "Unfinished (stops at turn 4)"
    assert outcome(seats, None, [[1, 0, 1, 9]], terms_of(load_game("cogs"))) == "Unfinished (stops at muster)"
    assert outcome(seats, None, [[1, 4, 1, 9]]) == "Unfinished (stops at set 1, round 4)"  # a game without terms


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    logs = [vs.read(vs.WALKTHROUGH), vs.battlecon_log(names=vs.HOSTILE, seed=3),
            vs.battlecon_log(names=("Ann", vs.HOSTILE[0]), fighters=("cadenza", "kallistar"), seed=4)]
    written = render_site([Source(f"log{i}", log) for i, log in enumerate(logs)], out)
    return out, written, logs


def test_site_layout(site):
    out, written, logs = site
    assert (out / "index.html").is_file()
    for log in logs:
        assert (out / "matches" / f"{log.header.match_id}.html").is_file()
    for name in ["viewer.css", "viewer.js", "tables.js", "plotly.min.js", "views/battlecon.js", "views/battlecon.css"]:
        assert (out / "assets" / name).is_file(), name
    names = {p.name for log in logs for p in log.header.players}
    assert {p.name for p in (out / "players").iterdir()} == {f"{safe_name(n)}.html" for n in names}
    assert written.players == len(names)


def test_untrusted_names_are_escaped_everywhere(site):
    out, _, logs = site
    for page in [out / "index.html", *(out / "matches").iterdir(), *(out / "players").iterdir()]:
        html = page.read_text(encoding="utf-8")
        assert "<img src=x" not in html, page
        assert html.count("<script") == html.count("</script>"), page
        assert "alert(1)</script>" not in html, page
    for log in logs[1:]:
        html = (out / "matches" / f"{log.header.match_id}.html").read_text(encoding="utf-8")
        assert "&lt;img src=x onerror=alert(1)&gt;" in html  # the title and heading, as text
        assert "\\u003cimg src=x onerror=alert(1)\\u003e" in html  # the embedded JSON
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in index


def test_pages_reference_nothing_outside_the_site(site):
    out, _, _ = site
    for page in [out / "index.html", *(out / "matches").iterdir(), *(out / "players").iterdir()]:
        html = page.read_text(encoding="utf-8")
        for ref in re.findall(r'(?:src|href)="([^"]*)"', html):
            assert not re.match(r"[a-z]+:", ref) and not ref.startswith("//"), (page, ref)
            if not ref.startswith("#"):
                assert (page.parent / ref.split("#")[0]).resolve().is_file(), (page, ref)


def test_single_file_page_is_self_contained_and_small(tmp_path):
    log = vs.read(vs.WALKTHROUGH)
    written = render_site([Source("walkthrough", log)], tmp_path, single_file=True)
    (_, path, size), = written.matches
    html = path.read_text(encoding="utf-8")
    assert not re.search(r'<(script|link)[^>]+(src|href)=', html)
    assert "plotly.min.js" not in html and 'id="chart"' not in html
    assert size == len(html.encode("utf-8")) and size <= 150 * 1024


def test_a_fifteen_beat_duel_fits_in_150_kb():
    """The issue's target: a single-file page of one duel that runs all 15 beats, log embedded, <= 150 KB."""
    from viewer.site import match_html

    duels = vs.full_duels(3)
    assert len(duels) == 3
    for log in duels:
        page = build_page(Source("x", log))
        assert [b[0] for b in page.data["beats"]] == [1] * 16  # one duel: its set-up and 15 beats
        html = match_html(page, single_file=True, linked=False)
        assert 'id="log-download"' in html and page.data["log"]["data"]
        assert len(html.encode("utf-8")) <= 150 * 1024, (log.header.match_id, len(html.encode("utf-8")))
        # Nothing left out to fit: the cards' texts and the headlines travel too (the data is deflated).
        from viewer.logpack import page_data

        embedded = page_data(html.encode("utf-8"), "page")
        assert embedded == json.loads(json.dumps({k: v for k, v in page.data.items()
                                                  if k not in ("series", "series_bars")}))
        assert embedded["headlines"] and "text" in json.dumps(embedded["static"])


def test_index_and_player_pages_show_the_stats_figures(site):
    from replay.stats import match_stats
    from replay.stats_summary import summarize

    out, _, logs = site
    summary = summarize([match_stats(log.header, log.records) for log in logs])
    index = (out / "index.html").read_text(encoding="utf-8")
    game = summary["games"][0]
    for figure in game["figures"]:
        assert f">{figure['label']}</button>" in index or figure.get("format") == "top"
    standings = index.split(">Standings<", 1)[1].split("</table>", 1)[0]
    assert standings.count("<tr>") == 1 + len(game["players"])
    ann = (out / "players" / f"{safe_name('Ann')}.html").read_text(encoding="utf-8")
    row = summarize([match_stats(log.header, log.records) for log in logs], player="Ann")["games"][0]["players"][0]
    assert f'<td class="num">{row["wins"]}</td>' in ann


# -- the command ----------------------------------------------------------------------------------


def test_render_command_writes_a_site(tmp_path):
    log = vs.write(tmp_path / "m.jsonl", vs.battlecon_log())
    result = CliRunner().invoke(main, ["render", str(log), "-o", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    assert "1 match(es), 2 player page(s)" in result.output
    assert (tmp_path / "site" / "index.html").is_file()


def test_render_one_page_to_stdout(tmp_path):
    log = vs.write(tmp_path / "m.jsonl", vs.battlecon_log())
    result = CliRunner().invoke(main, ["render", str(log), "-o", "-", "--single-file"])
    assert result.exit_code == 0
    assert result.output.startswith("<!doctype html>") and 'id="beatlog-data"' in result.output


def test_render_single_file_writes_exactly_one_file(tmp_path):
    log = vs.write(tmp_path / "m.jsonl", vs.battlecon_log())
    out = tmp_path / "mail"
    out.mkdir()
    result = CliRunner().invoke(main, ["render", str(log), "-o", str(out / "page.html"), "--single-file"])
    assert result.exit_code == 0, result.output
    assert [p.name for p in out.rglob("*")] == ["page.html"]
    assert (out / "page.html").read_text(encoding="utf-8").startswith("<!doctype html>")


def test_render_single_file_into_a_folder_writes_one_page_per_match_and_nothing_else(tmp_path):
    logs = [vs.write(tmp_path / f"m{seed}.jsonl", vs.battlecon_log(seed=seed)) for seed in (1, 2)]
    result = CliRunner().invoke(main, ["render", *map(str, logs), "-o", str(tmp_path / "out"), "--single-file"])
    assert result.exit_code == 0, result.output
    files = sorted(p.relative_to(tmp_path / "out").as_posix() for p in (tmp_path / "out").rglob("*"))
    assert len(files) == 2 and all(f.startswith("m-") and f.endswith(".html") and "/" not in f for f in files)
    assert "plotly" not in " ".join(files)
    result = CliRunner().invoke(main, ["render", *map(str, logs), "-o", str(tmp_path / "p.html"), "--single-file"])
    assert result.exit_code == 1
    assert result.output.strip() == (f"Error: -o {tmp_path / 'p.html'} writes one page, but 2 matches were given: "
                                     "give one match, or a folder (-o DIR/) for one page per match")


@pytest.mark.parametrize("args, message", [
    ([], "Error: nothing to render: give LOG.jsonl files or --db FILE"),
    (["--match", "m-1", "X"], "Error: --match only applies with --db"),
    (["X", "-o", "-"], "Error: -o - writes one self-contained page: give exactly one match and --single-file"),
    (["--db", "nope.db"], "Error: no such store: 'nope.db'"),
])
def test_render_usage_errors(tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    if "X" in args:
        vs.write(tmp_path / "X", vs.battlecon_log())
    if "-o" not in args:
        args = args + ["-o", "site"]
    result = CliRunner().invoke(main, ["render", *args])
    assert result.exit_code == 1
    assert result.output.strip().splitlines()[-1] == message


def test_render_refuses_a_corrupt_log_with_the_readers_message(tmp_path):
    path = vs.write(tmp_path / "m.jsonl", vs.battlecon_log())
    lines = path.read_bytes().split(b"\n")
    lines[5] = lines[5].replace(b'"beat":1', b'"beat":2', 1)
    path.write_bytes(b"\n".join(lines))
    result = CliRunner().invoke(main, ["render", str(path), "-o", str(tmp_path / "site")])
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: {path}") and "Traceback" not in result.output


def test_render_refuses_two_different_logs_of_one_match(tmp_path):
    log = vs.battlecon_log()
    a = vs.write(tmp_path / "a.jsonl", log)
    b = vs.write(tmp_path / "b.jsonl", LogFile(log.header, log.records[:-3]))
    result = CliRunner().invoke(main, ["render", str(a), str(b), "-o", str(tmp_path / "site")])
    assert result.exit_code == 1
    assert f"match {log.header.match_id} is in both {a} and {b} with different events" in result.output


def test_render_from_a_store(tmp_path):
    from recorder.store import Store

    log = vs.battlecon_log()
    with Store(tmp_path / "club.db") as store:
        import_log(store, log)
    result = CliRunner().invoke(main, ["render", "--db", str(tmp_path / "club.db"), "--match",
                                       log.header.match_id, "-o", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "site" / "matches" / f"{log.header.match_id}.html").is_file()


def test_toy_game_with_hostile_text_renders(tmp_path):
    log = hostile_log()
    written = render_site([Source("toy", log)], tmp_path)
    html = written.matches[0][1].read_text(encoding="utf-8")
    assert "<script>alert(1)</script>" not in html
    assert "views/plain.js" in html


# -- the log inside the page ----------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(vs.SAMPLES.glob("*.jsonl")), ids=lambda p: p.stem)
def test_every_page_carries_its_log_byte_for_byte(path):
    from viewer.logpack import unpack

    page = build_page(Source(path.name, vs.read(path)))
    assert unpack(json.loads(script_json(page.data))) == path.read_bytes()


def test_hostile_names_survive_the_packed_log():
    from recorder.jsonl import encode_jsonl
    from viewer.logpack import unpack

    for log in (vs.battlecon_log(names=vs.HOSTILE, seed=3), hostile_log()):
        page = build_page(Source("x", log))
        assert unpack(json.loads(script_json(page.data))) == encode_jsonl(log.header, log.records)


def test_extract_writes_the_log_of_a_mailed_page(tmp_path):
    log_path = vs.WALKTHROUGH
    written = render_site([Source("w", vs.read(log_path))], tmp_path / "site", single_file=True)
    page = written.matches[0][1]
    out = tmp_path / "back.jsonl"
    result = CliRunner().invoke(main, ["extract", str(page), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == log_path.read_bytes()
    result = CliRunner().invoke(main, ["verify", str(out)])
    assert result.exit_code == 0, result.output


def test_extract_refuses_an_edited_page_and_a_page_that_is_not_one(tmp_path):
    written = render_site([Source("w", vs.read(vs.WALKTHROUGH))], tmp_path / "site", single_file=True)
    page = written.matches[0][1]
    html = page.read_text(encoding="utf-8")
    # Someone edits one number in the embedded log (a damage amount, say): the chain no longer closes.
    from viewer.logpack import page_data

    data = page_data(html.encode("utf-8"), "page")
    record = next(values for values, e in zip(data["log"]["data"], data["events"])
                  if data["types"][e[0]] == "DamageDealt")
    record[1] += 1
    marker = 'id="beatlog-data" data-encoding="deflate-base64">'  # a mailed page's data is deflated
    start = html.index(marker) + len(marker)
    edited = tmp_path / "edited.html"
    edited.write_text(html[:start] + str(packed_json(data)) + html[html.index("</script>", start):], encoding="utf-8")
    assert edited.read_text(encoding="utf-8") != html
    result = CliRunner().invoke(main, ["extract", str(edited), "-o", str(tmp_path / "x.jsonl")])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.startswith(f"Error: {edited}: the embedded log does not rebuild to its final hash")
    assert not (tmp_path / "x.jsonl").exists()
    index = tmp_path / "site" / "index.html"
    result = CliRunner().invoke(main, ["extract", str(index)])
    assert result.exit_code == 1
    assert result.output.strip() == f"Error: {index}: not a beatlog match page (no beatlog-data element)"


def test_single_file_pages_in_a_site_do_not_link_into_it(tmp_path):
    written = render_site([Source("w", vs.read(vs.WALKTHROUGH))], tmp_path, single_file=True)
    html = written.matches[0][1].read_text(encoding="utf-8")
    assert "../index.html" not in html and "../players/" not in html
    assert "beatlog extract m-46811407064c.html -o m-46811407064c.jsonl" in html  # the <noscript> note


# -- per-beat series and the player pages -----------------------------------------------------------


def test_series_hold_life_distance_and_each_beats_damage(walkthrough):
    from replay.stats import match_stats

    page = build_page(Source("w", walkthrough))
    points = page.data["series"]
    assert page.data["series_bars"] == ["Damage dealt", "Damage taken"]
    assert [(p["duel"], p["beat"]) for p in points] == [(d, b) for d, b, _, _ in vs.beats(walkthrough)]
    snaps = vs.snapshots(walkthrough)
    for point, (_, _, _, last) in zip(points, vs.beats(walkthrough)):
        fighters = snaps[last]["fighters"]
        assert point["Life"] == [f["life"] for f in fighters]
        assert point["Distance"] == abs(fighters[0]["position"] - fighters[1]["position"])
    stats = match_stats(walkthrough.header, walkthrough.records)
    for seat in (0, 1):
        assert sum(p["Damage dealt"][seat] for p in points) == stats["seats"][seat]["counts"]["damage_dealt"]
        assert sum(p["Damage taken"][seat] for p in points) == stats["seats"][seat]["counts"]["damage_taken"]
        assert sum(p["Damage dealt"][seat] for p in points) == sum(p["Damage taken"][1 - seat] for p in points)


def _chart_specs(html: str) -> list[dict]:
    return [json.loads(m) for m in re.findall(r'<script type="application/json" class="chart-data"[^>]*>(.*?)</script>',
                                              html, re.DOTALL)]


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def test_player_page_has_figures_per_match_usage_and_beats(site):
    from replay.stats import match_stats

    out, _, logs = site
    html = (out / "players" / f"{safe_name('Ann')}.html").read_text(encoding="utf-8")
    mine = [log for log in logs if "Ann" in [p.name for p in log.header.players]]
    per_match = html.split("Match by match", 1)[1].split("</table>", 1)[0]
    assert per_match.count("<tr>") == 1 + len(mine)
    for title in ("Attack pair", "Cards played", "Tokens used"):
        assert f"<h3>{title}</h3>" in html
    # One beat-by-beat block per match, one table row per beat boundary.
    assert html.count('class="match-beats"') == len(mine)
    for log in mine:
        block = html.split(f"<code class=\"muted\">{log.header.match_id}</code></h3>", 1)[1].split("</article>", 1)[0]
        assert block.count("<tr>") == 2 + len(vs.beats(log))
    seat = [p.name for p in mine[0].header.players].index("Ann")
    cards = sum(sum(labels.values()) for labels in
                match_stats(mine[0].header, mine[0].records)["seats"][seat]["usage"]["cards_played"].values())
    assert cards > 0
    specs = _chart_specs(html)
    assert len(specs) >= 3 + 2 + len(mine)  # figures by kind, pairs and cards played, one per match


def test_strings_given_to_plotly_are_escaped(site):
    """Plotly reads HTML in names, hover text, ticks and titles: no raw markup may reach it."""
    from viewer.charts import plot_text

    assert plot_text('<a href="x">E</a> & <b>') == '&lt;a href="x"&gt;E&lt;/a&gt; &amp; &lt;b&gt;'
    out, _, _ = site
    hostile = 0
    for page in (out / "players").iterdir():
        for spec in _chart_specs(page.read_text(encoding="utf-8")):
            for text in _strings(spec):
                bare = text.replace("<extra></extra>", "")  # plotly's own syntax, written by us
                assert "<" not in bare and ">" not in bare, text
                assert re.sub(r"&(amp|lt|gt);", "", text).count("&") == 0, text
                hostile += "&lt;img src=x onerror=alert(1)&gt;" in text
    assert hostile  # the hostile names are in the legends, as text


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.text(alphabet=st.sampled_from(" \n\tab<é🎲"), max_size=12), max_size=6), max_size=3))
def test_word_packing_gives_every_text_back(tables):
    from viewer.words import pack_words, unpack_words

    words, packed = pack_words(tables)
    assert [unpack_words(words, table) for table in packed] == tables
    assert len(words) == len(set(words))


def test_a_player_pages_round_by_round_chart_gives_each_unit_its_own_panel():
    """Never two units on one axis: each seat figure (life; score, crew, hull) a panel, the player's damage
    dealt and taken one panel, each shared figure (distance) its own; the panels do not overlap."""
    from viewer.charts import beats_figure

    points = [{"duel": 1, "beat": b, "Score": [b, 2 * b], "Crew": [40 - b, 39], "Damage dealt": [b, 0],
               "Damage taken": [0, b], "Distance": 4 - b % 3} for b in range(4)]
    spec = beats_figure(points, [(0, "Ann"), (1, "Ben")], ["Damage dealt", "Damage taken"])
    axes: dict[str, set[str]] = {}
    for trace in spec["traces"]:
        axes.setdefault(trace["yaxis"], set()).add(trace["name"].split(":")[0])
    assert sorted(axes.values(), key=sorted) == sorted(
        [{"Score"}, {"Crew"}, {"Damage dealt", "Damage taken"}, {"Distance"}], key=sorted)
    layout = spec["layout"]
    domains = sorted(layout["yaxis" if a == "y" else f"yaxis{a[1:]}"]["domain"] for a in axes)
    assert all(lo < hi for lo, hi in domains)
    assert all(a[1] <= b[0] for a, b in zip(domains, domains[1:]))  # stacked, not overlapping
    titles = {n["text"] for n in layout["annotations"]}
    assert {"Score", "Crew", "Damage dealt and Damage taken", "Distance"} <= titles

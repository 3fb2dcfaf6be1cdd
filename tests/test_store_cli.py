"""Every command that takes --db, on every backend: a judge's whole day with one store.

simulate and record write it, import adds to it, check/verify/stats/export/render/seal read it,
record --resume finishes a match in it; the same commands and the same answers whether ``--db`` is a
SQLite file or a postgresql:// URL.
"""

from __future__ import annotations

import json

from click.testing import CliRunner

from beatlog.cli import main
from recorder.store import Store
from tests.logmaker import make_log, write

RUN = CliRunner()


def beatlog(*args: str):
    result = RUN.invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_a_day_with_one_store(store_db, tmp_path):
    db = store_db
    done = beatlog("simulate", "--fighters", "hikaru,khadath", "--seed", "4", "--duels", "1", "--db", db,
                   "--jobs", "1")
    assert done.exit_code == 0, done.output + done.stderr
    done = beatlog("record", "--fighters", "cadenza,hikaru", "--seed", "9", "--duels", "1", "--db", db)
    assert done.exit_code == 0, done.output + done.stderr
    again = beatlog("record", "--fighters", "cadenza,hikaru", "--seed", "9", "--duels", "1", "--db", db)
    assert again.exit_code == 1 and "choose another --seed" in again.stderr, again.stderr
    write(tmp_path / "toy.jsonl", make_log(seed=70))
    done = beatlog("import", str(tmp_path / "toy.jsonl"), "--db", db)
    assert done.exit_code == 0 and done.output.startswith("imported "), done.output + done.stderr
    with Store(db, readonly=True) as store:
        ids = store.match_ids()
    n = len(ids)
    assert n >= 3  # simulated, recorded, imported
    checked = beatlog("check", "--db", db)
    assert checked.exit_code == 0, checked.stderr
    assert len([line for line in checked.stdout.splitlines() if line.startswith("ok m-")]) == n
    assert checked.stdout.splitlines()[-1].startswith(f"ok ledger: {2 * n} entries")  # each created and finished
    verified = beatlog("verify", "--db", db)
    assert verified.exit_code == 0, verified.stderr
    assert len(verified.stdout.splitlines()) == n
    stats = beatlog("stats", "--db", db, "--format", "json")
    assert stats.exit_code == 0, stats.stderr
    assert {g["game"] for g in json.loads(stats.stdout)["games"]} >= {"battlecon"}
    out = tmp_path / "one.jsonl"
    exported = beatlog("export", "--db", db, "--match", ids[0], "-o", str(out))
    assert exported.exit_code == 0 and out.stat().st_size > 0, exported.stderr
    rendered = beatlog("render", "--db", db, "-o", str(tmp_path / "site"))
    assert rendered.exit_code == 0, rendered.stderr
    assert len(list((tmp_path / "site" / "matches").glob("*.html"))) == n
    keys = beatlog("keygen", "-o", str(tmp_path / "judge"))
    assert keys.exit_code == 0
    seal = str(tmp_path / "store.seal")
    sealed = beatlog("seal", "--db", db, "--key", str(tmp_path / "judge.key"), "-o", seal)
    assert sealed.exit_code == 0, sealed.stderr
    proven = beatlog("verify", "--db", db, "--pubkey", str(tmp_path / "judge.pub"), "--seal", seal)
    assert proven.exit_code == 0, proven.stderr
    assert proven.stdout.splitlines()[-1].endswith("nothing removed since")


def test_resume_a_match_in_the_store(store_db):
    from recorder.match import Match, run, sealed
    from tests.test_resilience_concurrency import _First
    from tests.toygame import GAME, toy_header

    header = toy_header(seed=22, rounds=6)
    full = Match(GAME, header)
    run(full, {0: _First(), 1: _First()})
    records = sealed(full)
    with Store(store_db) as store:
        store.add_match(header)
        store.append(header.match_id, records[:5])
    resumed = beatlog("record", "--resume", header.match_id, "--db", store_db)
    assert resumed.exit_code == 0, resumed.stderr
    assert resumed.output.startswith(f"resumed {header.match_id} after seq 5 ")
    with Store(store_db, readonly=True) as store:
        assert store.read(header.match_id).records == records and store.summary(header.match_id).finished

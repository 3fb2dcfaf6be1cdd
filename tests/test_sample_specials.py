"""The special-action sample logs really play every special they are there to show."""

from pathlib import Path

import pytest

from sample_logs.make_samples import SPECIALS, specials_used, specials_wanted

HERE = Path(__file__).resolve().parent.parent / "sample_logs" / "battlecon"


@pytest.mark.parametrize("name, options", [(s[0], s[5]) for s in SPECIALS], ids=[s[0] for s in SPECIALS])
def test_special_sample_uses_every_special(name, options):
    used = specials_used((HERE / f"{name}.jsonl").read_bytes())
    assert set(specials_wanted(options)) <= set(used), used

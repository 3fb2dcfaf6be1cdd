"""Helpers for Cogs of Valor scenario tests: choosers that answer requests, and a two-cog match."""

from recorder.games.cogs.testing import cog, fleet, scenario

BASIC10 = [{"deck": "main", "count": 10}]


def passive(overrides=None):
    """Answer every request with the first option (anchor, hold fire, no boarding, stop, done)
    except grapples (declined) and whatever ``overrides[kind]`` picks."""
    overrides = overrides or {}

    def choose(request, match):
        if request.kind in overrides:
            return overrides[request.kind](request, match)
        if request.kind == "grapple":
            return next(o for o in request.options if not o["grapple"])
        return None
    return choose


def pick(**fields):
    """Chooser: the first option whose fields match."""
    def choose(request, match):
        for o in request.options:
            if all(o.get(k) == v for k, v in fields.items()):
                return o
        return request.options[0]
    return choose


def need(**fields):
    """Chooser: the first option whose fields match; fails the test when there is none."""
    def choose(request, match):
        for o in request.options:
            if all(o.get(k) == v for k, v in fields.items()):
                return o
        raise AssertionError(f"no {request.kind} option with {fields}; options: {request.options}")
    return choose


def by_player(**choosers):
    """Chooser per seat: ``by_player(p0=..., p1=...)``; a seat without one takes the first option."""
    def choose(request, match):
        chooser = choosers.get(f"p{request.player}")
        return chooser(request, match) if chooser else request.options[0]
    return choose


def turn_is(n):
    return lambda m: m.state.turn >= n


def two(a_crew, b_crew, *, a_at=(500, 300, "N"), b_at=(500, 400, "S"), a_type="small", b_type="large",
        a_leader="stern", b_leader="stern", a_upgrade="carpenter", b_upgrade="crossbow", **kw):
    fa = fleet("Reds", cog("Ark", a_type, *a_at, a_crew, leader=a_leader, leader_upgrade=a_upgrade))
    fb = fleet("Blues", cog("Bark", b_type, *b_at, b_crew, leader=b_leader, leader_upgrade=b_upgrade))
    return scenario([fa, fb], **kw)

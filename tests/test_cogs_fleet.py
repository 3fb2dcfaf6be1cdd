"""Cogs of Valor fleets: schema and rules checks with exact messages, ready fleets, options."""

import copy

import pytest

from recorder.errors import InvalidDecision, UnknownSide
from recorder.games.cogs import GAME
from recorder.games.cogs.fleet import check_fleet, cog_points, fleet_schema, ready_fleet, ready_fleets
from recorder.header import Player


def lions():
    return ready_fleet("lions")


def header(fleets, **options):
    players = tuple(Player(n, f["name"]) for n, f in zip(("Ann", "Ben"), fleets))
    return GAME.make_header(players=players, edition="standard", seed=1, options={"fleets": fleets, **options})


def test_ready_fleets_are_legal_and_equal():
    assert list(ready_fleets()) == ["griffins", "herons", "lions", "merchants"]
    for key in ready_fleets():
        f = check_fleet(ready_fleet(key), key)
        assert sum(cog_points(c) for c in f["cogs"]) == 60


def test_record_without_files_fills_in_ready_fleets():
    h = GAME.make_header(players=(Player("Ann", "lions"), Player("Ben", "herons")), edition="standard",
                         seed=1, options={})
    assert [f["name"] for f in h.options["fleets"]] == ["Red Lions", "Blue Herons"]


def test_unknown_ready_fleet():
    with pytest.raises(UnknownSide) as info:
        GAME.make_header(players=(Player("Ann", "sharks"), Player("Ben", "herons")), edition="standard",
                         seed=1, options={})
    assert str(info.value) == ("unknown fleet 'sharks'; ready fleets: griffins, herons, lions, merchants "
                               "(or bring your own fleets: --option fleets=@FILE)")


def test_over_points():
    f = lions()
    f["cogs"][0]["crew"][0]["count"] = 25
    with pytest.raises(InvalidDecision) as info:
        check_fleet(f, "player 0 (Ann)")
    assert str(info.value) == ("player 0 (Ann): fleet 'Red Lions', cog 'Lion' (large cog): crew costs 63 points, "
                               "over the 60-point limit of a large cog (rules p.1, Crewing your cog)")


def test_over_deck_capacity():
    f = lions()
    f["cogs"][0]["crew"][2]["count"] = 2
    f["cogs"][0]["crew"].append({"deck": "nest", "count": 3})
    with pytest.raises(InvalidDecision) as info:
        check_fleet(f, "p")
    assert str(info.value) == ("p: fleet 'Red Lions', cog 'Lion' (large cog): 5 on the nest deck, over its "
                               "capacity of 4 (rules p.3, Cog types)")


def test_too_many_heroes():
    f = {"name": "F", "cogs": [{"name": "C", "type": "small", "crew": [
        {"deck": "main", "count": 8}, {"deck": "main", "count": 2, "hero": True}],
        "leader": {"deck": "stern", "hero_upgrade": "carpenter"}}]}
    check_fleet(f, "p")  # two heroes among ten crew is fine
    f["cogs"][0]["crew"][0]["count"] = 7
    with pytest.raises(InvalidDecision) as info:
        check_fleet(f, "p")
    assert str(info.value) == ("p: fleet 'F', cog 'C' (small cog): 2 heroes among 9 crewmembers; a cog may "
                               "start with one hero for every five crewmembers, at most 1 (rules p.2, Heros!)")


def test_ballista_on_forecastle():
    f = ready_fleet("griffins")
    f["cogs"][0]["ballistae"][0]["deck"] = "fore"
    with pytest.raises(InvalidDecision) as info:
        check_fleet(f, "p")
    assert str(info.value) == ("p: fleet 'Gold Griffins', cog 'Griffin' (large cog): a ballista on the fore "
                               "deck; a ballista must be carried on the main deck (rules p.2, The Ballista)")


def test_ballista_takes_main_deck_room():
    f = {"name": "F", "cogs": [{"name": "C", "type": "large", "crew": [{"deck": "main", "count": 31}],
                                "ballistae": [{"deck": "main", "side": "port"}],
                                "leader": {"deck": "stern", "hero_upgrade": "carpenter"}}]}
    with pytest.raises(InvalidDecision) as info:
        check_fleet(f, "p")
    assert str(info.value) == ("p: fleet 'F', cog 'C' (large cog): 41 on the main deck, over its capacity of 40 "
                               "(a ballista takes 10 of it) (rules p.3, Cog types)")


def test_too_many_ballistae_on_a_small_cog():
    f = {"name": "F", "cogs": [{"name": "C", "type": "small", "crew": [{"deck": "main", "count": 5}],
                                "ballistae": [{"deck": "main", "side": "port"}, {"deck": "main", "side": "port"}],
                                "leader": {"deck": "stern", "hero_upgrade": "carpenter"}}]}
    with pytest.raises(InvalidDecision) as info:
        check_fleet(f, "p")
    assert str(info.value) == ("p: fleet 'F', cog 'C' (small cog): 2 ballistae; a small cog may carry 1 "
                               "(rules p.2, The Ballista)")


def test_merchant_has_no_forecastle():
    f = ready_fleet("merchants")
    f["cogs"][0]["crew"].append({"deck": "fore", "count": 1})
    f["cogs"][0]["crew"][0]["count"] = 24
    with pytest.raises(InvalidDecision) as info:
        check_fleet(f, "p")
    assert str(info.value) == ("p: fleet 'Merchant League', cog 'Hanse' (small merchant cog): 1 crew on the fore "
                               "deck, but a small merchant cog has no fore deck (rules p.3, Cog types)")


def test_hero_upgrade_needs_a_hero():
    f = lions()
    f["cogs"][0]["crew"][3]["hero"] = False
    with pytest.raises(InvalidDecision) as info:
        check_fleet(f, "p")
    assert str(info.value) == ("p: fleet 'Red Lions', cog 'Lion' (large cog): a crossbow hero upgrade on crew that "
                               "are not heroes; only heroes may buy hero upgrades (rules p.2, Hero Upgrades!)")


def test_exactly_one_leader():
    f = lions()
    del f["cogs"][0]["leader"]
    with pytest.raises(InvalidDecision) as info:
        check_fleet(f, "p")
    assert str(info.value) == ("p: fleet 'Red Lions' has 0 leaders; every player has exactly one leader "
                               "(rules p.3, The Leader!)")


def test_schema_errors_say_where():
    f = lions()
    f["cogs"][0]["crew"][1]["upgrades"] = ["pike"]
    with pytest.raises(InvalidDecision) as info:
        check_fleet(f, "player 1 (Ben)")
    assert str(info.value) == ("player 1 (Ben): fleet does not match the fleet schema at cogs/0/crew/1/upgrades/0: "
                               "'pike' is not one of ['armor', 'sword', 'longbow', 'mace']")


def test_unequal_fleets_rejected_unless_allowed():
    small = {"name": "Solo", "cogs": [copy.deepcopy(ready_fleet("herons")["cogs"][0])]}
    with pytest.raises(InvalidDecision) as info:
        header([lions(), small])
    assert str(info.value) == ("fleets are not equivalent in small-cog units (Ann's 'Red Lions' = 2, Ben's 'Solo' "
                               "= 1); each player starts with an equivalent amount of cogs (rules p.3); set option "
                               "unequal_fleets to play anyway")
    assert header([lions(), small], unequal_fleets=True).options["unequal_fleets"] is True


def test_options_are_checked():
    with pytest.raises(InvalidDecision) as info:
        header([lions(), ready_fleet("herons")], tides=True)
    assert str(info.value).startswith("unknown cogs option 'tides'; known options: fleets, wind, turns")
    with pytest.raises(InvalidDecision) as info:
        header([lions(), ready_fleet("herons")], wind="NNE")
    assert str(info.value) == "option wind 'NNE' is not a heading; use one of N, NE, E, SE, S, SW, W, NW"
    with pytest.raises(InvalidDecision):
        header([lions(), ready_fleet("herons")], turns=0)


def test_fleet_schema_is_published():
    from recorder.games.cogs.events import EVENTS
    assert EVENTS.extra_schemas()["fleet.json"] == fleet_schema()


def sided(sides, fleets):
    players = tuple(Player(n, s) for n, s in zip(("Ann", "Ben"), sides))
    return GAME.make_header(players=players, edition="standard", seed=1, options={"fleets": fleets})


def test_side_must_name_the_fleet_it_brings():
    """Stats and tournaments credit a fleet's play to its side: 'herons' bringing the Red Lions is refused."""
    with pytest.raises(InvalidDecision) as info:
        sided(("herons", "lions"), [lions(), ready_fleet("herons")])
    assert str(info.value) == ("player 'Ann' plays side 'herons' but brings fleet 'Red Lions'; the side must "
                               "name the fleet it brings: 'Red Lions' or 'lions'")
    # The fleet's own name, or the key of the ready fleet it is exactly, are both fine.
    assert sided(("lions", "Blue Herons"), [lions(), ready_fleet("herons")]).players[1].side == "Blue Herons"
    changed = lions()
    changed["cogs"][0]["crew"][0]["count"] = 21  # no longer the ready fleet: only its name will do
    with pytest.raises(InvalidDecision) as info:
        sided(("lions", "herons"), [changed, ready_fleet("herons")])
    assert str(info.value) == ("player 'Ann' plays side 'lions' but brings fleet 'Red Lions'; the side must "
                               "name the fleet it brings: 'Red Lions'")
    assert sided(("Red Lions", "herons"), [changed, ready_fleet("herons")]).players[0].side == "Red Lions"

"""Statistics of hand-built logs whose answers are known."""

from __future__ import annotations

import pytest

from recorder.envelope import Entry, seal_all
from recorder.errors import CorruptLog, UsageError
from recorder.games.battlecon import GAME
from recorder.games.battlecon import events as E
from recorder.games.battlecon.fighters.cadenza import IronBodyDecided
from recorder.header import Player
from replay.stats import NoStats, StatsVisitor, match_stats, stat_hook
from replay.stats_summary import derive, summarize, Totals
from tests.logmaker import make_log


def header(a=("Ann", "hikaru"), b=("Ben", "khadath"), seed=1):
    return GAME.make_header(players=(Player(*a), Player(*b)), edition="woi", seed=seed, options={"duels": 3})


def beat(n, styles, bases, active, *, dmg=(), hits=(), misses=(), stuns=(), clash=False, positions=(3, 5), life=(20, 20)):
    """The outcome events of one beat (the fold is lenient about what led to them)."""
    out = [E.BeatStarted(beat=n), E.PairRevealed(styles=styles, bases=bases)]
    if clash:
        out += [E.PriorityCompared(priorities=(3, 3), terms=("a", "b"), active=None, why="tie"),
                E.ClashOccurred(priority=3, round=1)]
    out.append(E.PriorityCompared(priorities=(5, 3), terms=("a", "b"), active=active, why="higher"))
    for p in hits:
        out.append(E.HitScored(player=p, target=1 - p))
    for p in misses:
        out.append(E.AttackMissed(player=p, reason="out of range"))
    for p, amount in dmg:
        out.append(E.DamageDealt(player=p, target=1 - p, power=amount, extra=0, soak=0, amount=amount,
                                 life_after=10, power_terms="", soak_terms=""))
    for p in stuns:
        out.append(E.StunApplied(player=p, reason="damage", damage=4, stun_guard=0))
    out.append(E.BeatEnded(beat=n, beats_left=15 - n, life=life, positions=positions))
    return [(n, e) for e in out]


def build(h, duels):
    """Seal ``duels`` (a list of lists of (beat, event)) into records, duel numbers from 1."""
    entries = []
    for d, events in enumerate(duels, 1):
        flat = [(0, E.DuelStarted(duel=d, fighters=tuple(p.side for p in h.players), positions=(3, 5),
                                  life=(20, 20), beat_limit=15))] + events
        for b, event in flat:
            entries.append(Entry(len(entries) + 1, d, b, event, None, None, "public"))
    return list(seal_all(h.match_id, entries, h.hash))


def duel_end(d, winner, beat_no):
    return [(beat_no, E.DuelEnded(duel=d, winner=winner, reason="knockout", life=(5, 0)))]


def known_match(h=None):
    """Ann (hikaru) beats Ben (khadath) 2-0; every number below is counted by hand."""
    h = h or header()
    duel1 = (
        beat(1, ("Trance", "Blight"), ("Strike", "Drive"), 0, hits=(0, 1), dmg=((0, 4), (1, 2)), stuns=(1,),
             positions=(3, 5))
        + beat(2, ("Trance", "Lure"), ("Strike", "Dash"), 1, hits=(0,), misses=(1,), dmg=((0, 6),), clash=True,
               positions=(2, 6))
        + duel_end(1, 0, 2)
    )
    duel2 = (
        beat(1, ("Focused", "Blight"), ("Shot", "Drive"), 0, hits=(0,), misses=(1,), dmg=((0, 20),),
             positions=(4, 5))
        + duel_end(2, 0, 1)
        + [(1, E.MatchEnded(winner=0, score=(2, 0), reason="won 2-0"))]
    )
    return h, build(h, [duel1, duel2])


def test_counts_of_a_hand_built_match():
    h, records = known_match()
    m = match_stats(h, records)
    assert (m["finished"], m["winner"], m["reason"]) == (True, 0, "won 2-0")
    assert (m["duels"], m["beats"], m["events"]) == (2, 3, len(records))
    ann, ben = m["seats"]
    assert (ann["player"], ann["side"], ann["outcome"]) == ("Ann", "hikaru", "win")
    assert ben["outcome"] == "loss"
    assert ann["counts"] == {
        "duels_won": 2, "duels_lost": 0, "duels_drawn": 0,
        "damage_dealt": 30, "damage_taken": 2, "life_lost": 0, "life_gained": 0,
        "hits": 3, "misses": 0, "cannot_hit": 0, "stuns_inflicted": 1, "stuns_suffered": 0,
        "priority_won": 2, "priority_decided": 3, "clashes": 1,
        "specials_used": 0, "finishers_used": 0,
    }
    assert ben["counts"]["damage_dealt"] == 2 and ben["counts"]["damage_taken"] == 30
    assert (ben["counts"]["hits"], ben["counts"]["misses"]) == (1, 2)
    assert (ben["counts"]["stuns_suffered"], ben["counts"]["priority_won"]) == (1, 1)
    # distance at the end of each beat: 2, 4, 1
    assert ann["samples"] == {"distance": [7, 3]} == ben["samples"]
    assert ann["tags"] == {"attack_pair": {"Focused Shot": 1, "Trance Strike": 2}}
    assert ben["tags"] == {"attack_pair": {"Blight Drive": 2, "Lure Dash": 1}}
    assert ann["usage"] == {"cards_played": {"base": {"Shot": 1, "Strike": 2}, "style": {"Focused": 1, "Trance": 2}},
                            "tokens_used": {}}


def test_a_clash_counts_the_base_played_not_the_one_it_covers():
    """Beat 1: Ann reveals Trance Strike, Ben Blight Drive; they clash twice, and the attacks are made with
    Trance Burst and Blight Grasp. Only the played pairs and bases count."""
    h = header()
    events = [
        E.BeatStarted(beat=1), E.PairRevealed(styles=("Trance", "Blight"), bases=("Strike", "Drive")),
        E.PriorityCompared(priorities=(3, 3), terms=("a", "b"), active=None, why="tie"),
        E.ClashOccurred(priority=3, round=1), E.ClashRevealed(bases=("Shot", "Shot")),
        E.PriorityCompared(priorities=(3, 3), terms=("a", "b"), active=None, why="tie"),
        E.ClashOccurred(priority=3, round=2), E.ClashRevealed(bases=("Burst", "Grasp")),
        E.PriorityCompared(priorities=(4, 3), terms=("a", "b"), active=0, why="higher"),
        E.BeatEnded(beat=1, beats_left=14, life=(20, 20), positions=(3, 5)),
    ]
    m = match_stats(h, build(h, [[(1, e) for e in events]]))
    ann, ben = m["seats"]
    assert ann["tags"] == {"attack_pair": {"Trance Burst": 1}}
    assert ben["tags"] == {"attack_pair": {"Blight Grasp": 1}}
    assert ann["usage"]["cards_played"] == {"base": {"Burst": 1}, "style": {"Trance": 1}}
    assert ann["counts"]["clashes"] == 2


def test_dash_is_not_a_miss_and_a_knockout_beat_has_a_distance():
    """Ann's Dash (range N/A) cannot hit: it is left out of the hit rate. Beat 2 ends the duel by knockout
    (no BeatEnded): its distance, after Ben moved to 4, is counted from DuelEnded."""
    h = header()
    duel = (
        beat(1, ("Trance", "Blight"), ("Dash", "Drive"), 0, hits=(1,), misses=(), positions=(3, 6))
        + [(1, E.AttackMissed(player=0, reason="range N/A"))]
    )
    duel = [x for x in duel if x[1].TYPE != "BeatEnded"] + [
        (1, E.BeatEnded(beat=1, beats_left=14, life=(20, 20), positions=(3, 6))),
        (2, E.BeatStarted(beat=2)), (2, E.PairRevealed(styles=("Focused", "Lure"), bases=("Strike", "Strike"))),
        (2, E.FighterMoved(player=1, by=1, kind="advance", from_space=6, to_space=4, distance=2,
                           switched_sides=False)),
        (2, E.HitScored(player=0, target=1)), (2, E.AttackMissed(player=1, reason="out of range (distance 1)")),
    ] + duel_end(1, 0, 2)
    m = match_stats(h, build(h, [duel]))
    ann, ben = m["seats"]
    assert (ann["counts"]["hits"], ann["counts"]["misses"], ann["counts"]["cannot_hit"]) == (1, 0, 1)
    assert (ben["counts"]["hits"], ben["counts"]["misses"], ben["counts"]["cannot_hit"]) == (1, 1, 0)
    assert ann["samples"]["distance"] == [3 + 1, 2]  # beat 1: 6 - 3; beat 2 (knockout): 4 - 3
    game = summarize([m])["games"][0]
    assert next(r for r in game["players"] if r["name"] == "Ann")["hit_rate"] == 1.0


def test_tokens_and_finishers_are_counted_by_kind():
    h = header(a=("Ann", "hikaru"), b=("Cat", "cadenza"))
    from recorder.games.battlecon import special_events as SE

    events = [
        E.BeatStarted(beat=1),
        E.AnteDeclared(player=0, ante="Fire", source="t"), E.AnteDeclared(player=1, ante="Iron Body", source="t"),
        E.AnteDeclared(player=0, ante="Wind", source="t"), E.AnteDeclared(player=1, ante="pass", source="t"),
        E.AnteDeclared(player=0, ante="pass", source="t"),
        E.PairRevealed(styles=("Special Action", "Battery"), bases=("Burst", "Press")),
        SE.SpecialActionRevealed(player=0, base="Burst", action="finisher"),
        SE.FinisherRevealed(player=0, finisher="Wrath of Elements", how="special"),
        SE.TokensAnted(player=0, tokens=("Earth", "Water"), card="Wrath of Elements"),
        IronBodyDecided(player=1, spend=True, source="t"),
        E.BeatEnded(beat=1, beats_left=14, life=(20, 20), positions=(3, 5)),
    ]
    m = match_stats(h, build(h, [[(1, e) for e in events]]))
    ann, cat = m["seats"]
    assert ann["usage"] == {
        "cards_played": {"base": {"Burst": 1}, "finisher": {"Wrath of Elements": 1}, "special": {"Special Action": 1}},
        "tokens_used": {"anted": {"Earth": 1, "Fire": 1, "Water": 1, "Wind": 1}},
    }
    assert cat["usage"]["tokens_used"] == {"anted": {"Iron Body": 1}, "spent": {"Iron Body": 1}}
    assert (ann["counts"]["specials_used"], ann["counts"]["finishers_used"]) == (1, 1)
    row = next(r for r in summarize([m])["games"][0]["players"] if r["name"] == "Cat")
    assert row["tokens_used"] == {"anted": {"Iron Body": 1}, "spent": {"Iron Body": 1}}
    assert row["cards_played"] == {"base": {"Press": 1}, "style": {"Battery": 1}}


def test_unfinished_log_counts_what_it_has():
    h, records = known_match()
    m = match_stats(h, records[:10])  # the set-up and beat 1
    assert (m["finished"], m["winner"], m["reason"]) == (False, None, None)
    assert [s["outcome"] for s in m["seats"]] == ["unfinished", "unfinished"]
    assert m["beats"] == 1 and m["duels"] == 1


def test_a_draw_is_a_draw_for_both_seats():
    h = header()
    records = build(h, [beat(1, ("Trance", "Blight"), ("Strike", "Drive"), 0) + [
        (15, E.DuelEnded(duel=1, winner=None, reason="time", life=(9, 9))),
        (15, E.MatchEnded(winner=None, score=(0, 0), reason="drawn 0-0")),
    ]])
    m = match_stats(h, records)
    assert [s["outcome"] for s in m["seats"]] == ["draw", "draw"]
    assert [s["counts"]["duels_drawn"] for s in m["seats"]] == [1, 1]


def test_a_seat_that_is_not_in_the_match_is_named():
    h = header()
    bad = E.DamageDealt(player=0, target=5, power=1, extra=0, soak=0, amount=1, life_after=19,
                        power_terms="", soak_terms="")
    records = build(h, [[(1, E.BeatStarted(beat=1)), (1, bad)]])
    visitor = StatsVisitor(GAME)
    visitor.on_header(h, None)
    with pytest.raises(CorruptLog, match=rf"match {h.match_id}, seq 3: DamageDealt names seat 5, but the match has seats 0..1"):
        for record in records:
            visitor.after(record, None)


def test_a_game_without_a_stat_hook_still_gets_results():
    log = make_log(seed=3)  # the toy game: no stat_events module
    from tests.toygame import GAME as TOY

    assert isinstance(stat_hook(TOY), NoStats)
    m = match_stats(log.header, log.records)
    assert m["game"] == "toy" and m["finished"] is True
    assert all(s["counts"] == {} and s["samples"] == {} and s["tags"] == {} for s in m["seats"])
    summary = summarize([m])
    assert summary["games"][0]["figures"] == []
    assert summary["games"][0]["players"][0]["matches"] == 1


def test_summary_rows_figures_and_matchups():
    h1, r1 = known_match()
    h2, r2 = known_match(header(a=("Cat", "cadenza"), b=("Ann", "hikaru"), seed=2))
    matches = [match_stats(h1, r1), match_stats(h2, r2)]
    game = summarize(matches)["games"][0]
    assert game["matches"] == 2 and game["finished"] == 2
    ann = next(r for r in game["players"] if r["name"] == "Ann")
    # Ann won as seat 0 of match 1 and lost as seat 1 of match 2
    assert (ann["matches"], ann["wins"], ann["losses"], ann["draws"], ann["win_rate"]) == (2, 1, 1, 0, 0.5)
    assert ann["played"] == {"hikaru": 2}
    assert ann["beats"] == 6 and ann["duels"] == 4
    assert ann["damage_dealt"] == 32 and ann["damage_taken"] == 32
    assert ann["damage_dealt_per_beat"] == round(32 / 6, 4)
    assert ann["hit_rate"] == round(4 / 6, 4)  # 3 hits of 3, then 1 hit of 3
    assert ann["priority_won_rate"] == 0.5
    assert ann["mean_distance"] == round(14 / 6, 4)
    assert ann["top_pairs"][0] == ["Blight Drive", 2]
    assert [r["name"] for r in game["players"]] == ["Cat", "Ann", "Ben"]  # by win rate, then wins, then name
    cells = game["matchups"]["cells"]
    assert game["matchups"]["sides"] == ["cadenza", "hikaru", "khadath"]
    assert cells["hikaru"]["khadath"] == {"matches": 1, "wins": 1, "losses": 0, "draws": 0, "unfinished": 0,
                                          "neither_won": 0, "win_rate": 1.0}
    assert cells["hikaru"]["cadenza"]["losses"] == 1 and cells["cadenza"]["hikaru"]["wins"] == 1


def test_filters_count_only_the_chosen_seats():
    h1, r1 = known_match()
    h2, r2 = known_match(header(a=("Cat", "cadenza"), b=("Ann", "hikaru"), seed=2))
    matches = [match_stats(h1, r1), match_stats(h2, r2)]
    only_ben = summarize(matches, player="Ben")
    game = only_ben["games"][0]
    assert only_ben["filter"] == {"player": "Ben", "fighter": None}
    assert [r["name"] for r in game["players"]] == ["Ben"]
    assert [r["name"] for r in game["fighters"]] == ["khadath"]
    assert game["matchups"]["cells"] == {"khadath": {"hikaru": {
        "matches": 1, "wins": 0, "losses": 1, "draws": 0, "unfinished": 0, "neither_won": 0, "win_rate": 0.0}}}
    hikaru = summarize(matches, fighter="hikaru")["games"][0]
    assert sorted(r["name"] for r in hikaru["players"]) == ["Ann"]
    with pytest.raises(UsageError, match=r"no player 'Zed' in these matches; players: Ann, Ben, Cat"):
        summarize(matches, player="Zed")
    with pytest.raises(UsageError, match="not both"):
        summarize(matches, player="Ann", fighter="hikaru")


def test_no_data_is_none_not_zero():
    totals = Totals("x")
    assert derive({"key": "r", "ratio": ["hits", ["hits", "misses"]]}, totals) is None
    assert derive({"key": "p", "per_beat": "damage_dealt"}, totals) is None
    assert derive({"key": "m", "mean": "distance"}, totals) is None
    assert derive({"key": "t", "top": "attack_pair"}, totals) == []
    with pytest.raises(ValueError, match="no known operation"):
        derive({"key": "odd"}, totals)


def test_top_labels_break_ties_by_name():
    totals = Totals("x")
    totals.tags["attack_pair"] = __import__("collections").Counter({"B": 2, "A": 2, "C": 5, "D": 1})
    assert derive({"key": "t", "top": "attack_pair", "limit": 3}, totals) == [["C", 5], ["A", 2], ["B", 2]]


def test_empty_input():
    assert summarize([]) == {"format": "beatlog-stats/1", "filter": {"player": None, "fighter": None},
                             "matches": 0, "games": []}

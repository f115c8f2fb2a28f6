"""Issue 33, item 2: pairings (round-robin, Swiss, Swiss tables of k seats, manual), checked as properties
over many generated tournaments and on small hand-worked rounds."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from service.tournaments.pairing import (
    ManualPairingError,
    NoPairing,
    PairingError,
    Round,
    SearchTooLong,
    Table,
    check_manual,
    round_robin,
    swiss,
)
from service.tournaments.standings import byes_of, points

from .helpers import DAI_SENSO, SIDES, met_pairs, names, pairable, play, side_counts

SIZES = range(4, 13)
SEEDS = range(6)


def _every_player_once(rnd: Round, players) -> None:
    seen = Counter(rnd.players())
    assert set(seen) == set(players) and set(seen.values()) == {1}, rnd


# -- round-robin ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(2, 13))
def test_33_2_round_robin_meets_every_pair_exactly_once_and_balances_sides(n):
    players = names(n)
    rounds = round_robin(players, SIDES)
    assert len(rounds) == (n if n % 2 else n - 1)
    meetings = Counter(frozenset(t.players) for r in rounds for t in r.tables)
    assert set(meetings) == {frozenset(pq) for pq in itertools.combinations(players, 2)}
    assert set(meetings.values()) == {1}
    for r in rounds:
        _every_player_once(r, players)
        assert len(r.byes) == n % 2
    assert Counter(p for r in rounds for p in r.byes) == ({p: 1 for p in players} if n % 2 else {})
    for p, c in side_counts(rounds).items():
        assert abs(c[SIDES[0]] - c[SIDES[1]]) <= 1, (p, c)
    assert [r.number for r in rounds] == list(range(1, len(rounds) + 1))


@pytest.mark.parametrize("n", [4, 5, 8, 11])
def test_33_2_round_robin_double_meets_each_pair_once_on_each_side(n):
    players = names(n)
    rounds = round_robin(players, SIDES, double=True)
    single = n if n % 2 else n - 1
    assert [r.number for r in rounds] == list(range(1, 2 * single + 1))
    ordered = Counter(t.players for r in rounds for t in r.tables)  # (irgun, british)
    assert set(ordered) == set(itertools.permutations(players, 2))
    assert set(ordered.values()) == {1}
    for c in side_counts(rounds).values():
        assert c[SIDES[0]] == c[SIDES[1]]


def test_33_2_round_robin_is_a_function_of_the_entry_order():
    assert round_robin(names(7), SIDES) == round_robin(names(7), SIDES)
    first = round_robin(["a", "b", "c", "d"], SIDES)[0]
    assert first.tables == (Table(("a", "d"), SIDES), Table(("b", "c"), SIDES))
    again = round_robin(["d", "c", "b", "a"], SIDES)[0]
    assert again.tables == (Table(("d", "a"), SIDES), Table(("c", "b"), SIDES))


def test_33_2_round_robin_refused_for_three_seat_games():
    with pytest.raises(PairingError, match=r"round-robin pairs two players a game; this game has 3 seats "
                                           r"\(axis, western, soviet\)"):
        round_robin(names(6), DAI_SENSO)


def test_33_2_round_robin_refuses_a_name_entered_twice():
    with pytest.raises(PairingError, match="entered more than once: b"):
        round_robin(["a", "b", "b", "c"], SIDES)


# -- Swiss, two seats: generated tournaments ------------------------------------------------------------


def _rank(players, scores):
    return sorted(players, key=lambda p: (-scores[p], players.index(p)))


def _due(counts, last, p):
    c = counts.get(p, Counter())
    if c[SIDES[0]] != c[SIDES[1]]:
        return SIDES[0] if c[SIDES[0]] < c[SIDES[1]] else SIDES[1]
    if p not in last:
        return None
    return SIDES[1] if last[p] == SIDES[0] else SIDES[0]


def _last_sides(history):
    last = {}
    for r in history:
        for t in r.tables:
            for p, s in zip(t.players, t.sides, strict=True):
                last[p] = s
    return last


@pytest.mark.parametrize("n", SIZES)
def test_33_2_swiss_never_repeats_while_a_pairing_exists_and_byes_go_to_the_lowest_without_one(n):
    """Over seeded events of n players, Swiss rounds until none can be paired: each round seats every
    player once, repeats no pairing, and gives the bye to the lowest-ranked player without one unless the
    rest then cannot be paired; NoPairing only where brute force finds no pairing for any bye allowed."""
    players = names(n)
    for seed in SEEDS:
        rng = random.Random(seed * 100 + n)
        history, results = [], []
        for number in range(1, n + 1):
            scores = points(players, results, byes_of(history))
            met = met_pairs(history)
            had = Counter(p for r in history for p in r.byes)
            ranked = _rank(players, scores)
            # who may have the bye, in the order owed: fewest byes, then lowest-ranked
            order = sorted(ranked, key=lambda p: (had[p], -ranked.index(p))) if n % 2 else [None]
            possible = [b for b in order if pairable([p for p in players if p != b], met)]
            try:
                rnd = swiss(players, SIDES, scores, history)
            except NoPairing as e:
                assert not possible, (seed, number)
                assert e.players and set(e.players) <= set(players)
                break
            assert possible, (seed, number)
            assert rnd.number == number
            _every_player_once(rnd, players)
            for t in rnd.tables:
                assert frozenset(t.players) not in met, (seed, number, t)
                assert t.sides == SIDES
            if n % 2:
                assert rnd.byes == (possible[0],)
                if possible[0] == order[0]:
                    assert had[rnd.byes[0]] == 0 or all(had[p] for p in players)
            else:
                assert rnd.byes == ()
            history.append(rnd)
            results += play(rng, rnd)
        # Before round n/2 every player has an unmet opponent among at least half the others, so a pairing
        # always exists (Dirac): the search must have found one.
        assert len(history) >= n // 2, (seed, len(history))


@pytest.mark.parametrize("n", SIZES)
def test_33_2_swiss_sides_follow_the_due_side(n):
    """Each player's due side (the side played fewer times; when even, the other side from their last game):
    where the two players of a game are due different sides, or only one has a due side, they get it."""
    players = names(n)
    for seed in SEEDS:
        rng = random.Random(seed * 7 + n)
        history, results = [], []
        for _ in range(min(n - 1, 6)):
            try:
                rnd = swiss(players, SIDES, points(players, results, byes_of(history)), history)
            except NoPairing:
                break
            counts, last = side_counts(history), _last_sides(history)
            for t in rnd.tables:
                dues = [_due(counts, last, p) for p in t.players]
                if None not in dues and dues[0] != dues[1]:
                    assert dues == list(t.sides), (seed, t, dues)
                for p, d in zip(t.players, dues, strict=True):
                    other = dues[1 - t.players.index(p)]
                    if d is not None and other is None:
                        assert t.side_of(p) == d
            history.append(rnd)
            results += play(rng, rnd)


# -- Swiss, two seats: hand-worked rounds ------------------------------------------------------------------


def test_33_2_swiss_first_round_top_half_against_bottom_half_sides_alternate_by_board():
    # 8 players on 0: S1 = p00..p03 against S2 = p04..p07; boards 1, 3 give the higher-ranked irgun,
    # boards 2, 4 british.
    rnd = swiss(names(8), SIDES, {}, [])
    assert [t.players for t in rnd.tables] == [("p00", "p04"), ("p05", "p01"), ("p02", "p06"), ("p07", "p03")]
    assert rnd.byes == () and rnd.number == 1


def test_33_2_swiss_floats_the_odd_players_lowest_down_to_the_top_of_the_next_group():
    # Scores: a, b, c on 1 (odd group), d, e, f on 0. a-b pair in the top group (top half against bottom
    # half of the even part [a, b]); c, the group's lowest, floats down and meets d, the top of the 0 group;
    # e-f pair. No one has played before, so no due sides: board order decides.
    players = ["a", "b", "c", "d", "e", "f"]
    rnd = swiss(players, SIDES, {"a": 1, "b": 1, "c": 1}, [])
    assert [set(t.players) for t in rnd.tables] == [set("ab"), set("cd"), set("ef")]


def test_33_2_swiss_falls_back_when_the_floater_has_met_the_next_group():
    # As above, but c has met d, e and f: c cannot float. The search falls back into the top group: a-c
    # (c is not the group's lowest left over now), b floats to d, e-f.
    players = ["a", "b", "c", "d", "e", "f"]
    history = [Round(1, (Table(("c", "d"), SIDES),), ()), Round(2, (Table(("e", "c"), SIDES),), ()),
               Round(3, (Table(("c", "f"), SIDES),), ())]
    rnd = swiss(players, SIDES, {"a": 1, "b": 1, "c": 1}, history)
    assert {frozenset(t.players) for t in rnd.tables} == {frozenset("ac"), frozenset("bd"), frozenset("ef")}


def test_33_2_swiss_search_gives_up_past_its_budget_with_a_clear_error():
    # The fallback above takes 4 tries (a-b, after which c has no unmet opponent; then a-c, b-d, e-f):
    # a budget of 3 is not enough, 4 is.
    players = ["a", "b", "c", "d", "e", "f"]
    history = [Round(1, (Table(("c", "d"), SIDES),), ()), Round(2, (Table(("e", "c"), SIDES),), ()),
               Round(3, (Table(("c", "f"), SIDES),), ())]
    with pytest.raises(SearchTooLong, match="round 4: the search for a pairing without a repeat gave up "
                                            "after 3 tries"):
        swiss(players, SIDES, {"a": 1, "b": 1, "c": 1}, history, max_steps=3)
    assert swiss(players, SIDES, {"a": 1, "b": 1, "c": 1}, history, max_steps=4).tables


def test_33_2_swiss_bye_to_the_lowest_ranked_without_one_at_the_bye_score():
    # e is lowest but had the bye in round 1; d, next lowest, gets it.
    players = ["a", "b", "c", "d", "e"]
    history = [Round(1, (Table(("a", "c"), SIDES), Table(("d", "b"), SIDES)), ("e",))]
    scores = {"a": 1, "b": 1, "c": 0, "d": 0, "e": 1}
    # ranked: a, b, e (1 each, entry order), c, d (0): lowest without a bye is d
    rnd = swiss(players, SIDES, scores, history)
    assert rnd.byes == ("d",) and rnd.number == 2
    _every_player_once(rnd, players)


def test_33_2_swiss_no_pairing_without_a_repeat_names_the_players_left():
    players = ["a", "b", "c", "d"]
    history = round_robin(players, SIDES)  # everyone has met everyone
    with pytest.raises(NoPairing) as err:
        swiss(players, SIDES, {"a": 2}, history)
    assert set(err.value.players) == set(players)
    assert "round 4: no pairing without a repeat exists" in str(err.value)
    assert "a has met b, c, d" in str(err.value)


def test_33_2_swiss_backtracks_to_the_one_pairing_left_then_finds_none():
    # Rounds 1 and 2 leave a-d and b-c the only pairing without a repeat (a's first choice in the
    # 0-point group, c, was met in round 2); after it, none is left.
    players = ["a", "b", "c", "d"]
    history = [Round(1, (Table(("a", "b"), SIDES), Table(("c", "d"), SIDES)), ()),
               Round(2, (Table(("a", "c"), SIDES), Table(("b", "d"), SIDES)), ())]
    rnd = swiss(players, SIDES, {}, history)
    assert {frozenset(t.players) for t in rnd.tables} == {frozenset("ad"), frozenset("bc")}
    history.append(rnd)
    with pytest.raises(NoPairing):
        swiss(players, SIDES, {}, history)


def test_33_2_swiss_who_played_irgun_last_plays_british():
    # Met so far: a-c, b-d, a-d, b-c, so round 3 is a-b and c-d.
    history = [Round(1, (Table(("a", "c"), SIDES), Table(("d", "b"), SIDES)), ()),
               Round(2, (Table(("d", "a"), SIDES), Table(("b", "c"), SIDES)), ())]
    rnd = swiss(["a", "b", "c", "d"], SIDES, {}, history)
    by_pair = {frozenset(t.players): t.as_dict() for t in rnd.tables}
    # a: irgun, british (even; last british) -> due irgun; b: british, irgun -> due british. Both met.
    assert by_pair[frozenset("ab")] == {"irgun": "a", "british": "b"}
    # c: british twice -> due irgun; d: irgun twice -> due british. Both met.
    assert by_pair[frozenset("cd")] == {"irgun": "c", "british": "d"}


def test_33_2_swiss_sides_both_due_the_same_the_greater_imbalance_gets_it():
    # a: irgun, irgun (imbalance 2, due british); b: british, irgun, irgun (imbalance 1, due british).
    # b ranks higher (1 point), but a's greater imbalance wins: a british, b irgun.
    history = [Round(1, (Table(("a", "x"), SIDES), Table(("y", "b"), SIDES)), ()),
               Round(2, (Table(("a", "y"), SIDES), Table(("b", "x"), SIDES)), ()),
               Round(3, (Table(("b", "z"), SIDES),), ())]
    rnd = swiss(["a", "b"], SIDES, {"b": 1}, history)
    assert rnd.tables[0].as_dict() == {"irgun": "b", "british": "a"}
    # Equal imbalance (irgun once each, both due british): the higher-ranked, b, gets it.
    even = [Round(1, (Table(("a", "x"), SIDES), Table(("b", "y"), SIDES)), ())]
    rnd = swiss(["a", "b"], SIDES, {"b": 1}, even)
    assert rnd.tables[0].as_dict() == {"irgun": "a", "british": "b"}


def test_33_2_swiss_is_a_function_of_its_inputs():
    players, rng = names(9), random.Random(5)
    history, results = [], []
    for _ in range(4):
        scores = points(players, results, byes_of(history))
        rnd = swiss(players, SIDES, scores, history)
        assert rnd == swiss(players, SIDES, dict(scores), list(history))
        history.append(rnd)
        results += play(rng, rnd)


# -- Swiss tables of k seats (Dai Senso! political events) ---------------------------------------------


@pytest.mark.parametrize("n", SIZES)
def test_33_2_swiss_three_seat_tables_by_score_seats_rotated(n):
    """Tables of three by rank, n mod 3 byes to the lowest-ranked with the fewest byes, and at no table
    could two players swap seats so that each moves to a seat they have played less."""
    players = names(n)
    for seed in SEEDS:
        rng = random.Random(seed * 31 + n)
        history, results = [], []
        for number in range(1, 7):
            scores = points(players, results, byes_of(history))
            had = Counter(p for r in history for p in r.byes)
            ranked = _rank(players, scores)
            rnd = swiss(players, DAI_SENSO, scores, history)
            _every_player_once(rnd, players)
            owed = sorted(ranked, key=lambda p: (had[p], -ranked.index(p)))[:n % 3]
            assert set(rnd.byes) == set(owed)
            seated = [p for p in ranked if p not in rnd.byes]
            assert [set(t.players) for t in rnd.tables] == [set(seated[i:i + 3]) for i in range(0, len(seated), 3)]
            counts = side_counts(history)
            for t in rnd.tables:
                assert t.sides == DAI_SENSO
                for p, q in itertools.combinations(t.players, 2):
                    sp, sq = t.side_of(p), t.side_of(q)
                    cp, cq = counts.get(p, Counter()), counts.get(q, Counter())
                    assert not (cp[sq] < cp[sp] and cq[sp] < cq[sq]), (seed, number, t, p, q)
            history.append(rnd)
            results += play(rng, rnd)


def test_33_2_swiss_three_players_three_rounds_each_plays_each_seat_once():
    players = ["ann", "bob", "cy"]
    history = []
    for _ in range(3):
        history.append(swiss(players, DAI_SENSO, {}, history))
    for p, c in side_counts(history).items():
        assert c == Counter({s: 1 for s in DAI_SENSO}), (p, c)


def test_33_2_swiss_refuses_fewer_players_than_seats():
    with pytest.raises(PairingError, match="2 player"):
        swiss(["a", "b"], DAI_SENSO, {}, [])


# -- manual ------------------------------------------------------------------------------------------------


def test_33_2_manual_pairing_accepted_as_given():
    players = ["a", "b", "c", "d", "e"]
    rnd = check_manual(players, SIDES, [{"british": "a", "irgun": "b"}, {"irgun": "c", "british": "d"}],
                       byes=["e"])
    assert rnd.tables == (Table(("b", "a"), SIDES), Table(("c", "d"), SIDES))
    assert rnd.byes == ("e",) and rnd.number == 1


def test_33_2_manual_pairing_refused_with_each_fault_its_own_message():
    players = ["a", "b", "c", "d", "e", "f"]
    history = [Round(1, (Table(("a", "b"), SIDES), Table(("c", "d"), SIDES)), ("e",))]
    tables = [
        {"irgun": "a", "british": "b"},        # repeat of round 1
        {"irgun": "c", "haganah": "zed"},      # unknown side, no british, unknown player
        {"irgun": "e", "british": "c"},        # c twice
    ]
    with pytest.raises(ManualPairingError) as err:
        check_manual(players, SIDES, tables, byes=["f", "nobody"], history=history)
    assert sorted(err.value.problems) == sorted([
        "table 1: a and b met in round 1 (allow_repeat to pair them again)",
        "table 2: no side 'haganah' in this game (its sides are irgun, british)",
        "table 2: no player for the side 'british'",
        "table 2: 'zed' is not a player of this tournament",
        "bye: 'nobody' is not a player of this tournament",
        "c is paired more than once (table 2, table 3)",
    ])


def test_33_2_manual_pairing_repeat_allowed_when_the_director_says_so():
    players = ["a", "b"]
    history = [Round(1, (Table(("a", "b"), SIDES),), ())]
    with pytest.raises(ManualPairingError, match="b and a met in round 1"):
        check_manual(players, SIDES, [{"irgun": "b", "british": "a"}], history=history)
    rnd = check_manual(players, SIDES, [{"irgun": "b", "british": "a"}], history=history, allow_repeat=True)
    assert rnd.number == 2 and rnd.tables == (Table(("b", "a"), SIDES),)


def test_33_2_manual_pairing_player_at_a_table_and_a_bye():
    with pytest.raises(ManualPairingError) as err:
        check_manual(["a", "b", "c"], DAI_SENSO, [{"axis": "a", "western": "b", "soviet": "c"}], byes=["a"])
    assert err.value.problems == ("a is paired more than once (table 1, a bye)",)


@pytest.mark.parametrize("n", (6, 8, 10, 12))
def test_33_2_swiss_no_side_three_times_running_nor_three_games_ahead_in_a_short_event(n):
    """Sides balanced across rounds (issue 33, item 2): over the rounds of a short event (half the players'
    number, at most 4), no player plays one side three games running, nor three games more often than the
    other (``pairing._must``), where a pairing that avoids it exists (it does in these events: the test asserts
    it of every random one); and in its first three rounds nobody plays one side every time."""
    players = names(n)
    for seed in SEEDS:
        rng = random.Random(seed * 11 + n)
        history, results = [], []
        for _ in range(min(n // 2, 4)):
            rnd = swiss(players, SIDES, points(players, results, byes_of(history)), history)
            history.append(rnd)
            results += play(rng, rnd)
        for p, c in side_counts(history).items():
            assert abs(c["irgun"] - c["british"]) <= 2, (seed, p, c)
        for p in players:
            run = [t.side_of(p) for r in history for t in r.tables if p in t.players]
            assert all(len(set(run[i:i + 3])) == 2 for i in range(len(run) - 2)), (seed, p, run)

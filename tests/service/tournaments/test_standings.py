"""Issue 33, items 4 and 6: standings (points, tie-breaks, shared ranks) on hand-worked tables, forfeits and
abandoned games as the director rules, and properties over generated Swiss events."""

from __future__ import annotations

import random

import pytest

from service.tournaments.pairing import NoPairing, swiss
from service.tournaments.standings import (
    ABANDONED,
    FORFEITED,
    IN_PLAY,
    LOSS,
    VOID,
    WIN,
    Bye,
    GameResult,
    Ruling,
    Scoring,
    byes_of,
    points,
    standings,
)

from .helpers import DAI_SENSO, SIDES, names, play

won, drawn = GameResult.won, GameResult.drawn


def _table(rows):
    return [(r.rank, r.player, r.points, r.buchholz, r.margin) for r in rows]


def _four_player_round_robin(margins=None):
    """A, B, C, D (entry order), three rounds:
    r1 A beats B, C draws D; r2 A draws C, B beats D; r3 A beats D, B draws C."""
    m = margins or {}
    return [won(1, "A", "B", m.get((1, "AB"))), drawn(1, "C", "D", m.get((1, "CD"))),
            drawn(2, "A", "C", m.get((2, "AC"))), won(2, "B", "D", m.get((2, "BD"))),
            won(3, "A", "D", m.get((3, "AD"))), drawn(3, "B", "C", m.get((3, "BC")))]


def test_33_4_standings_points_buchholz_and_shared_ranks():
    # Points: A 1 + .5 + 1 = 2.5; B 0 + 1 + .5 = 1.5; C .5 + .5 + .5 = 1.5; D .5 + 0 + 0 = .5.
    # Buchholz (opponents' points): A = B + C + D = 1.5 + 1.5 + .5 = 3.5; B = A + D + C = 2.5 + .5 + 1.5
    # = 4.5; C = D + A + B = .5 + 2.5 + 1.5 = 4.5; D = C + B + A = 1.5 + 1.5 + 2.5 = 5.5.
    # No margins: B and C tie on everything -> both 2nd, D 4th (1, 2, 2, 4).
    rows = standings(["A", "B", "C", "D"], _four_player_round_robin())
    assert _table(rows) == [(1, "A", 2.5, 3.5, None), (2, "B", 1.5, 4.5, None), (2, "C", 1.5, 4.5, None),
                            (4, "D", 0.5, 5.5, None)]
    assert [(r.played, r.wins, r.draws, r.losses, r.byes) for r in rows] == [
        (3, 2, 1, 0, 0), (3, 1, 1, 1, 0), (3, 0, 3, 0, 0), (3, 0, 1, 2, 0)]


def test_33_4_standings_margin_breaks_the_tie_before_entry_order():
    # The same games with a margin per player per game (say final Political Will):
    # B: r1 2, r2 5, r3 2 -> 9; C: r1 3, r2 5, r3 2 -> 10. C is level with B on points (1.5) and Buchholz
    # (4.5) but has the greater margin: C 2nd, B 3rd though B entered first.
    margins = {(1, "AB"): {"A": 4, "B": 2}, (1, "CD"): {"C": 3, "D": 3}, (2, "AC"): {"A": 3, "C": 5},
               (2, "BD"): {"B": 5, "D": 1}, (3, "AD"): {"A": 6, "D": 0}, (3, "BC"): {"B": 2, "C": 2}}
    rows = standings(["A", "B", "C", "D"], _four_player_round_robin(margins))
    # A: 4 + 3 + 6 = 13; D: 3 + 1 + 0 = 4.
    assert _table(rows) == [(1, "A", 2.5, 3.5, 13), (2, "C", 1.5, 4.5, 10), (3, "B", 1.5, 4.5, 9),
                            (4, "D", 0.5, 5.5, 4)]


def test_33_4_standings_buchholz_before_margin():
    # Six players, two rounds: r1 A beats D, B beats E, C beats F; r2 A beats B, C beats D, E beats F.
    # Points: A 2, B 1, C 2, D 0, E 1, F 0.
    # Buchholz: A = D + B = 0 + 1 = 1; C = F + D = 0 + 0 = 0; B = E + A = 1 + 2 = 3; E = B + F = 1 + 0 = 1;
    # D = A + C = 2 + 2 = 4; F = C + E = 2 + 1 = 3.
    # C's margins (10 a game) are far above A's (1), but Buchholz comes first: A, C, B, E, D, F.
    big, small = {"C": 10, "F": 0, "D": 0}, {"A": 1, "D": 0, "B": 0}
    results = [won(1, "A", "D", {"A": 1, "D": 0}), won(1, "B", "E"), won(1, "C", "F", big),
               won(2, "A", "B", small), won(2, "C", "D", big), won(2, "E", "F")]
    rows = standings(list("ABCDEF"), results)
    assert _table(rows) == [(1, "A", 2, 1, 2), (2, "C", 2, 0, 20), (3, "B", 1, 3, 0), (4, "E", 1, 1, None),
                            (5, "D", 0, 4, 0), (6, "F", 0, 3, 0)]


def test_33_4_standings_configurable_points():
    # Win 3, draw 1, loss 0 on the four-player games: A 3 + 1 + 3 = 7; B 0 + 3 + 1 = 4; C 1 + 1 + 1 = 3;
    # D 1 + 0 + 0 = 1. B and C no longer tie. Buchholz: A = 4 + 3 + 1 = 8; B = 7 + 1 + 3 = 11;
    # C = 1 + 7 + 4 = 12; D = 3 + 4 + 7 = 14.
    rows = standings(["A", "B", "C", "D"], _four_player_round_robin(), scoring=Scoring(win=3, draw=1, loss=0))
    assert _table(rows) == [(1, "A", 7, 8, None), (2, "B", 4, 11, None), (3, "C", 3, 12, None),
                            (4, "D", 1, 14, None)]


def test_33_4_standings_bye_scores_the_bye_points_and_counts_in_buchholz_as_configured():
    # A beats B; C has the bye.
    results, byes = [won(1, "A", "B")], [Bye(1, "C")]
    # Default: bye 1 point, adds 0 to Buchholz. A (1, Buchholz B = 0) and C (1, 0) tie: both 1st; B 3rd.
    rows = standings(["A", "B", "C"], results, byes)
    assert _table(rows) == [(1, "A", 1, 0, None), (1, "C", 1, 0, None), (3, "B", 0, 1, None)]
    assert rows[1].byes == 1 and rows[1].played == 0
    # Bye as a virtual opponent on the player's own points: C's Buchholz = 1 > A's 0: C 1st, A 2nd.
    rows = standings(["A", "B", "C"], results, byes, Scoring(bye_buchholz="own"))
    assert _table(rows) == [(1, "C", 1, 1, None), (2, "A", 1, 0, None), (3, "B", 0, 1, None)]
    # Bye worth half a point, adding 0.5 to Buchholz: C 0.5 (Buchholz 0.5) is 2nd, between A 1 and B 0.
    rows = standings(["A", "B", "C"], results, byes, Scoring(bye=0.5, bye_buchholz=0.5))
    assert _table(rows) == [(1, "A", 1, 0, None), (2, "C", 0.5, 0.5, None), (3, "B", 0, 1, None)]


def test_33_4_standings_only_finished_games_count():
    # A-B still in play with an outcome filled in: it counts for nothing, no note. C beats D.
    # Points: C 1, others 0. Buchholz: C = D = 0; D = C = 1; A, B none = 0. So C, D, then A and B level.
    results = [GameResult(1, ("A", "B"), IN_PLAY, {"A": WIN, "B": LOSS}), won(1, "C", "D")]
    rows = standings(list("ABCD"), results)
    assert _table(rows) == [(1, "C", 1, 0, None), (2, "D", 0, 1, None), (3, "A", 0, 0, None),
                            (3, "B", 0, 0, None)]
    assert all(r.notes == () for r in rows) and rows[2].played == 0


def test_33_6_forfeits_and_abandoned_games_count_as_ruled_with_the_reason():
    # r1: A-B forfeited, ruled A win, B loss; C-D abandoned, ruled void for both; E-F forfeited, no ruling
    # yet. r2: A beats C (finished), with margins.
    missed = Ruling({"A": WIN, "B": LOSS}, "B missed the 72-hour deadline twice")
    void = Ruling({"C": VOID, "D": VOID}, "server outage, both players agreed")
    results = [GameResult(1, ("A", "B"), FORFEITED, ruling=missed, label="g17", margins={"A": 9, "B": 0}),
               GameResult(1, ("C", "D"), ABANDONED, ruling=void),
               GameResult(1, ("E", "F"), FORFEITED),
               won(2, "A", "C", {"A": 2, "C": 1})]
    rows = {r.player: r for r in standings(list("ABCDEF"), results)}
    # Points: A 1 (forfeit win) + 1 = 2; B 0; C 0 (void, then a loss); D 0 (void); E, F 0 (not ruled).
    # Buchholz: A = B + C = 0 + 0 = 0; B = A = 2; C = A = 2 (the void game counts no opponent); D = 0.
    # Margin: only the finished game's: A 2, C 1 (the forfeited game's margins are not counted).
    assert (rows["A"].points, rows["A"].buchholz, rows["A"].margin, rows["A"].played) == (2, 0, 2, 2)
    assert (rows["B"].points, rows["B"].buchholz, rows["B"].played, rows["B"].losses) == (0, 2, 1, 1)
    assert (rows["C"].points, rows["C"].buchholz, rows["C"].played) == (0, 2, 1)
    assert (rows["D"].points, rows["D"].played) == (0, 0)
    assert rows["A"].notes == ("round 1 (g17): forfeited, ruled win: B missed the 72-hour deadline twice",)
    assert rows["B"].notes == ("round 1 (g17): forfeited, ruled loss: B missed the 72-hour deadline twice",)
    assert rows["C"].notes == ("round 1: abandoned, ruled void: server outage, both players agreed",)
    assert rows["E"].notes == rows["F"].notes == ("round 1: forfeited, awaiting the director's ruling",)
    assert rows["E"].played == 0
    # Ranks: A 1st; B and C level (0 points, Buchholz 2) but C has margin 1 > B's none (0): C 2nd, B 3rd;
    # D, E, F level on everything: 4th each.
    ranked = standings(list("ABCDEF"), results)
    assert [(r.rank, r.player) for r in ranked] == [(1, "A"), (2, "C"), (3, "B"), (4, "D"), (4, "E"), (4, "F")]


def test_33_6_a_ruling_may_score_a_forfeit_as_a_double_loss():
    results = [GameResult(1, ("A", "B"), FORFEITED, ruling=Ruling({"A": LOSS, "B": LOSS}, "neither moved"))]
    rows = standings(["A", "B"], results, scoring=Scoring(win=2, draw=1, loss=0))
    assert [(r.rank, r.player, r.points, r.losses) for r in rows] == [(1, "A", 0, 1), (1, "B", 0, 1)]


@pytest.mark.parametrize("bad, message", [
    (won(1, "A", "Z"), "'Z' is not a player"),
    (GameResult(1, ("A", "B"), outcome={"A": WIN}), "needs a win, draw or loss for each"),
    (GameResult(1, ("A", "B"), outcome={"A": WIN, "B": LOSS}, ruling=Ruling({"A": WIN, "B": LOSS}, "x")),
     "only an abandoned or forfeited"),
    (GameResult(1, ("A", "B"), FORFEITED, ruling=Ruling({"A": "bonus", "B": LOSS}, "x")), "win, draw, loss or void"),
    (GameResult(1, ("A", "B"), "lost in the post"), "no status 'lost in the post'"),
])
def test_33_4_standings_refuse_malformed_results(bad, message):
    with pytest.raises(ValueError, match=message):
        standings(["A", "B"], [bad])


def test_33_4_standings_refuse_a_bye_for_an_unknown_player_and_a_bad_bye_buchholz():
    with pytest.raises(ValueError, match="the bye's 'Q'"):
        points(["A"], [], [Bye(1, "Q")])
    with pytest.raises(ValueError, match="a number or 'own'"):
        Scoring(bye_buchholz="half")


@pytest.mark.parametrize("sides", [SIDES, DAI_SENSO], ids=["two-seat", "three-seat"])
def test_33_4_standings_over_generated_swiss_events(sides):
    """Over seeded Swiss events (4-12 players, up to four rounds): every game hands out its points (a two-player
    game one point in all at 1/0.5/0; a three-player game 1 or 1.5), byes their point; rows best first,
    a rank shared exactly where points, Buchholz and margin are level, ranks counting the rows above."""
    for n in range(max(4, len(sides)), 13):
        for seed in range(4):
            rng = random.Random(seed * 13 + n)
            players, history, results = names(n), [], []
            for _ in range(4):
                try:
                    history.append(swiss(players, sides, points(players, results, byes_of(history)), history))
                except NoPairing:
                    break
                results += play(rng, history[-1])
            rows = standings(players, results, byes_of(history))
            per_game = sum(0.5 * len(g.players) if WIN not in g.outcome.values() else 1 for g in results)
            assert sum(r.points for r in rows) == pytest.approx(per_game + len(byes_of(history)))
            assert sorted(r.player for r in rows) == players
            for i, (above, row) in enumerate(zip(rows, rows[1:], strict=False), start=1):
                key_a = (above.points, above.buchholz, above.margin or 0)
                key_r = (row.points, row.buchholz, row.margin or 0)
                assert key_a >= key_r
                if key_a == key_r:
                    assert row.rank == above.rank and players.index(above.player) < players.index(row.player)
                else:
                    assert row.rank == i + 1
            for r in rows:
                assert r.played + r.byes == len(history)

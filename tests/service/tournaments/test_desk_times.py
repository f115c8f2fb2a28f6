"""Response times (issue 33, item 3), the pure part: ``service.tournaments.response_times`` over timestamps
worked out by hand. One decision per accepted submission, waits from the position answered, pauses left
out, rollbacks reaching a position again, the umpire's moves not a player's."""

from __future__ import annotations

from datetime import datetime, timedelta

from service.tournaments import response_times as rt

T0 = datetime(2025, 1, 1)


def h(x: float) -> datetime:
    return T0 + timedelta(hours=x)


def m(seq, role, sub, at):
    return rt.LoggedMove(seq, role, sub, at)


SEATS = {"irgun": "Ann", "british": "Bob"}


def test_pauses_pair_paused_with_resumed_and_leave_the_last_open():
    evs = [("paused", h(1)), ("paused", h(1.5)), ("resumed", h(2)), ("resumed", h(3)), ("rolled-back", h(4)),
           ("paused", h(5))]
    assert rt.pauses(evs) == [(h(1), h(2)), (h(5), None)]
    assert rt.pauses([("resumed", h(1))]) == []


def test_paused_between_counts_only_the_overlap():
    iv = [(h(1), h(2)), (h(5), None)]
    assert rt.paused_between(iv, h(0), h(10)) == 3600 + 5 * 3600  # the open pause runs to the end
    assert rt.paused_between(iv, h(1.5), h(6)) == 1800 + 3600
    assert rt.paused_between(iv, h(2), h(5)) == 0
    assert rt.paused_between([], h(0), h(9)) == 0


def test_one_decision_per_submission_measured_from_the_position_it_answered():
    # setup at 0; Ann's file of three orders adjudicated at h(2) (rows 1-3), Bob's two at h(5) (4-5), Ann's
    # one at h(5.5) (6); the umpire's correction at h(6) (7, no submission); Bob's at h(8) (8).
    clock = rt.GameClock("G-1", T0, [m(0, "umpire", None, T0), m(1, "irgun", "a", h(2)), m(2, "irgun", "a", h(2)),
                                     m(3, "irgun", "a", h(2)), m(4, "british", "b", h(5)),
                                     m(5, "british", "b", h(5)), m(6, "irgun", "c", h(5.5)),
                                     m(7, "correct", None, h(6)), m(8, "british", "d", h(8))], SEATS)
    ds = rt.decisions(clock)
    assert [(d.player, d.seq, d.reached, d.made, d.wait) for d in ds] == [
        ("Ann", 0, T0, h(2), 7200.0), ("Bob", 3, h(2), h(5), 10800.0), ("Ann", 5, h(5), h(5.5), 1800.0),
        ("Bob", 7, h(6), h(8), 7200.0)]  # Bob's last wait runs from the correction, not from Ann's move


def test_pauses_are_nobodys_wait_and_a_rollback_reaches_a_position_again():
    # Ann moves at h(1) (1-2); the umpire rolls back to 0 at h(3); paused h(4) to h(6); Ann moves at h(7)
    # (1-2 again). Her counted decision waited from h(3) to h(7), less two hours paused: 2 h.
    clock = rt.GameClock("G-2", T0, [m(0, "umpire", None, T0), m(1, "irgun", "x", h(7)), m(2, "irgun", "x", h(7))],
                         SEATS, rollbacks=[(0, h(3))], pauses=[(h(4), h(6))])
    assert [(d.reached, d.wait) for d in rt.decisions(clock)] == [(h(3), 7200.0)]
    # a rollback after the decision does not move it (the position it answered had been reached before)
    later = rt.GameClock("G-2", T0, [m(0, "umpire", None, T0), m(1, "irgun", "x", h(2))], SEATS,
                         rollbacks=[(0, h(3))])
    assert rt.reached(later, 0, h(2)) == T0 and rt.reached(later, 0, h(4)) == h(3)


def test_moves_the_umpire_entered_or_of_no_seat_are_not_decisions():
    clock = rt.GameClock("G-3", T0, [m(0, "umpire", None, T0), m(1, "irgun", "entered", h(1)),
                                     m(2, "british", "own", h(4)), m(3, "umpire", "odd", h(5))], SEATS,
                         entered=frozenset({"entered"}))
    assert [(d.player, d.reached, d.wait) for d in rt.decisions(clock)] == [("Bob", h(1), 3 * 3600.0)]


def test_awaited_now_is_measured_to_now_less_pauses():
    clock = rt.GameClock("G-4", T0, [m(0, "umpire", None, T0), m(1, "irgun", "a", h(2))], SEATS,
                         pauses=[(h(3), h(4)), (h(10), None)])
    (a,) = rt.awaited(clock, 1, ["british"], h(12), paused=True)
    assert (a.player, a.since, a.wait, a.paused) == ("Bob", h(2), 7 * 3600.0, True)  # 10 h less 1 h and 2 h


def test_per_player_median_longest_and_the_longest_current_wait():
    def d(player, game, wait):
        return rt.Decision(player, "irgun", game, 0, T0, T0, wait)
    made = [d("Ann", "G-1", 100.0), d("Ann", "G-2", 400.0), d("Ann", "G-1", 300.0), d("Ann", "G-3", 400.0),
            d("Bob", "G-1", 50.0), d("Bob", "G-2", 70.0), d("Bob", "G-3", 60.0)]
    waiting = [rt.Awaited("Bob", "british", "G-5", 3, T0, 900.0), rt.Awaited("Bob", "irgun", "G-6", 0, T0, 1200.0),
               rt.Awaited("Zed", "irgun", "G-7", 0, T0, 5.0)]
    rows = {p.player: p for p in rt.per_player(["Ann", "Bob", "Cat"], made, waiting)}
    assert list(rows) == ["Ann", "Bob", "Cat", "Zed"]
    ann, bob, cat = rows["Ann"], rows["Bob"], rows["Cat"]
    assert (ann.decisions, ann.median, ann.longest, ann.longest_game, ann.waiting) == (4, 350.0, 400.0, "G-2", None)
    assert (bob.decisions, bob.median, bob.longest, bob.longest_game, bob.waiting) == (3, 60.0, 70.0, "G-2", 1200.0)
    assert [a.game for a in bob.awaited] == ["G-6", "G-5"]  # the longest current wait first
    assert (cat.decisions, cat.median, cat.longest, cat.waiting) == (0, None, None, None)
    assert rows["Zed"].to_dict()["awaited"] == [{"game": "G-7", "role": "irgun", "seq": 0, "since": "2025-01-01T00:00:00Z",
                                                 "waiting_seconds": 5.0, "paused": False}]

"""Each game's own margin of a finished position (``GameDefinition.margins``; issue 33, item 4): the tie-break
the tournament standings count after the opponents' scores. A number per role, higher better for that role,
from the game's victory rules: the British Way games' final Political Will (Resistance in Japanese Occupation),
measured from the line their 7.0 draws; The First Arab-Israeli War's VP difference (28.2). A game without one
(the Dai Senso! political events, the FAIW desk) gives none, and no game gives one before it ends.

Every finished position here is reached by the game's own rules: a position file at the final Propaganda
Round's Political Will phase, run to its victory check; Japanese Occupation's final round from its Game End
step; The First Arab-Israeli War's armistice, accepted."""

from __future__ import annotations

import pytest

import engine
from engine.core.chance import SeededChance
from engine.games.japanese_occupation.propaganda import JapaneseOccupationPropaganda
from engine.testing import Position, begin

from .first_arab_israeli_war.faiw_air_helpers import at_phase
from .first_arab_israeli_war.faiw_helpers import act
from .games_common import GAMES
from .japanese_occupation import helpers as jo


def margins(game: str, state: dict) -> dict | None:
    return engine.definition(game).margins(state)


def final_round(game: str, pw: int, **spaces) -> dict:
    """The state after the final (third) Propaganda Round's Political Will phase of *game*, on an empty map
    holding *spaces*, Political Will *pw* as the round begins: the victory check has run (7.0)."""
    p = Position(game).clear().track(political_will=pw).rounds(2)
    for sid, counts in spaces.items():
        p.put(sid.replace("_", "-"), **counts)
    last = [c for c, card in p.rules.cards.items() if card["kind"] == "propaganda"][-1]
    state = p.propaganda("political-will", last).state()
    assert state["outcome"] and not engine.active_roles(state)
    return state


# (game, Political Will as the round begins, pieces, Political Will after the phase, winner, margins)
COIN_ENDS = [
    # Palestine 6.1: three quiet Cities +3, no Railway sabotaged +2: 1 -> 6, a British win (7.0.2)
    ("palestine", 1, {}, 6, "british", {"british": 6, "irgun": -6}),
    # Haifa and Tel Aviv-Jaffa sabotaged -2 -2, Jerusalem quiet +1, a Railway sabotaged -2: 4 -> 0, the Irgun's
    ("palestine", 4, {"haifa_city": {"sabotage": 1}, "tel_aviv_jaffa": {"sabotage": 1},
                      "rail_egypt": {"sabotage": 1}}, 0, "irgun", {"british": 0, "irgun": 0}),
    # Malaya 6.1: no Support, no Opposition, no Sabotage or Terror: unchanged; 7.0.2 measured from 10
    ("malaya", 12, {}, 12, "british", {"british": 2, "mcp": -2}),
    ("malaya", 9, {}, 9, "mcp", {"british": -1, "mcp": 1}),
    ("malaya", 10, {}, 10, None, {"british": 0, "mcp": 0}),  # exactly 10: a tie (7.0.2)
    # Kenya 6.1: no Mau Mau piece in Nairobi +2, no Base outside the Mountain Jungles +2: 12 -> 16
    ("kenya", 12, {}, 16, "british", {"british": 6, "maumau": -6}),
    # Cyprus 6.1: International Opinion Debated -2, no Arms Cache in a Mountain +2, six quiet Towns +3: 3 -> 6
    ("cyprus", 3, {}, 6, "british", {"british": 6, "eoka": -6}),
    # Arab Revolt 6.1: four Railways unsabotaged +2, nine spaces without Rebels +4: 3 -> 9
    ("arab-revolt", 3, {}, 9, "british", {"british": 9, "rebels": -9}),
]


@pytest.mark.parametrize("game,pw,spaces,after,winner,expected", COIN_ENDS,
                         ids=[f"{c[0]}-{c[1]}-{c[4]}" for c in COIN_ENDS])
def test_a_british_way_game_s_margin_is_its_final_political_will(game, pw, spaces, after, winner, expected):
    state = final_round(game, pw, **spaces)
    assert state["pw"] == after and state["outcome"]["winner"] == winner
    got = margins(game, state)
    assert got == expected and all(isinstance(v, float) for v in got.values())
    assert set(got) == set(engine.definition(game).roles)


def jo_final(resistance: int, **spaces) -> dict:
    """Japanese Occupation's final Propaganda Round run from its Game End step (6.2.6, the victory check 7.0.1)."""
    g = jo.position(resistance=resistance, **spaces)
    g.s["propaganda"] = 3
    begin(g, "jo.propaganda", "british", pc=JapaneseOccupationPropaganda.script.index("game_end"))
    assert g.s["outcome"]
    return g.s


@pytest.mark.parametrize("resistance,spaces,winner,losers,expected", [
    (17, {}, "japanese", None, {"british": -1, "japanese": 1}),   # below 18: the Japanese win
    (20, {}, "british", None, {"british": 2, "japanese": -2}),    # 20: the British
    # 18 with fewer Jungle Camps than Force 136 markers: the British
    (18, {"kedah": {"jungle_camp": 1, "force_136": 1}, "perak": {"force_136": 1}}, "british", None,
     {"british": 0, "japanese": 0}),
    # 19 and no fewer camps: the MPAJA win, both players lose; the margin still says who came nearer
    (19, {"kedah": {"jungle_camp": 1}}, None, ["british", "japanese"], {"british": 1, "japanese": -1}),
])
def test_japanese_occupation_s_margin_is_its_final_resistance_from_18(resistance, spaces, winner, losers, expected):
    state = jo_final(resistance, **spaces)
    assert state["outcome"]["winner"] == winner and state["outcome"].get("losers") == losers
    assert margins("japanese-occupation", state) == expected


def test_the_first_arab_israeli_war_s_margin_is_the_vp_difference_of_an_accepted_armistice():
    """28.4: an armistice accepted ends the game on the VP, the end-of-game awards counted (28.3); the margin
    is each side's VP less the other's (28.2)."""
    s = at_phase("arab", "air")
    s["truce"] = {"from": s["month"], "until": s["month"], "event": "Event 55, United Nations Truce",
                  "armistice": True}
    assert margins("first-arab-israeli-war", s) is None  # not over yet
    act(s, "arab", "propose")
    act(s, "israel", "accept")
    vp = s["outcome"]["vp"]
    got = margins("first-arab-israeli-war", s)
    assert got == {"arab": vp["arab"] - vp["israel"], "israel": vp["israel"] - vp["arab"]}


def test_the_first_arab_israeli_war_s_margin_reads_the_totals_the_outcome_decided_on():
    """The outcome's VP (after the end-of-game awards), not the running ledger."""
    state = {"outcome": {"winner": "arab", "reason": "a marginal victory", "vp": {"arab": 41, "israel": 26}},
             "vp": {"arab": 30, "israel": 26}}
    assert margins("first-arab-israeli-war", state) == {"arab": 15.0, "israel": -15.0}


@pytest.mark.parametrize("game", GAMES)
def test_no_margin_before_the_game_ends(game):
    defn = engine.definition(game)
    if defn.margins is None:
        return
    state = engine.setup(game, defn.default_scenario(), {}, SeededChance(1))
    assert not state.get("outcome") and defn.margins(state) is None


def test_which_games_have_a_margin():
    """The event desks have no victory of their own, so no margin; every game with one says in its first
    docstring line what it measures (the standings print it)."""
    have = {g for g in GAMES if engine.definition(g).margins is not None}
    assert have == {"palestine", "malaya", "kenya", "cyprus", "arab-revolt", "japanese-occupation",
                    "first-arab-israeli-war"}
    assert engine.definition("dai-senso-events").margins is None
    assert engine.definition("first-arab-israeli-war-desk").margins is None
    for g in have:
        doc = (engine.definition(g).margins.__doc__ or "").strip().splitlines()
        assert doc and "(" in doc[0], g  # what it measures, citing the rule

"""The desk as a game (issue 31, item 4): its session (pass, end), its options, what each side sees, its facts
and invariants, its rulings quoted on the rulebook's lines, and random sessions with and without a pack."""

from __future__ import annotations

import os
import random
import re
from collections import defaultdict
from pathlib import Path

import pytest

import engine
from engine.api import _context, explain
from engine.core import canonical
from engine.core.chance import SeededChance
from engine.core.errors import InvalidActionError
from engine.games import faiw_desk
from engine.games.faiw_desk.data import OWN_RULINGS

from .desk_helpers import SLUG, act, attack, desk, legal, log_text, orders

REPO = Path(__file__).resolve().parents[3]


def test_11_0_the_arab_league_holds_the_desk_first_and_pass_hands_it_over():
    s = desk()
    assert engine.active_roles(s) == ["arab"] and legal(s, "arab") == {"attack": [], "pass": [], "end": []}
    step = act(s, "arab", "pass")
    assert engine.active_roles(s) == ["israel"] and "passed the combat desk to Israel" in log_text(step)


def test_end_ends_the_session_with_no_winner():
    s = desk()
    act(s, "arab", "end")
    assert engine.outcome(s) == {"winner": None, "reason": "the umpire ended the desk"}
    assert engine.active_roles(s) == []


def test_11_1b_the_defender_declares_in_a_frame_of_his_own_after_the_attacker():
    s = desk()
    orders(s, "arab", "attack", "strength 6", "size brigade", "table raid", "roll")
    assert engine.active_roles(s) == ["israel"] and "roll" not in legal(s, "israel")
    assert "cancel" not in legal(s, "israel")


def test_options_are_checked():
    for bad in ({"month": "1950-01"}, {"optional": {"30": True}}, {"pack": "nothing"}, {"colour": 1}):
        with pytest.raises(InvalidActionError):
            desk(**bad)


def test_21_1_the_attack_is_revealed_to_the_defender_and_his_defence_only_by_the_die():
    s = desk()
    orders(s, "arab", "attack", "strength 6", "size brigade")
    assert "attack" in engine.view(s, "arab")["declaring"]
    assert engine.view(s, "israel")["declaring"] == {}
    orders(s, "arab", "table raid", "roll")
    orders(s, "israel", "strength 3", "size battalion")
    assert "attack" in engine.view(s, "israel")["declaring"]
    assert "defence" in engine.view(s, "israel")["declaring"]
    assert "defence" not in engine.view(s, "arab")["declaring"]
    act(s, "israel", "roll", [1])
    assert engine.view(s, "arab")["attacks"][0]["defenders"] == ["d1"]


def test_facts_name_the_month_the_pack_and_the_attacks():
    s = desk(pack="test", month="1948-07")
    attack(s, "arab", ["unit AL-egy-inf-bn-1", "table raid"], ["unit IL-inf-bn-1"], die=3)
    facts = {f["label"]: f["value"] for f in engine.facts(engine.view(s, "israel"))}
    assert facts["Month"] == "July 1948" and "TEST DATA" in facts["Data pack"]
    assert facts["Attacks made"] == "1" and facts["Last attack"].startswith("1: The Arab League on the Raid table")
    assert "none" in {f["label"]: f["value"] for f in engine.facts(engine.view(desk(), "arab"))}["Data pack"]


def test_invariants_hold_and_catch_a_broken_state():
    s = desk()
    attack(s, "arab", ["strength 4", "size battalion", "table raid"], ["strength 2", "size battalion"])
    assert faiw_desk.DEFINITION.invariants(s) == []
    bad = canonical.copy(s)
    bad["attacks"][0]["roll"] = 9
    bad["month"] = "1950-01"
    assert len(faiw_desk.DEFINITION.invariants(bad)) == 2


# Rulings ---------------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def rulebook() -> list[str]:
    dirs = [Path(os.environ["UMPIRE_RULES_DIR"])] if os.environ.get("UMPIRE_RULES_DIR") else []
    for d in [*dirs, REPO / "rules", REPO.parent / "shared" / "rules"]:
        if (d / "first-arab-israeli-war.txt").is_file():
            return (d / "first-arab-israeli-war.txt").read_text(encoding="utf-8").split("\n")
    pytest.skip("rules/first-arab-israeli-war.txt not found: set UMPIRE_RULES_DIR")


def test_the_desks_rulings_quote_the_words_on_their_lines(rulebook):
    for r in OWN_RULINGS:
        assert r["id"].startswith("R-") and len(r["ruling"]) > 40 and r["source"].startswith("ruling: ")
        for q in r["quotes"]:
            n = int(re.fullmatch(r"\S+ L(\d+)", q["at"]).group(1))
            assert q["text"] in rulebook[n - 1], (r["id"], q)


def test_every_ruling_the_desk_cites_exists():
    known = {r["id"] for r in faiw_desk.RULINGS}
    cited = set()
    for path in [*(REPO / "engine" / "games" / "faiw_desk").rglob("*.py"), *Path(__file__).parent.glob("*.py")]:
        cited |= set(re.findall(r"ruling (R-[0-9][\w.-]*[\w])", path.read_text(encoding="utf-8")))
    assert cited and cited <= known, cited - known
    assert len(known) == len(faiw_desk.RULINGS)


# Random sessions ---------------------------------------------------------------------------------------------

OPTIONS = [{}, {"pack": "test"}, {"pack": "test", "month": "1948-02", "optional": {"29": True, "31": True}},
           {"month": "1948-06", "optional": {"31": True}}]


@pytest.mark.parametrize("seed", range(8))
def test_random_sessions_keep_the_invariants_and_explain_every_refusal(seed):
    """Long random sessions (``end`` and ``cancel`` rarely chosen): every listed order is accepted, every
    argument seen legal elsewhere and refused here gets the desk's own reason, the invariants hold."""
    opts = OPTIONS[seed % len(OPTIONS)]
    defn = engine.definition(SLUG)
    s = engine.setup(SLUG, "desk", opts, SeededChance(seed, context="setup"))
    rnd, seen = random.Random(seed), defaultdict(set)
    for n in range(400):
        if engine.outcome(s):
            break
        role = engine.active_roles(s)[0]
        actions = legal(s, role)
        assert actions, f"seed {seed} action {n}: a dead end"
        for verb, args in actions.items():
            seen[verb].update(args)
        g = _context(s, None, defn)
        f = g.top()
        p = g.proc(f)
        for verb, args in actions.items():
            pool = sorted(seen[verb] - set(args)) if args else []
            for arg in rnd.sample(pool, min(2, len(pool))):
                assert explain(g, f, p, verb, arg, actions)[1], (verb, arg)
        verbs = sorted(actions)
        verb = rnd.choices(verbs, [0.01 if v == "end" else 0.05 if v == "cancel" else 1 for v in verbs])[0]
        args = actions[verb]
        engine.apply_in_place(s, role, verb if not args else f"{verb} {rnd.choice(args)}",
                              SeededChance(n, context="dice"))
        assert not defn.invariants(s)
        assert canonical.loads(canonical.dumps(s)) == s
    assert s["attacks"]

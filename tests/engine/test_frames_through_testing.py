"""Issue 23 (Tests): no test writes the engine's procedure stack by hand. Positions come from position files or
``engine.testing.Position``; a test of one procedure starts it with ``engine.testing.begin`` (``Context.call``
with the locals the procedure documents) or empties the stack with ``engine.testing.idle``; what a state waits
at is read with ``engine.testing.waiting``. This scan fails on a write to ``["flow"]`` anywhere under tests/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.core.chance import Recorder, SeededChance
from engine.core.flow import Context
from engine.testing import Position, begin, idle, waiting

TESTS = Path(__file__).resolve().parent.parent

#: A write to the stack or to one of its frames: assigned, appended, inserted, popped, extended, cleared, deleted.
WRITE = re.compile(r"""\[["']flow["']\]\s*(?:=(?!=)|\.(?:append|insert|pop|extend|clear|remove)\(|(?:\[[^\]]*\])+\s*(?:=(?!=)|\+=|-=))"""
                   r"""|\bdel\s+\S*\[["']flow["']\]""")


def test_23_no_test_writes_the_procedure_stack_by_hand():
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        if path == Path(__file__).resolve():
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if WRITE.search(line):
                found.append(f"{path.relative_to(TESTS)}:{n}: {line.strip()}")
    assert not found, "tests write state['flow'] by hand (use engine.testing.begin / idle):\n" + "\n".join(found)


@pytest.mark.parametrize("line", ['s["flow"] = []', 'g.s["flow"].append(f)', "state['flow'][-1]['stage'] = 'x'",
                                  's["flow"].pop()', 'del s["flow"][0]', 's["flow"][-1]["n"] += 1'])
def test_23_the_scan_sees_each_kind_of_write(line):
    assert WRITE.search(line)


@pytest.mark.parametrize("line", ['assert s["flow"] == []', 'f = s["flow"][-1]', 'depth = len(s["flow"])',
                                  'if s["flow"][-1]["p"] == "x":'])
def test_23_the_scan_lets_reads_be(line):
    assert not WRITE.search(line)


def _context(state: dict) -> Context:
    import engine
    defn = engine.definition(state["game"])
    return Context(state, Recorder(SeededChance(1)), defn.rules, defn.procedures)


def test_23_begin_starts_a_procedure_on_an_emptied_stack_and_settles_it():
    """Palestine's Card round started at its reveal (2.3): begin pushes it alone and runs its automatic steps to the
    1st Eligible's box choice; on_top keeps what waits below."""
    s = Position("palestine").state()
    g = _context(s)
    below, depth = waiting(s), len(s["flow"])
    frame = begin(g, "coin.round", "british", on_top=True, settle=False, stage="reveal")
    assert frame == waiting(s) == {"p": "coin.round", "role": "british", "stage": "reveal"}
    assert len(s["flow"]) == depth + 1 and s["flow"][-2] == below
    begin(g, "coin.round", "british", stage="reveal")
    assert len(s["flow"]) == 2 and s["flow"][0]["p"] == "coin.round"
    assert waiting(s)["p"] == "coin.turn" and waiting(s)["stage"] == "box" and s["current"]
    assert idle(g) is g and s["flow"] == []

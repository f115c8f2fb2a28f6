"""Playing orders and Examples of Play with scripted chance, for any game's tests."""

from __future__ import annotations

from collections.abc import Callable

import engine
from engine.core import canonical
from engine.core.chance import ScriptedChance
from engine.core.moves import apply_move


def run_scripted(state: dict, actions: tuple[str, ...], rolls, draws,
                 invariant: Callable[[dict], None]) -> tuple[dict, list[dict]]:
    """Applies *actions* in order, each for the role that must act, to a copy of *state*; every scripted
    die and draw must be used; *invariant* checks the end position. Returns it and the log entries."""
    chance = ScriptedChance(rolls=rolls, draws=draws)
    s = canonical.copy(state)
    log: list[dict] = []
    for a in actions:
        who = engine.active_roles(s)[0]
        step = engine.apply_in_place(s, who, a, chance)
        log.extend(step.log)
    assert not chance.rolls, f"unused scripted dice {chance.rolls}"
    assert not chance.draws, f"unused scripted draws {chance.draws}"
    invariant(s)
    return s, log


def replay_steps(start: dict, steps: list[dict], check: Callable[[dict, dict, str], None],
                 invariant: Callable[[dict], None], upto: str | None = None) -> dict:
    """Replays an Example of Play: each step one move file for one role (with its scripted dice and draws);
    after it, *check(state, expect, step id)*, the log lines it names, and *invariant(state)*."""
    s = start
    for step in steps:
        chance = ScriptedChance(rolls=step.get("rolls", []), draws=step.get("draws", []))
        assert engine.active_roles(s) == [step["role"]], f"step {step['id']}: who acts"
        assert s["current"] == step["card"], f"step {step['id']}: card"
        res = apply_move(s, step["role"], step["actions"], lambda n, applied, c=chance: c, after=s["seq"])
        assert res.status == "accepted", (step["id"], res.error)
        assert not chance.rolls and not chance.draws, f"step {step['id']}: unused chance"
        s = res.state
        check(s, step.get("expect", {}), step["id"])
        texts = [e["text"] for e in res.log]
        for needle in step.get("log_contains", []):
            assert any(needle in t for t in texts), f"step {step['id']}: log lacks {needle!r}"
        invariant(s)
        if upto == step["id"]:
            break
    return s

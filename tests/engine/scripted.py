"""Playing orders and Examples of Play with scripted chance, for any game's tests."""

from __future__ import annotations

from collections.abc import Callable

import engine
from engine.coin import deck
from engine.core import canonical
from engine.core.chance import Chance, Recorder, ScriptedChance, SeededChance
from engine.core.flow import Context
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


def deal_out(state: dict, chance: Chance) -> list[str]:
    """Reveals every card left in the draw deck of a copy of *state*, top first, with *chance* (as the card
    round reveals them, engine.coin.deck.draw_top); returns them. *state* itself is not changed."""
    s = canonical.copy(state)
    g = Context(s, Recorder(chance), engine.definition(s["game"]).rules)
    return [deck.draw_top(g) for _ in range(deck.size(s))]


class Spy(SeededChance):
    """A seeded source that notes the value of every outcome it gives (a die's face, the item drawn) in
    ``values``, and each label in ``labels``."""

    def __init__(self, seed, context="setup"):
        super().__init__(seed, context)
        self.values: list = []
        self.labels: list[str] = []

    def roll(self, sides, label):
        v = super().roll(sides, label)
        self.values.append(v)
        self.labels.append(label)
        return v

    def draw(self, items, label):
        i = super().draw(items, label)
        self.values.append(items[i])
        self.labels.append(label)
        return i

    def shuffle(self, items, label):
        raise AssertionError(f"a shuffle: {label} (no British Way game shuffles since issue 22, attack 5)")


def legacy_deck(chance, events, propaganda, pile_size=6, bottom=2, shuffle_propaganda=False):
    """The deck as the engine built it before issue 22, attack 5: ``(deck, unused)``, the order stored."""
    if shuffle_propaganda:
        propaganda = chance.shuffle(propaganda, "deck: shuffle the Propaganda cards")
    shuffled = chance.shuffle(events, "deck: shuffle the Event cards")
    used, unused = shuffled[:len(propaganda) * pile_size], shuffled[len(propaganda) * pile_size:]
    out = []
    for i, prop in enumerate(propaganda):
        pile = used[i * pile_size:(i + 1) * pile_size]
        out += pile[:pile_size - bottom] + chance.shuffle(pile[pile_size - bottom:] + [prop], "deck: pile")
    return out, unused

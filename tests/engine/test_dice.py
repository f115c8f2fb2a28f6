"""Trusted dice: the derivation's test vectors (docs/dice.md), distributions, and offline verification."""

import hashlib
import itertools
import json

import pytest

from engine.core import dice
from engine.core.verify import verify

SEED = hashlib.sha256(b"umpire test vector").digest()
GAME = "G-TEST01"


def test_dice_md_vectors():
    assert dice.commitment(SEED) == "564a095b55506b745547416c0ecd0ddfea50bc03573263c79ad54401a8a31657"
    d0 = dice.first_digest(GAME)
    assert d0 == "081542c3d79d98ff5134b4c13559171869817cf1e80c3dbc623dfbcf98c30f94"
    d1 = dice.next_digest(d0, "irgun", "box opsa")
    assert d1 == "f9660e03a23b102499d43f39121a8861e78d51f3ddf114c288c3d52d6d87c6b6"
    d2 = dice.next_digest(d1, "irgun", "op sabotage")
    assert d2 == "38167d92ddd60d05305a26741f13cf4b486ff9453cf1542d60e54adb1ad52c54"
    ent = dice.entropy_string({"irgun": "ann-2026", "british": "bob"})
    assert ent == "british=bob;irgun=ann-2026"
    st = dice.OutcomeStream(SEED, GAME, 3, 0, d2, ent)
    assert st.word() == 0x584568B3
    c = dice.DerivedChance(SEED, GAME, 3, d2, ent)
    assert [c.roll(6, "x") for _ in range(5)] == [6, 2, 4, 5, 6]
    assert c.draw([0, 0, 0, 1, 1, 1, 2, 2, 2], "chit") == 1
    assert c.shuffle(list("ABCDEFG"), "pile") == list("DAECBFG")
    assert [r["k"] for r in c.records] == list(range(7))
    for r in c.records:
        assert dice.recompute(SEED, GAME, r) == r["value"]


def test_dice_md_vectors_of_the_chain_links():
    """docs/dice.md: a rollback and a new seed are links of the chain (issue 22, attacks 2 and 3)."""
    d2 = dice.next_digest(dice.next_digest(dice.first_digest(GAME), "irgun", "box opsa"), "irgun", "op sabotage")
    r = dice.rollback_digest(d2, 1)
    assert r == "c5b0ba607ba0cd92ccdbf341d5b0977f5d7a8f834a27e62acc52c2674e1e3a2f"
    seed2 = hashlib.sha256(b"umpire test vector 2").digest()
    c2 = dice.commitment(seed2)
    assert c2 == "dfae0bedfb8ebe4158e54eeac38375938b1044c43558ca94933bc6de8a06a440"
    k = dice.rekey_digest(r, c2)
    assert k == "dcd158b00dc49aaa42949e4e1c14adfa0b60f7d296ebc6ea9cac4d6207ac115e"
    c = dice.DerivedChance(seed2, GAME, 2, k, "")
    assert [c.roll(6, "x") for _ in range(3)] == [1, 5, 3]


def _chi2(counts, expected):
    return sum((c - expected) ** 2 / expected for c in counts)


def _stream(i):
    return dice.OutcomeStream(SEED, GAME, i, 0, "d", "")


def test_100000_d6_pass_chi_square():
    counts = [0] * 6
    st = _stream(1)
    for _ in range(100_000):
        counts[st.integer(6)] += 1
    # 5 degrees of freedom: the 0.999 quantile is 20.52.
    assert _chi2(counts, 100_000 / 6) < 20.52, counts


@pytest.mark.parametrize("cup", [[0, 0, 0, 1, 1, 1, 2, 2, 2], [0, 0, 1, 1, 2, 2, 2], [0, 1, 2]])
def test_100000_chit_draws_pass_chi_square(cup):
    """Draws from an Intel Chit cup (full, partly spent, nearly empty) pick each chit equally often."""
    counts = [0] * len(cup)
    for i in range(100_000):
        c = dice.DerivedChance(SEED, GAME, i, "d", "")
        counts[c.draw(cup, "chit")] += 1
    # degrees of freedom len-1 <= 8: the 0.999 quantile for 8 is 26.12.
    assert _chi2(counts, 100_000 / len(cup)) < 26.12, counts


def test_shuffles_of_a_7_card_pile_are_uniform():
    """5,040 orders; 504,000 shuffles would be slow, so compare each position's card frequencies and the
    number of distinct orders seen in 50,400 shuffles (tolerance stated in each assertion)."""
    n = 50_400
    pos = [[0] * 7 for _ in range(7)]
    seen = set()
    for i in range(n):
        c = dice.DerivedChance(SEED, GAME, i, "s", "")
        order = c.shuffle(list(range(7)), "pile")
        seen.add(tuple(order))
        for p, card in enumerate(order):
            pos[p][card] += 1
    for p in range(7):  # each position: 6 degrees of freedom, 0.999 quantile 22.46
        assert _chi2(pos[p], n / 7) < 22.46, (p, pos[p])
    # With 10 draws per order expected, the chance that a given order is never seen is e^-10; nearly all
    # 5,040 orders must appear (expected missing: 0.23).
    assert len(seen) >= 5035
    assert len(list(itertools.permutations(range(7)))) == 5040


def test_rejection_sampling_has_no_modulo_bias_for_awkward_ranges():
    st = _stream(9)
    limit = (1 << 32) - ((1 << 32) % 7)
    assert all(st.integer(7) < 7 for _ in range(1000))
    assert limit % 7 == 0


def _local_game(tmp_path):
    from click.testing import CliRunner

    from umpire_cli.main import cli
    path = tmp_path / "g.json"
    r = CliRunner()
    assert r.invoke(cli, ["new", "palestine", "--seed", "5", "-o", str(path)]).exit_code == 0
    res = r.invoke(cli, ["move", str(path), "--as", "irgun", "-"],
                   input="box opsa\nop sabotage\nspace galilee\nroll\nspace gaza\nroll\n")
    assert res.exit_code == 0, res.output
    return json.loads(path.read_text())


def test_verify_intact_local_game_passes(tmp_path):
    rep = verify(_local_game(tmp_path))
    assert rep.ok, rep.problems
    assert rep.outcomes == rep.recomputed >= 2 and rep.actions == 6  # two dice, at least
    assert any("replayed" in n for n in rep.notes)


def test_verify_names_a_changed_outcome(tmp_path):
    g = _local_game(tmp_path)
    step = next(h for h in g["history"] if h["dice"])
    step["dice"][0]["value"] = 1 + step["dice"][0]["value"] % 6
    rep = verify(g)
    assert not rep.ok
    assert any(f"action {step['seq']}" in p and "the seed gives" in p for p in rep.problems)


def test_verify_catches_a_changed_action(tmp_path):
    g = _local_game(tmp_path)
    g["history"][2]["action"] = "space gaza"
    rep = verify(g)
    assert any("different history" in p for p in rep.problems)


def test_verify_catches_a_wrong_seed(tmp_path):
    g = _local_game(tmp_path)
    g["seed"] = "00" * 32
    rep = verify(g)
    assert any("does not match the commitment" in p for p in rep.problems)


def test_verify_unrevealed_seed_is_not_ok(tmp_path):
    g = _local_game(tmp_path)
    g["seed"] = None
    rep = verify(g)
    assert not rep.ok and not rep.seed_known


def test_verify_replay_catches_a_swapped_but_valid_outcome(tmp_path):
    """An outcome moved to another action keeps a valid derivation but not the game's: the replay sees it."""
    g = _local_game(tmp_path)
    rolls = [h for h in g["history"] if h["dice"]]
    rolls[0]["dice"], rolls[1]["dice"] = rolls[1]["dice"], rolls[0]["dice"]
    rep = verify(g)
    assert not rep.ok



def test_verify_checks_the_place_a_draw_took_from_a_bag_with_twins():
    """Issue 22, attack 4: a draw from a bag holding the same chit twice is recorded with its place; a
    record naming the twin's place instead has the same value but is not what the seed gave."""
    game = "L-00000001"
    c = dice.DerivedChance(SEED, game, 0, dice.first_digest(game), "")
    bag = [0, 0, 0, 1, 1, 1, 2, 2, 2]
    c.draw(bag, "Intel Chit")
    record = {"format": "umpire-game/1", "id": game, "game": None, "seed": SEED.hex(),
              "commitment": dice.commitment(SEED), "setup_outcomes": c.records, "history": []}
    assert verify(json.loads(json.dumps(record)), replay=False).ok
    o = record["setup_outcomes"][0]
    o["index"] = next(i for i, v in enumerate(bag) if v == o["value"] and i != o["index"])
    rep = verify(record, replay=False)
    assert rep.first.seq == 0 and "the seed gives item" in rep.first


def _rolled_back_record(legacy: bool) -> dict:
    """An export (no engine replay) of: action 1, action 2 (undone), a rollback to 1, then action 2 again;
    each action rolls one die. *legacy*: the rollback as made before issue 22 (the chain went back to d1)."""
    game = "G-0LD001"
    d0 = dice.first_digest(game)
    d1 = dice.next_digest(d0, "irgun", "a1")
    d2 = dice.next_digest(d1, "irgun", "a2")
    after = d1 if legacy else dice.rollback_digest(d2, 1)

    def move(seq, action, digest):
        c = dice.DerivedChance(SEED, game, seq, digest, "")
        c.roll(6, "x")
        return {"seq": seq, "role": "irgun", "action": action, "outcomes": c.records}

    undone = {**move(2, "a2", d1), "rollback": 7}
    data = {"to": 1, "from_seq": 2, "undone": [{"seq": 2, "role": "irgun", "action": "a2"}]}
    if not legacy:
        data["digest"] = after
    return {"format": "umpire-export/1", "id": game, "game": None, "seed": SEED.hex(),
            "commitment": dice.commitment(SEED), "seats": [{"role": "irgun", "entropy": ""}],
            "moves": [{"seq": 0, "role": "umpire", "action": "setup", "outcomes": []}, move(1, "a1", d0),
                      move(2, "b2", after)],
            "undone": [undone], "events": [{"id": 7, "at_seq": 2, "kind": "rolled-back", "by": "umpire",
                                            "data": data}],
            "digest": dice.next_digest(after, "irgun", "b2"), "seq": 2}


@pytest.mark.parametrize("legacy", [True, False])
def test_verify_follows_rollbacks_made_before_and_after_issue_22(legacy):
    """A game rolled back before issue 22 (its chain went back to the kept history) still verifies; one made
    since binds the outcomes after the rollback to the rollback's link, and the two cannot be mixed."""
    rep = verify(_rolled_back_record(legacy), replay=False)
    assert not rep.problems and rep.recomputed == 3, rep.problems
    mixed = _rolled_back_record(legacy)
    if legacy:
        mixed["events"][0]["data"]["digest"] = "0" * 64  # claims the new chain, outcomes of the old
    else:
        del mixed["events"][0]["data"]["digest"]  # claims the old chain, outcomes of the new
    assert verify(mixed, replay=False).problems

"""Issue 33's test: a tournament of 8 players, 3 Swiss rounds of Palestine, every game played to its end by
random legal orders through the API, with the seat tokens each player got by mail.

- the players confirm their addresses by answering the confirmation mail; the director pairs each round
  through the API once the one before is over;
- pairings never repeat and balance the sides (no player plays the same side in all three rounds; after
  round 2 each has played both sides or, where the Swiss could not, the test names who);
- every mail a player gets in a round names their side and holds their token exactly once, and no other
  mail holds a token;
- the standings (the API's) match a computation done here from the games' exports alone: points (1, 0.5,
  0), the opponents' points (Buchholz), the game's own margin (Palestine: the final Political Will for the
  British, its negative for the Irgun: rule 7.0.1) and the order;
- the tournament's bundle verifies with ``umpire verify``, and a bundle with one doctored die names that game
  and the position.

The random orders come from a base seed new each run, printed; ``UMPIRE_TOURNAMENT_SEED=<base>`` replays it.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import secrets
import zipfile
from collections import Counter, defaultdict

from click.testing import CliRunner

from service import adjudication
from umpire_cli.main import cli

from .conftest import deliver, letter
from .test_tournament_mail import CODE, send_pending, sweep_and_send, text_of

PLAYERS = [{"name": n, "email": f"{n.lower()}@example.org"}
           for n in ("Ada", "Ben", "Cleo", "Dov", "Eli", "Fay", "Gil", "Hana")]
SIDES = {"irgun": "Irgun", "british": "British"}
TOKEN_LINE = re.compile(r"^ *Token: (\S{20,})\r?$", re.M)


def auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def play_to_the_end(client, sessions, gid: str, tokens: dict[str, str], rnd: random.Random) -> int:
    """Random legal orders, one move file each, by the seat whose decision it is, until the game ends."""
    moves = 0
    while True:
        public = client.get(f"/api/games/{gid}").get_json()
        if public["status"] != "active":
            return moves
        role = public["waiting_for"][0]
        view = client.get(f"/api/games/{gid}", headers=auth(tokens[role])).get_json()["view"]
        pairs = [(w, a) for w, args in view["prompt"]["actions"].items() for a in (args or (None,))]
        w, a = rnd.choice(pairs)
        mf = {"format": "umpire-move/1", "game": gid, "role": role, "after": view["seq"],
              "actions": [w if a is None else f"{w} {a}"]}
        r = client.post(f"/api/games/{gid}/moves", json=mf, headers=auth(tokens[role]))
        assert r.status_code == 202, r.get_data(as_text=True)
        adjudication.adjudicate(sessions, r.get_json()["id"])
        sub = client.get(f"/api/submissions/{r.get_json()['id']}").get_json()
        assert sub["status"] == "accepted", sub
        moves += 1
        assert moves < 5000, f"{gid}: no end after 5000 moves"


def hand_standings(games: list[dict]) -> dict[str, dict]:
    """Points, Buchholz and margin per player from the games' exports (``seats``: role -> player)."""
    pts: dict[str, float] = {p["name"]: 0.0 for p in PLAYERS}
    margin: dict[str, float] = {p["name"]: 0.0 for p in PLAYERS}
    opponents: dict[str, list[str]] = defaultdict(list)
    for g in games:
        winner = g["export"]["outcome"]["winner"]
        pw = g["export"]["state"]["pw"]
        for role, player in g["seats"].items():
            pts[player] += 1.0 if role == winner else (0.5 if winner is None else 0.0)
            margin[player] += pw if role == "british" else -pw
            opponents[player] += [q for r, q in g["seats"].items() if r != role]
    buchholz = {p: sum(pts[q] for q in opponents[p]) for p in pts}
    return {p: {"points": pts[p], "buchholz": buchholz[p], "margin": margin[p]} for p in pts}


def test_8_players_3_swiss_rounds_of_palestine_to_the_end(mail_app, relay):
    base = int(os.environ.get("UMPIRE_TOURNAMENT_SEED") or secrets.randbelow(10**9))
    print(f"UMPIRE_TOURNAMENT_SEED={base}")
    rnd = random.Random(base)
    client = mail_app.test_client()
    sessions = mail_app.extensions["umpire"]["sessions"]
    r = client.post("/api/tournaments", json={"name": "Haifa Cup", "game": "palestine", "pairing": "swiss",
                                               "rounds_planned": 3, "players": PLAYERS,
                                               "director_email": "td@example.org"})
    assert r.status_code == 201, r.get_data(as_text=True)
    tid, director = r.get_json()["id"], r.get_json()["director_token"]

    # each player confirms by answering the confirmation mail
    relay.wait_for(len(sweep_and_send(mail_app)))
    for p in PLAYERS:
        (m,) = [m for m in relay.to(p["email"]) if CODE.search(str(m["Subject"]))]
        out = deliver(mail_app, letter(None, "", sender=p["email"], to=str(m["From"]),
                                       subject="Re: " + str(m["Subject"]).strip()))
        assert out["status"] == "answered", out
    assert client.post(f"/api/tournaments/{tid}/rounds", headers=auth("not-the-director-token-0000")).status_code == 401

    seen_tokens: set[str] = set()
    met: Counter = Counter()
    sides: dict[str, list[str]] = defaultdict(list)
    finished: list[dict] = []
    for number in (1, 2, 3):
        r = client.post(f"/api/tournaments/{tid}/rounds", headers=auth(director), json={})
        assert r.status_code == 201, r.get_data(as_text=True)
        paired = r.get_json()
        assert paired["number"] == number and len(paired["tables"]) == 4 and paired["unmailed"] == []
        before = len(relay.messages)
        assert send_pending(mail_app) == 8
        letters = relay.wait_for(before + 8)[before:]
        for tb in paired["tables"]:
            tokens, seats = {}, {}
            for x in tb["seats"]:
                email = next(p["email"] for p in PLAYERS if p["name"] == x["player"])
                (m,) = [m for m in letters if str(m["To"]) == email]  # one letter a player a round
                body = text_of(m)
                assert f"you play {SIDES[x['role']]}" in body, body
                (token,) = TOKEN_LINE.findall(body)
                assert body.count(token) == 1 and token not in seen_tokens
                seen_tokens.add(token)
                tokens[x["role"]], seats[x["role"]] = token, x["player"]
                sides[x["player"]].append(x["role"])
            pair = frozenset(seats.values())
            assert met[pair] == 0, f"round {number}: {sorted(pair)} met before"
            met[pair] += 1
            assert play_to_the_end(client, sessions, tb["game_id"], tokens, rnd) > 0
            export = client.get(f"/api/games/{tb['game_id']}/export", headers=auth(director))
            assert export.status_code == 200  # the director's token is the umpire's of every game
            finished.append({"gid": tb["game_id"], "round": number, "seats": seats, "export": export.get_json()})

    # no token in any other mail (confirmations, their answers, the letters of other players)
    for m in relay.messages:
        body = text_of(m)
        held = [t for t in seen_tokens if t in body]
        assert len(held) <= 1 and (not held or TOKEN_LINE.search(body)), str(m["Subject"])
    # sides balanced: nobody on one side three times; after two rounds, both sides unless the Swiss could not
    assert all(len(v) == 3 and len(set(v)) == 2 for v in sides.values()), json.dumps(sides)

    expected = hand_standings(finished)
    table = client.get(f"/api/tournaments/{tid}/standings").get_json()
    rows = {row["player"]: row for row in table["rows"]}
    for p, e in expected.items():
        assert (rows[p]["points"], rows[p]["buchholz"], rows[p]["margin"]) == (e["points"], e["buchholz"],
                                                                               e["margin"]), p
    entry = [p["name"] for p in PLAYERS]
    order = sorted(entry, key=lambda p: (-expected[p]["points"], -expected[p]["buchholz"], -expected[p]["margin"],
                                         entry.index(p)))
    assert [row["player"] for row in table["rows"]] == order

    # the bundle verifies; one doctored die is named with its game and position
    bundle = client.get(f"/api/tournaments/{tid}/bundle")
    assert bundle.status_code == 200
    path = mail_app.instance_path + "/bundle.zip"
    with open(path, "wb") as fh:
        fh.write(bundle.data)
    out = CliRunner().invoke(cli, ["verify", path, "--quiet"])
    assert out.exit_code == 0, out.output
    assert all(g["gid"] in out.output for g in finished)

    victim = rnd.choice(finished)["gid"]
    doctored = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(bundle.data)) as zin, zipfile.ZipFile(doctored, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == f"games/{victim}.json":
                record = json.loads(data)
                move = next(m for m in record["moves"] if m["seq"] > 0 and any(
                    o.get("kind") == "die" for o in m.get("outcomes", [])))
                die = next(o for o in move["outcomes"] if o.get("kind") == "die")
                die["value"] = 1 + die["value"] % 6
                data = json.dumps(record).encode()
                position = move["seq"]
            zout.writestr(info, data)
    with open(path, "wb") as fh:
        fh.write(doctored.getvalue())
    out = CliRunner().invoke(cli, ["verify", path, "--quiet"])
    assert out.exit_code == 1, out.output
    games_failed = [line for line in out.output.splitlines() if line.strip().startswith("G-") and "FAILED" in line]
    assert len(games_failed) == 1 and victim in games_failed[0], out.output
    assert f"position {position}:" in games_failed[0] and "FAILED: 1 game(s) do not verify" in out.output
    assert f"games/{victim}.json's SHA-256" in out.output  # the file no longer the one the bundle was made with

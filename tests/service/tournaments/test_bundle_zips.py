"""``umpire verify`` on zips that are not honest bundles (issue 33, item 5): members outside ``games/``,
absolute paths and ``..``, too many members, members larger than allowed (by their declared size, and by
what they really hold: a zip bomb may lie), ZIP64, a name twice, and files that are neither a bundle nor a
game record. Each is refused with a message that says what is wrong and what a bundle holds, before any game
is checked. No database: the zips are made here.
"""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from click.testing import CliRunner

from service.tournaments.bundle import dumps, write_zip
from service.tournaments.bundle_verify import BundleError, Limits, NotABundle, check_game, open_bundle
from umpire_cli.main import cli

MANIFEST = {"format": "umpire-bundle/1", "tournament": {"id": "T-ABCDEF", "name": "Zip Cup", "game": "palestine"},
            "rounds": [1], "scope": "round 1", "games": []}


def _zip(members: list[tuple[str, bytes]], manifest: dict | None = MANIFEST) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        if manifest is not None:
            zf.writestr("manifest.json", dumps(manifest))
        for name, data in members:
            zf.writestr(zipfile.ZipInfo(name), data)
    return buf.getvalue()


def _verify(tmp_path, data: bytes, name: str = "b.zip"):
    path = tmp_path / name
    path.write_bytes(data)
    res = CliRunner().invoke(cli, ["verify", "-q", str(path)])
    assert "Traceback" not in res.output
    return res


@pytest.mark.parametrize("name, says", [
    ("../x", "outside the bundle"),
    ("games/../../x.json", "outside the bundle"),
    ("/etc/passwd", "absolute path"),
    ("C:/games/G-1.json", "absolute path"),
    ("games\\G-1.json", "outside the bundle"),
    ("notes/readme.txt", "outside games/"),
    ("games/sub/G-1.json", "outside games/"),
    ("games/.G-1.json", "outside games/"),
    ("manifest.json.bak", "outside games/"),
])
def test_a_member_outside_games_is_refused(tmp_path, name, says):
    res = _verify(tmp_path, _zip([(name, b"{}")]))
    assert res.exit_code == 1
    assert "refused as a tournament bundle" in res.output and says in res.output
    assert "holds only manifest.json and games/<game id>.json" in res.output
    assert "OK" not in res.output and not (tmp_path.parent / "x").exists()


def test_more_members_than_allowed_are_refused_before_the_zip_is_parsed(tmp_path):
    members = [(f"games/G-{i:06d}.json", b"") for i in range(Limits().members)]
    res = _verify(tmp_path, _zip(members))  # with the manifest: one member too many
    assert res.exit_code == 1 and f"holds {Limits().members + 1} members" in res.output
    assert f"at most {Limits().members}" in res.output
    path = tmp_path / "four.zip"
    path.write_bytes(_zip([(f"games/G-{i}.json", b"") for i in range(3)]))
    with pytest.raises(BundleError, match="holds 4 members; a bundle holds at most 3"):
        open_bundle(str(path), Limits(members=3))
    open_bundle(str(path), Limits(members=4)).close()


def _state_count(data: bytes, count: int) -> bytes:
    """*data* with its end record stating *count* members (zipfile parses the directory whatever it says)."""
    at = data.rfind(b"PK\x05\x06")
    n = count.to_bytes(2, "little")
    return data[:at + 8] + n + n + data[at + 12:]


def test_a_zip_understating_its_members_is_refused_by_its_directory_and_by_what_is_parsed(tmp_path):
    members = [(f"games/G-{i:06d}.json", b"") for i in range(Limits().members)]
    res = _verify(tmp_path, _state_count(_zip(members), 5))
    assert res.exit_code == 1 and f"holds {Limits().members + 1} members" in res.output
    path = tmp_path / "thirty.zip"
    path.write_bytes(_state_count(_zip([(f"games/G-{i}.json", b"") for i in range(30)]), 2))
    with pytest.raises(BundleError, match="directory is .* bytes, more than 3 members' need"):
        open_bundle(str(path), Limits(members=3))


def test_a_member_declaring_more_than_allowed_is_refused(tmp_path):
    size = Limits().member_bytes + 1
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as zf:
        zf.writestr("manifest.json", dumps(MANIFEST))
        zf.writestr("games/G-BOMB01.json", b" " * size)
    assert len(buf.getvalue()) < size // 100  # a zip bomb: small on disk
    res = _verify(tmp_path, buf.getvalue())
    assert res.exit_code == 1 and f"states {size} bytes" in res.output and "games/G-BOMB01.json" in res.output
    path = tmp_path / "total.zip"
    path.write_bytes(_zip([("games/G-1.json", b"x" * 600), ("games/G-2.json", b"x" * 600)]))
    with pytest.raises(BundleError, match="in all; a bundle may hold at most 1000"):
        open_bundle(str(path), Limits(total_bytes=1000))


def _lie_about_size(data: bytes, name: str, size: int) -> bytes:
    """*data* with the central directory's uncompressed size of *name* set to *size*."""
    raw = bytearray(data)
    at = raw.find(b"PK\x01\x02")
    while at >= 0:
        n = int.from_bytes(raw[at + 28:at + 30], "little")
        if raw[at + 46:at + 46 + n] == name.encode():
            raw[at + 24:at + 28] = size.to_bytes(4, "little")
            return bytes(raw)
        at = raw.find(b"PK\x01\x02", at + 4)
    raise AssertionError(f"{name} is not in the zip")


def test_a_member_holding_more_than_it_declares_is_caught_while_it_is_read(tmp_path):
    entry = {"id": "G-AAAAAA", "round": 1, "board": 1, "seats": {}, "export": "games/G-AAAAAA.json",
             "sha256": "0" * 64, "commitments": [], "result": None}
    honest = _zip([("games/G-AAAAAA.json", b"[" + b"0," * 5000 + b"0]")], {**MANIFEST, "games": [entry]})
    path = tmp_path / "lying.zip"
    path.write_bytes(_lie_about_size(honest, "games/G-AAAAAA.json", 100))
    with open_bundle(str(path)) as b:
        assert b.members["games/G-AAAAAA.json"].file_size == 100
        res = check_game(b, entry)
    assert res.verdict == "FAILED" and "games/G-AAAAAA.json is damaged" in res.first
    path.write_bytes(honest)
    with open_bundle(str(path)) as b:  # and the bytes are counted as they come, whatever was declared
        b.limits = Limits(member_bytes=1000)
        with pytest.raises(BundleError, match="holds more than 1000 bytes"):
            b.read("games/G-AAAAAA.json")
        b.limits = Limits(total_bytes=b._read_total + 1000)
        with pytest.raises(BundleError, match="more than .* bytes in all"):
            b.read("games/G-AAAAAA.json")


def test_zip64_and_a_name_twice_are_refused(tmp_path):
    data = _zip([])
    eocd = data.rfind(b"PK\x05\x06")
    locator = b"PK\x06\x07" + bytes(16)
    res = _verify(tmp_path, data[:eocd] + locator + data[eocd:])
    assert res.exit_code == 1 and "ZIP64" in res.output
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf, pytest.warns(UserWarning, match="Duplicate name"):
        zf.writestr("manifest.json", dumps(MANIFEST))
        zf.writestr("manifest.json", dumps({**MANIFEST, "games": [{"id": "G-1"}]}))
    res = _verify(tmp_path, buf.getvalue(), "twice.zip")
    assert res.exit_code == 1 and "'manifest.json' is in the zip twice" in res.output


def test_files_that_are_neither_a_bundle_nor_a_game_record(tmp_path):
    res = _verify(tmp_path, b"hello, this is no record\n", "notes.txt")
    assert res.exit_code == 1 and "as a game record (JSON) nor a tournament bundle (a zip)" in res.output
    res = _verify(tmp_path, _zip([("games/G-1.json", b"{}")], manifest=None))
    assert res.exit_code == 1 and "no manifest.json, so it is not a tournament bundle" in res.output
    path = tmp_path / "b.zip"
    with pytest.raises(NotABundle):
        open_bundle(str(path))
    res = _verify(tmp_path, _zip([], {**MANIFEST, "format": "umpire-export/1"}))
    assert res.exit_code == 1 and "not a bundle manifest: format 'umpire-export/1'" in res.output
    res = _verify(tmp_path, _zip([], {**MANIFEST, "games": [{"id": "G-1"}, {"id": "G-1"}]}))
    assert res.exit_code == 1 and "lists game G-1 twice" in res.output
    res = _verify(tmp_path, _zip([], {**MANIFEST, "games": [{"id": "../G-1\n"}]}))
    assert res.exit_code == 1 and "game 1 of the manifest has no valid id" in res.output
    res = _verify(tmp_path, write_zip({"manifest.json": b"not json"}))
    assert res.exit_code == 1 and "manifest.json is not JSON" in res.output
    cut = _zip([])
    res = _verify(tmp_path, cut[:-30])
    assert res.exit_code == 1 and "refused as a tournament bundle" in res.output


def test_an_export_that_is_not_one_fails_its_game_only(tmp_path):
    games = [{"id": "G-AAAAAA", "round": 1, "board": 1, "seats": {"irgun": "Ann\x1b[2J"}, "result": None,
              "export": "games/G-AAAAAA.json", "sha256": "0" * 64, "commitments": []},
             {"id": "G-BBBBBB", "round": 1, "board": 2, "seats": {}, "export": "games/G-CCCCCC.json",
              "sha256": "0" * 64, "commitments": []},
             {"id": "G-DDDDDD", "round": 2, "board": 1, "seats": {}, "export": "games/G-DDDDDD.json",
              "sha256": "0" * 64, "commitments": []}]
    broken = json.dumps({"format": "umpire-export/1", "game": "palestine"}).encode()  # no id: verify raises
    res = _verify(tmp_path, _zip([("games/G-AAAAAA.json", json.dumps([1]).encode()),
                                  ("games/G-CCCCCC.json", b"{}"), ("games/G-DDDDDD.json", broken)],
                                 {**MANIFEST, "games": games}))
    assert res.exit_code == 1
    assert "G-AAAAAA (round 1, board 1: irgun Ann\\x1b[2J): FAILED: games/G-AAAAAA.json's SHA-256 is" in res.output
    assert "games/G-AAAAAA.json is not a game export" in res.output
    assert "G-BBBBBB (round 1, board 2): FAILED: the manifest names 'games/G-CCCCCC.json' as the export of " \
           "G-BBBBBB" in res.output
    assert "G-DDDDDD (round 2, board 1): FAILED: " in res.output
    assert "games/G-DDDDDD.json cannot be checked as a game export: KeyError" in res.output
    assert "FAILED: 3 game(s) do not verify" in res.output and "\x1b" not in res.output
